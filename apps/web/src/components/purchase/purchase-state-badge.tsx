import { type PurchaseAbonoState, purchaseDisplayState } from "@rifazo/shared/domain/purchase-state";
import { Badge } from "../ui/badge";

/**
 * The purchase's one word on every screen (Mis pagos, the receipt, the admin's inbox and users): a refund
 * ("Reembolso pendiente", "Reembolsado") outranks "Aprobado" (purchaseDisplayState, decision 0016); an
 * approved payment of an abono says what is paid, or that it completed the purchase (decision 0034).
 */
export function PurchaseStateBadge({
  status,
  refund,
  abono,
}: {
  status: string;
  refund?: { status: string } | null;
  abono?: PurchaseAbonoState | null;
}) {
  const state = purchaseDisplayState({ proofStatus: status, refund, abono });
  return <Badge variant={state.tone}>{state.label}</Badge>;
}
