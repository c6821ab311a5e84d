import { PAYMENT_METHOD_LABELS } from "@rifazo/shared/constants";
import type { ReceiptAbono } from "@rifazo/shared/schemas/receipts";
import { PurchaseStateBadge } from "../../../components/purchase/purchase-state-badge";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney } from "../../../lib/format";

// The receipt of one payment of an abono (docs/decisions/0034-vendedores.md, "Abonos"): which payment it
// is, what the purchase's payments add up to, every payment, and the purchase's numbers by their state.
// Numbers apartados never look like tickets in the draw; sold ones show, on an earlier payment's receipt,
// the owner tag the frozen list gives each (the completing payment's, since this receipt's code makes none).

/** "Abono 1 de 2", the balance with a bar, and the purchase's payments with their review. */
export function ReceiptAbonoSummary({ abono }: { abono: ReceiptAbono }) {
  return (
    <section aria-labelledby="receipt-abono-title" className="space-y-3 rounded-control bg-canvas p-4">
      <h3 id="receipt-abono-title" className="font-bold text-ink">
        {abono.title}
      </h3>
      <p className="font-semibold text-ink">{abono.text}</p>
      <ProgressBar
        value={abono.paid}
        max={abono.total}
        label="Pagado del total"
        valueText={`${formatMoney(abono.paid, abono.currency)} de ${formatMoney(abono.total, abono.currency)}`}
        className="h-3!"
      />
      <ul
        aria-label="Pagos de la compra"
        className="divide-y divide-line rounded-control border border-line bg-surface"
      >
        {abono.payments.map((payment) => (
          <li
            key={`${payment.createdAt}-${payment.amount}`}
            className={cn(
              "flex flex-wrap items-center justify-between gap-2 px-3 py-2 text-sm",
              payment.isThis && "bg-brand-50",
            )}
          >
            <span className="min-w-0">
              <span className="font-bold text-ink">{formatMoney(payment.amount, payment.currency)}</span>
              <span className="text-muted">
                {" "}
                · {PAYMENT_METHOD_LABELS[payment.method]} · {formatDateTime(payment.createdAt, "short")}
              </span>
              {payment.isThis ? <span className="font-semibold text-brand-800"> · Este recibo</span> : null}
            </span>
            <PurchaseStateBadge status={payment.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The purchase's numbers: apartados (dashed, "no participan hasta completar el pago"), sold (with their
 * frozen-list tag when this receipt's own code does not make it), released, or void once refunded.
 */
export function ReceiptAbonoNumbers({ abono, refunded }: { abono: ReceiptAbono; refunded: boolean }) {
  const { numbers } = abono;
  const sold = numbers.state === "sold" && !refunded;
  // Apartados are not void, just not tickets yet; released or refunded ones are.
  const held = numbers.state === "apartados" && !refunded;
  const listName = numbers.label.replace(/ \(\d+\)$/, "");
  return (
    <div className="space-y-2">
      <h3 className="text-sm text-muted">{numbers.label}</h3>
      {numbers.items.length > 0 ? (
        <ul aria-label={listName} className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {numbers.items.map((item) => (
            <li
              key={item.number}
              className={cn(
                "rounded-control py-2 text-center font-mono",
                sold
                  ? "bg-brand-100 text-brand-900"
                  : held
                    ? "border-2 border-dashed border-brand-600 text-brand-800"
                    : "bg-canvas text-muted",
              )}
            >
              <span className="block text-3xl font-black tracking-wider">
                {sold || held ? item.number : <del>{item.number}</del>}
              </span>
              {item.tag && !abono.final ? (
                <span className="block px-1 text-[0.625rem] break-all">Etiqueta {item.tag}</span>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-sm font-semibold text-ink">{numbers.note}</p>
    </div>
  );
}
