import type { RefundPayoutInput, RefundPayoutState } from "@rifazo/shared/schemas/admin/refunds";
import { api } from "../../../lib/api-client";

/** The buyer gives where their Pago Móvil or transfer refund goes (only the buyer may). */
export function saveRefundPayout(refundId: string, payout: RefundPayoutInput): Promise<RefundPayoutState> {
  return api.put(`/api/refunds/${encodeURIComponent(refundId)}/payout`, payout);
}
