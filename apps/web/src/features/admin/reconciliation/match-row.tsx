import { PAYMENT_METHOD_LABELS } from "@rifazo/shared/constants";
import { MATCH_STATUS_LABELS, type MatchStatus } from "@rifazo/shared/schemas/admin/reconciliation";
import { GENERAL_PROOF_LABEL } from "@rifazo/shared/schemas/proofs";
import { Link } from "react-router";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { formatDate } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import type { ReconciliationRow } from "../api/reconciliation-api";
import { bs, statementDate } from "./recon-format";

const STATUS_BADGES: Record<MatchStatus, BadgeVariant> = {
  matched: "success",
  amount_differs: "warning",
  no_movement: "neutral",
  movement_used: "danger",
};

interface MatchRowProps {
  row: ReconciliationRow;
  checked: boolean;
  onCheck: (on: boolean) => void;
}

/** A pending proof beside the movement it was compared with; only a clean match can be selected. */
export function MatchRow({ row, checked, onCheck }: MatchRowProps) {
  const headingId = `match-${row.proofId}`;
  return (
    <li aria-labelledby={headingId} className="flex gap-3 rounded-card border border-line p-4">
      {row.status === "matched" ? (
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-brand-700"
          checked={checked}
          aria-label={`Seleccionar pago de ${row.buyerName}`}
          onChange={(event) => onCheck(event.target.checked)}
        />
      ) : (
        <span className="size-4 shrink-0" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-bold break-words text-ink">
              {row.buyerName}
            </h3>
            <p className="text-sm break-words text-muted">
              {row.raffleTitle ?? GENERAL_PROOF_LABEL} · {PAYMENT_METHOD_LABELS[row.paymentMethod]}
            </p>
          </div>
          <Badge variant={STATUS_BADGES[row.status]}>{MATCH_STATUS_LABELS[row.status]}</Badge>
        </div>
        <MatchFigures row={row} />
        {row.note ? <p className="text-sm text-ink">{row.note}</p> : null}
        {row.status === "movement_used" && row.usedByProofId ? (
          <p className="text-sm">
            <Link
              to={paths.adminProof(row.usedByProofId)}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Ver el comprobante que ya usó este movimiento
            </Link>
          </p>
        ) : null}
      </div>
    </li>
  );
}

/** Reference, amount and date of the proof, each with the bank movement's below it when there is one. */
function MatchFigures({ row }: { row: ReconciliationRow }) {
  const movement = row.movement;
  const amountDiffers = movement !== null && Math.abs(movement.amount - row.amountVes) >= 0.005;
  return (
    <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      <div className="min-w-0">
        <dt className="text-muted">Referencia</dt>
        <dd className="font-mono break-all text-ink">
          {row.transactionRef}
          {movement ? (
            <span className="block text-muted">
              <span className="font-sans">Banco:</span> {movement.reference}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Monto</dt>
        <dd className="text-ink">
          {bs(row.amountVes)}
          {movement ? (
            <span className={cn("block", amountDiffers ? "font-semibold text-warning-700" : "text-muted")}>
              Banco: {bs(movement.amount)}
            </span>
          ) : null}
        </dd>
      </div>
      <div>
        <dt className="text-muted">Fecha</dt>
        <dd className="text-ink">
          {formatDate(row.createdAt, "short")}
          {movement ? (
            <span className="block text-muted">
              Banco: {statementDate(movement.date)} ({movement.bankName})
            </span>
          ) : null}
        </dd>
      </div>
    </dl>
  );
}
