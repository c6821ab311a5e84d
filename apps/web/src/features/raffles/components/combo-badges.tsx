import type { Currency } from "@rifazo/shared/constants";
import type { Combo } from "@rifazo/shared/domain/pricing";
import { cn } from "../../../lib/cn";
import { comboBadgeText, comboText, sortedCombos } from "../lib/combo-text";

/** The raffle's packages as small badges: "5 x $4,00" (the full "5 boletos por $4,00" for readers). */
export function ComboBadges({
  combos,
  currency,
  className,
}: {
  combos: readonly Combo[];
  currency: Currency;
  className?: string;
}) {
  if (combos.length === 0) return null;
  return (
    <ul className={cn("flex flex-wrap gap-1.5", className)} aria-label="Combos">
      {sortedCombos(combos).map((combo) => (
        <li
          key={combo.quantity}
          className="rounded-pill bg-accent-100 px-2.5 py-0.5 text-xs font-bold text-brand-950"
          title={comboText(combo, currency)}
        >
          <span aria-hidden="true">{comboBadgeText(combo, currency)}</span>
          <span className="sr-only">{comboText(combo, currency)}</span>
        </li>
      ))}
    </ul>
  );
}
