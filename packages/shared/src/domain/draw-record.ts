import { countText } from "./plural";
/**
 * The raffle's record (decision 0012, docs/draw-protocol.md §2-3, §9-11): an append-only list of entries,
 * each carrying the hash of the previous one, from the rules as sold to the winners. Editing any past
 * entry breaks the chain, and `verifyRecord` recomputes everything a reader needs to trust the result:
 * the chain, the frozen list's hash, the drand round named at the freeze, the beacon's BLS signature,
 * the winners, each replacement and each external-lottery mapping.
 *
 * Pure and browser-safe (Web Crypto; the BLS code is in drand.ts, loaded with this module).
 */

import { daysText } from "./claim-period";
import { DISQUALIFICATION_REASONS_V3, type DisqualificationReasonRule } from "./disqualification-reasons";
import {
  assertSupportedChain,
  type DrandChainInfo,
  firstRoundAtOrAfterMs,
  isLeagueOfEntropyChain,
  roundTime,
  verifyBeacon,
} from "./drand";
import {
  ALGORITHM_VERSION,
  DrawInputError,
  type DrawTranscript,
  type DrawWinner,
  orderedPrizeLevels,
  type PrizeLevel,
  sha256Hex,
  type VerificationCheck,
  verifyTranscript,
} from "./draw-engine";
import {
  ALGORITHM_VERSION_V2,
  canonicalFrozenTickets,
  type DisqualifiedPick,
  drawV2,
  type FrozenTicket,
  frozenListHash,
  pickReplacementV3,
} from "./draw-engine-v2";
import { LOTTERY_FALLBACKS, type LotteryFallback } from "./lottery-binding";
import type { CloseReason } from "./raffle-lifecycle";
import { isValidTicketNumber, protocolTicketNumber } from "./tickets";

/** Record format of protocol v2 (decision 0012, until the blind decisions of decision 0021). */
export const RECORD_FORMAT = "rifazo-record-1";
/**
 * Record format of protocol v3 (docs/decisions/0021-blind-decisions.md): every decision after the
 * freeze names a future drand round, proven future by the latest beacon the server held.
 */
export const RECORD_FORMAT_V3 = "rifazo-record-3";
export type RecordFormat = typeof RECORD_FORMAT | typeof RECORD_FORMAT_V3;
export const RECORD_FORMATS: readonly RecordFormat[] = [RECORD_FORMAT, RECORD_FORMAT_V3];

/** Claim period of new raffles when the organiser states no other (claim-period.ts, one place). */
export { DEFAULT_CLAIM_PERIOD_DAYS } from "./claim-period";
export {
  DISQUALIFICATION_REASONS_V3,
  type DisqualificationReasonCode,
  type DisqualificationReasonRule,
} from "./disqualification-reasons";

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
  prizeLevels: PrizeLevel[];
  announcement: InternalAnnouncement | ExternalAnnouncement;
  /** v3: days a winner has to claim the prize (counted from the entry that named them). */
  claimPeriodDays?: number;
  /** v3: the only reasons a winner may be disqualified for. */
  disqualificationReasons?: DisqualificationReasonRule[];
  /** v3: minimum minutes between a disqualification and the round that draws its replacement. */
  replacementDelayMinutes?: number;
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

// ---------------------------------------------------------------------------------------------
// Canonical JSON and the hash chain
// ---------------------------------------------------------------------------------------------

/**
 * JSON with object keys sorted by UTF-16 code units, no whitespace, strings escaped as JSON.stringify
 * does, and only safe integers as numbers. Refuses undefined, NaN, fractions and non-plain objects so
 * two implementations can never disagree on the bytes that are hashed.
 */
export function canonicalJson(value: unknown): string {
  if (value === null) return "null";
  switch (typeof value) {
    case "boolean":
      return value ? "true" : "false";
    case "string":
      return JSON.stringify(value);
    case "number":
      if (!Number.isSafeInteger(value)) {
        throw new DrawInputError(`El acta solo admite números enteros; se encontró ${String(value)}.`);
      }
      return String(value === 0 ? 0 : value);
    case "object": {
      if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null) {
        throw new DrawInputError(
          "El acta solo admite objetos JSON simples (convierte las fechas a texto ISO).",
        );
      }
      const record = value as Record<string, unknown>;
      const keys = Object.keys(record).sort();
      return `{${keys
        .map((key) => {
          if (record[key] === undefined)
            throw new DrawInputError(`El campo «${key}» del acta no tiene valor.`);
          return `${JSON.stringify(key)}:${canonicalJson(record[key])}`;
        })
        .join(",")}}`;
    }
    default:
      throw new DrawInputError(`Valor no admitido en el acta: ${typeof value}.`);
  }
}

