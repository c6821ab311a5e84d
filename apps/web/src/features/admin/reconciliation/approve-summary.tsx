import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import type { BulkApproveResult, ReconciliationRow } from "../api/reconciliation-api";
import { plural } from "./recon-format";

export interface ApprovedSummary {
  result: BulkApproveResult;
  /** The rows as they were, for the buyers' names in the summary. */
  rows: Map<string, ReconciliationRow>;
}

/** What a bulk approval did: the tickets of each approved payment and why each skipped one was left. */
export function ApproveSummary({ summary, onClose }: { summary: ApprovedSummary; onClose: () => void }) {
  const { approved, skipped } = summary.result;
  const name = (proofId: string) => summary.rows.get(proofId)?.buyerName ?? proofId;
  return (
    <Alert
      variant={skipped.length > 0 ? "warning" : "success"}
      title={`${plural(approved.length, "pago aprobado", "pagos aprobados")}${
        skipped.length > 0 ? `, ${plural(skipped.length, "omitido", "omitidos")}` : ""
      }`}
      action={
        <Button size="sm" variant="outline" onClick={onClose}>
          Cerrar resumen
        </Button>
      }
    >
      {approved.length > 0 ? (
        <ul aria-label="Pagos aprobados" className="space-y-0.5">
          {approved.map((item) => (
            <li key={item.proofId}>
              <strong>{name(item.proofId)}</strong>:{" "}
              {item.tickets.length > 0 ? `boletos ${item.tickets.join(", ")}` : "pago aprobado sin boletos"}
            </li>
          ))}
        </ul>
      ) : null}
      {skipped.length > 0 ? (
        <ul aria-label="Pagos omitidos" className="mt-2 space-y-0.5">
          {skipped.map((item) => (
            <li key={item.proofId}>
              <strong>{name(item.proofId)}</strong>: {item.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
