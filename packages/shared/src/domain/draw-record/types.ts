import type { DisqualificationReasonRule } from "../disqualification-reasons";
import type { DrandChainInfo } from "../drand";
import type { PrizeLevel } from "../draw-engine";
import type { ALGORITHM_VERSION_V2, FrozenTicket } from "../draw-engine-v2";
import type { LotteryFallback } from "../lottery-binding";
import type { CloseReason } from "../raffle-lifecycle";

/** Record format of protocol v2 (decision 0012, until the blind decisions of decision 0021). */
export const RECORD_FORMAT = "rifazo-record-1";
/**
 * Record format of protocol v3 (docs/decisions/0021-blind-decisions.md): every decision after the
 * freeze names a future drand round, proven future by the latest beacon the server held.
 */
export const RECORD_FORMAT_V3 = "rifazo-record-3";
export type RecordFormat = typeof RECORD_FORMAT | typeof RECORD_FORMAT_V3;
export const RECORD_FORMATS: readonly RecordFormat[] = [RECORD_FORMAT, RECORD_FORMAT_V3];

/** prevHash of the first entry: 64 zeros. */
export const GENESIS_PREV_HASH = "0".repeat(64);

// ---------------------------------------------------------------------------------------------
// Entry data
// ---------------------------------------------------------------------------------------------

/** Maps an official lottery result to a ticket number (mapExternalResult; protocol §10). */
export interface LastDigitsRule {
  kind: "last_digits";
  /** How many trailing digits of each official number are read (1..9, and 10^digits ≥ totalTickets). */
  digits: number;
}
export type ExternalRule = LastDigitsRule;

export interface InternalAnnouncement {
  type: "internal";
  /** The freeze names the first drand round at least this many minutes later. */
  roundDelayMinutes: number;
}

export interface ExternalAnnouncement {
  type: "external";
  /** The lottery's name, e.g. "Triple Zulia (sorteo de las 4:45 p. m.)". */
  lottery: string;
  /** ISO time of the lottery's draw. */
  drawAt: string;
  rule: ExternalRule;
  /** The rule in plain Spanish, as shown to buyers. */
  ruleText: string;
  /**
   * v3, decision 0024: what happens if the list is not frozen when the lottery draws (its result is then
   * never used): a drand draw (round named at the freeze, `fallbackRoundDelayMinutes` later) or a cancellation.
   */
  fallback?: LotteryFallback;
  fallbackRoundDelayMinutes?: number;
  /** v3, decision 0024: hours after the result entry during which a (four-eyes) correction may be confirmed. */
  correctionWindowHours?: number;
}

export interface RulesPublishedData {
  title: string;
  currency: string;
  /** Ticket price, decimal text with 2 decimals ("5.00"): the record holds no fractional numbers. */
  price: string;
  totalTickets: number;
  activationType: string;
  activationPercentage: number | null;
  /** ISO times; endDate null when the raffle ends by percentage. */
  startDate: string;
  endDate: string | null;
  reviewWindowHours: number;
  maxTicketsPerBuyer: number | null;
  prizeLevels: RulesPrizeLevel[];
  announcement: InternalAnnouncement | ExternalAnnouncement;
  /** v3: days a winner has to claim the prize (counted from the entry that named them). */
  claimPeriodDays?: number;
  /** v3: the only reasons a winner may be disqualified for. */
  disqualificationReasons?: DisqualificationReasonRule[];
  /** v3: minimum minutes between a disqualification and the round that draws its replacement. */
  replacementDelayMinutes?: number;
  /**
   * Decision 0035: the instant prizes as sold, in the organiser's order (the k-th instant win takes the
   * k-th slot of this list expanded by counts, instantSlots()). Left out when the raffle has none, so
   * older records hash the same.
   */
  instantPrizes?: RulesInstantPrize[];
}

/** Decision 0035: N instant prizes of one kind, as sold; `cash` as on a prize level. */
export interface RulesInstantPrize {
  description: string;
  count: number;
  cash?: { currency: "USD" | "VES"; amount: string };
}

/** A beacon the server had verified before writing an entry: it proves how late the entry was made. */
export interface LatestBeacon {
  round: number;
  signature: string;
}

export interface ClosedData {
  reason: CloseReason;
  /** ISO time at which proofs still pending are rejected. */
  reviewDeadline: string;
}

/** The frozen list. Its time (frozenAt) is the entry's `at`. */
export interface FrozenData {
  /** Ascending by number. */
  tickets: FrozenTicket[];
  ticketCount: number;
  /** frozenListHash(tickets). */
  listHash: string;
  /** Proofs rejected because the review window ended (count). */
  expiredProofs: number;
}

