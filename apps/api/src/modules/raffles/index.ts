// What other modules may use of this one (docs/decisions/0026-api-module-walls.md).
export { cardColumns, heldTickets, type RaffleCardRow, raffleTextMatch, winnersOf } from "./repository";
export { raffleRoutes } from "./routes";
export { foldSql, matchesAllTerms, searchTerms } from "./search";
export {
  assertRaffleId,
  maskedName,
  notifyRaffleOpened,
  type PrizeStatuses,
  prizeStatusesOf,
  raffleNotFound,
  toPublicRaffle,
  toWinner,
  withWinners,
} from "./service";
