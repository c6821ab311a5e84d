import { ClockIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { formatCountdown } from "../reservation";

const URGENT_MS = 2 * 60_000;

/** "Tiempo para pagar: 14:05", in red in the last two minutes. A timer is not read aloud at each tick. */
export function ReservationCountdown({
  remaining,
  label = "Tiempo para pagar",
  className,
}: {
  remaining: number;
  label?: string;
  className?: string;
}) {
  const urgent = remaining <= URGENT_MS;
  return (
    <p
      role="timer"
      aria-label={label}
      className={cn(
        "inline-flex items-center gap-2 rounded-pill px-3 py-1 text-sm font-semibold",
        urgent ? "bg-danger-50 text-danger-700" : "bg-brand-50 text-brand-800",
        className,
      )}
    >
      <ClockIcon aria-hidden="true" />
      <span>
        {label}:{" "}
        <span className="font-mono text-base font-black tabular-nums">{formatCountdown(remaining)}</span>
      </span>
    </p>
  );
}
