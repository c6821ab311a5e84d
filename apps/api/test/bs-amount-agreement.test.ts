import { formatMoney, parseEsNumber, quotePurchase, sameCents } from "@rifazo/shared";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { priceEquivalent } from "../../web/src/features/exchange-rate/lib/bolivar";
import { amountFor } from "../src/modules/purchases/service";

// The Bs a buyer sees on the web (purchase summary: priceEquivalent of the quote's total) is what they
// pay by Pago Móvil; the server checks the payment against amountFor at the same rate. Both must be the
// same cents for every price, quantity and rate, or a buyer paying the figure shown is refused.

const bcvRate = (rate: number) => ({ rate, date: "2026-02-11", source: "BCV" });

function bothSides(unitPrice: number, quantity: number, rate: number) {
  const { total } = quotePurchase({ quantity, unitPrice, currency: "USD" });
  const shown = priceEquivalent(total, "USD", bcvRate(rate))?.amount ?? null;
  const due = amountFor("pago_movil", total, "USD", rate);
  return { shown, due };
}

describe("the Bs shown on the web and the Bs the server asks for", () => {
  it("agree for every price, quantity and rate", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 100_000 }), // unit price in cents, up to $1.000
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 1, max: 10_000_000 }), // rate in ten-thousandths, up to Bs. 1.000/$
        (unitCents, quantity, rateUnits) => {
          const { shown, due } = bothSides(unitCents / 100, quantity, rateUnits / 10_000);
          expect(due.currency).toBe("VES");
          expect(due.amount).not.toBeNull();
          expect(shown).toBe(formatMoney(due.amount ?? Number.NaN, "VES"));
          // What the buyer types from the screen passes the server's comparison.
          const typed = parseEsNumber(shown ?? "");
          expect(typed.ok && sameCents(typed.value, due.amount ?? Number.NaN)).toBe(true);
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it.each([
    // Found by fast-check on the old code: $70.389 × 900,045 is exactly 63.353.267,505; the web showed
    // ,51 and the server, rounding the float product 63353267.50499999, asked for ,50.
    [142.2, 495, 900.045, "Bs. 63.353.267,51"],
    // A product ending in exactly half a cent rounds up on both sides.
    [1.5, 1, 0.67, "Bs. 1,01"],
  ])("$%s × %s at %s is %s on both sides", (unitPrice, quantity, rate, expected) => {
    const { shown, due } = bothSides(unitPrice, quantity, rate);
    expect(shown).toBe(expected);
    expect(formatMoney(due.amount ?? Number.NaN, "VES")).toBe(expected);
  });
});
