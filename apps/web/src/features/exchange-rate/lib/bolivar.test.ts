import { describe, expect, it } from "vitest";
import { formatRateDate, priceEquivalent } from "./bolivar";

const rate = { rate: 298.64, date: "2025-06-15", source: "BCV" };

describe("priceEquivalent", () => {
  it("converts USD prices to bolívares with the rate's date", () => {
    expect(priceEquivalent(3, "USD", rate)).toEqual({
      amount: "Bs. 895,92",
      note: "Tasa BCV del 15/06/2025",
    });
  });

  it("gives an approximate dollar value for VES prices", () => {
    expect(priceEquivalent(350, "VES", rate)?.amount).toBe("≈ $1,17");
  });

  it("uses es-VE grouping for large amounts", () => {
    expect(priceEquivalent(1000, "USD", rate)?.amount).toBe("Bs. 298.640,00");
  });

  it("shows nothing without a usable rate", () => {
    expect(priceEquivalent(3, "USD", null)).toBeNull();
    expect(priceEquivalent(3, "USD", undefined)).toBeNull();
    expect(priceEquivalent(3, "USD", { ...rate, rate: 0 })).toBeNull();
    expect(priceEquivalent(Number.NaN, "USD", rate)).toBeNull();
  });
});

describe("formatRateDate", () => {
  it("keeps the calendar day in Venezuelan time", () => {
    expect(formatRateDate("2025-06-15")).toBe("15/06/2025");
    expect(formatRateDate("2025-01-01")).toBe("01/01/2025");
  });

  it("leaves anything else as given", () => {
    expect(formatRateDate("hoy")).toBe("hoy");
  });
});
