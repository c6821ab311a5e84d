// draws' entry (decision 0026): the draw, its record and what other modules read of them.
export { announceWinners } from "./announce";
export { relayStatuses } from "./drand-relays";
export { scheduleDrawJob } from "./draw-job";
export {
  freezeRaffleWith,
  publishRulesOfRafflesOnSale,
  publishRulesOnSale,
  recordCancel,
  recordClose,
  recordLotteryFallback,
} from "./freeze";
export { type InstantPurchaseRef, instantOutcomeOf, instantOutcomes } from "./instant-outcome";
export { lateDraws } from "./late-rounds";
export {
  decideInstantRound,
  recordInstantFinal,
  resolveDueInstantDraws,
} from "./record-instant";
export {
  appendPrizeEntry,
  awardedAtOf,
  instantSlotCash,
  namedOnRecord,
  type PrizeRecord,
  prizeDeadline,
  prizeRecord,
  prizeRecords,
} from "./record-prizes";
export {
  confirmExternalCorrection,
  DRAW_V2_MESSAGES,
  type DrawContext,
  discardExternalCorrection,
  disqualifyWinner,
  disqualifyWinnerIn,
  enterExternalResult,
  pasteBeacon,
  pendingCorrections,
  performDrawIn,
  resolveReplacementIn,
} from "./record-service";
export {
  findRaffle,
  hasRecord,
  latestHeldBeacon,
  type RecordSummary,
  recordEntries,
  recordHead,
  recordSummaries,
  storeBeacon,
} from "./repository";
export { drawRoutes } from "./routes";
export { externalBinding, externalRuleText } from "./rules";
export { shortName } from "./service";
export { drawTrustOf, setConfiguredDrawChain } from "./trust";
