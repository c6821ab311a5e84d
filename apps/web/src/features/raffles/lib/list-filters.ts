import type { RaffleListFilter } from "@rifazo/shared/schemas/raffles";

// The /rifas status filter and search, kept in the URL (?estado=finished&q=moto) so a filtered list can be
// shared. The values are the API's filter codes; the default (active_upcoming) is left out of the URL.

export const STATUS_PARAM = "estado";
export const SEARCH_PARAM = "q";
export const DEFAULT_FILTER: RaffleListFilter = "active_upcoming";
/** Same limit as the API (longer searches are refused there). */
export const SEARCH_MAX_LENGTH = 100;

export const FILTER_OPTIONS: ReadonlyArray<{ value: RaffleListFilter; label: string }> = [
  { value: "active_upcoming", label: "Activas y Próximas" },
  { value: "all", label: "Todas" },
  { value: "active", label: "Activas" },
  { value: "upcoming", label: "Próximas" },
  { value: "closed", label: "Cerradas" },
  { value: "finished", label: "Finalizadas" },
];

const FILTER_VALUES = new Set<string>(FILTER_OPTIONS.map((option) => option.value));

export function isRaffleListFilter(value: unknown): value is RaffleListFilter {
  return typeof value === "string" && FILTER_VALUES.has(value);
}

export interface ListCriteria {
  status: RaffleListFilter;
  q: string;
}

/** Reads the criteria from the URL; an unknown status (an old or edited link) falls back to the default. */
export function readCriteria(params: URLSearchParams): ListCriteria {
  const status = params.get(STATUS_PARAM);
  return {
    status: isRaffleListFilter(status) ? status : DEFAULT_FILTER,
    q: normalizeSearch(params.get(SEARCH_PARAM) ?? ""),
  };
}

/** Collapses whitespace and trims, so "  moto " and "moto" are the same search (and the same cache entry). */
export function normalizeSearch(value: string): string {
  return value.replace(/\s+/g, " ").trim().slice(0, SEARCH_MAX_LENGTH);
}

/** The next URL parameters: other parameters are kept, defaults and empty searches are dropped. */
export function writeCriteria(params: URLSearchParams, criteria: Partial<ListCriteria>): URLSearchParams {
  const next = new URLSearchParams(params);
  if (criteria.status !== undefined) {
    if (criteria.status === DEFAULT_FILTER) next.delete(STATUS_PARAM);
    else next.set(STATUS_PARAM, criteria.status);
  }
  if (criteria.q !== undefined) {
    const q = normalizeSearch(criteria.q);
    if (q) next.set(SEARCH_PARAM, q);
    else next.delete(SEARCH_PARAM);
  }
  return next;
}

/** Whether the visitor narrowed the list (decides which empty text is shown). */
export function isFiltered(criteria: ListCriteria): boolean {
  return criteria.status !== DEFAULT_FILTER || criteria.q !== "";
}