const ISO_UTC_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** True for "YYYY-MM-DDTHH:MM:SS.mmmZ" that is a real instant (Date#toISOString's form). */
export function isRecordTime(value: unknown): value is string {
  if (typeof value !== "string" || !ISO_UTC_MS.test(value)) return false;
  const ms = Date.parse(value);
  return Number.isFinite(ms) && new Date(ms).toISOString() === value;
}

export function toRecordTime(at: Date | string): string {
  const text = at instanceof Date ? at.toISOString() : at;
  if (!isRecordTime(text)) {
    throw new DrawInputError(
      `Fecha inválida en el acta: ${String(text)} (formato AAAA-MM-DDTHH:MM:SS.mmmZ).`,
    );
  }
  return text;
}

/** SHA-256 hex of the UTF-8 canonical JSON of { seq, type, at, data, prevHash }. */
export async function entryHash(entry: {
  seq: number;
  type: string;
  at: string;
  data: unknown;
  prevHash: string;
}): Promise<string> {
  return sha256Hex(
    canonicalJson({
      seq: entry.seq,
      type: entry.type,
      at: entry.at,
      data: entry.data,
      prevHash: entry.prevHash,
    }),
  );
}

/**
 * The next entry after `prev` (null for the first). `data` is copied through canonical JSON, so what is
 * returned (and stored) is exactly what was hashed.
 */
export async function appendEntry<T extends RecordEntryType>(
  prev: RecordEntry | null,
  type: T,
  at: Date | string,
  data: RecordEntryData<T>,
): Promise<RecordEntry<T>> {
  if (!RECORD_ENTRY_TYPES.includes(type)) throw new DrawInputError(`Tipo de entrada desconocido: ${type}.`);
  const time = toRecordTime(at);
  if (prev && Date.parse(time) < Date.parse(prev.at)) {
    throw new DrawInputError("Una entrada del acta no puede ser anterior a la entrada previa.");
  }
  const seq = prev ? prev.seq + 1 : 0;
  const prevHash = prev ? prev.hash : GENESIS_PREV_HASH;
  const copy = JSON.parse(canonicalJson(data)) as RecordEntryData<T>;
  const hash = await entryHash({ seq, type, at: time, data: copy, prevHash });
  return { seq, type, at: time, data: copy, prevHash, hash } as RecordEntry<T>;
}

/** Builds a whole record from scratch (tests, fixtures, demo data). */
export async function buildRecord(
  raffleId: string,
  events: readonly { type: RecordEntryType; at: Date | string; data: RecordEntryData }[],
  format: RecordFormat = RECORD_FORMAT,
): Promise<DrawRecord> {
  const entries: RecordEntry[] = [];
  for (const event of events) {
    entries.push(
      await appendEntry(entries[entries.length - 1] ?? null, event.type, event.at, event.data as never),
    );
  }
  return { format, raffleId, entries };
}

/**
 * The format of a stored record: v3 when its first rules carry the closed list of disqualification
 * reasons (only v3 rules have it), v2 otherwise.
 */
export function recordFormatOf(entries: readonly RecordEntry[]): RecordFormat {
  const rules = entries.find((e) => e.type === "rules_published");
  return rules?.type === "rules_published" && Array.isArray(rules.data.disqualificationReasons)
    ? RECORD_FORMAT_V3
    : RECORD_FORMAT;
}

// ---------------------------------------------------------------------------------------------
// External lotteries
// ---------------------------------------------------------------------------------------------

/** The prize slots in draw order: levels ascending, indices 0..count−1. */
export function prizeSlots(
  prizeLevels: readonly PrizeLevel[],
): { level: number; index: number; description: string }[] {
  return orderedPrizeLevels(prizeLevels).flatMap((p) =>
    Array.from({ length: p.count }, (_, index) => ({ level: p.level, index, description: p.description })),
  );
}

export function assertExternalRule(rule: ExternalRule, totalTickets: number): void {
  if (typeof rule !== "object" || rule === null || rule.kind !== "last_digits") {
    throw new DrawInputError("Regla de lotería desconocida: solo se admite «last_digits» (últimas cifras).");
  }
  if (!Number.isSafeInteger(rule.digits) || rule.digits < 1 || rule.digits > 9) {
    throw new DrawInputError("La regla debe leer entre 1 y 9 cifras del resultado.");
  }
  if (!Number.isSafeInteger(totalTickets) || totalTickets < 1 || totalTickets > 10_000) {
    throw new DrawInputError("Cantidad total de boletos inválida.");
  }
  if (10 ** rule.digits < totalTickets) {
    throw new DrawInputError(
      `Con ${countText(rule.digits, "cifra", "cifras")} la regla no alcanza a todos los ${countText(totalTickets, "boleto", "boletos")}: usa al menos ${String(totalTickets - 1).length}.`,
    );
  }
}

/** The official numbers of a result text: digit groups separated by commas (spaces ignored). */
export function parseExternalResult(result: string, rule: ExternalRule): string[] {
  if (typeof result !== "string" || result.trim() === "") {
    throw new DrawInputError("Falta el resultado oficial de la lotería.");
  }
  const numbers = result.split(",").map((part) => part.replace(/\s+/g, ""));
  for (const n of numbers) {
    if (!/^\d+$/.test(n)) {
      throw new DrawInputError(
        `Resultado oficial inválido: «${result}». Usa solo cifras, separando varios números con comas.`,
      );
    }
    if (n.length < rule.digits) {
      throw new DrawInputError(
        `Cada número del resultado debe tener al menos ${countText(rule.digits, "cifra", "cifras")}: «${n}».`,
      );
    }
  }
  return numbers;
}

/**
 * Maps an official result to ticket numbers, one per official number in order (protocol §10). Each
 * official number's last `digits` digits, read as a base-10 integer, modulo totalTickets, give a
 * starting number; the ticket is the first number from there upward (wrapping from totalTickets − 1 to
 * 0) that is in the frozen list, not excluded (disqualified) and not already mapped. Stops early when
 * no ticket is left. Refuses more official numbers than `maxResults` when given.
 */
export function mapExternalResult(
  rule: ExternalRule,
  result: string,
  frozenNumbers: readonly number[],
  totalTickets: number,
  options: { exclude?: readonly number[]; maxResults?: number } = {},
): number[] {
  assertExternalRule(rule, totalTickets);
  const official = parseExternalResult(result, rule);
  if (options.maxResults !== undefined && official.length > options.maxResults) {
    throw new DrawInputError(
      `El resultado tiene ${countText(official.length, "número", "números")} pero la rifa solo tiene ${countText(options.maxResults, "premio", "premios")}.`,
    );
  }
  const available = new Set(frozenNumbers.filter((n) => isValidTicketNumber(n) && n < totalTickets));
  for (const n of options.exclude ?? []) available.delete(n);
  const mapped: number[] = [];
  for (const text of official) {
    if (available.size === 0) break;
    let n = Number.parseInt(text.slice(-rule.digits), 10) % totalTickets;
    while (!available.has(n)) n = (n + 1) % totalTickets;
    available.delete(n);
    mapped.push(n);
  }
  return mapped;
}

/**
 * External raffles have no randomness, so the replacement of a disqualified winner is the first sold
 * ticket upward from the disqualified number (wrapping) that is neither a current winner nor
 * disqualified; null when none is left.
 */
export function externalReplacement(
  disqualified: number,
  frozenNumbers: readonly number[],
  totalTickets: number,
  taken: readonly number[],
): number | null {
  const available = new Set(frozenNumbers);
  for (const n of taken) available.delete(n);
  available.delete(disqualified);
  if (available.size === 0) return null;
  let n = (disqualified + 1) % totalTickets;
  while (!available.has(n)) n = (n + 1) % totalTickets;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Verification
// ---------------------------------------------------------------------------------------------

export type RecordStatus =
  | "empty"
  | "published"
  | "closed"
  | "frozen"
  | "awaiting_beacon"
  | "awaiting_winners"
  | "awaiting_result"
  | "drawn"
  | "cancelled";

/** Spanish words for each status (CLI and pages). */
export const RECORD_STATUS_LABELS: Readonly<Record<RecordStatus, string>> = {
  empty: "acta vacía",
  published: "a la venta",
  closed: "cerrada, revisando pagos",
  frozen: "lista congelada",
  awaiting_beacon: "esperando la ronda de drand",
  awaiting_winners: "beacon recibido, faltan los ganadores",
  awaiting_result: "esperando el resultado de la lotería",
  drawn: "sorteada",
  cancelled: "cancelada",
};

export interface RecordVerification {
  ok: boolean;
  checks: VerificationCheck[];
  /** Spanish; not failures (e.g. a chain that is not a League of Entropy one). */
  warnings: string[];
  /** What the record still waits for, in Spanish (empty once drawn or cancelled). */
  pending: string[];
  /** Current winners after replacements / corrections, by level then index. */
  winners: RecordWinner[];
  status: RecordStatus;
  /** Facts pages show; null until the record holds them. */
  listHash: string | null;
  frozenAt: string | null;
  round: number | null;
  roundTime: string | null;
  chainHash: string | null;
  /** Every disqualification, in record order, with what became of its replacement (pages show them). */
  decisions: RecordDecision[];
}

/** A disqualification as pages show it. */
export interface RecordDecision {
  seq: number;
  at: string;
  level: number;
  index: number;
  ticketNumber: number;
  /** v2: the free text; v3: the code. */
  reason: string;
  /** The reason in words (v3: from the rules; v2: the free text). */
  reasonText: string;
  evidenceHash: string | null;
  /** v3: the round that draws the replacement; null in v2 (drawn with the draw's own beacon). */
  round: number | null;
  roundTime: string | null;
  /** "pending": the round is not in the record yet; "empty": no ticket was left. */
  status: "pending" | "replaced" | "empty";
  replacement: ReplacementPick | null;
}

export const RECORD_CHECK_NAMES = {
  format: "Formato del acta",
  order: "Orden de los eventos",
  times: "Fechas en orden",
  rules: "Reglas de la rifa",
  listHash: "Huella de la lista congelada",
  round: "Ronda de drand fijada al congelar",
  chain: "Cadena drand",
  beacon: "Firma BLS del beacon",
  beaconTime: "Beacon registrado después de publicarse su ronda",
  futureRound: "Ronda fijada en el futuro (último beacon que tenía el servidor)",
  replacement: "Reemplazo sorteado con la ronda de la descalificación",
  winners: "Ganadores",
  disqualification: "Reemplazo por descalificación",
  external: "Resultado de la lotería",
  correction: "Corrección del resultado",
  fallback: "Respaldo de la lotería",
} as const;

const errorText = (error: unknown) => `Error: ${error instanceof Error ? error.message : String(error)}`;

class Checks {
  readonly list: VerificationCheck[] = [];
  add(name: string, ok: boolean, expected: string, actual: string): boolean {
    this.list.push({ name, ok, expected, actual });
    return ok;
  }
  /** Runs `compute` for the expected value; an exception is a failed check that says why. */
  async compare(name: string, actual: string, compute: () => Promise<string> | string): Promise<boolean> {
    try {
      const expected = await compute();
      return this.add(name, expected === actual, expected, actual);
    } catch (error) {
      return this.add(name, false, errorText(error), actual);
    }
  }
}

/** Text of a value for a check's expected/actual: canonical when possible, never throws. */
const show = (value: unknown): string => {
  try {
    return canonicalJson(value);
  } catch {
    try {
      return JSON.stringify(value) ?? String(value);
    } catch {
      return String(value);
    }
  }
};

/** The compared fields of a winner list (a malformed list is shown as it is, and fails). */
const winnerList = (w: unknown): unknown =>
  Array.isArray(w)
    ? w.map((x: Partial<RecordWinner> | null) => ({
        level: x?.level ?? null,
        index: x?.index ?? null,
        ticketNumber: x?.ticketNumber ?? null,
        tag: x?.tag ?? null,
        description: x?.description ?? null,
      }))
    : (w ?? null);

const winnerText = (w: unknown) => show(winnerList(w));

function entryName(entry: { seq?: unknown; type?: unknown }, position: number): string {
  const label = RECORD_ENTRY_LABELS[entry?.type as RecordEntryType] ?? String(entry?.type);
  return `Entrada ${position} (${label})`;
}

function withTags(winners: readonly DrawWinner[], tags: ReadonlyMap<number, string>): RecordWinner[] {
  return winners.map((w) => ({
    level: w.level,
    index: w.index,
    ticketNumber: w.ticketNumber,
    tag: tags.get(w.ticketNumber) ?? "",
    description: w.description,
  }));
}

/** Allowed predecessors, by the lifecycle: what must already be in the record for each type. */
function orderProblem(
  entries: readonly RecordEntry[],
  i: number,
  isExternal: boolean | null,
  v3: boolean,
  rulesExternal: boolean | null = isExternal,
): string | null {
  const entry = entries[i] as RecordEntry;
  const before = entries.slice(0, i).map((e) => e.type);
  const has = (t: RecordEntryType) => before.includes(t);
  const name = RECORD_ENTRY_LABELS[entry.type];
  if (has("cancelled")) return `«${name}» después de la cancelación`;
  // Decision 0024: after a "cancel" fallback only the cancellation may follow.
  const fallback = entries.slice(0, i).find((e) => e.type === "lottery_fallback") as
    | RecordEntry<"lottery_fallback">
    | undefined;
  if (fallback?.data?.fallback === "cancel" && entry.type !== "cancelled")
    return `«${name}» después de que la lotería sorteara con la lista abierta (la rifa se cancela)`;
  switch (entry.type) {
    case "lottery_fallback":
      if (!v3) return "el formato rifazo-record-1 no tiene entradas de respaldo de lotería";
      if (rulesExternal !== true) return "respaldo de lotería en una rifa sin lotería";
      if (has("frozen")) return "respaldo de lotería después de congelar la lista";
      return has("lottery_fallback") ? "el respaldo de lotería se aplicó dos veces" : null;
    case "rules_published":
      // The rules may first be written at the close or the freeze, but never changed after the close.
      if (has("frozen")) return "reglas publicadas después de congelar la lista";
      return has("closed") && has("rules_published") ? "las reglas cambiaron después del cierre" : null;
    case "closed":
      if (has("frozen")) return "cierre después de congelar la lista";
      return has("closed") ? "la rifa se cerró dos veces" : null;
    case "cancelled":
      return has("frozen") ? "una rifa congelada no se puede cancelar" : null;
    case "frozen":
      if (!has("rules_published")) return "lista congelada sin reglas publicadas antes";
      return has("frozen") ? "la lista se congeló dos veces" : null;
    case "round_named":
      if (isExternal) return "una rifa con lotería externa no usa drand";
      if (!has("frozen")) return "la ronda se fijó antes de congelar la lista";
      return has("round_named") ? "la ronda se fijó dos veces" : null;
    case "beacon":
      if (!has("round_named")) return "beacon sin ronda fijada";
      return has("beacon") ? "dos beacons" : null;
    case "winners":
      if (!has("beacon")) return "ganadores sin beacon";
      return has("winners") ? "los ganadores se sortearon dos veces" : null;
    case "disqualification":
      return has("winners") || has("external_result") ? null : "descalificación sin ganadores";
    case "replacement":
      if (!v3) return "el formato rifazo-record-1 no tiene entradas de reemplazo";
      return has("disqualification") ? null : "reemplazo sin descalificación";
    case "external_result":
      if (isExternal === false) return "resultado de lotería en una rifa con sorteo interno";
      if (!has("frozen")) return "resultado de lotería antes de congelar la lista";
      return has("external_result") ? "un segundo resultado debe registrarse como corrección" : null;
    case "external_correction":
      return has("external_result") ? null : "corrección sin resultado previo";
    default:
      return `tipo de entrada desconocido: ${String((entry as { type: unknown }).type)}`;
  }
}

function emptyVerification(): RecordVerification {
  return {
    ok: false,
    checks: [],
    warnings: [],
    pending: [],
    winners: [],
    status: "empty",
    listHash: null,
    frozenAt: null,
    round: null,
    roundTime: null,
    chainHash: null,
    decisions: [],
  };
}

/**
 * Verifies a record in the order of docs/draw-protocol.md §11: format, the hash chain (one check per
 * entry), the order of events and their times, the rules, the frozen list, the round named, the
 * beacon, the winners, each disqualification, each external result or correction. A record that is
 * still in progress verifies what exists and lists what is pending.
 */
export async function verifyRecord(record: DrawRecord): Promise<RecordVerification> {
  const out = emptyVerification();
  const checks = new Checks();
  const finish = () => {
    out.checks = checks.list;
    out.ok = checks.list.length > 0 && checks.list.every((c) => c.ok);
    return out;
  };

  const formatOk =
    typeof record === "object" &&
    record !== null &&
    RECORD_FORMATS.includes(record.format) &&
    typeof record.raffleId === "string" &&
    record.raffleId !== "" &&
    Array.isArray(record.entries);
  checks.add(
    RECORD_CHECK_NAMES.format,
    formatOk,
    `${RECORD_FORMATS.join(" o ")}, raffleId y lista de entradas`,
    formatOk
      ? `${record.format}, ${record.raffleId}`
      : show({ format: (record as { format?: unknown })?.format }),
  );
  if (!formatOk) return finish();
  const v3 = record.format === RECORD_FORMAT_V3;
  const entries = record.entries;
  if (entries.length === 0) {
    out.pending.push("El acta todavía no tiene entradas.");
    return finish();
  }
  const notObject = entries.findIndex((e) => typeof e !== "object" || e === null || Array.isArray(e));
  if (notObject >= 0) {
    checks.add(`Entrada ${notObject}: cadena de huellas`, false, "un objeto JSON", show(entries[notObject]));
    return finish();
  }

  // 1. Hash chain: each entry's seq, link and hash, so an edit names the entry it touched.
  let prevHash = GENESIS_PREV_HASH;
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i] as RecordEntry;
    const actual = show({ seq: e?.seq, prevHash: e?.prevHash, hash: e?.hash });
    const expectedPrev = prevHash;
    await checks.compare(`${entryName(e, i)}: cadena de huellas`, actual, async () => {
      if (!RECORD_ENTRY_TYPES.includes(e.type))
        throw new DrawInputError(`tipo desconocido «${String(e.type)}»`);
      if (!isRecordTime(e.at)) throw new DrawInputError(`fecha inválida «${String(e.at)}»`);
      const hash = await entryHash({ seq: i, type: e.type, at: e.at, data: e.data, prevHash: expectedPrev });
      return show({ seq: i, prevHash: expectedPrev, hash });
    });
    prevHash = typeof e?.hash === "string" ? e.hash : "";
  }

  // 2. Order of events and times.
  const rulesEntries = entries.filter(
    (e) => e?.type === "rules_published",
  ) as RecordEntry<"rules_published">[];
  const rules = rulesEntries[rulesEntries.length - 1]?.data;
  const rulesExternal = rules ? rules.announcement?.type === "external" : null;
  // Decision 0024: a "drand" fallback turns a lottery raffle into an internal draw (round named at the freeze).
  const fallbackEntry = entries.find((e) => e?.type === "lottery_fallback") as
    | RecordEntry<"lottery_fallback">
    | undefined;
  const isExternal =
    rulesExternal === true && fallbackEntry?.data?.fallback === "drand" ? false : rulesExternal;
  const problems: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const problem = RECORD_ENTRY_TYPES.includes(entries[i]?.type as RecordEntryType)
      ? orderProblem(entries, i, isExternal, v3, rulesExternal)
      : "tipo de entrada desconocido";
    if (problem) problems.push(`entrada ${i}: ${problem}`);
  }
  checks.add(
    RECORD_CHECK_NAMES.order,
    problems.length === 0,
    "reglas → cierre → congelación → sorteo",
    problems.join("; ") || "en orden",
  );
  const timeProblems: string[] = [];
  for (let i = 1; i < entries.length; i++) {
    const a = Date.parse(String(entries[i - 1]?.at));
    const b = Date.parse(String(entries[i]?.at));
    if (!(b >= a)) timeProblems.push(`entrada ${i} anterior a la entrada ${i - 1}`);
  }
  checks.add(
    RECORD_CHECK_NAMES.times,
    timeProblems.length === 0,
    "cada fecha ≥ la anterior",
    timeProblems.join("; ") || "en orden",
  );
  if (problems.length > 0) return finish();
  if (!rules) {
    // Only a close or a cancellation so far: nothing to recompute yet.
    out.status = entries.some((e) => e.type === "cancelled")
      ? "cancelled"
      : entries.some((e) => e.type === "closed")
        ? "closed"
        : "published";
    if (out.status === "closed") out.pending.push("Faltan las reglas y la lista congelada.");
    return finish();
  }

  // 3. Rules.
  const rulesOk = await checks.compare(RECORD_CHECK_NAMES.rules, "válidas", () => {
    if (!Number.isSafeInteger(rules.totalTickets) || rules.totalTickets < 1 || rules.totalTickets > 10_000) {
      throw new DrawInputError("cantidad total de boletos inválida");
    }
    if (prizeSlots(rules.prizeLevels).length === 0) throw new DrawInputError("la rifa no tiene premios");
    const a = rules.announcement;
    if (a?.type === "internal") {
      if (!Number.isSafeInteger(a.roundDelayMinutes) || a.roundDelayMinutes < 0) {
        throw new DrawInputError("demora de la ronda inválida");
      }
    } else if (a?.type === "external") {
      assertExternalRule(a.rule, rules.totalTickets);
      if (!isRecordTime(a.drawAt)) throw new DrawInputError("fecha del sorteo de la lotería inválida");
      if (a.correctionWindowHours !== undefined) assertSealedLottery(a);
    } else {
      throw new DrawInputError("tipo de anuncio desconocido");
    }
    if (v3) assertV3Rules(rules);
    return "válidas";
  });
  if (!rulesOk) return finish();
  const levels = orderedPrizeLevels(rules.prizeLevels);

  if (fallbackEntry) {
    // Decision 0024: the fallback is the one the rules state, applied at or after the lottery's draw.
    const a = rules.announcement as ExternalAnnouncement;
    const fallbackOk = checks.add(
      RECORD_CHECK_NAMES.fallback,
      fallbackEntry.data?.fallback === (a.fallback ?? "cancel") &&
        fallbackEntry.data?.drawAt === a.drawAt &&
        Date.parse(fallbackEntry.at) >= Date.parse(a.drawAt),
      show({ fallback: a.fallback ?? "cancel", drawAt: a.drawAt, at: `≥ ${a.drawAt}` }),
      show({
        fallback: fallbackEntry.data?.fallback,
        drawAt: fallbackEntry.data?.drawAt,
        at: fallbackEntry.at,
      }),
    );
    if (!fallbackOk) return finish();
  }
  const cancelled = entries.find((e) => e.type === "cancelled");
  const frozenEntry = entries.find((e) => e.type === "frozen") as RecordEntry<"frozen"> | undefined;
  if (cancelled) {
    out.status = "cancelled";
    return finish();
  }
  if (!frozenEntry) {
    out.status = entries.some((e) => e.type === "closed") ? "closed" : "published";
    out.pending.push(
      out.status === "closed"
        ? "La lista de boletos se congela cuando no quede ningún pago por revisar."
        : "La rifa está a la venta: la lista de boletos aún no se ha congelado.",
    );
    return finish();
  }

  // 4. Frozen list.
  const frozen = frozenEntry.data;
  out.status = "frozen";
  out.frozenAt = frozenEntry.at;
  const listOk = await checks.compare(RECORD_CHECK_NAMES.listHash, String(frozen?.listHash), async () => {
    const canonical = canonicalFrozenTickets(frozen.tickets);
    if (show(canonical) !== show(frozen.tickets)) {
      throw new DrawInputError(
        "la lista no está en forma canónica (orden ascendente, solo «number» y «tag»)",
      );
    }
    if (frozen.ticketCount !== canonical.length) {
      throw new DrawInputError(
        `ticketCount dice ${String(frozen.ticketCount)} pero la lista tiene ${canonical.length}`,
      );
    }
    const outside = canonical.find((t) => t.number >= rules.totalTickets);
    if (outside)
      throw new DrawInputError(`el boleto ${protocolTicketNumber(outside.number)} no existe en esta rifa`);
    return frozenListHash(canonical);
  });
  if (!listOk) return finish();
  out.listHash = frozen.listHash;
  const numbers = frozen.tickets.map((t) => t.number);
  const tags = new Map(frozen.tickets.map((t) => [t.number, t.tag]));

  if (isExternal) return finishExternal();

  // 5. Round named at the freeze.
  const roundEntry = entries.find((e) => e.type === "round_named") as RecordEntry<"round_named"> | undefined;
  if (!roundEntry) {
    out.pending.push("Falta fijar la ronda de drand que decidirá el sorteo.");
    return finish();
  }
  const named = roundEntry.data;
  const delay =
    rules.announcement.type === "internal"
      ? rules.announcement.roundDelayMinutes
      : (rules.announcement.fallbackRoundDelayMinutes ?? 0);
  const chainOk = await checks.compare(RECORD_CHECK_NAMES.chain, String(named?.chain?.hash), () => {
    assertSupportedChain(named.chain);
    return named.chain.hash;
  });
  if (!chainOk) return finish();
  out.chainHash = named.chain.hash;
  if (!isLeagueOfEntropyChain(named.chain.hash)) {
    out.warnings.push(
      `Este sorteo usó una cadena que no es de la League of Entropy: ${named.chain.hash}. Su aleatoriedad depende de quien controle esa cadena (en pruebas y demostraciones, el propio servidor).`,
    );
  }
  const roundOk = await checks.compare(
    RECORD_CHECK_NAMES.round,
    show({ round: named.round, roundTime: named.roundTime, delayMinutes: named.delayMinutes }),
    () => {
      const round = firstRoundAtOrAfterMs(named.chain, Date.parse(frozenEntry.at) + delay * 60_000);
      return show({
        round,
        roundTime: new Date(roundTime(named.chain, round) * 1000).toISOString(),
        delayMinutes: delay,
      });
    },
  );
  if (!roundOk) return finish();
  if (v3) {
    // The named round was not yet published when the list froze: the server shows the latest beacon
    // it held then, and the named round comes at least the delay after it (§7.1).
    const futureOk = await checks.compare(
      RECORD_CHECK_NAMES.futureRound,
      show({ round: named.round, latestBeacon: named.latestBeacon ?? null }),
      async () => {
        await assertProvablyFuture(named.chain, named.latestBeacon, frozenEntry.at, named.round, delay);
        return show({ round: named.round, latestBeacon: named.latestBeacon });
      },
    );
    if (!futureOk) return finish();
  }
  out.round = named.round;
  out.roundTime = named.roundTime;

  // 6. Beacon.
  const beaconEntry = entries.find((e) => e.type === "beacon") as RecordEntry<"beacon"> | undefined;
  if (!beaconEntry) {
    out.status = "awaiting_beacon";
    out.pending.push(
      `Falta el beacon de la ronda ${named.round} de drand (se publica el ${named.roundTime}).`,
    );
    return finish();
  }
  const beacon = beaconEntry.data;
  const beaconOk = await checks.compare(
    RECORD_CHECK_NAMES.beacon,
    show({ round: beacon?.round, randomness: beacon?.randomness }),
    async () => {
      if (beacon.round !== named.round) {
        throw new DrawInputError(
          `el beacon es de la ronda ${String(beacon.round)}, no de la ronda fijada ${named.round}`,
        );
      }
      if (typeof beacon.randomness !== "string") throw new DrawInputError("falta randomness");
      if (typeof beacon.signature !== "string" || beacon.signature !== beacon.signature.toLowerCase()) {
        throw new DrawInputError("la firma debe estar en hexadecimal en minúscula");
      }
      const randomness = await verifyBeacon(named.chain, beacon);
      return show({ round: named.round, randomness });
    },
  );
  checks.add(
    RECORD_CHECK_NAMES.beaconTime,
    Date.parse(beaconEntry.at) >= Date.parse(named.roundTime),
    `≥ ${named.roundTime}`,
    beaconEntry.at,
  );
  if (!beaconOk) return finish();

  // 7. Winners and 8. replacements.
  const winnersEntry = entries.find((e) => e.type === "winners") as RecordEntry<"winners"> | undefined;
  if (!winnersEntry) {
    out.status = "awaiting_winners";
    out.pending.push("El beacon ya está en el acta: falta registrar los ganadores.");
    return finish();
  }
  const input = {
    raffleId: record.raffleId,
    listHash: frozen.listHash,
    randomness: beacon.randomness,
    ticketNumbers: numbers,
    prizeLevels: levels,
  };
  const winnersOk = await checks.compare(
    RECORD_CHECK_NAMES.winners,
    show({
      algorithm: winnersEntry.data?.algorithm,
      winners: winnerList(winnersEntry.data?.winners),
    }),
    async () =>
      show({
        algorithm: ALGORITHM_VERSION_V2,
        winners: winnerList(withTags((await drawV2(input)).picks, tags)),
      }),
  );
  if (!winnersOk) return finish();
  out.status = "drawn";

  if (v3) {
    const decisions = decisionsV3(withTags((await drawV2(input)).picks, tags), winnersEntry.at, named.chain);
    for (const [i, entry] of entries.entries()) {
      if (i <= entries.indexOf(winnersEntry)) continue;
      if (!(await decisions.handle(entry, i))) return finish();
    }
    decisions.finish();
    return finish();
  }

  const disqualifications: DisqualifiedPick[] = [];
  let allOk = true;
  for (const [i, entry] of entries.entries()) {
    if (entry.type !== "disqualification") continue;
    const d = entry.data;
    const ok = await checks.compare(
      `${RECORD_CHECK_NAMES.disqualification} (entrada ${i})`,
      show({ ticketNumber: d?.ticketNumber, replacement: d?.replacement ?? null }),
      async () => {
        if (typeof d.reason !== "string" || d.reason.trim() === "")
          throw new DrawInputError("falta el motivo");
        const before = await drawV2({ ...input, disqualifications });
        const target = before.winners.find((w) => w.level === d.level && w.index === d.index);
        if (!target)
          throw new DrawInputError(
            `no hay ganador vigente en el nivel ${String(d.level)}, posición ${String(d.index)}`,
          );
        const after = await drawV2({
          ...input,
          disqualifications: [...disqualifications, { level: d.level, index: d.index }],
        });
        const r = after.replacements[after.replacements.length - 1] ?? null;
        return show({
          ticketNumber: target.ticketNumber,
          replacement: r
            ? { level: r.level, index: r.index, ticketNumber: r.ticketNumber, tag: tags.get(r.ticketNumber) }
            : null,
        });
      },
    );
    if (!ok) {
      allOk = false;
      break;
    }
    const r = (entry as RecordEntry<"disqualification">).data.replacement ?? null;
    out.decisions.push(decisionView(entry as RecordEntry<"disqualification">, r ? "replaced" : "empty", r));
    disqualifications.push({ level: d.level, index: d.index });
  }
  if (allOk) out.winners = withTags((await drawV2({ ...input, disqualifications })).winners, tags);
  return finish();

  // External lottery: each result or correction maps the official numbers to the prize slots.
  async function finishExternal(): Promise<RecordVerification> {
    const a = rules?.announcement as ExternalAnnouncement;
    const slots = prizeSlots(levels);
    if (v3) return finishExternalV3(a, slots);
    let current: RecordWinner[] | null = null;
    let lastResultSeq: number | null = null;
    const disqualified: number[] = [];
    const nextIndex = new Map(levels.map((l) => [l.level, l.count]));
    for (const [i, entry] of entries.entries()) {
      if (entry.type === "external_result" || entry.type === "external_correction") {
        const data = entry.data as ExternalResultData & Partial<ExternalCorrectionData>;
        const isCorrection = entry.type === "external_correction";
        const name = `${isCorrection ? RECORD_CHECK_NAMES.correction : RECORD_CHECK_NAMES.external} (entrada ${i})`;
        const ok = await checks.compare(name, winnerText(data?.winners), () => {
          if (Date.parse(entry.at) < Date.parse(a.drawAt)) {
            throw new DrawInputError(`registrado antes del sorteo de la lotería (${a.drawAt})`);
          }
          if (typeof data.sourceUrl !== "string" || data.sourceUrl.trim() === "") {
            throw new DrawInputError("falta el enlace a la publicación oficial");
          }
          if (isCorrection) {
            if (data.corrects !== lastResultSeq) {
              throw new DrawInputError(
                `corrige la entrada ${String(data.corrects)}, pero el resultado vigente es la ${String(lastResultSeq)}`,
              );
            }
            if (typeof data.reason !== "string" || data.reason.trim() === "")
              throw new DrawInputError("falta el motivo");
          }
          const mapped = mapExternalResult(a.rule, data.result, numbers, rules?.totalTickets ?? 0, {
            exclude: disqualified,
            maxResults: slots.length,
          });
          return winnerText(
            mapped.map((ticketNumber, k) => {
              const slot = slots[k] as (typeof slots)[number];
              return { ...slot, ticketNumber, tag: tags.get(ticketNumber) ?? "" };
            }),
          );
        });
        if (!ok) return finish();
        current = data.winners.map((w) => ({ ...w }));
        lastResultSeq = i;
      } else if (entry.type === "disqualification" && current) {
        const d = entry.data;
        const list: RecordWinner[] = current;
        const ok = await checks.compare(
          `${RECORD_CHECK_NAMES.disqualification} (entrada ${i})`,
          show({ ticketNumber: d?.ticketNumber, replacement: d?.replacement ?? null }),
          () => {
            if (typeof d.reason !== "string" || d.reason.trim() === "")
              throw new DrawInputError("falta el motivo");
            const target = list.find((w) => w.level === d.level && w.index === d.index);
            if (!target)
              throw new DrawInputError(
                `no hay ganador vigente en el nivel ${String(d.level)}, posición ${String(d.index)}`,
              );
            const taken = [...list.map((w) => w.ticketNumber), ...disqualified];
            const next = externalReplacement(target.ticketNumber, numbers, rules?.totalTickets ?? 0, taken);
            const index = nextIndex.get(d.level) ?? 0;
            return show({
              ticketNumber: target.ticketNumber,
              replacement:
                next === null ? null : { level: d.level, index, ticketNumber: next, tag: tags.get(next) },
            });
          },
        );
        if (!ok) return finish();
        const target = list.find((w) => w.level === d.level && w.index === d.index) as RecordWinner;
        out.decisions.push(decisionView(entry, d.replacement ? "replaced" : "empty", d.replacement ?? null));
        disqualified.push(target.ticketNumber);
        if (d.replacement) nextIndex.set(d.level, (nextIndex.get(d.level) ?? 0) + 1);
        current = list.filter((w) => w !== target);
        if (d.replacement) current.push({ ...d.replacement, description: target.description });
        current.sort((x, y) => x.level - y.level || x.index - y.index);
      }
    }
    if (current) {
      out.status = "drawn";
      out.winners = current;
    } else {
      out.status = "awaiting_result";
      out.pending.push(`Falta el resultado oficial de ${a.lottery} (sorteo del ${a.drawAt}).`);
    }
    return finish();
  }

  // v3 external lottery: results and corrections as in v2; disqualifications are blind (§9.2).
  async function finishExternalV3(
    a: ExternalAnnouncement,
    slots: ReturnType<typeof prizeSlots>,
  ): Promise<RecordVerification> {
    let decisions: DecisionsV3 | null = null;
    let lastResultSeq: number | null = null;
    const firstResultAt = entries.find((e) => e.type === "external_result")?.at ?? null;
    const excluded: number[] = [];
    for (const [i, entry] of entries.entries()) {
      if (entry.type === "external_result" || entry.type === "external_correction") {
        const data = entry.data as ExternalResultData & Partial<ExternalCorrectionData>;
        const isCorrection = entry.type === "external_correction";
        const name = `${isCorrection ? RECORD_CHECK_NAMES.correction : RECORD_CHECK_NAMES.external} (entrada ${i})`;
        const waiting = decisions?.pendingCount() ?? 0;
        const ok = await checks.compare(name, winnerText(data?.winners), () => {
          if (Date.parse(entry.at) < Date.parse(a.drawAt)) {
            throw new DrawInputError(`registrado antes del sorteo de la lotería (${a.drawAt})`);
          }
          if (typeof data.sourceUrl !== "string" || data.sourceUrl.trim() === "") {
            throw new DrawInputError("falta el enlace a la publicación oficial");
          }
          if (a.correctionWindowHours !== undefined) {
            assertSealedResult(a, data, isCorrection, entry.at, firstResultAt, out.frozenAt);
          }
          if (isCorrection) {
            if (data.corrects !== lastResultSeq) {
              throw new DrawInputError(
                `corrige la entrada ${String(data.corrects)}, pero el resultado vigente es la ${String(lastResultSeq)}`,
              );
            }
            if (typeof data.reason !== "string" || data.reason.trim() === "")
              throw new DrawInputError("falta el motivo");
            if (waiting > 0) {
              throw new DrawInputError(
                "una corrección no puede registrarse mientras un reemplazo espera su ronda",
              );
            }
          }
          const mapped = mapExternalResult(a.rule, data.result, numbers, rules?.totalTickets ?? 0, {
            exclude: [...excluded, ...(decisions?.disqualifiedTickets() ?? [])],
            maxResults: slots.length,
          });
          return winnerText(
            mapped.map((ticketNumber, k) => {
              const slot = slots[k] as (typeof slots)[number];
              return { ...slot, ticketNumber, tag: tags.get(ticketNumber) ?? "" };
            }),
          );
        });
        if (!ok) return finish();
        if (decisions) excluded.push(...decisions.disqualifiedTickets());
        const previous = decisions;
        decisions = decisionsV3(
          data.winners.map((w) => ({ ...w })),
          entry.at,
          null,
          previous,
        );
        lastResultSeq = i;
      } else if ((entry.type === "disqualification" || entry.type === "replacement") && decisions) {
        if (!(await decisions.handle(entry, i))) return finish();
      }
    }
    if (decisions) {
      out.status = "drawn";
      decisions.finish();
    } else {
      out.status = "awaiting_result";
      out.pending.push(`Falta el resultado oficial de ${a.lottery} (sorteo del ${a.drawAt}).`);
    }
    return finish();
  }

  /**
   * v3 decisions after the winners (or a lottery result): each disqualification names a future round
   * and each replacement is drawn from that round's randomness, in record order (§9). `previous` carries
   * the disqualified tickets and next indices across a lottery correction.
   */
  function decisionsV3(
    initial: RecordWinner[],
    announcedAt: string,
    drawChain: DrandChainInfo | null,
    previous: DecisionsV3 | null = null,
  ): DecisionsV3 {
    const r = rules as RulesPublishedData;
    const current = initial.map((w) => ({ ...w }));
    const slot = (level: number, index: number) => `${level}:${index}`;
    const awardedAt = new Map(current.map((w) => [slot(w.level, w.index), announcedAt]));
    const disqualified = new Set<number>(previous?.disqualifiedTickets() ?? []);
    const nextIndex = previous?.nextIndex() ?? new Map(levels.map((l) => [l.level, l.count]));
    const pending: {
      seq: number;
      hash: string;
      level: number;
      index: number;
      description: string;
      chain: DrandChainInfo;
      round: number;
      roundTime: string;
      view: RecordDecision;
    }[] = [];
    const warned = new Set<string>();
    const delay = r.replacementDelayMinutes as number;
    const claimDays = r.claimPeriodDays as number;

    async function disqualification(entry: RecordEntry<"disqualification">, i: number): Promise<boolean> {
      const d = entry.data;
      let target: RecordWinner | undefined;
      const ok = await checks.compare(
        `${RECORD_CHECK_NAMES.disqualification} (entrada ${i})`,
        show({
          ticketNumber: d?.ticketNumber ?? null,
          reason: d?.reason ?? null,
          reasonText: d?.reasonText ?? null,
          round: d?.round ?? null,
          roundTime: d?.roundTime ?? null,
          delayMinutes: d?.delayMinutes ?? null,
        }),
        async () => {
          const rule = r.disqualificationReasons?.find((x) => x.code === d.reason);
          if (!rule) {
            throw new DrawInputError(
              `el motivo «${String(d.reason)}» no está en la lista cerrada de las reglas (${(r.disqualificationReasons ?? []).map((x) => x.code).join(", ")})`,
            );
          }
          if ("replacement" in d) {
            throw new DrawInputError(
              "una descalificación v3 no trae su reemplazo: lo sortea la ronda que nombra",
            );
          }
          target = current.find((w) => w.level === d.level && w.index === d.index);
          if (!target) {
            throw new DrawInputError(
              `no hay ganador vigente en el nivel ${String(d.level)}, posición ${String(d.index)}`,
            );
          }
          const evidence = d.evidenceHash ?? null;
          if (evidence !== null && (typeof evidence !== "string" || !/^[0-9a-f]{64}$/.test(evidence))) {
            throw new DrawInputError(
              "la huella del documento de prueba debe tener 64 caracteres hexadecimales",
            );
          }
          if (rule.code === "fraud" && evidence === null) {
            throw new DrawInputError("el motivo «fraud» exige la huella SHA-256 del documento de prueba");
          }
          if (rule.code === "unclaimed") {
            const since = awardedAt.get(slot(target.level, target.index)) as string;
            const due = Date.parse(since) + claimDays * 86_400_000;
            if (Date.parse(entry.at) < due) {
              throw new DrawInputError(
                `el plazo de reclamo de ${daysText(claimDays)} contado desde ${since} vence el ${new Date(due).toISOString()}`,
              );
            }
          }
          if (drawChain) {
            if (show(d.chain) !== show(drawChain)) {
              throw new DrawInputError("la cadena drand no es la que fijó la congelación");
            }
          } else {
            assertSupportedChain(d.chain as DrandChainInfo);
          }
          const chain = d.chain as DrandChainInfo;
          if (d.delayMinutes !== delay) {
            throw new DrawInputError(`la demora debe ser la de las reglas (${delay} min)`);
          }
          const min = firstRoundAtOrAfterMs(chain, Date.parse(entry.at) + delay * 60_000);
          if (!Number.isSafeInteger(d.round) || (d.round as number) < min) {
            throw new DrawInputError(
              `la ronda ${String(d.round)} es demasiado pronto: la primera permitida es la ${min} (${delay} min después de la descalificación)`,
            );
          }
          await assertProvablyFuture(chain, d.latestBeacon, entry.at, d.round as number, delay);
          return show({
            ticketNumber: target.ticketNumber,
            reason: rule.code,
            reasonText: rule.text,
            round: d.round,
            roundTime: new Date(roundTime(chain, d.round as number) * 1000).toISOString(),
            delayMinutes: delay,
          });
        },
      );
      if (!ok || !target) return false;
      const chain = d.chain as DrandChainInfo;
      if (!drawChain && !isLeagueOfEntropyChain(chain.hash) && !warned.has(chain.hash)) {
        warned.add(chain.hash);
        out.warnings.push(
          `El reemplazo de la entrada ${i} usa una cadena que no es de la League of Entropy: ${chain.hash}.`,
        );
      }
      const view = decisionView(entry, "pending", null);
      out.decisions.push(view);
      disqualified.add(target.ticketNumber);
      current.splice(current.indexOf(target), 1);
      pending.push({
        seq: i,
        hash: entry.hash,
        level: target.level,
        index: target.index,
        description: target.description,
        chain,
        round: d.round as number,
        roundTime: d.roundTime as string,
        view,
      });
      return true;
    }

    async function replacement(entry: RecordEntry<"replacement">, i: number): Promise<boolean> {
      const data = entry.data;
      const p = pending[0];
      let pick: ReplacementPick | null = null;
      const ok = await checks.compare(
        `${RECORD_CHECK_NAMES.replacement} (entrada ${i})`,
        show({
          disqualification: data?.disqualification ?? null,
          round: data?.round ?? null,
          replacement: data?.replacement ?? null,
        }),
        async () => {
          if (!p) throw new DrawInputError("ninguna descalificación espera reemplazo");
          if (data.disqualification !== p.seq) {
            throw new DrawInputError(
              `los reemplazos se sortean en el orden de las descalificaciones: toca la de la entrada ${p.seq}`,
            );
          }
          if (data.round !== p.round) {
            throw new DrawInputError(
              `la descalificación nombró la ronda ${p.round}, no la ${String(data.round)}`,
            );
          }
          if (Date.parse(entry.at) < Date.parse(p.roundTime)) {
            throw new DrawInputError(`registrado antes de publicarse la ronda ${p.round} (${p.roundTime})`);
          }
          if (typeof data.signature !== "string" || data.signature !== data.signature.toLowerCase()) {
            throw new DrawInputError("la firma debe estar en hexadecimal en minúscula");
          }
          if (typeof data.randomness !== "string") throw new DrawInputError("falta randomness");
          const randomness = await verifyBeacon(p.chain, data);
          const taken = new Set(current.map((w) => w.ticketNumber));
          const pool = numbers.filter((n) => !taken.has(n) && !disqualified.has(n));
          const index = nextIndex.get(p.level) ?? 0;
          const ticket = await pickReplacementV3({
            raffleId: record.raffleId,
            listHash: frozen.listHash,
            randomness,
            disqualificationHash: p.hash,
            level: p.level,
            index,
            pool,
          });
          pick =
            ticket === null
              ? null
              : { level: p.level, index, ticketNumber: ticket, tag: tags.get(ticket) as string };
          return show({ disqualification: p.seq, round: p.round, replacement: pick });
        },
      );
      if (!ok || !p) return false;
      pending.shift();
      p.view.status = pick ? "replaced" : "empty";
      p.view.replacement = pick;
      if (pick) {
        const chosen: ReplacementPick = pick;
        current.push({ ...chosen, description: p.description });
        current.sort((x, y) => x.level - y.level || x.index - y.index);
        nextIndex.set(p.level, chosen.index + 1);
        awardedAt.set(slot(chosen.level, chosen.index), entry.at);
      }
      return true;
    }

    return {
      handle(entry: RecordEntry, i: number): Promise<boolean> {
        if (entry.type === "disqualification") return disqualification(entry, i);
        if (entry.type === "replacement") return replacement(entry, i);
        return Promise.resolve(true);
      },
      pendingCount: () => pending.length,
      disqualifiedTickets: () => [...disqualified],
      nextIndex: () => new Map(nextIndex),
      finish() {
        out.winners = current.map((w) => ({ ...w }));
        for (const p of pending) {
          out.pending.push(
            `Reemplazo pendiente del sorteo de la ronda ${p.round} (nivel ${p.level}, posición ${p.index + 1}; la ronda se publica el ${p.roundTime}).`,
          );
        }
      },
    };
  }
}

