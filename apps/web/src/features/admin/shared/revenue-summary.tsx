import type { MoneyPair, Revenue } from "@rifazo/shared/schemas/admin/reports";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";

/** "$20,10 · Bs. 885,00": both columns, each payment at its own frozen rate (the API's revenue module). */
export function moneyPairText(pair: MoneyPair): string {
  return `${formatMoney(pair.usd, "USD")} · ${formatMoney(pair.ves, "VES")}`;
}

/**
 * "Ingresos cobrados", "Reembolsado" and "Neto" wherever revenue is shown (statistics, the raffle's
 * admin page): what buyers paid minus what cancelled raffles returned (decision 0016), never
 * price × tickets sold.
 */
export function RevenueSummary({ revenue, className }: { revenue: Revenue; className?: string }) {
  const owed = revenue.refundPending.usd > 0 || revenue.refundPending.ves > 0;
  const rows = [
    { key: "collected", label: "Ingresos cobrados", pair: revenue.collected },
    { key: "refunded", label: "Reembolsado", pair: revenue.refunded },
    { key: "net", label: "Neto", pair: revenue.net },
  ] as const;
  return (
    <div className={cn("space-y-2", className)}>
      <dl className="divide-y divide-line text-sm">
        {rows.map((row) => (
          <div
            key={row.key}
            data-testid={`revenue-${row.key}`}
            className="flex flex-wrap items-baseline justify-between gap-x-3 py-1.5"
          >
            <dt className={cn("font-semibold", row.key === "net" ? "text-ink" : "text-muted")}>
              {row.label}
            </dt>
            <dd
              className={cn(
                "tabular-nums",
                row.key === "net" ? "font-black text-brand-900" : "font-semibold text-ink",
              )}
            >
              {row.key === "refunded" && (row.pair.usd > 0 || row.pair.ves > 0) ? "− " : ""}
              {formatMoney(row.pair.usd, "USD")}
              <span className="text-muted"> · </span>
              {formatMoney(row.pair.ves, "VES")}
            </dd>
          </div>
        ))}
      </dl>
      {owed ? (
        <p className="text-xs text-muted">
          De lo reembolsado, falta pagar {moneyPairText(revenue.refundPending)}.
        </p>
      ) : null}
      <p className="text-xs text-muted">
        Lo que pagaron los compradores (combos y descuentos incluidos), cada pago con la tasa congelada al
        pagar, menos los reembolsos de rifas canceladas.
      </p>
    </div>
  );
}
