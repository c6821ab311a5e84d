import { describe, expect, it } from "vitest";
import { formatDateTime } from "./dates";
import { abonoBalanceText, abonoNumbersLabel, abonoNumbersNote, abonoTitle } from "./receipt-abono";

// The texts the receipt of an abono's payment prints on the page, the PNG and the PDF (decision 0034).

const balance = { total: 10, paid: 4, remaining: 6, complete: false, currency: "USD" as const };

describe("receipt of an abono's payment", () => {
  it("says which payment, what is paid and what is left before the close", () => {
    expect(abonoTitle(1, 2)).toBe("Abono 1 de 2");
    const close = "2026-11-30T12:00:00.000Z";
    // The close in Venezuelan time, as every receipt date (ICU words it "…de 2026, 8:00 a. m.").
    expect(formatDateTime(close)).toMatch(/^30 de noviembre de 2026.*8:00/);
    expect(abonoBalanceText(balance, "apartados", close)).toBe(
      `Pagado $4,00 de $10,00 · faltan $6,00 antes del cierre (${formatDateTime(close)})`,
    );
    expect(abonoBalanceText(balance, "apartados", null)).toBe(
      "Pagado $4,00 de $10,00 · faltan $6,00 antes del cierre de la rifa",
    );
    const whole = { ...balance, paid: 10, remaining: 0, complete: true };
    expect(abonoBalanceText(whole, "sold", null)).toBe("Pagado $10,00 de $10,00 · compra pagada");
    expect(abonoBalanceText(balance, "released", null)).toBe(
      "Pagado $4,00 de $10,00 · la compra no se completó",
    );
  });

  it("names the numbers by their state: apartados never play until the purchase is paid", () => {
    expect(abonoNumbersLabel("apartados", 2)).toBe("Números apartados (2)");
    expect(abonoNumbersNote("apartados", { final: false, chosen: true })).toBe(
      "Apartados, no participan hasta completar el pago.",
    );
    expect(abonoNumbersNote("apartados", { final: false, chosen: false })).toContain("al azar");
    expect(abonoNumbersNote("sold", { final: true, chosen: true })).toBe(
      "Vendidos con este pago, el que completó la compra.",
    );
    expect(abonoNumbersNote("sold", { final: false, chosen: true })).toContain("etiquetas de ese pago");
    expect(abonoNumbersLabel("released", 2)).toBe("Números liberados (2)");
  });
});
