import type {
  DisqualificationData,
  DrawRecord,
  ExternalCorrectionData,
  ExternalResultData,
  InstantDrawData,
  InstantFinalData,
  RecordEntry,
  ReplacementData,
  RoundNamedData,
  RulesPublishedData,
  WinnersData,
} from "@rifazo/shared/domain/draw-record";

// Spanish words for the record (the "acta") and the facts a screen reads from it. Types only from the
// record module: its code (and the BLS library behind it) loads when someone presses "Verificar".

export type RecordEntryType = RecordEntry["type"];

export const ENTRY_LABELS: Record<RecordEntryType, string> = {
  rules_published: "Reglas publicadas",
  closed: "Cierre de ventas",
  frozen: "Lista de boletos congelada",
  round_named: "Ronda de drand fijada",
  beacon: "Aleatoriedad recibida (drand)",
  winners: "Ganadores",
  disqualification: "Ganador descalificado",
  replacement: "Reemplazo sorteado (drand)",
  external_result: "Resultado oficial de la lotería",
  external_correction: "Corrección del resultado oficial",
  lottery_fallback: "La lotería sorteó antes de fijar la lista",
  cancelled: "Rifa cancelada",
  prize_claimed: "Premio reclamado por el ganador",
  prize_delivered: "Premio entregado",
  prize_confirmation: "Confirmación del ganador",
  instant_final: "Compra final: espera su ronda de premios instantáneos",
  instant_draw: "Premios instantáneos decididos (drand)",
};

export const CLOSE_REASONS: Record<string, string> = {
  end_date: "llegó la fecha de cierre",
  sold_out: "se vendieron todos los boletos",
  countdown_ended: "terminó la cuenta regresiva de últimas ventas",
  organiser: "el organizador cerró las ventas antes de tiempo",
};

export const BEACON_SOURCES: Record<string, string> = {
  relay: "obtenida de un relay de drand",
  admin: "pegada por un administrador (verificada igual que cualquier otra)",
};

/** "a1b2c3d4…e5f6a7": enough to compare by eye; the full value is copied or shown on demand. */
export function shortHash(value: string, head = 8, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}

export function entriesOf(record: DrawRecord, type: RecordEntryType): RecordEntry[] {
  return record.entries.filter((e) => e.type === type);
}

/** The data of the last entry of a type (a correction follows a result; a raffle freezes once). */
export function lastData<T>(record: DrawRecord, type: RecordEntryType): T | null {
  const found = entriesOf(record, type);
  const last = found[found.length - 1];
  return last ? (last.data as T) : null;
}

export const rulesOf = (record: DrawRecord) => lastData<RulesPublishedData>(record, "rules_published");

/**
 * The raffle's size from its published rules, so its numbers show in its digits (ticketDigits). A record
 * always opens with its rules; without them the numbers show in the draw protocol's 4 digits.
 */
export const recordTotalTickets = (record: DrawRecord): number => rulesOf(record)?.totalTickets ?? 10_000;
export const roundOf = (record: DrawRecord) => lastData<RoundNamedData>(record, "round_named");

export interface ShownWinner {
  level: number;
  index: number;
  ticketNumber: number;
  tag: string | null;
  description: string;
  /** Set when this winner was disqualified (it stays in the record with its reason). */
  disqualified: { reason: string; at: string } | null;
  /** True for a replacement that the record's derivation gave after a disqualification. */
  replacement: boolean;
}

/**
 * The winners as the record stands: the draw's (or the latest official lottery result's), each
 * disqualification marking its winner and adding the replacement the derivation gave.
 */
export function shownWinners(record: DrawRecord): ShownWinner[] {
  const result: ShownWinner[] = [];
  let source: WinnersData["winners"] | ExternalResultData["winners"] | null = null;
  for (const entry of record.entries) {
    if (entry.type === "winners") source = (entry.data as WinnersData).winners;
    if (entry.type === "external_result") source = (entry.data as ExternalResultData).winners;
    if (entry.type === "external_correction") source = (entry.data as ExternalCorrectionData).winners;
  }
  for (const w of source ?? []) {
    result.push({
      level: w.level,
      index: w.index,
      ticketNumber: w.ticketNumber,
      tag: w.tag ?? null,
      description: w.description,
      disqualified: null,
      replacement: false,
    });
  }
  for (const entry of record.entries) {
    if (entry.type === "replacement") {
      // v3: the replacement drawn, once published, by the round its disqualification named.
      const r = (entry.data as ReplacementData).replacement;
      const d = record.entries[(entry.data as ReplacementData).disqualification]?.data as
        | DisqualificationData
        | undefined;
      const target = result.find((w) => w.level === d?.level && w.index === d?.index);
      if (r) {
        result.push({
          level: r.level,
          index: r.index,
          ticketNumber: r.ticketNumber,
          tag: r.tag,
          description: target?.description ?? "",
          disqualified: null,
          replacement: true,
        });
      }
      continue;
    }
    if (entry.type !== "disqualification") continue;
    const d = entry.data as DisqualificationData;
    const target = result.find((w) => w.level === d.level && w.index === d.index && w.disqualified === null);
    if (target) target.disqualified = { reason: d.reasonText ?? d.reason, at: entry.at };
    if (d.replacement) {
      result.push({
        level: d.replacement.level,
        index: d.replacement.index,
        ticketNumber: d.replacement.ticketNumber,
        tag: d.replacement.tag,
        description: target?.description ?? "",
        disqualified: null,
        replacement: true,
      });
    }
  }
  return result.sort((a, b) => a.level - b.level || a.index - b.index);
}

