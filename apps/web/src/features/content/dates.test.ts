import { describe, expect, it } from "vitest";
import { formatDay } from "./dates";

describe("formatDay", () => {
  it("keeps the calendar day in Venezuelan time", () => {
    expect(formatDay("2026-11-21")).toBe("21 de noviembre de 2026");
    expect(formatDay("2026-01-01", "short")).toBe("01/01/2026");
  });

  it("falls back for missing or malformed days", () => {
    expect(formatDay(null)).toBe("Fecha desconocida");
    expect(formatDay("21/11/2026")).toBe("Fecha desconocida");
  });
});