interface DecisionsV3 {
  handle(entry: RecordEntry, i: number): Promise<boolean>;
  pendingCount(): number;
  disqualifiedTickets(): number[];
  nextIndex(): Map<number, number>;
  finish(): void;
}

/** The rules a v3 record must carry: the claim period, the closed list of reasons and the delay. */
const SHA256_HEX = /^[0-9a-f]{64}$/;

/** Decision 0024: the lottery rules of a raffle sold with a fallback and a correction window. */
function assertSealedLottery(a: ExternalAnnouncement): void {
  if (
    !Number.isSafeInteger(a.correctionWindowHours) ||
    (a.correctionWindowHours as number) < 1 ||
    (a.correctionWindowHours as number) > 168
  ) {
    throw new DrawInputError("plazo de corrección inválido (1 a 168 horas)");
  }
  if (!LOTTERY_FALLBACKS.includes(a.fallback as LotteryFallback))
    throw new DrawInputError("falta el respaldo de la lotería («drand» o «cancel»)");
  if (
    a.fallback === "drand" &&
    (!Number.isSafeInteger(a.fallbackRoundDelayMinutes) || (a.fallbackRoundDelayMinutes as number) < 1)
  ) {
    throw new DrawInputError("demora de la ronda del respaldo inválida");
  }
}

