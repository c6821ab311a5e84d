import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";

interface ProgressBarProps {
  value: number;
  max: number;
  label: string;
  className?: string;
}

/** Sold share of a raffle, as a native-feeling progressbar with its percentage as text. */
export function ProgressBar({ value, max, label, className }: ProgressBarProps) {
  const safeMax = max > 0 ? max : 1;
  const percent = Math.min(100, Math.max(0, (value / safeMax) * 100));
  const text = `${formatNumber(percent, percent > 0 && percent < 1 ? 2 : 1)} %`;
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={safeMax}
      aria-valuenow={Math.min(value, safeMax)}
      aria-valuetext={`${formatNumber(value)} de ${formatNumber(max)} (${text})`}
      className={cn("h-2.5 w-full overflow-hidden rounded-pill bg-brand-100", className)}
    >
      <div className="h-full rounded-pill bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
    </div>
  );
}

export function percentText(value: number, max: number): string {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return `${formatNumber(percent, percent > 0 && percent < 1 ? 2 : 1)} %`;
}
