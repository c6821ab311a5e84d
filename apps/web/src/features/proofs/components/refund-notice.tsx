import { formatDateTime, formatMoney, sentence } from "../../../lib/format";
import type { PaymentProof } from "../api/proofs-api";

type BuyerRefund = NonNullable<PaymentProof["refund"]>;

/**
 * A purchase of a cancelled raffle: its refund's status ("Reembolso pendiente" / "Reembolsado"), with the
 * reference and the transfer's proof once the organiser paid it back.
 */
export function RefundNotice({ refund }: { refund: BuyerRefund }) {
  const paid = refund.status === "paid";
  const amount =
    refund.currency !== "VES" && refund.amountVes !== null
      ? `${formatMoney(refund.amount, refund.currency)} (${formatMoney(refund.amountVes, "VES")})`
      : formatMoney(refund.amount, refund.currency);
  return (
    <div
      role="status"
      className={`rounded-control border px-3 py-2 text-sm ${
        paid
          ? "border-success-600/25 bg-success-50 text-success-700"
          : "border-warning-700/20 bg-warning-50 text-warning-700"
      }`}
    >
      <p>
        <span className="font-bold">{refund.statusLabel}: </span>
        {paid
          ? sentence(`te devolvimos ${amount}${refund.paidAt ? ` el ${formatDateTime(refund.paidAt)}` : ""}`)
          : `la rifa fue cancelada; te devolveremos ${amount} por el mismo método de pago.`}
      </p>
      {paid ? (
        <p>
          Referencia del reembolso: <span className="font-mono font-semibold">{refund.paidReference}</span>
          {refund.paidProofUrl ? (
            <>
              {" · "}
              <a
                href={refund.paidProofUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold underline"
              >
                Ver comprobante del reembolso
              </a>
            </>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
