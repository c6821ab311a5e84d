import { ProgressBar } from "../../../components/ui/progress-bar";
import { formatNumber, percentText, soldText } from "../../../lib/format";

interface SoldProgressProps {
  sold: number;
  total: number;
  /** Between the sold and the total: "de" on the detail, "/" in the list's narrow column. */
  separator: "de" | "/";
  /** The bar's accessible name. */
  label: string;
  className: string;
  barClassName?: string;
}

/** "Vendidos": how many tickets of the total are sold, in figures and as a bar. */
export function SoldProgress({ sold, total, separator, label, className, barClassName }: SoldProgressProps) {
  return (
    <div className={className}>
      <p className="flex justify-between text-sm">
        <span className="text-muted">Vendidos</span>
        <span className="font-semibold tabular-nums">
          {formatNumber(sold)} {separator} {formatNumber(total)} · {percentText(sold, total)}
        </span>
      </p>
      <ProgressBar
        value={sold}
        max={total}
        label={label}
        valueText={soldText(sold, total)}
        className={barClassName}
      />
    </div>
  );
}
