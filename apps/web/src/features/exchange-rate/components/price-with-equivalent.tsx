import type { Currency } from "@rifazo/shared/constants";
import { cn } from "../../../lib/cn";
import { formatMoney } from "../../../lib/format";
import { useExchangeRate } from "../hooks/use-exchange-rate";
import { priceEquivalent } from "../lib/bolivar";

interface PriceWithEquivalentProps {
  price: number;
  currency: Currency;
  /** Text after the price, e.g. "por boleto". */
  suffix?: string;
  size?: "md" | "lg";
  className?: string;
}

/** A price in its own currency with the other currency's figure under it ("Bs. 895,92 · Tasa BCV del ..."). */
export function PriceWithEquivalent({
  price,
  currency,
  suffix,
  size = "md",
  className,
}: PriceWithEquivalentProps) {
  const equivalent = priceEquivalent(price, currency, useExchangeRate());
  return (
    <div className={cn("min-w-0", className)}>
      <p className="flex flex-wrap items-baseline gap-x-1.5">
        <span className={cn("font-black text-brand-800", size === "lg" ? "text-3xl" : "text-xl")}>
          {formatMoney(price, currency)}
        </span>
        {suffix ? <span className="text-sm text-muted">{suffix}</span> : null}
      </p>
      {/* The line keeps its height while the rate loads, so the card below does not jump. */}
      <p className="min-h-5 text-xs text-muted">
        {equivalent ? (
          <>
            <span className="font-semibold text-ink">{equivalent.amount}</span>
            <span aria-hidden="true"> · </span>
            <span>{equivalent.note}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}
