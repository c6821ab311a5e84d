interface MeterBarProps {
  /** How much of the track is filled, 0 to 100. */
  percent: number;
  /** Classes of the svg (height, overflow). */
  className: string;
  /** Fill class of the bar. */
  tone?: string;
}

/** A horizontal bar on its track; decoration only (aria-hidden), the figure it draws is written beside it. */
export function MeterBar({ percent, className, tone = "fill-brand-600" }: MeterBarProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      className={className}
      viewBox="0 0 100 3"
      preserveAspectRatio="none"
    >
      <rect x="0" y="0" width="100" height="3" rx="1.5" className="fill-brand-100" />
      {percent > 0 ? <rect x="0" y="0" width={percent} height="3" rx="1.5" className={tone} /> : null}
    </svg>
  );
}
