import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
  toDate,
  UNKNOWN_DATE,
} from "./format";

// Intl may use narrow no-break spaces; compare with plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

describe("format", () => {
  // 22:30 UTC is 18:30 in Caracas (UTC-4), and 02:00 UTC on the 6th is still the 5th there.
  const evening = "2025-03-05T22:30:00Z";
  const afterMidnightUtc = "2025-03-06T02:00:00Z";

  it("formats dates in Venezuelan time", () => {
    expect(formatDate(evening)).toBe("5 de marzo de 2025");
    expect(formatDate(afterMidnightUtc)).toBe("5 de marzo de 2025");
    expect(formatDate(evening, "short")).toBe("05/03/2025");
  });

  it("formats times and date-times", () => {
    expect(plain(formatTime(evening))).toMatch(/^6:30 p\.\s?m\.$/);
    expect(plain(formatDateTime(evening))).toMatch(/^5 de marzo de 2025(,| a las) 6:30 p\.\s?m\.$/);
    // One o'clock is "a la 1", never "a las 1" (1:21 a. m. in Caracas is 05:21 UTC).
    const oneAm = "2026-12-01T05:21:00Z";
    expect(plain(formatDateTime(oneAm))).toMatch(/^1 de diciembre de 2026(,| a la) 1:21 a\.\s?m\.$/);
  });

  it("falls back for missing or invalid dates", () => {
    expect(formatDate(null)).toBe(UNKNOWN_DATE);
    expect(formatDateTime("not a date")).toBe(UNKNOWN_DATE);
    expect(toDate("")).toBeNull();
  });

  it("formats money in dollars and bolívares", () => {
    expect(plain(formatMoney(1234.5))).toBe("$1.234,50");
    expect(plain(formatMoney("10", "USD"))).toBe("$10,00");
    expect(plain(formatMoney(1234.5, "VES"))).toBe("Bs. 1.234,50");
    expect(formatMoney(Number.NaN)).toBe("—");
  });

  it("formats numbers with es-VE separators", () => {
    expect(formatNumber(10000)).toBe("10.000");
    expect(formatNumber(1234)).toBe("1.234");
    expect(formatNumber(12.345, 2)).toBe("12,35");
    expect(formatNumber(24.5, 1)).toBe("24,5");
    expect(formatNumber(24, 1)).toBe("24");
    expect(formatNumber(100, 2)).toBe("100");
    expect(formatNumber(Number.NaN)).toBe("—");
  });

  it("writes every count and rate as Intl.NumberFormat es-VE would, without building one", () => {
    // Numbers as screens show them: counts, percentages, rates with up to 4 decimals. Values with a binary
    // fraction that Intl and a decimal rounding could disagree on (x.xx5) are compared on their decimal text.
    const cases = fc.tuple(
      fc.oneof(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.double({ min: -1e9, max: 1e9, noNaN: true, noDefaultInfinity: true }),
      ),
      fc.integer({ min: 0, max: 4 }),
    );
    fc.assert(
      fc.property(cases, ([value, digits]) => {
        const intl = new Intl.NumberFormat("es-VE", { maximumFractionDigits: digits });
        // Intl rounds the binary double; formatNumber the shortest decimal that reads back as it. They can
        // only differ on a tie in that decimal text, which the shortest text decides correctly.
        const decimal = String(Math.abs(value)).split(".")[1] ?? "";
        fc.pre(!/e/.test(String(value)) && !(decimal.length === digits + 1 && decimal.endsWith("5")));
        expect(formatNumber(value, digits)).toBe(intl.format(value).replace(/^-0$/, "0"));
      }),
      { numRuns: 2000 },
    );
  });
});
