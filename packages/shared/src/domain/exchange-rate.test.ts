import { describe, expect, it } from "vitest";
import { parseExchangeRate } from "../schemas/settings";
import { isUsableRate } from "./exchange-rate";

describe("exchange rate", () => {
  it("a rate converts only when finite and above zero", () => {
    expect(isUsableRate(298.64)).toBe(true);
    for (const rate of [0, -1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isUsableRate(rate), String(rate)).toBe(false);
  });

  it("reads the stored setting as a rate, or null for anything that is not a usable one", () => {
    const stored = { rate: 298.64, date: "2025-06-15", source: "BCV" };
    expect(parseExchangeRate(stored)).toEqual(stored);
    for (const value of [
      undefined,
      null,
      "298.64",
      { rate: 0, date: "2025-06-15", source: "BCV" },
      { rate: "298.64", date: "2025-06-15", source: "BCV" },
      { rate: 298.64 },
    ]) {
      expect(parseExchangeRate(value), JSON.stringify(value)).toBeNull();
    }
  });
});
