import type { Currency } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import type { Combo } from "@rifazo/shared/domain/pricing";
import { formatMoney, formatNumber } from "../../../lib/format";

// Combo wording, kept apart from the pricing code: the raffle cards (home page) need only this.

/** "5 boletos por $4,00". */
export function comboText(combo: Combo, currency: Currency): string {
  return `${countText(combo.quantity, "boleto", "boletos")} por ${formatMoney(combo.price, currency)}`;
}

/** "5 x $4,00", for the card's badge. */
export function comboBadgeText(combo: Combo, currency: Currency): string {
  return `${formatNumber(combo.quantity)} x ${formatMoney(combo.price, currency)}`;
}

/** Combos from the smallest package up. */
export function sortedCombos(combos: readonly Combo[]): Combo[] {
  return [...combos].sort((a, b) => a.quantity - b.quantity);
}
