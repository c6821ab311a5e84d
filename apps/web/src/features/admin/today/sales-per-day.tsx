import { countText } from "@rifazo/shared/domain/plural";
import type { MoneyPair } from "@rifazo/shared/schemas/admin/reports";
import { DataTable, type DataTableColumn } from "../../../components/ui/data-table";
import { formatDate, formatMoney, formatNumber } from "../../../lib/format";
import type { AdminToday } from "../api/today-api";
import { MeterBar } from "../shared/meter-bar";
import { SectionCard } from "../shared/section-card";

type Day = AdminToday["salesPerDay"][number];

function Money({ pair }: { pair: MoneyPair }) {
  return (
    <>
      <span className="block whitespace-nowrap">{formatMoney(pair.usd, "USD")}</span>
      <span className="block text-xs whitespace-nowrap text-muted">{formatMoney(pair.ves, "VES")}</span>
    </>
  );
}

/** The day's collected dollars against the best day's; its figure is in the cell beside it. */
function DayBar({ day, max }: { day: Day; max: number }) {
  const usd = day.revenue.collected.usd;
  return <MeterBar percent={max > 0 && usd > 0 ? (usd / max) * 100 : 0} className="block h-2.5 w-full" />;
}

function dayColumns(max: number): Array<DataTableColumn<Day>> {
  const figure = "px-2 py-1.5 tabular-nums";
  return [
    {
      key: "day",
      header: "Día",
      rowHeader: true,
      headerClassName: "py-2 pr-2 font-semibold",
      className: "py-1.5 pr-2 font-medium whitespace-nowrap text-ink",
      cell: (day) => formatDate(`${day.day}T12:00:00Z`, "medium"),
    },
    {
      key: "proofs",
      header: "Pagos",
      align: "right",
      headerClassName: "px-2 py-2 font-semibold",
      className: figure,
      cell: (day) => formatNumber(day.proofs),
    },
    {
      key: "collected",
      header: "Ingresos cobrados",
      align: "right",
      headerClassName: "px-2 py-2 font-semibold",
      className: figure,
      cell: (day) => <Money pair={day.revenue.collected} />,
    },
    {
      key: "bar",
      header: <span className="sr-only">Barra</span>,
      headerClassName: "hidden w-1/6 px-2 py-2 md:table-cell",
      className: "hidden px-2 py-1.5 md:table-cell",
      cell: (day) => <DayBar day={day} max={max} />,
    },
    {
      key: "refunded",
      header: "Reembolsado",
      align: "right",
      headerClassName: "px-2 py-2 font-semibold",
      className: figure,
      cell: (day) => <Money pair={day.revenue.refunded} />,
    },
    {
      key: "net",
      header: "Neto",
      align: "right",
      headerClassName: "py-2 pl-2 font-semibold",
      className: "py-1.5 pl-2 font-semibold tabular-nums",
      cell: (day) => <Money pair={day.revenue.net} />,
    },
  ];
}

