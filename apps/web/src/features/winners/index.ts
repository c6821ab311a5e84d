export { winnersQueryOptions } from "./api";
export type { WinnersFilters } from "./filters";
export { EMPTY_FILTERS, filtersFromParams, paramsFromFilters, winnersYears } from "./filters";
export { WinnerPlace } from "./winner-place";
export { WinnersFiltersBar } from "./winners-filters";
export { WinnersHistory } from "./winners-history";
