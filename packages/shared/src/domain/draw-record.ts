/**
 * The raffle's record (decision 0012, docs/draw-protocol.md §2-3, §9-11): an append-only list of entries,
 * each carrying the hash of the previous one, from the rules as sold to the winners. Editing any past
 * entry breaks the chain, and `verifyRecord` recomputes everything a reader needs to trust the result:
 * the chain, the frozen list's hash, the drand round named at the freeze, the beacon's BLS signature,
 * the winners, each replacement and each external-lottery mapping.
 *
 * Pure and browser-safe (Web Crypto; the BLS code is in drand.ts, loaded with this module). The steps
 * live in draw-record/, in the order of the protocol; this file is the one public entry point.
 */

/** Claim period of new raffles when the organiser states no other (claim-period.ts, one place). */
export { DEFAULT_CLAIM_PERIOD_DAYS } from "./claim-period";
export {
  DISQUALIFICATION_REASONS_V3,
  type DisqualificationReasonCode,
  type DisqualificationReasonRule,
} from "./disqualification-reasons";
export * from "./draw-record/chain";
export * from "./draw-record/external";
export * from "./draw-record/types";
export * from "./draw-record/verification";
export { verifyRecord } from "./draw-record/verify";
export { type AnyVerification, verifyAny } from "./draw-record/verify-any";
export { prizeCheckName } from "./draw-record/verify-prizes";
