export { numbersKey, raffleNumbersQuery, takenNumbersOf } from "./api/purchase-api";
export type { RaffleDetail } from "./api/raffles-api";
export { featuredRafflesQuery, raffleDetailQuery, raffleKeys, raffleListQuery } from "./api/raffles-api";
export { ComboBadges } from "./components/combo-badges";
export { DrawResultLink } from "./components/draw-result-link";
export { InstantPrizes } from "./components/instant-prizes";
// The number grid's parts, for a vendedor choosing numbers for a buyer (features/sellers).
export { type FocusRequest, NumberGrid } from "./components/number-picker/number-grid";
export { PickerTools } from "./components/number-picker/picker-tools";
export { SelectionList } from "./components/number-picker/selection-list";
export { useNumberAvailability } from "./components/number-picker/use-number-availability";
export { PrizeGallery } from "./components/prize-gallery";
export { RaffleAction } from "./components/raffle-action";
export { RaffleBadge } from "./components/raffle-badge";
export { RaffleCardSkeleton } from "./components/raffle-card-skeleton";
export { RaffleGrid } from "./components/raffle-grid";
export { RaffleImage } from "./components/raffle-image";
export { RaffleImageActions } from "./components/raffle-image-actions";
export { TicketPurchase } from "./components/ticket-purchase";
export { WinnerList } from "./components/winner-list";
export { abonoRuleText } from "./lib/abono-text";
export { toCardInput } from "./lib/card-input";
export { comboText, sortedCombos } from "./lib/combo-text";
export { drawInfo } from "./lib/draw-info";
export {
  FILTER_OPTIONS,
  isFiltered,
  isRaffleListFilter,
  normalizeSearch,
  readCriteria,
  SEARCH_MAX_LENGTH,
  SEARCH_PARAM,
  STATUS_PARAM,
  writeCriteria,
} from "./lib/list-filters";
export { parseTakenNumbers, pickRandomAvailable } from "./lib/number-selection";
export { shortHash } from "./lib/purchase";
export { DETAIL_IMAGE_SIZES } from "./lib/raffle-image";
export { RAFFLE_TEXT } from "./lib/raffle-text";
