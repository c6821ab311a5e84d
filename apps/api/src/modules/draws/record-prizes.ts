// Prizes after the draw on the raffle's record (docs/decisions/0035-prizes-on-the-record.md): when each
// winner was named (their claim period runs from there) and the entries the prizes module appends.
import { claimDeadline, DEFAULT_CLAIM_PERIOD_DAYS } from "@rifazo/shared";
import type {
  PrizeRef,
  RecordEntry,
  RecordEntryData,
  RecordEntryType,
  RulesPublishedData,
} from "@rifazo/shared/domain/draw-record";
import { INSTANT_PRIZE_LEVEL, instantSlots } from "@rifazo/shared/domain/instant-draw";
import type { Executor, Tx } from "../../db/client";
import { notFound } from "../../lib/errors";
import { supportWhatsapp } from "../settings";
import { appendRecordEntry, currentWinnerSlots, findRaffle, recordEntriesOfTypes } from "./repository";

/**
 * The instant_draw entry that gave instant slot `index` (level 0): instant wins are never redrawn, so the
 * slot's one holder was named there (docs/decisions/0035-prizes-on-the-record.md, "Instant wins").
 */
function instantAwarding(entries: RecordEntry[], index: number): RecordEntry<"instant_draw"> | null {
  for (const entry of entries) {
    if (entry.type !== "instant_draw") continue;
    if (entry.data.decided.some((d) => d.wins.some((w) => w.index === index))) return entry;
  }
  return null;
}

/**
 * The time the current holder of (level, index) was named: for an instant prize (level 0) the
 * instant_draw that gave the slot; otherwise the replacement that drew them, else the latest winners /
 * external result / correction entry. Null when the record has named nobody.
 */
export function awardedAtOf(entries: RecordEntry[], level: number, index: number): string | null {
  if (level === INSTANT_PRIZE_LEVEL) return instantAwarding(entries, index)?.at ?? null;
  for (const entry of [...entries].reverse()) {
    if (entry.type === "replacement") {
      const r = entry.data.replacement;
      if (r && r.level === level && r.index === index) return entry.at;
    }
    if (entry.type === "winners" || entry.type === "external_result" || entry.type === "external_correction")
      return entry.at;
  }
  return null;
}

/** seq of the entry that named the current holder of (level, index), as awardedAtOf finds it. */
function awardingSeq(entries: RecordEntry[], level: number, index: number): number | null {
  if (level === INSTANT_PRIZE_LEVEL) return instantAwarding(entries, index)?.seq ?? null;
  for (const entry of [...entries].reverse()) {
    if (entry.type === "replacement") {
      const r = entry.data.replacement;
      if (r && r.level === level && r.index === index) return entry.seq;
    }
    if (entry.type === "winners" || entry.type === "external_result" || entry.type === "external_correction")
      return entry.seq;
  }
  return null;
}

/**
 * Whether the current holder of (level, index) sent a claim: a `prize_claimed` entry for that place after
 * the entry that named them (an earlier holder's claim does not count). The record proves it came in time,
 * so an "unclaimed" disqualification is refused (decision 0035).
 */
export function claimedByCurrentHolder(entries: RecordEntry[], level: number, index: number): boolean {
  const since = awardingSeq(entries, level, index);
  if (since === null) return false;
  return entries.some(
    (e) => e.type === "prize_claimed" && e.seq > since && e.data.level === level && e.data.index === index,
  );
}

/** What the prizes module reads of a raffle's record. */
export interface PrizeRecord {
  /**
   * The record named the draw's winners (a drand draw or a lottery's result): their prize entries may be
   * appended. Instant prizes do not need it: see namedOnRecord.
   */
  hasWinners: boolean;
  /** The rules as sold, last published; null without a record. */
  rules: RulesPublishedData | null;
  entries: RecordEntry[];
}

export function prizeRecordOf(entries: RecordEntry[]): PrizeRecord {
  const rules = [...entries].reverse().find((e) => e.type === "rules_published");
  return {
    hasWinners: entries.some((e) => e.type === "winners" || e.type === "external_result"),
    rules: rules?.type === "rules_published" ? rules.data : null,
    entries,
  };
}

/**
 * Whether the record named the holder of (level, index), so that their prize entries may be appended: a
 * draw's place once the record named the draw's winners; an instant slot (level 0) once the instant_draw
 * that gave it, even while the raffle still sells (decision 0035).
 */
