import { countText } from "@rifazo/shared/domain/plural";
import {
  STATEMENT_DELIMITERS,
  STATEMENT_ENCODINGS,
  statementImportInputSchema,
} from "@rifazo/shared/schemas/admin/reconciliation";
import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Field } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { NativeSelect } from "../../../components/ui/native-select";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import {
  importStatement,
  previewStatement,
  reconciliationKeys,
  type StatementImportResult,
  type StatementMapping,
  type StatementUploadResult,
} from "../api/reconciliation-api";
import { draftFromUpload, type MappingDraft, mappingFromDraft } from "./mapping-draft";
import { PreviewPanel } from "./preview-panel";
import { columnLetter } from "./recon-format";

const PREVIEW_DEBOUNCE_MS = 400;
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

interface MappingStepProps {
  upload: StatementUploadResult;
  bankId: string | null;
  onImported: (result: StatementImportResult) => void;
  onCancel: () => void;
}

/** Steps 2 and 3: which columns hold what, a live preview of the parsed rows, and the import. */
export function MappingStep({ upload, bankId, onImported, onCancel }: MappingStepProps) {
  const ids = useId();
  const [draft, setDraft] = useState<MappingDraft>(() => draftFromUpload(upload));
  // The bank chosen at upload, else the one whose remembered columns fit the file, else the detected one.
  const [bankName, setBankName] = useState(
    () =>
      upload.banks.find((b) => b.id === bankId)?.name ??
      upload.remembered?.name ??
      upload.detectedBank?.name ??
      "",
  );
  const [bankNameError, setBankNameError] = useState<string>();
  const [skipUnreadable, setSkipUnreadable] = useState(false);
  const [skipError, setSkipError] = useState(false);
  const skipRef = useRef<HTMLInputElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  // The upload button is gone: focus the file's name, where the mapping step starts.
  useEffect(() => titleRef.current?.focus(), []);
  const bankNameRef = useRef<HTMLInputElement>(null);

  // The number field's own text, so it can be cleared while typing another number.
  const [headerText, setHeaderText] = useState(() => String(draft.headerRow + 1));
  const set = (patch: Partial<MappingDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const mapping = mappingFromDraft(draft);
  // Debounced as text: a new object each render would restart the timer on every render.
  const mappingKey = mapping ? JSON.stringify(mapping) : null;
  const debouncedKey = useDebouncedValue(mappingKey, PREVIEW_DEBOUNCE_MS);
  const debounced = useMemo(
    () => (debouncedKey ? (JSON.parse(debouncedKey) as StatementMapping) : null),
    [debouncedKey],
  );
  const preview = useQuery({
    queryKey: reconciliationKeys.preview(upload.statementId, debounced),
    queryFn: ({ signal }) => previewStatement(upload.statementId, debounced as StatementMapping, signal),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

  const importing = useMutation({
    mutationFn: (body: { bankName: string; mapping: StatementMapping; skipUnreadable: boolean }) =>
      importStatement(upload.statementId, body),
    onSuccess: onImported,
  });

  const width = Math.max(1, ...upload.rows.map((row) => row.length));
  const header = draft.hasHeader ? upload.rows[draft.headerRow] : undefined;
  const columnOptions = Array.from({ length: width }, (_, i) => {
    const name = header?.[i]?.trim();
    return { value: String(i), label: name ? `${columnLetter(i)} · ${name}` : `Columna ${columnLetter(i)}` };
  });
  const pickOptions = [{ value: NONE, label: "Elige una columna" }, ...columnOptions];
  const optionalOptions = [{ value: NONE, label: "Ninguna" }, ...columnOptions];
  const column = (value: string) => (value === NONE ? null : Number(value));
  const columnValue = (value: number | null) => (value === null ? NONE : String(value));

  const problems = preview.data && debounced !== null ? preview.data.counts.problems : 0;
  // Consent covers the rows seen: another count (a new mapping) asks again.
  const [consentFor, setConsentFor] = useState(problems);
  if (consentFor !== problems) {
    setConsentFor(problems);
    setSkipUnreadable(false);
  }
  const previewCurrent =
    preview.data !== undefined && !preview.isPlaceholderData && mappingKey === debouncedKey;

  const submit = () => {
    if (!mapping) return;
    const parsed = statementImportInputSchema.safeParse({ bankName, mapping, skipUnreadable });
    const nameIssue = parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === "bankName");
    setBankNameError(nameIssue?.message);
    if (nameIssue) {
      bankNameRef.current?.focus();
      return;
    }
    if (problems > 0 && !skipUnreadable) {
      setSkipError(true);
      skipRef.current?.focus();
      return;
    }
    importing.mutate({ bankName: bankName.trim(), mapping, skipUnreadable: problems > 0 && skipUnreadable });
  };

  const headerInputId = `${ids}-header`;
  return (
    <div className="space-y-6">
      <div>
        <h3 ref={titleRef} tabIndex={-1} className="font-bold text-ink outline-none">
          {upload.filename}{" "}
          <span className="font-normal text-muted">
            ({upload.kind.toUpperCase()}, {countText(upload.totalRows, "fila", "filas")})
          </span>
        </h3>
      </div>

      <DetectedBank upload={upload} />

      {upload.questions.length > 0 ? (
        <Alert variant="warning" title="Confirma antes de importar">
          <ul className="list-disc space-y-1 pl-5">
            {upload.questions.map((question) => (
              <li key={question}>{question}</li>
            ))}
          </ul>
        </Alert>
      ) : null}

      <section aria-labelledby={`${ids}-grid-title`} className="space-y-3">
        <h4 id={`${ids}-grid-title`} className="font-semibold text-ink">
          Primeras filas del archivo
        </h4>
        <p className="text-sm text-muted">
          {draft.hasHeader
            ? "Elige la fila del encabezado (la de los nombres de las columnas): pulsa su número o escríbelo. Los movimientos empiezan en la fila siguiente."
            : "El archivo no tiene fila de encabezado: elige la fila del primer movimiento (pulsa su número o escríbelo) y las columnas por su letra."}
        </p>
        <label className="flex items-start gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            className="mt-0.5 size-4 accent-brand-700"
            checked={!draft.hasHeader}
            onChange={(event) => set({ hasHeader: !event.target.checked })}
          />
          Sin fila de encabezado (exportación posicional: cada fila es un movimiento)
        </label>
        <div className="max-w-40">
          <Field
            id={headerInputId}
            label={draft.hasHeader ? "Fila del encabezado" : "Fila del primer movimiento"}
          >
            {(describedBy) => (
              <Input
                id={headerInputId}
                type="number"
                inputMode="numeric"
                min={1}
                max={upload.totalRows}
                value={headerText}
                aria-describedby={describedBy}
                onChange={(event) => {
                  setHeaderText(event.target.value);
                  const n = Number(event.target.value);
                  if (
                    event.target.value !== "" &&
                    Number.isInteger(n) &&
                    n >= 1 &&
                    n <= Math.max(1, upload.totalRows)
                  )
                    set({ headerRow: n - 1 });
                }}
                onBlur={() => setHeaderText(String(draft.headerRow + 1))}
              />
            )}
          </Field>
        </div>
        <div className="max-h-96 overflow-auto rounded-card border border-line">
          <table className="min-w-full text-left text-xs">
            <caption className="sr-only">
              Primeras {countText(upload.rows.length, "fila", "filas")} del archivo
            </caption>
            <thead className="sticky top-0 bg-canvas">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-semibold text-muted">
                  Fila
                </th>
                {Array.from({ length: width }, (_, i) => (
                  <th key={columnLetter(i)} scope="col" className="px-2 py-1.5 font-semibold text-muted">
                    {columnLetter(i)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {upload.rows.map((row, index) => {
                const isHeader = index === draft.headerRow;
                const rowKey = `row-${index}`;
                return (
                  <tr
                    key={rowKey}
                    className={cn(
                      "border-t border-line",
                      isHeader && "bg-brand-100 font-semibold",
                      index < draft.headerRow && "text-muted",
                      !draft.hasHeader && index === draft.headerRow && "bg-brand-50 font-normal",
                    )}
                  >
                    <th scope="row" className="px-1 py-0.5">
                      <button
                        type="button"
                        aria-pressed={isHeader}
                        aria-label={
                          draft.hasHeader
                            ? `Fila ${index + 1} como encabezado`
                            : `Fila ${index + 1} como primer movimiento`
                        }
                        onClick={() => {
                          set({ headerRow: index });
                          setHeaderText(String(index + 1));
                        }}
                        className="rounded px-1.5 py-1 font-mono text-brand-700 hover:bg-brand-50 aria-pressed:bg-brand-700 aria-pressed:text-white"
                      >
                        {index + 1}
                      </button>
                    </th>
                    {Array.from({ length: width }, (_, i) => (
                      <td
                        key={columnLetter(i)}
                        className="max-w-48 truncate px-2 py-1 whitespace-nowrap"
                        title={row[i]}
                      >
                        {row[i] ?? ""}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>

      <fieldset className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        <legend className="mb-2 font-semibold text-ink">Columnas y formatos</legend>
        <SelectField
          id={`${ids}-date`}
          label="Fecha"
          options={pickOptions}
          value={columnValue(draft.date)}
          onChange={(v) => set({ date: column(v) })}
        />
        <SelectField
          id={`${ids}-reference`}
          label="Referencia"
          options={pickOptions}
          value={columnValue(draft.reference)}
          onChange={(v) => set({ reference: column(v) })}
        />
        <SelectField
          id={`${ids}-description`}
          label="Descripción (opcional)"
          options={optionalOptions}
          value={columnValue(draft.description)}
          onChange={(v) => set({ description: column(v) })}
        />
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
          <SelectField
            id={`${ids}-amount`}
            label="Monto (con signo)"
            options={pickOptions}
            value={columnValue(draft.amount)}
            onChange={(v) => set({ amount: column(v) })}
          />
        ) : draft.amountMode === "typed" ? (
          <>
            <SelectField
              id={`${ids}-amount`}
              label="Monto (sin signo)"
              options={pickOptions}
              value={columnValue(draft.amount)}
              onChange={(v) => set({ amount: column(v) })}
            />
            <SelectField
              id={`${ids}-type`}
              label="Tipo de movimiento (NC/ND, C/D, Crédito/Débito)"
              options={pickOptions}
              value={columnValue(draft.type)}
              onChange={(v) => set({ type: column(v) })}
            />
          </>
        ) : (
          <>
            <SelectField
              id={`${ids}-credit`}
              label="Créditos"
              options={pickOptions}
              value={columnValue(draft.credit)}
              onChange={(v) => set({ credit: column(v) })}
            />
            <SelectField
              id={`${ids}-debit`}
              label="Débitos"
              options={optionalOptions}
              value={columnValue(draft.debit)}
              onChange={(v) => set({ debit: column(v) })}
            />
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
        {upload.kind === "csv" ? (
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
          </>
        ) : null}
        {upload.kind === "csv" ? (
          <p className="text-xs text-muted sm:col-span-2 lg:col-span-3">
            La tabla de arriba muestra el archivo como se detectó al subirlo; la vista previa lo vuelve a leer
            con la codificación y el separador que elijas.
          </p>
        ) : null}
      </fieldset>

      {mapping === null ? (
        <Alert variant="info">
          Elige las columnas de fecha, referencia y monto (o créditos; con un monto sin signo, también la del
          tipo) para ver la vista previa.
        </Alert>
      ) : null}

      <PreviewPanel
        preview={mapping === null ? undefined : preview.data}
        loading={mapping !== null && !previewCurrent && (preview.isFetching || mappingKey !== debouncedKey)}
        error={preview.isError ? errorMessage(preview.error) : undefined}
      />

      <form
        noValidate
        className="space-y-4 border-t border-line pt-4"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <div className="sm:max-w-sm">
          <Field
            id={`${ids}-bank-name`}
            label="Nombre del banco"
            error={bankNameError}
            hint="Las columnas se recuerdan con este nombre para el próximo extracto."
          >
            {(describedBy) => (
              <Input
                ref={bankNameRef}
                id={`${ids}-bank-name`}
                value={bankName}
                maxLength={80}
                autoComplete="off"
                aria-invalid={Boolean(bankNameError)}
                aria-describedby={describedBy}
                onChange={(event) => setBankName(event.target.value)}
              />
            )}
          </Field>
        </div>
        {problems > 0 ? (
          <div className="space-y-1">
            <label className="flex items-start gap-2 text-sm font-semibold text-ink">
              <input
                ref={skipRef}
                type="checkbox"
                className="mt-0.5 size-4 accent-brand-700"
                checked={skipUnreadable}
                required
                aria-invalid={skipError}
                aria-describedby={skipError ? `${ids}-skip-error` : undefined}
                onChange={(event) => {
                  setSkipUnreadable(event.target.checked);
                  if (event.target.checked) setSkipError(false);
                }}
              />
              {problems === 1
                ? "Importar sin la fila ilegible"
                : `Importar sin las ${countText(problems, "fila", "filas")} ilegibles`}
            </label>
            {skipError ? (
              <p id={`${ids}-skip-error`} className="text-sm font-medium text-danger-700">
                Revisa las filas ilegibles de arriba y marca la casilla para importar el resto, o corrige las
                columnas.
              </p>
            ) : null}
          </div>
        ) : null}
        {importing.isError ? (
          <Alert variant="danger" title="No se importó nada">
            {errorMessage(importing.error)}
          </Alert>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row">
          <Button variant="outline" onClick={onCancel} disabled={importing.isPending}>
            Subir otro archivo
          </Button>
          <Button
            type="submit"
            loading={importing.isPending}
            loadingText="Importando..."
            disabled={!mapping || !previewCurrent}
          >
            Importar movimientos
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The bank read from the file (account prefix, name, column titles) and whether remembered columns fit. */
function DetectedBank({ upload }: { upload: StatementUploadResult }) {
  const bank = upload.detectedBank;
  if (!bank && !upload.remembered) return null;
  return (
    <Alert
      variant="info"
      title={bank ? `Banco detectado: ${bank.name} (${bank.code})` : "Columnas recordadas"}
    >
      {bank ? (
        <p>
          Lo reconocimos por: {bank.evidence.join(", ")}.
          {bank.layout ? " El formato del archivo es uno conocido de este banco." : ""}
        </p>
      ) : null}
      {upload.remembered ? (
        <p>
          Usamos las columnas recordadas de «{upload.remembered.name}»: la fila de títulos es idéntica a la de
          sus extractos anteriores.
        </p>
      ) : null}
    </Alert>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  options: readonly { value: string; label: string }[];
  value: string;
  onChange: (value: string) => void;
}

function SelectField({ id, label, options, value, onChange }: SelectFieldProps) {
  return (
    <Field id={id} label={label}>
      {(describedBy) => (
        <NativeSelect
          id={id}
          options={options}
          value={value}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
