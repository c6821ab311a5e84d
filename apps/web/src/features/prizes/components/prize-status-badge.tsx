import type { PrizeStatus } from "@rifazo/shared/domain/prizes";
import type { PublicPrizeStatus } from "@rifazo/shared/schemas/prizes";
import { Badge } from "../../../components/ui/badge";
import { cn } from "../../../lib/cn";
import { PRIZE_STATUS_VARIANTS, publicDeliveryText } from "../public-status-text";

/**
 * The prize's status in the shared words (prizeStatusText, sent by the API as `statusText`). The longest
 * ("Entregado el … y confirmado por el ganador") wraps in a winner's narrow row: a pill's round ends
 * would squeeze those lines into an oval, so the card's radius, which on one line is clamped to half the
 * height and looks the same as a pill (docs/decisions/0035-prizes-on-the-record.md).
 */
export function PrizeStatusBadge({ status, text }: { status: PrizeStatus; text: string }) {
  return (
    <Badge variant={PRIZE_STATUS_VARIANTS[status]} className="rounded-card!">
      <span className="sr-only">Estado del premio: </span>
      {text}
    </Badge>
  );
}

/**
 * What anyone may read of a winner's prize (docs/decisions/0035-prizes-on-the-record.md): its status and,
 * once delivered, how and, for money, what was paid at which rate. Nothing for a winner without one.
 */
export function PublicPrizeStatusLine({
  prize,
  className,
}: {
  prize: PublicPrizeStatus | null | undefined;
  className?: string;
}) {
  if (!prize) return null;
  const delivery = publicDeliveryText(prize);
  return (
    <div className={cn("flex flex-wrap items-center gap-x-2 gap-y-1 text-xs", className)}>
      <PrizeStatusBadge status={prize.status} text={prize.statusText} />
      {delivery ? <span className="text-muted">{delivery}</span> : null}
    </div>
  );
}