export function namedOnRecord(record: PrizeRecord, level: number, index: number | null): boolean {
  if (index === null) return false;
  if (level === INSTANT_PRIZE_LEVEL) return instantAwarding(record.entries, index) !== null;
  return record.hasWinners;
}

/**
 * An instant slot's cash as the rules sold it (instantSlots of the rules' instantPrizes), or null for a
 * prize in kind or a slot the rules do not offer.
 */
export function instantSlotCash(
  record: PrizeRecord,
  index: number | null,
): { currency: "USD" | "VES"; amount: number } | null {
  if (index === null) return null;
  const cash = instantSlots(record.rules?.instantPrizes)[index]?.cash;
  return cash ? { currency: cash.currency, amount: Number(cash.amount) } : null;
}

/** The entry types a PrizeRecord reads: the rules, who was named when, and the claims. */
const PRIZE_RECORD_TYPES: RecordEntryType[] = [
  "rules_published",
  "winners",
  "external_result",
  "external_correction",
  "replacement",
  "instant_draw",
  "prize_claimed",
];

/** Several raffles' records as the prizes module reads them (unlocked); a raffle without one is empty. */
export async function prizeRecords(tx: Executor, raffleIds: string[]): Promise<Map<string, PrizeRecord>> {
  const entries = await recordEntriesOfTypes(tx, [...new Set(raffleIds)], PRIZE_RECORD_TYPES);
  return new Map(raffleIds.map((id) => [id, prizeRecordOf(entries.get(id) ?? [])]));
}

/** One raffle's record as the prizes module reads it (unlocked). */
export async function prizeRecord(tx: Executor, raffleId: string): Promise<PrizeRecord> {
  return (await prizeRecords(tx, [raffleId])).get(raffleId) ?? prizeRecordOf([]);
}

/** A winner row's place and time, as the claim period is counted from them. */
export interface WinnerSlot {
  prizeLevel: number;
  prizeIndex: number | null;
  announcedAt: Date;
}

/**
 * When a winner was named and until when they may claim (decision 0035): from the record entry that named
 * them plus the rules' claim period (v3); a raffle without a record, or whose rules state no period, counts
 * DEFAULT_CLAIM_PERIOD_DAYS from the winner row's announcement.
 */
export function prizeDeadline(
  record: PrizeRecord,
  winner: WinnerSlot,
): { awardedAt: string; deadline: string } {
  const named =
    winner.prizeIndex !== null && namedOnRecord(record, winner.prizeLevel, winner.prizeIndex)
      ? awardedAtOf(record.entries, winner.prizeLevel, winner.prizeIndex)
      : null;
  const days = record.rules?.claimPeriodDays;
  if (named && days) return { awardedAt: named, deadline: claimDeadline(named, days) };
  const announced = winner.announcedAt.toISOString();
  return { awardedAt: named ?? announced, deadline: claimDeadline(announced, DEFAULT_CLAIM_PERIOD_DAYS) };
}

/**
 * What a winner's "¡Ganaste!" needs beyond the prize (decision 0035), by ticket number: the winner row (its
 * prize page), the claim deadline, and the organiser's WhatsApp when published. Read in the transaction
 * that named them, after the record entry.
 */
export async function winnerNoticeFacts(tx: Executor, raffleId: string) {
  const record = await prizeRecord(tx, raffleId);
  const slots = await currentWinnerSlots(tx, raffleId);
  const whatsapp = await supportWhatsapp(tx);
  const byTicket = new Map<
    number,
    { winnerId: string; claimDeadline: string; organiserWhatsapp: string | null }
  >();
  for (const slot of slots) {
    byTicket.set(slot.ticketNumber, {
      winnerId: slot.id,
      claimDeadline: prizeDeadline(record, slot).deadline,
      organiserWhatsapp: whatsapp,
    });
  }
  return byTicket;
}

type PrizeEntryType = "prize_claimed" | "prize_delivered" | "prize_confirmation";

/**
 * Appends a prize entry (claim, delivery, the winner's word) with the raffle row locked, as every writer of
 * the record does, in the caller's transaction; returns the entry (its seq goes on the delivery row).
 */
export async function appendPrizeEntry<T extends PrizeEntryType>(
  tx: Tx,
  raffleId: string,
  type: T,
  at: Date,
  data: RecordEntryData<T> & PrizeRef,
): Promise<RecordEntry<T>> {
  const raffle = await findRaffle(tx, raffleId, true);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  return appendRecordEntry(tx, raffleId, type, at, data);
}
