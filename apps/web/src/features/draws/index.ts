export type { DrawResult, RaffleRecord, TicketVerificationResponse } from "./api";
export { drawApi, drawsQuery, recordKeys, recordQuery, ticketVerificationQuery } from "./api";
export { CheckpointCheck, checkpointCodesIn } from "./components/checkpoint-check";
export { celebrate } from "./components/confetti";
export { DisqualificationList, RaffleDisqualifications } from "./components/disqualifications";
export { DrawRecords } from "./components/draw-records";
export { LotteryResultList, RaffleLotteryResults } from "./components/lottery-results";
export { OwnershipCheck } from "./components/ownership-check";
export { type CheckableRaffle, ReceiptCheckForm } from "./components/receipt-check-form";
export { RecordLink, recordAvailableOf, useRecordExists } from "./components/record-link";
export { RecordView } from "./components/record-view";
export { ResultAnnouncer } from "./components/result-announcer";
export { Roulette } from "./components/roulette";
export { DownloadRecordButton, VerifyDraw } from "./components/verify-draw";
export {
  recordStage,
  recordTitle,
  recordTotalTickets,
  roundOf,
  rulesOf,
  type ShownDisqualification,
  type ShownWinner,
  shownDisqualifications,
  shownWinners,
} from "./lib/record-text";
export { resultAnnouncement } from "./lib/result-announcement";
export { prefersReducedMotion } from "./lib/roulette";
export { type VerifierHeadline, verifierHeadline } from "./lib/verifier-headline";
export {
  VERIFIER_KEPT_PARAMS,
  VERIFIER_NUMBER_PARAM,
  VERIFIER_PAGE_PARAM,
  verifierPage,
  verifierSearch,
} from "./lib/verifier-params";
