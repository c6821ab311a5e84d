import type { RaffleCardBadge } from "@rifazo/shared/domain/raffle-card-state";
import { cn } from "../../../lib/cn";

const styles: Record<RaffleCardBadge["kind"], string> = {
  finished: "bg-ink/85 text-white",
  awaiting_draw: "bg-info-700 text-white",
  upcoming: "bg-info-700 text-white",
  percentage: "bg-brand-700 text-white",
  goal_reached: "bg-success-600 text-white",
  last_24h: "bg-danger-600 text-white animate-pulse",
  cancelled: "bg-danger-700 text-white",
};

export function RaffleBadge({ badge, className }: { badge: RaffleCardBadge; className?: string }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-pill px-3 py-1 text-xs font-black tracking-wide shadow-sm",
        styles[badge.kind],
        className,
      )}
    >
      {badge.label}
    </span>
  );
}
