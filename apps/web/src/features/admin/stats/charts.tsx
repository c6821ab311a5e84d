import { pluralWord } from "@rifazo/shared/domain/plural";
import { useId } from "react";
import { DataTable } from "../../../components/ui/data-table";
import { formatDate, formatNumber } from "../../../lib/format";
import { MeterBar } from "../shared/meter-bar";
import { barPercent, type DayCount, niceMax } from "./chart-data";

// Hand-drawn SVG charts (no chart library in the bundle). Every value is also written as text, so the
// charts read the same with a screen reader, with zoom, or printed; the SVG shapes are decoration.

export interface BarDatum {
  key: string;
  label: string;
  value: number;
  /** Text shown for the value; formatNumber(value) by default. */
  valueLabel?: string;
  /** A Tailwind fill class for this bar (fill-brand-600 by default). */
  tone?: string;
}

interface BarChartProps {
  data: readonly BarDatum[];
  /** Announced as the list's name. */
  label: string;
  emptyText?: string;
}

/** Horizontal bars: long labels (raffle titles) stay readable on a phone. */
export function BarChart({ data, label, emptyText = "Sin datos todavía." }: BarChartProps) {
  if (data.length === 0) return <p className="py-6 text-center text-sm text-muted">{emptyText}</p>;
  const max = Math.max(...data.map((d) => d.value));
  return (
    <ul aria-label={label} className="space-y-3">
      {data.map((datum) => {
        const width = barPercent(datum.value, max);
        return (
          <li key={datum.key} className="space-y-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
              <span className="min-w-0 font-medium break-words text-ink">{datum.label}</span>
              {/* A long value (net and refunded, both currencies) wraps under the name on a phone. */}
              <span className="min-w-0 font-bold break-words tabular-nums text-brand-900">
                {datum.valueLabel ?? formatNumber(datum.value)}
              </span>
            </div>
            <MeterBar percent={width} className="block h-3 w-full overflow-visible" tone={datum.tone} />
          </li>
        );
      })}
    </ul>
  );
}

interface LineChartProps {
  data: readonly DayCount[];
  label: string;
  /** Unit for the values ("boletos"). */
  unit: string;
  emptyText?: string;
}

const WIDTH = 600;
const HEIGHT = 200;
const PAD_TOP = 8;
const PAD_BOTTOM = 4;

/** The line, its area, the grid lines and (for up to 45 days) a dot per day with its value as a tooltip. */
function LineSvg({ data, top, unit }: { data: readonly DayCount[]; top: number; unit: string }) {
  const x = (i: number) => (data.length === 1 ? WIDTH / 2 : (i / (data.length - 1)) * WIDTH);
  const y = (v: number) => PAD_TOP + (1 - v / top) * (HEIGHT - PAD_TOP - PAD_BOTTOM);
  const points = data.map((d, i) => `${x(i).toFixed(1)},${y(d.count).toFixed(1)}`).join(" ");
  const area = `0,${HEIGHT} ${points} ${WIDTH},${HEIGHT}`;
  const showDots = data.length <= 45;
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      preserveAspectRatio="none"
      className="block h-48 w-full overflow-visible rounded-md bg-brand-50/60"
    >
      {[0.25, 0.5, 0.75].map((f) => (
        <line
          key={f}
          x1="0"
          x2={WIDTH}
          y1={y(top * f)}
          y2={y(top * f)}
          className="stroke-line"
          strokeDasharray="4 4"
          vectorEffect="non-scaling-stroke"
        />
      ))}
      {data.length > 1 ? <polygon points={area} className="fill-brand-200/60" /> : null}
      <polyline
        points={points}
        fill="none"
        className="stroke-brand-700"
        strokeWidth="2.5"
        strokeLinejoin="round"
        vectorEffect="non-scaling-stroke"
      />
      {showDots
        ? data.map((d, i) => (
            <line
              key={d.date}
              x1={x(i)}
              x2={x(i)}
              y1={y(d.count)}
              y2={y(d.count)}
              className="stroke-brand-800"
              strokeWidth="7"
              strokeLinecap="round"
              vectorEffect="non-scaling-stroke"
            >
              <title>{`${formatDate(`${d.date}T12:00:00Z`, "medium")}: ${formatNumber(d.count)} ${unit}`}</title>
            </line>
          ))
        : null}
    </svg>
  );
}

/** Values per day as a line with an area under it; the days and values are in a table for assistive tech. */
export function LineChart({ data, label, unit, emptyText = "Sin ventas registradas." }: LineChartProps) {
  const captionId = useId();
  if (data.length === 0) return <p className="py-6 text-center text-sm text-muted">{emptyText}</p>;
  const top = niceMax(Math.max(...data.map((d) => d.count)));
  const total = data.reduce((sum, d) => sum + d.count, 0);
  const best = data.reduce((a, b) => (b.count > a.count ? b : a));
  const first = data[0] as DayCount;
  const last = data[data.length - 1] as DayCount;

  return (
    <figure className="space-y-2" aria-labelledby={captionId}>
      <figcaption id={captionId} className="text-sm text-muted">
        {label}: {formatNumber(total)} {unit} en {formatNumber(data.length)}{" "}
        {pluralWord(data.length, "día", "días")}; el mejor día fue el{" "}
        {formatDate(`${best.date}T12:00:00Z`, "medium")} con {formatNumber(best.count)}.
      </figcaption>
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          className="-my-1.5 flex h-51 w-10 shrink-0 flex-col justify-between text-right text-xs tabular-nums text-muted"
        >
          <span>{formatNumber(top)}</span>
          <span>{formatNumber(top / 2, 1)}</span>
          <span>0</span>
        </div>
        <div className="min-w-0 flex-1">
          <LineSvg data={data} top={top} unit={unit} />
        </div>
      </div>
      <div aria-hidden="true" className="ml-12 flex justify-between text-xs text-muted">
        <span>{formatDate(`${first.date}T12:00:00Z`, "medium")}</span>
        {data.length > 1 ? <span>{formatDate(`${last.date}T12:00:00Z`, "medium")}</span> : null}
      </div>
      <DataTable
        columns={[
          { key: "day", header: "Día", cell: (d) => formatDate(`${d.date}T12:00:00Z`, "long") },
          { key: "count", header: unit, cell: (d) => formatNumber(d.count) },
        ]}
        rows={data}
        rowKey={(d) => d.date}
        caption={label}
        className="sr-only"
        captionClassName=""
        headClassName=""
        bodyClassName=""
      />
    </figure>
  );
}
