import { cn } from "../../../lib/cn";

interface ProgressBarProps {
  /** 0-100. */
  value: number;
  label: string;
  className?: string;
}

/** Sold share of a raffle. */
export function ProgressBar({ value, label, className }: ProgressBarProps) {
  const percent = Math.min(100, Math.max(0, value));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
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