/** Where the draw stands, from the record alone. */
export type RecordStage = "open" | "closed" | "awaiting_round" | "awaiting_result" | "drawn" | "cancelled";

export function recordStage(record: DrawRecord): RecordStage {
  const has = (type: RecordEntryType) => record.entries.some((e) => e.type === type);
  if (has("cancelled")) return "cancelled";
  if (has("winners") || has("external_result")) return "drawn";
  if (has("frozen")) return has("round_named") ? "awaiting_round" : "awaiting_result";
  if (has("closed")) return "closed";
  return "open";
}

/** The raffle's title as its rules were published. */
export function recordTitle(record: DrawRecord): string {
  return rulesOf(record)?.title ?? "Rifa";
}

/**
 * The v2 algorithm's name as draw lists report it. Written here rather than imported from the engine
 * module so that a list of draws does not pull the draw code into its chunk.
 */
export const ALGORITHM_VERSION_V2 = "rifazo-draw-v2";

/** A disqualification as the draw page shows it (decision 0021): reason, round and what came of it. */
export interface ShownDisqualification {
  seq: number;
  at: string;
  level: number;
  index: number;
  ticketNumber: number;
  description: string;
  reasonText: string;
  evidenceHash: string | null;
  /** v3: the round that draws the replacement; null for a v2 record (drawn with the draw's beacon). */
  round: number | null;
  roundTime: string | null;
  /** "pending" until the round's replacement entry; then the replacement ticket or none left. */
  status: "pending" | "replaced" | "empty";
  replacementTicket: number | null;
}

export function shownDisqualifications(record: DrawRecord): ShownDisqualification[] {
  const descriptions = new Map<number, string>(
    (rulesOf(record)?.prizeLevels ?? []).map((l) => [l.level, l.description]),
  );
  const out: ShownDisqualification[] = [];
  for (const entry of record.entries) {
    if (entry.type === "disqualification") {
      const d = entry.data as DisqualificationData;
      const v3 = d.round !== undefined;
      out.push({
        seq: entry.seq,
        at: entry.at,
        level: d.level,
        index: d.index,
        ticketNumber: d.ticketNumber,
        description: descriptions.get(d.level) ?? "",
        reasonText: d.reasonText ?? d.reason,
        evidenceHash: d.evidenceHash ?? null,
        round: d.round ?? null,
        roundTime: d.roundTime ?? null,
        status: v3 ? "pending" : d.replacement ? "replaced" : "empty",
        replacementTicket: d.replacement?.ticketNumber ?? null,
      });
    } else if (entry.type === "replacement") {
      const r = entry.data as ReplacementData;
      const target = out.find((x) => x.seq === r.disqualification);
      if (target) {
        target.status = r.replacement ? "replaced" : "empty";
        target.replacementTicket = r.replacement?.ticketNumber ?? null;
      }
    }
  }
  return out;
}

/** The description of instant prize slot `index`: the rules' kinds expanded by their counts (§16.1). */
export function instantSlotDescription(record: DrawRecord, index: number): string | null {
  let start = 0;
  for (const kind of rulesOf(record)?.instantPrizes ?? []) {
    if (index < start + kind.count) return kind.description;
    start += kind.count;
  }
  return null;
}

/**
 * Instant prizes as the record tells them (decision 0035), for reading: the budget, every win with the
 * draw that decided it, and the purchases still waiting on their round. The verifier checks them.
 */
export interface ShownInstant {
  total: number;
  left: number;
  wins: { ticketNumber: number; index: number; description: string; at: string; round: number }[];
  pending: { seq: number; tickets: number[]; round: number; roundTime: string }[];
}

export function shownInstant(record: DrawRecord): ShownInstant {
  const total = (rulesOf(record)?.instantPrizes ?? []).reduce((sum, k) => sum + k.count, 0);
  const shown: ShownInstant = { total, left: total, wins: [], pending: [] };
  for (const entry of record.entries) {
    if (entry.type === "instant_final") {
      const d = entry.data as InstantFinalData;
      shown.pending.push({ seq: entry.seq, tickets: d.tickets, round: d.round, roundTime: d.roundTime });
    } else if (entry.type === "instant_draw") {
      const d = entry.data as InstantDrawData;
      const decided = new Set(d.decided.map((x) => x.final));
      shown.pending = shown.pending.filter((p) => !decided.has(p.seq));
      for (const w of d.decided.flatMap((x) => x.wins))
        shown.wins.push({ ...w, at: entry.at, round: d.round });
      shown.left = d.prizesLeft;
    }
  }
  return shown;
}
