import { PAYMENT_METHOD_LABELS, PROOF_STATUS_LABELS, type ProofStatus } from "@rifazo/shared/constants";
import { formatMoney } from "@rifazo/shared/domain/money";
import type { Reservation } from "@rifazo/shared/schemas/reservations";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { ClockIcon } from "../../../components/ui/icons";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { formatDateTime } from "../../../lib/format";
import { abonoDeadlineText, abonoPaidText } from "../reservation";

// An abono's balance on its payment page (docs/decisions/0034-vendedores.md): what the purchase costs,
// what the approved payments add up to, what is left and until when, and every payment with its review.

type Abono = NonNullable<Reservation["abono"]>;

const STATUS_VARIANTS: Record<ProofStatus, BadgeVariant> = {
  pending: "warning",
  approved: "success",
  verified: "success",
  rejected: "danger",
};

function Amount({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold text-muted">{label}</dt>
      <dd className={strong ? "text-lg font-black text-brand-800" : "font-bold text-ink"}>{value}</dd>
    </div>
  );
}

function Payments({ payments }: { payments: Abono["payments"] }) {
  if (payments.length === 0) return null;
  return (
    <div className="space-y-1.5">
      <h4 className="text-sm font-bold text-ink">Tus abonos</h4>
      <ul
        className="divide-y divide-line rounded-control border border-line bg-surface"
        aria-label="Tus abonos"
      >
        {payments.map((payment) => (
          <li
            key={payment.id}
            className="flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm"
          >
            <span className="min-w-0">
              <span className="font-bold text-ink">{formatMoney(payment.amount, payment.currency)}</span>
              <span className="text-muted">
                {" "}
                · {PAYMENT_METHOD_LABELS[payment.method]} · {formatDateTime(payment.createdAt, "short")}
              </span>
            </span>
            <Badge variant={STATUS_VARIANTS[payment.status]}>{PROOF_STATUS_LABELS[payment.status]}</Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** An abono that ended with payments approved: released at the close, or its raffle cancelled. */
export const ABONO_ENDED_NOTICES = {
  expired: {
    variant: "warning",
    title: "Abono sin completar",
    text: "La rifa cerró sin que completaras el pago: los números quedaron libres y te devolvemos lo abonado. Míralo en Mis Pagos.",
  },
  cancelled: {
    variant: "info",
    title: "Rifa cancelada",
    text: "Los números quedaron libres y te devolvemos lo abonado. Míralo en Mis Pagos.",
  },
} as const;

/**
 * Total, paid and left with a bar, the deadline while it still takes payments (`open`) and the payments;
 * nothing for a whole purchase.
 */
export function AbonoSummary({
  reservation,
  open,
}: {
  reservation: Pick<Reservation, "abono" | "pricing">;
  open: boolean;
}) {
  const abono = reservation.abono;
  if (!abono) return null;
  const currency = reservation.pricing.currency;
  const paid = abonoPaidText(reservation);
  const done = abono.remaining <= 0 || !open;
  return (
    <section aria-labelledby="abono-summary-title" className="space-y-3 border-t border-brand-200 pt-3">
      <h3 id="abono-summary-title" className="font-bold text-ink">
        Pago en abonos
      </h3>
      <dl className="grid grid-cols-3 gap-3">
        <Amount label="Total" value={formatMoney(abono.total, currency)} />
        <Amount label="Pagado" value={formatMoney(abono.paid, currency)} />
        <Amount label="Falta" value={formatMoney(abono.remaining, currency)} strong />
      </dl>
      <div className="space-y-1">
        <ProgressBar
          value={abono.paid}
          max={abono.total}
          label="Pagado del total"
          valueText={paid}
          className="h-3!"
        />
        <p className="text-xs font-semibold text-muted">{paid}</p>
      </div>
      {done ? null : (
        <div className="space-y-1">
          <p className="inline-flex items-center gap-2 rounded-pill bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">
            <ClockIcon aria-hidden="true" />
            <span>{abonoDeadlineText(abono.dueAt)}</span>
          </p>
          <p className="text-xs text-muted">
            Si no completas el pago a tiempo, los números se liberan y te devolvemos lo abonado.
          </p>
        </div>
      )}
      <Payments payments={abono.payments} />
    </section>
  );
}
