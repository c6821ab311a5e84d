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
    expect(formatNumber(12.345, 2)).toBe("12,35");
  });
});
