/**
 * The one word every screen shows for a purchase (Mis pagos, the receipt and its PNG/PDF, Mis boletos
 * offline, the admin's inbox and users): a refund outranks the review, because a refunded purchase no
 * longer takes part in the draw (docs/decisions/0016-raffles-that-do-not-sell.md).
 */
import { type Currency, PROOF_STATUS_LABELS, type ProofStatus, type RefundStatus } from "../constants";
import { formatMoney } from "./money";

export type PurchaseDisplayTone = "success" | "warning" | "danger" | "neutral";

/**
 * The payment is one of an abono's (docs/decisions/0034-vendedores.md): the purchase's balance now, and
 * whether this payment is the one that completed the price (the tickets were sold to it).
 */
export interface PurchaseAbonoState {
  paid: number;
  total: number;
  currency: Currency;
  complete: boolean;
  final: boolean;
}

export interface PurchaseDisplayState {
  /**
   * "Aprobado", "En Revisión", "Rechazado", "Reembolso pendiente", "Reembolsado"; an approved abono's
   * "Abono aprobado · pagado $4,00 de $10,00", or "Abono final: compra pagada" for the one that completed it.
   */
  label: string;
  tone: PurchaseDisplayTone;
  /** True once a refund exists (owed or paid): its tickets are void and no longer play. */
  refunded: boolean;
  /** True only for an approved purchase that was not refunded: the tickets play, the receipt is valid. */
  valid: boolean;
}

export function purchaseDisplayState(input: {
  proofStatus: ProofStatus | string;
  refund?: { status: RefundStatus | string } | null;
  abono?: PurchaseAbonoState | null;
}): PurchaseDisplayState {
  const approved = input.proofStatus === "approved" || input.proofStatus === "verified";
  if (input.refund) {
    const paid = input.refund.status === "paid";
    return {
      label: paid ? "Reembolsado" : "Reembolso pendiente",
      tone: paid ? "neutral" : "warning",
      refunded: true,
      valid: false,
    };
  }
  const label = PROOF_STATUS_LABELS[input.proofStatus as ProofStatus] ?? String(input.proofStatus);
  if (approved && input.abono) {
    return { label: abonoApprovedLabel(input.abono), tone: "success", refunded: false, valid: true };
  }
  if (approved) return { label, tone: "success", refunded: false, valid: true };
  if (input.proofStatus === "rejected") return { label, tone: "danger", refunded: false, valid: false };
  return { label, tone: "warning", refunded: false, valid: false };
}

/**
 * An approved payment of an abono: it sold nothing unless it completed the price, so it never reads as a
 * plain "Aprobado" purchase (its tickets are the completing payment's).
 */
function abonoApprovedLabel(abono: PurchaseAbonoState): string {
  if (abono.final) return "Abono final: compra pagada";
  const money = (value: number) => formatMoney(value, abono.currency);
  return `Abono aprobado · pagado ${money(abono.paid)} de ${money(abono.total)}`;
}
