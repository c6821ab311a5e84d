import { describe, expect, it } from "vitest";
import {
  apiQuery,
  filtersFromParams,
  hasFilters,
  MONTHS,
  paramsFromFilters,
  prizeLevelLabel,
  winnersYears,
} from "./filters";

// 2026-01-01 02:00 UTC is still 31 December 2025 in Caracas (UTC−4).
const NEW_YEAR_UTC = new Date("2026-01-01T02:00:00Z");

describe("winners filters", () => {
  it("offers the current Venezuelan year and the two before", () => {
    expect(winnersYears(NEW_YEAR_UTC)).toEqual([2025, 2024, 2023]);
    expect(winnersYears(new Date("2026-06-01T12:00:00Z"))).toEqual([2026, 2025, 2024]);
  });

  it("names the twelve months in Spanish", () => {
    expect(MONTHS).toHaveLength(12);
    expect(MONTHS[0]).toEqual({ value: 1, label: "Enero" });
    expect(MONTHS[11]).toEqual({ value: 12, label: "Diciembre" });
  });

  it("reads valid URL filters and drops invalid ones", () => {
    const now = new Date("2026-06-01T12:00:00Z");
    expect(filtersFromParams(new URLSearchParams("q=moto&mes=3&anio=2025"), now)).toEqual({
      q: "moto",
      month: 3,
      year: 2025,
    });
    expect(filtersFromParams(new URLSearchParams("mes=13&anio=2019"), now)).toEqual({
      q: "",
      month: null,
      year: null,
    });
    expect(filtersFromParams(new URLSearchParams("mes=abc&anio=2026x"), now)).toEqual({
      q: "",
      month: null,
      year: null,
    });
  });

  it("writes URL and API queries without empty values", () => {
    const filters = { q: "  tv ", month: null, year: 2026 };
    expect(paramsFromFilters(filters).toString()).toBe("q=tv&anio=2026");
    expect(apiQuery(filters)).toBe("?q=tv&year=2026");
    expect(apiQuery({ q: "", month: null, year: null })).toBe("");
    expect(hasFilters({ q: " ", month: null, year: null })).toBe(false);
    expect(hasFilters({ q: "", month: 2, year: null })).toBe(true);
  });

  it("labels prize levels", () => {
    expect(prizeLevelLabel(1)).toBe("Primer premio");
    expect(prizeLevelLabel(3)).toBe("Tercer premio");
    expect(prizeLevelLabel(11)).toBe("Premio 11");
  });
});
