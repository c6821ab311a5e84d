import { countText } from "@rifazo/shared/domain/plural";
import type { PriceQuote } from "@rifazo/shared/domain/pricing";
import { formatMoney } from "../../../lib/format";
import { priceEquivalent, useExchangeRate } from "../../exchange-rate";
import { DISCOUNT_RULE, discountText } from "../lib/price-quote";

/** Subtotal, the discount that applies (combo or club level, the better one) and the total to pay. */
export function PurchaseSummary({ quote, showRule }: { quote: PriceQuote; showRule: boolean }) {
  const rate = useExchangeRate();
  const equivalent = priceEquivalent(quote.total, quote.currency, rate);
  const discount = discountText(quote);
  return (
    <div className="space-y-2 border-t border-brand-200 pt-4" aria-live="polite">
      {discount ? (
        <div className="space-y-1 text-sm">
          <p className="flex justify-between gap-3 text-muted">
            <span>
              {countText(quote.quantity, "boleto", "boletos")} ×{" "}
              {formatMoney(quote.unitPrice, quote.currency)}
            </span>
            <span className="line-through">{formatMoney(quote.subtotal, quote.currency)}</span>
          </p>
          <p
            className="flex justify-between gap-3 font-semibold text-success-700"
            data-testid="purchase-discount"
          >
            <span>{discount}</span>
            <span className="whitespace-nowrap">−{formatMoney(quote.discount, quote.currency)}</span>
          </p>
        </div>
      ) : null}
      <div className="flex items-end justify-between gap-3">
        <span className="text-sm font-semibold text-muted">Total a pagar</span>
        <div className="text-right">
          {/* A figure, not a heading: a large bold <p> above a small one reads to axe as a fake heading. */}
          <span className="block text-2xl font-black text-brand-800" data-testid="purchase-total">
            {formatMoney(quote.total, quote.currency)}
          </span>
          {equivalent ? <p className="text-xs text-muted">{equivalent.amount}</p> : null}
        </div>
      </div>
      {showRule ? <p className="text-xs text-muted">{DISCOUNT_RULE}</p> : null}
    </div>
  );
}
