import { RAFFLE_STATUS_LABELS, type RaffleStatus } from "@rifazo/shared/constants";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";

// Keyed by string: the statuses of decision 0012 (closed, frozen, cancelled) arrive with the lifecycle work.
const VARIANTS: Record<string, BadgeVariant> = {
  active: "success",
  upcoming: "info",
  closed: "warning",
  frozen: "info",
  finished: "neutral",
  cancelled: "danger",
};

/** The label for a status; unknown values show as they are. */
export function raffleStatusLabel(status: string): string {
  return RAFFLE_STATUS_LABELS[status as RaffleStatus] ?? status;
}

export function RaffleStatusBadge({ status }: { status: string }) {
  return <Badge variant={VARIANTS[status] ?? "neutral"}>{raffleStatusLabel(status)}</Badge>;
}
