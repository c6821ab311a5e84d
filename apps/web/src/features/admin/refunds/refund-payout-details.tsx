import { bankLabel } from "@rifazo/shared/domain/venezuelan-banks";
import type { Refund } from "@rifazo/shared/schemas/admin";
import { formatVenezuelanPhone } from "@rifazo/shared/schemas/profile";
import { CopyButton } from "../../../components/ui/copy-button";
import { formatDateTime } from "../../../lib/format";

/** Whether the buyer's payout data is awaited, late, or given (the list shows each differently). */
export function payoutState(
  refund: Pick<Refund, "status" | "payoutDueAt" | "payout">,
  now: number,
): "none" | "given" | "waiting" | "overdue" {
  if (refund.payout) return "given";
  if (!refund.payoutDueAt || refund.status !== "pending") return "none";
  return new Date(refund.payoutDueAt).getTime() < now ? "overdue" : "waiting";
}

/** One datum of the payee (label, value and a copy button), as the organiser types it into the bank's app. */
export function CopyLine({ label, value, copy }: { label: string; value: string; copy?: string }) {
  return (
    <div className="flex items-center justify-between gap-2">
      <dt className="sr-only">{label}</dt>
      <dd className="min-w-0 break-words">
        <span className="text-muted" aria-hidden="true">
          {label}:{" "}
        </span>
        <span className="font-medium text-ink">{value}</span>
      </dd>
      <CopyButton value={copy ?? value} label={label} name={`Copiar ${label.toLowerCase()}`} />
    </div>
  );
}

/**
 * The payout data the buyer gave for a Pago Móvil or transfer refund (each with a copy button, in the form
 * the bank's app asks for), or how long the organiser still waits for it.
 */
export function RefundPayoutDetails({ refund, now = Date.now() }: { refund: Refund; now?: number }) {
  const state = payoutState(refund, now);
  if (state === "none") return null;
  if (state !== "given" || !refund.payout) {
    const due = refund.payoutDueAt ? formatDateTime(refund.payoutDueAt) : "";
    return state === "overdue" ? (
      <p className="rounded-control border border-danger-600/30 bg-danger-50 px-3 py-2 text-sm text-danger-700">
        <span className="font-bold">Plazo vencido: </span>
        el comprador no envió sus datos bancarios (venció el {due}). Escríbele para pedírselos.
      </p>
    ) : (
      <p className="rounded-control border border-warning-700/20 bg-warning-50 px-3 py-2 text-sm text-warning-700">
        Esperando datos del comprador hasta el {due}.
      </p>
    );
  }
  const payout = refund.payout;
  const phone = payout.phone ? formatVenezuelanPhone(payout.phone) : null;
  return (
    <div className="space-y-1 rounded-control border border-success-600/25 bg-success-50 px-3 py-2 text-sm">
      <p className="font-bold text-success-700">
        Datos del comprador
        {refund.payoutGivenAt ? ` (enviados el ${formatDateTime(refund.payoutGivenAt)})` : ""}
      </p>
      <dl className="space-y-1" aria-label={`Datos bancarios de ${refund.payTo.name}`}>
        <CopyLine label="Banco" value={bankLabel(payout.bankCode)} copy={payout.bankCode} />
        <CopyLine label="Cédula" value={`${payout.idType}-${payout.idNumber}`} />
        {phone ? <CopyLine label="Pago Móvil" value={phone} copy={phone.replace("-", "")} /> : null}
        {payout.account ? <CopyLine label="Cuenta" value={payout.account} /> : null}
      </dl>
    </div>
  );
}
