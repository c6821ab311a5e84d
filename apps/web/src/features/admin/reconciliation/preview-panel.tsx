import { Alert } from "../../../components/ui/alert";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table";
import { Spinner } from "../../../components/ui/spinner";
import { formatNumber } from "../../../lib/format";
import type { StatementPreview } from "../api/reconciliation-api";
import { bs, statementDate } from "./recon-format";

interface PreviewPanelProps {
  preview: StatementPreview | undefined;
  loading: boolean;
  error: string | undefined;
}

type Movement = StatementPreview["movements"][number];

const MOVEMENT_COLUMNS: Array<DataTableColumn<Movement>> = [
  {
    key: "row",
    header: "Fila",
    headerClassName: "px-3 py-2",
    className: "px-3 py-2 text-muted",
    cell: (m) => m.row + 1,
  },
  {
    key: "date",
    header: "Fecha",
    headerClassName: "px-3 py-2",
    className: "px-3 py-2 whitespace-nowrap",
    cell: (m) => statementDate(m.date),
  },
  {
    key: "reference",
    header: "Referencia",
    headerClassName: "px-3 py-2",
    className: "px-3 py-2 font-mono",
    cellProps: (m) => ({ title: m.referenceRaw }),
    cell: (m) => (
      <>
        {m.reference}
        {m.referenceDamaged ? (
          <span className="ml-2 rounded bg-danger-50 px-1.5 py-0.5 font-sans text-xs font-semibold text-danger-700">
            referencia dañada
          </span>
        ) : null}
      </>
    ),
  },
  {
    key: "description",
    header: "Descripción",
    headerClassName: "px-3 py-2",
    className: "max-w-64 truncate px-3 py-2",
    cellProps: (m) => ({ title: m.description }),
    cell: (m) => m.description,
  },
  {
    key: "amount",
    header: "Monto",
    align: "right",
    headerClassName: "px-3 py-2",
    className: "px-3 py-2 whitespace-nowrap",
    cell: (m) => bs(m.amount),
  },
];

/** The rows that could not be read with the chosen columns and formats, each with its cells. */
function PreviewProblems({ preview }: { preview: StatementPreview }) {
  return (
    <div className="space-y-2">
      <h5 className="font-semibold text-danger-700">
        Filas ilegibles ({formatNumber(preview.counts.problems)})
      </h5>
      <p className="text-sm text-muted">
        Estas filas no se pudieron leer con las columnas y formatos elegidos. Revisa si son movimientos de
        verdad: no se importarán.
      </p>
      <ul aria-label="Filas ilegibles" className="max-h-96 space-y-2 overflow-auto">
        {preview.problems.map((problem) => (
          <li
            key={problem.row}
            className="rounded-control border border-danger-600/25 bg-danger-50 p-3 text-sm text-ink"
          >
            <p className="font-semibold">
              Fila {problem.row + 1}: <span className="font-normal">{problem.message}</span>
            </p>
            <p className="mt-1 font-mono text-xs break-all text-muted">
              {problem.cells.map((cell) => cell || "∅").join(" | ")}
            </p>
          </li>
        ))}
      </ul>
      {preview.problems.length < preview.counts.problems ? (
        <p className="text-sm text-muted">
          Se muestran {formatNumber(preview.problems.length)} de {formatNumber(preview.counts.problems)}.
        </p>
      ) : null}
    </div>
  );
}

/** The parsed rows as they would be imported, and every row that could not be read (never hidden). */
export function PreviewPanel({ preview, loading, error }: PreviewPanelProps) {
  return (
    <section aria-labelledby="statement-preview-title" aria-busy={loading} className="space-y-4">
      <div className="flex items-center gap-2">
        <h4 id="statement-preview-title" className="font-semibold text-ink">
          Vista previa
        </h4>
        {loading ? <Spinner className="text-brand-700" label="Actualizando vista previa" /> : null}
      </div>
      {error ? (
        <Alert variant="danger" title="No se pudo leer con estas columnas">
          {error}
        </Alert>
      ) : null}
      {preview && preview.warnings.length > 0 ? (
        <Alert variant="danger" title="Revisa la columna del monto">
          <ul className="list-disc space-y-1 pl-5">
            {preview.warnings.map((warning) => (
              <li key={warning}>{warning}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {preview && preview.counts.damaged > 0 ? (
        <Alert variant="warning" title="Referencias dañadas">
          {preview.counts.damaged === 1
            ? "1 movimiento tiene la referencia dañada"
            : `${formatNumber(preview.counts.damaged)} movimientos tienen la referencia dañada`}{" "}
          por una hoja de cálculo (notación científica, como «8.53E+10»): se importan marcados y no se
          concilian solos. Búscalos a mano, o descarga de nuevo el archivo del banco y súbelo sin abrirlo en
          Excel.
        </Alert>
      ) : null}
      {/* Announced when a mapping change brings new counts. */}
      <div aria-live="polite">
        {preview ? (
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <Count label="Movimientos" value={preview.counts.movements} />
            <Count
              label="Filas ilegibles"
              value={preview.counts.problems}
              danger={preview.counts.problems > 0}
            />
            <Count label="Omitidas (cargos, totales, vacías)" value={preview.counts.skipped} />
            <Count label="Ya importados" value={preview.counts.alreadyImported} />
          </dl>
        ) : null}
      </div>
      {preview && preview.problems.length > 0 ? <PreviewProblems preview={preview} /> : null}
      {preview && preview.movements.length > 0 ? (
        <div className="overflow-x-auto rounded-card border border-line">
          <DataTable
            columns={MOVEMENT_COLUMNS}
            rows={preview.movements}
            rowKey={(movement) => movement.row}
            caption={
              preview.movements.length < preview.counts.movements
                ? `Primeros ${formatNumber(preview.movements.length)} movimientos`
                : "Movimientos"
            }
            captionClassName="px-3 py-2 text-left text-sm font-semibold text-ink"
            className="min-w-full text-left text-sm"
            headClassName="bg-canvas text-xs text-muted"
            bodyClassName=""
            rowClassName="border-t border-line"
          />
        </div>
      ) : null}
    </section>
  );
}

function Count({ label, value, danger = false }: { label: string; value: number; danger?: boolean }) {
  return (
    <div className="rounded-control border border-line p-3">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className={danger ? "text-xl font-bold text-danger-700" : "text-xl font-bold text-ink"}>
        {formatNumber(value)}
      </dd>
    </div>
  );
}
