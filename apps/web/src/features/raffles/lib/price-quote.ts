import type { Currency } from "@rifazo/shared/constants";
import { LEVELS } from "@rifazo/shared/domain/levels";
import { type Combo, type PriceQuote, quotePurchase } from "@rifazo/shared/domain/pricing";
import { paths } from "../../../lib/paths";
import { comboText } from "./combo-text";

// What the page shows before reserving; the server computes the total it charges from the same rules
// (shared domain/pricing.ts) and the reservation carries it.

export interface QuoteRaffle {
  price: number;
  currency: Currency;
  combos: readonly Combo[];
}

/** The buyer's club level discount (Plata 5 %, Oro 10 %, Diamante 15 %); none for visitors. */
export function levelDiscount(
  levelName: string | null | undefined,
): { name: string; percent: number } | null {
  const level = LEVELS.find((l) => l.name === levelName);
  return level && level.discountPercent > 0 ? { name: level.name, percent: level.discountPercent } : null;
}

export function quoteFor(raffle: QuoteRaffle, quantity: number, levelName: string | null | undefined) {
  const level = levelDiscount(levelName);
  return quotePurchase({
    quantity,
    unitPrice: raffle.price,
    currency: raffle.currency,
    combos: raffle.combos,
    levelName: level?.name ?? null,
    levelDiscountPercent: level?.percent ?? 0,
  });
}

/** The line saying which discount applies, or null when the plain price applies. */
export function discountText(quote: PriceQuote): string | null {
  if (quote.applied === "combo") {
    const used = quote.combosUsed
      .map((c) => `${c.times > 1 ? `${c.times} × ` : ""}${comboText(c, quote.currency)}`)
      .join(" + ");
    return `Combo: ${used}`;
  }
  // A no-break space keeps "(15 %)" on one line on a phone.
  if (quote.applied === "level")
    return `Descuento nivel ${quote.levelName} (${quote.levelDiscountPercent}\u00a0%)`;
  return null;
}

/** The rule stated where both could apply (issue text: the better of the two, never both). */
export const DISCOUNT_RULE =
  "Se aplica el combo o el descuento de tu nivel del club, el que más te convenga; no se suman.";

/** The payment page of a reservation. */
export function reservationPath(raffleId: string, reservationId: string): string {
  return `${paths.proofUpload(raffleId)}?${new URLSearchParams({ reserva: reservationId })}`;
}
