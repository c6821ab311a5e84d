import { purchaseDisplayState } from "@rifazo/shared/domain/purchase-state";
import { Badge } from "../ui/badge";

/**
 * The purchase's one word on every screen (Mis pagos, the receipt, the admin's inbox and users): a refund
 * ("Reembolso pendiente", "Reembolsado") outranks "Aprobado" (purchaseDisplayState, decision 0016).
 */
export function PurchaseStateBadge({
  status,
  refund,
}: {
  status: string;
  refund?: { status: string } | null;
}) {
  const state = purchaseDisplayState({ proofStatus: status, refund });
  return <Badge variant={state.tone}>{state.label}</Badge>;
}