/**
 * Decision 0024: a result counts only if the list froze before the lottery drew, it carries the hash of
 * the official publication, and a correction was confirmed by a second administrator within the window.
 */
function assertSealedResult(
  a: ExternalAnnouncement,
  data: ExternalResultData & Partial<ExternalCorrectionData>,
  isCorrection: boolean,
  at: string,
  firstResultAt: string | null,
  frozenAt: string | null,
): void {
  if (frozenAt === null || Date.parse(frozenAt) >= Date.parse(a.drawAt)) {
    throw new DrawInputError(
      `la lista se congeló (${String(frozenAt)}) después del sorteo de la lotería (${a.drawAt}): su resultado ya se conocía y no puede decidir la rifa`,
    );
  }
  if (typeof data.publicationHash !== "string" || !SHA256_HEX.test(data.publicationHash)) {
    throw new DrawInputError("falta la huella SHA-256 de la publicación oficial (publicationHash)");
  }
  if (!isCorrection) return;
  if (typeof data.proposedBy !== "string" || data.proposedBy === "")
    throw new DrawInputError("falta quién propuso la corrección");
  if (typeof data.confirmedBy !== "string" || data.confirmedBy === "")
    throw new DrawInputError("falta quién confirmó la corrección (cuatro ojos)");
  if (data.proposedBy === data.confirmedBy)
    throw new DrawInputError("la corrección la propuso y la confirmó el mismo administrador");
  if (!isRecordTime(data.proposedAt) || Date.parse(data.proposedAt) > Date.parse(at))
    throw new DrawInputError("fecha de la propuesta inválida");
  const windowEnd = Date.parse(String(firstResultAt)) + (a.correctionWindowHours as number) * 3_600_000;
  if (!(Date.parse(at) <= windowEnd)) {
    throw new DrawInputError(
      `corrección confirmada fuera del plazo de ${String(a.correctionWindowHours)} h desde el resultado`,
    );
  }
}

