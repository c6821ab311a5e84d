import { formatMoney } from "@rifazo/shared/domain/money";
import { countText } from "@rifazo/shared/domain/plural";
import type { PriceQuote } from "@rifazo/shared/domain/pricing";
import { ticketsLabel } from "../payments";

// The purchase's price as the server decided it (shared quotePurchase): subtotal, the one discount
// applied (the better of combo and level, never both: decision 0013) and the total.

function Row({
  label,
  value,
  strong,
  className,
}: {
  label: string;
  value: string;
  strong?: boolean;
  className?: string;
}) {
  // Each row is the <dl>'s own <div>: a wrapper between them is not a group screen readers understand.
  return (
    <div className={`flex items-baseline justify-between gap-3 ${className ?? ""}`}>
      <dt className={strong ? "font-bold text-ink" : "text-muted"}>{label}</dt>
      <dd className={strong ? "text-xl font-black text-brand-800" : "font-semibold text-ink"}>{value}</dd>
    </div>
  );
}

function comboText(pricing: PriceQuote): string {
  return pricing.combosUsed
    .map((c) => {
      const combo = `${countText(c.quantity, "boleto", "boletos")} por ${formatMoney(c.price, pricing.currency)}`;
      return c.times > 1 ? `${combo} (×${c.times})` : combo;
    })
    .join(" + ");
}

export function PriceSummary({ pricing }: { pricing: PriceQuote }) {
  const currency = pricing.currency;
  const bothOffered = pricing.levelDiscountPercent > 0 && pricing.comboTotal < pricing.subtotal;
  return (
    <div className="space-y-2">
      <dl className="space-y-1.5 text-sm" aria-label="Resumen del precio">
        <Row
          label={`Subtotal (${ticketsLabel(pricing.quantity)} × ${formatMoney(pricing.unitPrice, currency)})`}
          value={formatMoney(pricing.subtotal, currency)}
        />
        {pricing.applied === "combo" ? (
          <Row label={`Combo: ${comboText(pricing)}`} value={`−${formatMoney(pricing.discount, currency)}`} />
        ) : null}
        {pricing.applied === "level" ? (
          <Row
            label={`Descuento nivel ${pricing.levelName ?? ""} (${pricing.levelDiscountPercent}\u00a0%)`.replace(
              "  ",
              " ",
            )}
            value={`−${formatMoney(pricing.discount, currency)}`}
          />
        ) : null}
        <Row
          label="Total"
          value={formatMoney(pricing.total, currency)}
          strong
          className="border-t border-line pt-1.5"
        />
      </dl>
      {bothOffered ? (
        <p className="text-xs text-muted">
          Se aplica el mejor descuento para ti: el combo o el de tu nivel, no ambos.
        </p>
      ) : null}
    </div>
  );
}
