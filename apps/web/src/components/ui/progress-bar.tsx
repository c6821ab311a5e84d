import { cn } from "../../lib/cn";

interface ProgressBarProps {
  /** Out of `max`: a percentage by default, or a count (tickets sold of `max`). */
  value: number;
  max?: number;
  label: string;
  /** What screen readers announce instead of the bare number ("120 de 500 (24 %)"). */
  valueText?: string;
  className?: string;
}

/** Sold share of a raffle. */
export function ProgressBar({ value, max = 100, label, valueText, className }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const percent = Math.min(100, Math.max(0, (value / safeMax) * 100));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={Math.round(Math.min(Math.max(value, 0), safeMax))}
      aria-valuetext={valueText}
      className={cn("h-2.5 w-full overflow-hidden rounded-pill bg-brand-100", className)}
    >
      <div
        className="h-full rounded-pill bg-gradient-to-r from-brand-600 to-accent-400 transition-[width] duration-500"
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}

/** "38%": rounded like the card's 'AL n%' badge, so both always agree. */
export function formatPercent(value: number): string {
  return `${Math.round(value)}%`;
}