function assertV3Rules(rules: RulesPublishedData): void {
  if (!Number.isSafeInteger(rules.claimPeriodDays) || (rules.claimPeriodDays as number) < 1) {
    throw new DrawInputError("las reglas v3 deben fijar el plazo de reclamo (claimPeriodDays ≥ 1)");
  }
  if (!Number.isSafeInteger(rules.replacementDelayMinutes) || (rules.replacementDelayMinutes as number) < 1) {
    throw new DrawInputError(
      "las reglas v3 deben fijar la demora de los reemplazos (replacementDelayMinutes ≥ 1)",
    );
  }
  const reasons = rules.disqualificationReasons;
  const known = DISQUALIFICATION_REASONS_V3.map((r) => r.code) as string[];
  if (
    !Array.isArray(reasons) ||
    reasons.length === 0 ||
    reasons.some((r) => !known.includes(r?.code) || typeof r.text !== "string" || r.text.trim() === "") ||
    new Set(reasons.map((r) => r.code)).size !== reasons.length
  ) {
    throw new DrawInputError(
      `las reglas v3 deben publicar la lista cerrada de motivos de descalificación (${known.join(", ")})`,
    );
  }
}

/**
 * The round named by an entry written at `at` was not yet published then (§7.1): the latest beacon the
 * server held verifies, was published no later than `at`, and the named round comes after it by at least
 * `delayMinutes`.
 */
