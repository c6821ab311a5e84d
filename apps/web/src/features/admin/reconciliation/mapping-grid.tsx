import { countText } from "@rifazo/shared/domain/plural";
import { FormField } from "../../../components/ui/field";
import { Input } from "../../../components/ui/input";
import { cn } from "../../../lib/cn";
import type { StatementUploadResult } from "../api/reconciliation-api";
import type { MappingContext, MappingDraft } from "./mapping-draft";
import { columnLetter } from "./recon-format";

export interface MappingGridProps extends MappingContext {
  /** The number field's own text, so it can be cleared while typing another number. */
  headerText: string;
  setHeaderText: (text: string) => void;
}

/** The file's first rows as read, where the header row (or the first movement's) is picked. */
export function MappingGrid({ ids, upload, draft, set, width, headerText, setHeaderText }: MappingGridProps) {
  const headerInputId = `${ids}-header`;
  return (
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
        <FormField
          id={headerInputId}
          label={draft.hasHeader ? "Fila del encabezado" : "Fila del primer movimiento"}
        >
          {(control) => (
            <Input
              type="number"
              inputMode="numeric"
              min={1}
              max={upload.totalRows}
              value={headerText}
              {...control}
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
        </FormField>
      </div>
      <RowsTable
        upload={upload}
        draft={draft}
        width={width}
        onPick={(index) => {
          set({ headerRow: index });
          setHeaderText(String(index + 1));
        }}
      />
    </section>
  );
}

/** Each row's number is a button that picks it as the header (or first movement) row. */
function RowsTable({
  upload,
  draft,
  width,
  onPick,
}: {
  upload: StatementUploadResult;
  draft: MappingDraft;
  width: number;
  onPick: (index: number) => void;
}) {
  return (
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
                    onClick={() => onPick(index)}
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
  );
}
