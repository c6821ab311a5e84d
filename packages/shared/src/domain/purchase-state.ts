/**
 * The one word every screen shows for a purchase (Mis pagos, the receipt and its PNG/PDF, Mis boletos
 * offline, the admin's inbox and users): a refund outranks the review, because a refunded purchase no
 * longer takes part in the draw (docs/decisions/0016-raffles-that-do-not-sell.md).
 */
import { PROOF_STATUS_LABELS, type ProofStatus, type RefundStatus } from "../constants";

export type PurchaseDisplayTone = "success" | "warning" | "danger" | "neutral";

export interface PurchaseDisplayState {
  /** "Aprobado", "En Revisión", "Rechazado", "Reembolso pendiente", "Reembolsado". */
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
  if (approved) return { label, tone: "success", refunded: false, valid: true };
  if (input.proofStatus === "rejected") return { label, tone: "danger", refunded: false, valid: false };
  return { label, tone: "warning", refunded: false, valid: false };
}