async function assertProvablyFuture(
  chain: DrandChainInfo,
  latest: LatestBeacon | null | undefined,
  at: string,
  round: number,
  delayMinutes: number,
): Promise<void> {
  if (typeof latest !== "object" || latest === null) {
    throw new DrawInputError(
      "falta el último beacon verificado que tenía el servidor (latestBeacon): nada prueba que la ronda estuviera en el futuro",
    );
  }
  if (typeof latest.signature !== "string" || latest.signature !== latest.signature.toLowerCase()) {
    throw new DrawInputError("la firma del último beacon debe estar en hexadecimal en minúscula");
  }
  await verifyBeacon(chain, { round: latest.round, signature: latest.signature });
  const latestMs = roundTime(chain, latest.round) * 1000;
  if (latestMs > Date.parse(at)) {
    throw new DrawInputError(
      `el último beacon (ronda ${latest.round}) se publicó el ${new Date(latestMs).toISOString()}, después de la fecha de la entrada (${at}): la fecha es falsa`,
    );
  }
  if (!(round > latest.round)) {
    throw new DrawInputError(`la ronda ${round} ya se conocía: el servidor tenía la ronda ${latest.round}`);
  }
  const gapMs = roundTime(chain, round) * 1000 - latestMs;
  if (gapMs < delayMinutes * 60_000) {
    throw new DrawInputError(
      `la ronda ${round} se publica ${gapMs / 1000} s después del último beacon conocido (ronda ${latest.round}); las reglas exigen al menos ${delayMinutes} min`,
    );
  }
}

