import { LOCALE, TIME_ZONE } from "@rifazo/shared/constants";
import { prizePlaceName } from "@rifazo/shared/domain/glossary";

// Winners history filters (spec 1 §2, §9): free text, month (1-12) and year (current and two before).
// They live in the URL (?q=&mes=&anio=) so a filtered history can be shared or reloaded.

export const WINNERS_YEAR_SPAN = 3;
export const WINNERS_SEARCH_MAX = 100;

export interface WinnersFilters {
  q: string;
  month: number | null;
  year: number | null;
}

export const EMPTY_FILTERS: WinnersFilters = { q: "", month: null, year: null };

/** Current year in Venezuela and the two before, newest first (same rule as the API). */
export function winnersYears(now: Date = new Date()): number[] {
  const year = Number(new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, year: "numeric" }).format(now));
  return Array.from({ length: WINNERS_YEAR_SPAN }, (_, i) => year - i);
}

/** 'Enero' … 'Diciembre', with value 1-12. */
export const MONTHS: readonly { value: number; label: string }[] = Array.from({ length: 12 }, (_, i) => {
  const name = new Intl.DateTimeFormat(LOCALE, { month: "long", timeZone: "UTC" }).format(
    new Date(Date.UTC(2024, i, 15)),
  );
  return { value: i + 1, label: name.charAt(0).toLocaleUpperCase(LOCALE) + name.slice(1) };
});

function intInRange(value: string | null, min: number, max: number): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const n = Number(value);
  return n >= min && n <= max ? n : null;
}

/** Reads the filters from the URL; anything invalid (a year outside the span, month 13) is ignored. */
export function filtersFromParams(params: URLSearchParams, now: Date = new Date()): WinnersFilters {
  const years = winnersYears(now);
  const year = intInRange(params.get("anio"), 0, 9999);
  return {
    q: (params.get("q") ?? "").slice(0, WINNERS_SEARCH_MAX),
    month: intInRange(params.get("mes"), 1, 12),
    year: year !== null && years.includes(year) ? year : null,
  };
}

/** The URL form of the filters; empty ones are left out. */
export function paramsFromFilters(filters: WinnersFilters): URLSearchParams {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.month) params.set("mes", String(filters.month));
  if (filters.year) params.set("anio", String(filters.year));
  return params;
}

/** The API query string (q, month, year). */
export function apiQuery(filters: WinnersFilters): string {
  const params = new URLSearchParams();
  const q = filters.q.trim();
  if (q) params.set("q", q);
  if (filters.month) params.set("month", String(filters.month));
  if (filters.year) params.set("year", String(filters.year));
  const text = params.toString();
  return text ? `?${text}` : "";
}

export function hasFilters(filters: WinnersFilters): boolean {
  return Boolean(filters.q.trim() || filters.month || filters.year);
}

/** The glossary's prize place name (shared), kept under the name this feature uses. */
export const prizeLevelLabel = prizePlaceName;
