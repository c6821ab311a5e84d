// Draw v2 (decision 0012): the record, the drand draw, disqualifications and external-lottery results. Every
// change locks the raffle row, appends to the record (repository.appendRecordEntry) and updates the
// winners table in one transaction, so the record and what pages show never disagree. Nothing here
// lets anyone choose a winner: the beacon is verified against the chain the record named at the
// freeze, and replacements and lottery mappings come from the shared protocol code.
// The steps live in the record-*.ts files beside this one; this file keeps their public names in one place.

export { DRAW_V2_MESSAGES, type DrawContext } from "./record-common";
export {
  type DisqualifyInput,
  type DisqualifyResult,
  disqualifyWinner,
  disqualifyWinnerIn,
  refreshLatestBeacon,
} from "./record-disqualify";
export {
  type DrawOptions,
  drawDueRaffles,
  drawOnDemand,
  pasteBeacon,
  performDraw,
  performDrawIn,
  recordFor,
} from "./record-draw";
export {
  adminTag,
  confirmExternalCorrection,
  discardExternalCorrection,
  type ExternalResultInput,
  enterExternalResult,
  pendingCorrections,
  publicationFile,
} from "./record-external";
export { resolveDueReplacements, resolveReplacement, resolveReplacementIn } from "./record-replacement";