export interface RoundNamedData {
  /** The chain whose round decides the draw (its info, as its relays publish it). */
  chain: DrandChainInfo;
  round: number;
  /** ISO time at which the round is published. */
  roundTime: string;
  delayMinutes: number;
  /** v3: the latest verified beacon the server held at the freeze (the named round must be later). */
  latestBeacon?: LatestBeacon | null;
}

export interface BeaconData {
  round: number;
  signature: string;
  /** SHA-256 of the signature bytes: the HMAC key of the draw. */
  randomness: string;
  /** Where the server got it: a relay, or an admin who pasted it (verified the same way). */
  source: "relay" | "admin";
}

export interface RecordWinner {
  level: number;
  index: number;
  ticketNumber: number;
  /** The ticket's owner tag from the frozen list. */
  tag: string;
  description: string;
}

export interface WinnersData {
  algorithm: typeof ALGORITHM_VERSION_V2;
  /** Original picks, by level then index. */
  winners: RecordWinner[];
}

export interface ReplacementPick {
  level: number;
  index: number;
  ticketNumber: number;
  tag: string;
}

export interface DisqualificationData {
  /** The disqualified winner (an original pick or an earlier replacement). */
  level: number;
  index: number;
  ticketNumber: number;
  /** v2: free text; v3: a code of the rules' closed list ("unclaimed", "fraud"). */
  reason: string;
  /** v2 only: determined by the protocol (§9); null when no ticket was left. */
  replacement?: ReplacementPick | null;
  /** v3: the reason's text from the rules. */
  reasonText?: string;
  /** v3: SHA-256 (hex) of the evidence document (required for "fraud"), or null. */
  evidenceHash?: string | null;
  /** v3: the chain whose round draws the replacement (the round_named chain for an internal draw). */
  chain?: DrandChainInfo;
  /** v3: the round that draws the replacement, at least `delayMinutes` after `latestBeacon`. */
  round?: number;
  roundTime?: string;
  delayMinutes?: number;
  latestBeacon?: LatestBeacon;
}

/** v3: the replacement of a disqualification, drawn with its named round once published. */
export interface ReplacementData {
  /** seq of the disqualification entry. */
  disqualification: number;
  round: number;
  signature: string;
  randomness: string;
  source: "relay" | "admin";
  replacement: ReplacementPick | null;
}

export interface ExternalResultData {
  /** The official result as published: one or more numbers separated by commas. */
  result: string;
  /** Link to (or photo of) the official publication. */
  sourceUrl: string;
  /** Decision 0024: SHA-256 (hex) of the uploaded official publication (photo or PDF), served publicly. */
  publicationHash?: string;
  /** mapExternalResult's winners, slot by slot. */
  winners: RecordWinner[];
}

export interface ExternalCorrectionData extends ExternalResultData {
  /** seq of the external_result or external_correction entry this one corrects. */
  corrects: number;
  reason: string;
  /** Decision 0024: the administrator who proposed it and the different one who confirmed it (tags, not people). */
  proposedBy?: string;
  proposedAt?: string;
  confirmedBy?: string;
}

/** Decision 0024: the lottery drew before the list froze, so its result is never used; the rules' fallback runs. */
export interface LotteryFallbackData {
  fallback: LotteryFallback;
  /** The lottery's draw time (from the rules) that came before the freeze. */
  drawAt: string;
  reason: string;
}

/**
 * Decision 0035: a prize level of the rules as sold; `cash` when the prize is money (its amount as decimal
 * text with 2 decimals, like the price), which a cash delivery is checked against.
 */
export interface RulesPrizeLevel extends PrizeLevel {
  cash?: { currency: "USD" | "VES"; amount: string };
}

/**
 * Decision 0035: the prize an entry is about: the winner at (level, index), by its ticket. Instant prizes
 * are level INSTANT_PRIZE_LEVEL (0), index = the slot their instant_draw gave them.
 */
export interface PrizeRef {
  level: number;
  index: number;
  ticketNumber: number;
}

/** The winner sent the claim (its evidence stays private); `at` proves it came within the claim period. */
export type PrizeClaimedData = PrizeRef;

export interface PrizeDeliveredData extends PrizeRef {
  method: "in_person" | "transfer" | "pago_movil" | "shipping";
  /** The day it was delivered or paid (YYYY-MM-DD, Venezuela). */
  deliveredOn: string;
  /** SHA-256 (hex) of the proof (photo, transfer receipt), kept private. */
  proofHash: string;
  /** A cash prize: what was paid, and the BCV rate of `deliveredOn` when the currencies differ. Decimal text. */
  cash?: {
    prizeCurrency: "USD" | "VES";
    prizeValue: string;
    paidCurrency: "USD" | "VES";
    paidAmount: string;
    rate: string | null;
    rateDate: string | null;
  };
  /** seq of the delivery entry this one corrects (entries are never edited). */
  corrects?: number;
}

