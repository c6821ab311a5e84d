import { STATEMENT_DELIMITERS, STATEMENT_ENCODINGS } from "@rifazo/shared/schemas/admin/reconciliation";
import { FormField } from "../../../components/ui/field";
import { NativeSelect } from "../../../components/ui/native-select";
import type { MappingContext, MappingDraft } from "./mapping-draft";
import { columnLetter } from "./recon-format";

const NONE = "";

const DATE_ORDER_OPTIONS = [
  { value: "DMY", label: "día/mes/año (31/12/2026)" },
  { value: "MDY", label: "mes/día/año (12/31/2026)" },
  { value: "YMD", label: "año-mes-día (2026-12-31)" },
];
const DECIMAL_OPTIONS = [
  { value: ",", label: "1.234,56 (coma decimal)" },
  { value: ".", label: "1,234.56 (punto decimal)" },
];
const ENCODING_LABELS: Record<(typeof STATEMENT_ENCODINGS)[number], string> = {
  "utf-8": "UTF-8",
  "windows-1252": "Windows-1252 (Excel antiguo)",
};
const DELIMITER_LABELS: Record<(typeof STATEMENT_DELIMITERS)[number], string> = {
  ";": "Punto y coma (;)",
  ",": "Coma (,)",
  "\t": "Tabulador",
  "|": "Barra vertical (|)",
};

/** Which column holds the date, the reference and the amount, and how dates, decimals and the CSV read. */
export function MappingColumns({ ids, upload, draft, set, width }: MappingContext) {
  const header = draft.hasHeader ? upload.rows[draft.headerRow] : undefined;
  const columnOptions = Array.from({ length: width }, (_, i) => {
    const name = header?.[i]?.trim();
    return { value: String(i), label: name ? `${columnLetter(i)} · ${name}` : `Columna ${columnLetter(i)}` };
  });
  const pickOptions = [{ value: NONE, label: "Elige una columna" }, ...columnOptions];
  const optionalOptions = [{ value: NONE, label: "Ninguna" }, ...columnOptions];
  /** A column's dropdown: its number in the draft, none as "". */
  const columnField = (key: ColumnKey, label: string, optional = false) => (
    <SelectField
      id={`${ids}-${key}`}
      label={label}
      options={optional ? optionalOptions : pickOptions}
      value={draft[key] === null ? NONE : String(draft[key])}
      onChange={(v) => set({ [key]: v === NONE ? null : Number(v) })}
    />
  );
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="mb-2 font-semibold text-ink">Columnas y formatos</legend>
      {columnField("date", "Fecha")}
      {columnField("reference", "Referencia")}
      {columnField("description", "Descripción (opcional)", true)}
      <SelectField
        id={`${ids}-amount-mode`}
        label="Cómo viene el monto"
        options={[
          { value: "signed", label: "Una columna con signo" },
          { value: "typed", label: "Monto sin signo y columna de tipo (NC/ND)" },
          { value: "split", label: "Créditos y débitos aparte" },
        ]}
        value={draft.amountMode}
        onChange={(v) => set({ amountMode: v as MappingDraft["amountMode"] })}
      />
      {draft.amountMode === "signed" ? (
        columnField("amount", "Monto (con signo)")
      ) : draft.amountMode === "typed" ? (
        <>
          {columnField("amount", "Monto (sin signo)")}
          {columnField("type", "Tipo de movimiento (NC/ND, C/D, Crédito/Débito)")}
        </>
      ) : (
        <>
          {columnField("credit", "Créditos")}
          {columnField("debit", "Débitos", true)}
        </>
      )}
      <SelectField
        id={`${ids}-date-order`}
        label="Orden de la fecha"
        options={DATE_ORDER_OPTIONS}
        value={draft.dateOrder}
        onChange={(v) => set({ dateOrder: v as MappingDraft["dateOrder"] })}
      />
      <SelectField
        id={`${ids}-decimal`}
        label="Separador decimal"
        options={DECIMAL_OPTIONS}
        value={draft.decimal}
        onChange={(v) => set({ decimal: v as MappingDraft["decimal"] })}
      />
      {upload.kind === "csv" ? <CsvFields ids={ids} draft={draft} set={set} /> : null}
    </fieldset>
  );
}

/** A CSV is read again with the encoding and delimiter chosen here (the grid shows it as detected). */
function CsvFields({
  ids,
  draft,
  set,
}: {
  ids: string;
  draft: MappingDraft;
  set: (patch: Partial<MappingDraft>) => void;
}) {
  return (
    <>
      <SelectField
        id={`${ids}-encoding`}
        label="Codificación"
        options={[
          { value: NONE, label: "Detectar" },
          ...STATEMENT_ENCODINGS.map((e) => ({ value: e, label: ENCODING_LABELS[e] })),
        ]}
        value={draft.encoding ?? NONE}
        onChange={(v) => set({ encoding: v === NONE ? null : (v as MappingDraft["encoding"]) })}
      />
      <SelectField
        id={`${ids}-delimiter`}
        label="Separador de columnas"
        options={[
          { value: NONE, label: "Detectar" },
          ...STATEMENT_DELIMITERS.map((d) => ({ value: d, label: DELIMITER_LABELS[d] })),
        ]}
        value={draft.delimiter ?? NONE}
        onChange={(v) => set({ delimiter: v === NONE ? null : (v as MappingDraft["delimiter"]) })}
      />
      <p className="text-xs text-muted sm:col-span-2 lg:col-span-3">
        La tabla de arriba muestra el archivo como se detectó al subirlo; la vista previa lo vuelve a leer con
        la codificación y el separador que elijas.
      </p>
    </>
  );
}

type ColumnKey = "date" | "reference" | "description" | "amount" | "type" | "credit" | "debit";

interface SelectFieldProps {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

function SelectField({ id, label, options, value, onChange }: SelectFieldProps) {
  return (
    <FormField id={id} label={label}>
      {(control) => (
        <NativeSelect
          options={options}
          value={value}
          {...control}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FormField>
  );
}