export function SalesPerDay({ days }: { days: AdminToday["salesPerDay"] }) {
  const add = (pick: (d: Day) => MoneyPair) =>
    days.reduce((sum, d) => ({ usd: sum.usd + pick(d).usd, ves: sum.ves + pick(d).ves }), { usd: 0, ves: 0 });
  const collected = add((d) => d.revenue.collected);
  const refunded = add((d) => d.revenue.refunded);
  const net = add((d) => d.revenue.net);
  const totalProofs = days.reduce((sum, d) => sum + d.proofs, 0);
  const max = Math.max(0, ...days.map((d) => d.revenue.collected.usd));
  return (
    <SectionCard
      title="Ingresos por día"
      description="Últimos 14 días (hora de Venezuela). Ingresos cobrados por fecha de aprobación; reembolsado por fecha del reembolso (rifas canceladas). Cada pago cuenta en dólares y en bolívares con la tasa congelada al pagar; un pago en dólares sin tasa cuenta solo en dólares."
    >
      <PhoneSalesList days={days} totals={{ collected, refunded, net, proofs: totalProofs }} />
      {/* From the sm breakpoint up, a table; on a phone the list above stands in for it (display:none
          leaves only one of the two to screen readers). */}
      <section className="hidden sm:block" aria-label="Ingresos por día">
        <DataTable
          columns={dayColumns(max)}
          rows={days}
          rowKey={(day) => day.day}
          caption="Ingresos cobrados, reembolsado y neto por día, últimos 14 días"
          headClassName="border-b border-line text-xs text-muted tracking-wide uppercase"
          footer={
            <tr>
              <th scope="row" className="py-2 pr-2">
                Total
              </th>
              <td className="px-2 py-2 text-right tabular-nums">{formatNumber(totalProofs)}</td>
              <td className="px-2 py-2 text-right tabular-nums">
                <Money pair={collected} />
              </td>
              <td className="hidden md:table-cell" />
              <td className="px-2 py-2 text-right tabular-nums">
                <Money pair={refunded} />
              </td>
              <td className="py-2 pl-2 text-right tabular-nums">
                <Money pair={net} />
              </td>
            </tr>
          }
        />
      </section>
    </SectionCard>
  );
}

interface DayTotals {
  collected: MoneyPair;
  refunded: MoneyPair;
  net: MoneyPair;
  proofs: number;
}

/**
 * The revenue per day on a phone: one entry per day, its figures stacked (label, then dollars and
 * bolívars), so no column needs the width of a long bolívar amount. A day without movements is one line.
 */
function PhoneSalesList({ days, totals }: { days: AdminToday["salesPerDay"]; totals: DayTotals }) {
  const quiet = (day: AdminToday["salesPerDay"][number]) =>
    day.proofs === 0 &&
    [day.revenue.collected, day.revenue.refunded].every((pair) => pair.usd === 0 && pair.ves === 0);
  return (
    <ul className="divide-y divide-line text-sm sm:hidden" aria-label="Ingresos por día, últimos 14 días">
      {days.map((day) => (
        <li key={day.day} className="py-2">
          {quiet(day) ? (
            <p className="flex flex-wrap justify-between gap-x-3">
              <span className="font-medium text-ink">{formatDate(`${day.day}T12:00:00Z`, "medium")}</span>
              <span className="text-muted">Sin movimientos</span>
            </p>
          ) : (
            <>
              <p className="font-medium text-ink">
                {formatDate(`${day.day}T12:00:00Z`, "medium")}
                <span className="font-normal text-muted"> · {countText(day.proofs, "pago", "pagos")}</span>
              </p>
              <PhoneFigures revenue={day.revenue} />
            </>
          )}
        </li>
      ))}
      <li className="border-t-2 border-line py-2">
        <p className="font-bold text-ink">
          Total <span className="font-normal text-muted">· {countText(totals.proofs, "pago", "pagos")}</span>
        </p>
        <PhoneFigures revenue={totals} bold />
      </li>
    </ul>
  );
}

function PhoneFigures({ revenue, bold = false }: { revenue: Omit<DayTotals, "proofs">; bold?: boolean }) {
  const rows: [string, MoneyPair][] = [
    ["Ingresos cobrados", revenue.collected],
    ["Reembolsado", revenue.refunded],
    ["Neto", revenue.net],
  ];
  return (
    <dl className="mt-1 space-y-0.5">
      {rows.map(([label, pair]) => (
        <div key={label} className="flex flex-wrap items-baseline justify-between gap-x-3">
          <dt className="text-muted">{label}</dt>
          <dd
            className={`flex flex-wrap justify-end gap-x-2 tabular-nums ${bold || label === "Neto" ? "font-semibold" : ""}`}
          >
            <span className="whitespace-nowrap">{formatMoney(pair.usd, "USD")}</span>
            <span className="whitespace-nowrap text-muted">{formatMoney(pair.ves, "VES")}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