export interface PrizeConfirmationData extends PrizeRef {
  /** received: «Recibí mi premio»; disputed: the winner opened a dispute; resolved: the organiser closed it. */
  outcome: "received" | "disputed" | "resolved";
}

/**
 * Decision 0035, "rifazo-instant-1": a purchase became final (a proof approved, a vendedor's cash sale
 * recorded) in a raffle with instant prizes. It names the first round of `chain` published at least
 * INSTANT_DELAY_MS after the entry's `at` and after `latestBeacon` (the latest verified beacon the server
 * held; null when it held none), whose randomness decides the purchase's tickets.
 */
export interface InstantFinalData {
  /** The purchase's ticket numbers, ascending. */
  tickets: number[];
  chain: DrandChainInfo;
  round: number;
  /** ISO time at which the round is published. */
  roundTime: string;
  latestBeacon: LatestBeacon | null;
}

/** One instant prize won: the ticket, its slot (0-based, in the order of the wins) and the slot's prize. */
export interface InstantWin {
  ticketNumber: number;
  index: number;
  description: string;
}

/**
 * Decision 0035: the round named by `instant_final` entries is out: every such entry naming it (none
 * left undecided from an earlier round) is decided in record order by decideInstantBatch.
 */
export interface InstantDrawData {
  algorithm: "rifazo-instant-1";
  round: number;
  signature: string;
  /** SHA-256 of the signature bytes: the HMAC key. */
  randomness: string;
  source: "relay" | "admin";
  /** The instant_final entries decided (their seq, ascending), each with its wins. */
  decided: { final: number; wins: InstantWin[] }[];
  /** The budget after this draw: instant prizes not won yet, tickets of the raffle not decided yet. */
  prizesLeft: number;
  undecided: number;
}

export interface CancelledData {
  reason: string;
}

export interface RecordEntryDataMap {
  rules_published: RulesPublishedData;
  closed: ClosedData;
  frozen: FrozenData;
  round_named: RoundNamedData;
  beacon: BeaconData;
  winners: WinnersData;
  disqualification: DisqualificationData;
  replacement: ReplacementData;
  external_result: ExternalResultData;
  external_correction: ExternalCorrectionData;
  lottery_fallback: LotteryFallbackData;
  cancelled: CancelledData;
  prize_claimed: PrizeClaimedData;
  prize_delivered: PrizeDeliveredData;
  prize_confirmation: PrizeConfirmationData;
  instant_final: InstantFinalData;
  instant_draw: InstantDrawData;
}

export type RecordEntryType = keyof RecordEntryDataMap;
export const RECORD_ENTRY_TYPES: readonly RecordEntryType[] = [
  "rules_published",
  "closed",
  "frozen",
  "round_named",
  "beacon",
  "winners",
  "disqualification",
  "replacement",
  "external_result",
  "external_correction",
  "lottery_fallback",
  "cancelled",
  "prize_claimed",
  "prize_delivered",
  "prize_confirmation",
  "instant_final",
  "instant_draw",
];
export type RecordEntryData<T extends RecordEntryType = RecordEntryType> = RecordEntryDataMap[T];

/** Spanish names of the entry types, for checks and pages. */
export const RECORD_ENTRY_LABELS: Readonly<Record<RecordEntryType, string>> = {
  rules_published: "Reglas publicadas",
  closed: "Cierre de ventas",
  frozen: "Lista congelada",
  round_named: "Ronda de drand fijada",
  beacon: "Beacon de drand",
  winners: "Ganadores",
  disqualification: "Descalificación",
  replacement: "Reemplazo sorteado",
  external_result: "Resultado de la lotería",
  external_correction: "Corrección del resultado",
  lottery_fallback: "La lotería sorteó antes de fijar la lista",
  cancelled: "Rifa cancelada",
  prize_claimed: "Premio reclamado",
  prize_delivered: "Premio entregado",
  prize_confirmation: "Confirmación del ganador",
  instant_final: "Compra final (premios instantáneos)",
  instant_draw: "Premios instantáneos decididos",
};

/** One entry; with the default type argument, a union discriminated by `type`. */
export type RecordEntry<T extends RecordEntryType = RecordEntryType> = {
  [K in T]: {
    seq: number;
    type: K;
    /** ISO 8601 UTC with milliseconds ("2026-11-25T21:30:00.000Z"). */
    at: string;
    data: RecordEntryDataMap[K];
    prevHash: string;
    hash: string;
  };
}[T];

export interface DrawRecord {
  format: RecordFormat;
  raffleId: string;
  entries: RecordEntry[];
}
/** The same type under a name that does not clash with schemas/draws' DrawRecord at the package root. */
export type DrawRecordV2 = DrawRecord;
