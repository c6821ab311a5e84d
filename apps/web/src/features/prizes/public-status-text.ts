import { cashPaidText, PRIZE_DELIVERY_METHOD_LABELS, type PrizeStatus } from "@rifazo/shared/domain/prizes";
import type { PublicPrizeStatus } from "@rifazo/shared/schemas/prizes";
import type { BadgeVariant } from "../../components/ui/badge";

// What anyone reads of a prize beside its winner (docs/decisions/0035-prizes-on-the-record.md): the badge's
// colour and the delivery line. Apart from the winner's texts, which the public pages never download.

export const PRIZE_STATUS_VARIANTS: Readonly<Record<PrizeStatus, BadgeVariant>> = {
  unclaimed: "warning",
  claimed: "info",
  delivered: "success",
  confirmed: "success",
  disputed: "danger",
};

/** The public line beside the badge: how it was delivered and, for money, what was paid and at which rate. */
export function publicDeliveryText(prize: PublicPrizeStatus): string | null {
  const parts: string[] = [];
  if (prize.method && prize.deliveredOn) parts.push(PRIZE_DELIVERY_METHOD_LABELS[prize.method]);
  if (prize.paid) parts.push(cashPaidText(prize.paid));
  return parts.length > 0 ? parts.join(" · ") : null;
}