function decisionView(
  entry: RecordEntry<"disqualification">,
  status: RecordDecision["status"],
  replacement: ReplacementPick | null,
): RecordDecision {
  const d = entry.data;
  return {
    seq: entry.seq,
    at: entry.at,
    level: d.level,
    index: d.index,
    ticketNumber: d.ticketNumber,
    reason: d.reason,
    reasonText: d.reasonText ?? d.reason,
    evidenceHash: d.evidenceHash ?? null,
    round: d.round ?? null,
    roundTime: d.roundTime ?? null,
    status,
    replacement: replacement ? { ...replacement } : null,
  };
}

// ---------------------------------------------------------------------------------------------
// v1 and v2 together
// ---------------------------------------------------------------------------------------------

export type AnyVerification =
  | ({ format: typeof ALGORITHM_VERSION; raffleId: string } & Omit<RecordVerification, "winners"> & {
        winners: DrawWinner[];
      })
  | ({ format: RecordFormat; raffleId: string } & RecordVerification);

/**
 * Verifies either a v1 transcript (algorithmVersion "rifazo-draw-v1") or a v2 record (format
 * "rifazo-record-1"). Throws DrawInputError for anything else.
 */
export async function verifyAny(json: unknown): Promise<AnyVerification> {
  const value = json as { format?: unknown; algorithmVersion?: unknown; raffleId?: unknown };
  if (typeof value === "object" && value !== null && RECORD_FORMATS.includes(value.format as RecordFormat)) {
    return {
      format: value.format as RecordFormat,
      raffleId: String(value.raffleId),
      ...(await verifyRecord(value as DrawRecord)),
    };
  }
  if (typeof value === "object" && value !== null && value.algorithmVersion === ALGORITHM_VERSION) {
    const t = value as DrawTranscript;
    const result = await verifyTranscript(t);
    return {
      format: ALGORITHM_VERSION,
      raffleId: String(t.raffleId),
      ok: result.ok,
      checks: result.checks,
      warnings: [
        "Sorteo de la versión 1: la semilla la generó Rifazo y se comprometió antes del sorteo; la aleatoriedad no vino de fuera.",
      ],
      pending: [],
      winners: result.ok ? t.winners : [],
      status: "drawn",
      listHash: typeof t.ticketListHash === "string" ? t.ticketListHash : null,
      frozenAt: null,
      round: null,
      roundTime: null,
      chainHash: null,
      decisions: [],
    };
  }
  throw new DrawInputError(
    "No reconozco este archivo: no es un acta de Rifazo (rifazo-record-3 o rifazo-record-1) ni una transcripción v1 (rifazo-draw-v1).",
  );
}
