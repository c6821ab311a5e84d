// The raffle's record rows, winners tables and summaries (split from repository.ts, which re-exports them).
import type { DrandChainInfo } from "@rifazo/shared/domain/drand";
import {
  appendEntry,
  type RecordEntry,
  type RecordEntryData,
  type RecordEntryType,
} from "@rifazo/shared/domain/draw-record";
import { and, asc, desc, eq, inArray, isNull, ne, notInArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { drawRecordEntries, raffles, winners } from "../../db/schema";

// ---------------------------------------------------------------------------------------------
// The raffle's record (decision 0012): an append-only hash chain, one row per entry.
// ---------------------------------------------------------------------------------------------

export type RecordRow = typeof drawRecordEntries.$inferSelect;

/** Every entry of a raffle's record, in order. */
export async function recordEntries(tx: Executor, raffleId: string): Promise<RecordEntry[]> {
  const rows = await tx
    .select()
    .from(drawRecordEntries)
    .where(eq(drawRecordEntries.raffleId, raffleId))
    .orderBy(asc(drawRecordEntries.seq));
  return rows.map(toEntry);
}

function toEntry(row: RecordRow): RecordEntry {
  return {
    seq: row.seq,
    type: row.type as RecordEntryType,
    at: row.at.toISOString(),
    data: row.data,
    prevHash: row.prevHash,
    hash: row.hash,
  } as RecordEntry;
}

/**
 * The entries of `types` of several raffles, each list in order: what a reader needs without the frozen
 * list's bulk (the prizes' claim periods, decision 0035).
 */
export async function recordEntriesOfTypes(
  tx: Executor,
  raffleIds: string[],
  types: RecordEntryType[],
): Promise<Map<string, RecordEntry[]>> {
  const byRaffle = new Map<string, RecordEntry[]>();
  if (raffleIds.length === 0) return byRaffle;
  const rows = await tx
    .select()
    .from(drawRecordEntries)
    .where(and(inArray(drawRecordEntries.raffleId, raffleIds), inArray(drawRecordEntries.type, types)))
    .orderBy(asc(drawRecordEntries.raffleId), asc(drawRecordEntries.seq));
  for (const row of rows) {
    const list = byRaffle.get(row.raffleId) ?? [];
    list.push(toEntry(row));
    byRaffle.set(row.raffleId, list);
  }
  return byRaffle;
}

export async function hasRecord(tx: Executor, raffleId: string): Promise<boolean> {
  const rows = await tx
    .select({ seq: drawRecordEntries.seq })
    .from(drawRecordEntries)
    .where(eq(drawRecordEntries.raffleId, raffleId))
    .limit(1);
  return rows.length > 0;
}

/** Ids of raffles on sale whose record has not begun (the start-up step of freeze.ts). */
export async function activeRafflesWithoutRecord(tx: Executor): Promise<string[]> {
  const rows = await tx
    .select({ id: raffles.id })
    .from(raffles)
    .where(
      and(
        eq(raffles.status, "active"),
        sql`NOT EXISTS (SELECT 1 FROM ${drawRecordEntries} e WHERE e.raffle_id = ${raffles.id})`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * Length and head hash of a raffle's record, unlocked (an approval's checkpoint, decision 0023): entries
 * are append-only, so whatever is read is a prefix of every later record. Null for an empty record.
 */
export async function recordHead(
  tx: Executor,
  raffleId: string,
): Promise<{ length: number; hash: string } | null> {
  const [row] = await tx
    .select({ seq: drawRecordEntries.seq, hash: drawRecordEntries.hash })
    .from(drawRecordEntries)
    .where(eq(drawRecordEntries.raffleId, raffleId))
    .orderBy(desc(drawRecordEntries.seq))
    .limit(1);
  return row ? { length: row.seq + 1, hash: row.hash } : null;
}

/** The last entry, locked until the transaction ends (null for an empty record). */
export async function lastRecordEntry(tx: Executor, raffleId: string): Promise<RecordEntry | null> {
  const [row] = await tx
    .select()
    .from(drawRecordEntries)
    .where(eq(drawRecordEntries.raffleId, raffleId))
    .orderBy(desc(drawRecordEntries.seq))
    .limit(1)
    .for("update");
  return row ? toEntry(row) : null;
}

/**
 * Appends an entry to a raffle's record: locks the last entry, chains the new one to it with
 * appendEntry (packages/shared/src/domain/draw-record.ts) and inserts it. Call it in the transaction of
 * the change it records, with the raffle row locked (the primary key refuses a second entry at the same
 * seq should two writers race anyway).
 */
export async function appendRecordEntry<T extends RecordEntryType>(
  tx: Executor,
  raffleId: string,
  type: T,
  at: Date,
  data: RecordEntryData<T>,
): Promise<RecordEntry<T>> {
  const prev = await lastRecordEntry(tx, raffleId);
  // Entries never go back in time (another instance's clock may be a little ahead).
  const when = prev && Date.parse(prev.at) > at.getTime() ? new Date(prev.at) : at;
  const entry = await appendEntry(prev, type, when, data);
  await tx.insert(drawRecordEntries).values({
    raffleId,
    seq: entry.seq,
    type: entry.type,
    at: new Date(entry.at),
    data: entry.data,
    prevHash: entry.prevHash,
    hash: entry.hash,
  });
  return entry;
}

export interface DueRound {
  raffleId: string;
  round: number;
  chainHash: string;
  chain: DrandChainInfo;
}

/** Frozen raffles whose named round is out (roundTime <= now) and that have no winners entry yet. */
export async function findDueRounds(tx: Executor, now: Date): Promise<DueRound[]> {
  const result = (await tx.execute(sql`
    SELECT e.raffle_id AS "raffleId", (e.data->>'round')::bigint AS "round",
           e.data->'chain'->>'hash' AS "chainHash", e.data->'chain' AS "chain"
    FROM draw_record_entries e
    JOIN raffles r ON r.id = e.raffle_id
    WHERE e.type = 'round_named' AND r.status = 'frozen'
      AND (e.data->>'roundTime')::timestamptz <= ${now.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM draw_record_entries w WHERE w.raffle_id = e.raffle_id AND w.type = 'winners')
    ORDER BY (e.data->>'roundTime')::timestamptz
    LIMIT 50`)) as unknown as {
    rows: Array<{
      raffleId: string;
      round: string | number;
      chainHash: string;
      chain: DrandChainInfo | string;
    }>;
  };
  return result.rows.map((row) => ({
    raffleId: row.raffleId,
    round: Number(row.round),
    chainHash: row.chainHash,
    // Parsed by both drivers as jsonb; text only if a driver hands it back raw.
    chain: typeof row.chain === "string" ? (JSON.parse(row.chain) as DrandChainInfo) : row.chain,
  }));
}

/**
 * A winner row of the draw (a drand draw, a lottery's result or a replacement), not an instant prize: an
 * instant winner's ticket may also win in the draw (decision 0035), so every query here that finds "the
 * winner of ticket N" or "the draw's winners" says which it means.
 */
export const drawWinnerRow = () => ne(winners.source, "instant");

/** Marks a current winner of the draw disqualified (the row stays); returns it. */
export async function markDisqualified(
  tx: Executor,
  raffleId: string,
  ticketNumber: number,
  reason: string,
  at: Date,
) {
  const [row] = await tx
    .update(winners)
    .set({ disqualifiedAt: at, disqualificationReason: reason })
    .where(
      and(
        eq(winners.raffleId, raffleId),
        eq(winners.ticketNumber, ticketNumber),
        isNull(winners.disqualifiedAt),
        drawWinnerRow(),
      ),
    )
    .returning();
  return row;
}

/** The current winner rows of the draw with their place and time, by ticket (the winners' notices). */
export async function currentWinnerSlots(tx: Executor, raffleId: string) {
  return tx
    .select({
      id: winners.id,
      ticketNumber: winners.ticketNumber,
      prizeLevel: winners.prizeLevel,
      prizeIndex: winners.prizeIndex,
      announcedAt: winners.announcedAt,
    })
    .from(winners)
    .where(and(eq(winners.raffleId, raffleId), isNull(winners.disqualifiedAt), drawWinnerRow()));
}

/**
 * Removes the current (not disqualified) winner rows but those of `except`'s tickets: a corrected lottery
 * result replaces them.
 */
export async function deleteCurrentWinners(
  tx: Executor,
  raffleId: string,
  except: number[] = [],
): Promise<void> {
  await tx
    .delete(winners)
    .where(
      and(
        eq(winners.raffleId, raffleId),
        isNull(winners.disqualifiedAt),
        drawWinnerRow(),
        except.length > 0 ? notInArray(winners.ticketNumber, except) : undefined,
      ),
    );
}

/** Tickets of current winner rows a prize claim points at (decision 0035: such a row is never deleted). */
export async function claimedWinnerTickets(tx: Executor, raffleId: string): Promise<Set<number>> {
  const rows = await tx
    .select({ ticketNumber: winners.ticketNumber })
    .from(winners)
    .where(
      and(
        eq(winners.raffleId, raffleId),
        isNull(winners.disqualifiedAt),
        drawWinnerRow(),
        sql`EXISTS (SELECT 1 FROM prize_claims c WHERE c.winner_id = ${winners.id})`,
      ),
    );
  return new Set(rows.map((r) => r.ticketNumber));
}

/** Moves a kept current winner row to its place in a corrected result. */
export async function updateWinnerPlace(
  tx: Executor,
  raffleId: string,
  row: Pick<
    typeof winners.$inferInsert,
    "ticketNumber" | "prizeLevel" | "prizeIndex" | "prizeDescription" | "announcedAt"
  >,
): Promise<void> {
  await tx
    .update(winners)
    .set({
      prizeLevel: row.prizeLevel,
      prizeIndex: row.prizeIndex,
      prizeDescription: row.prizeDescription,
      announcedAt: row.announcedAt,
    })
    .where(
      and(
        eq(winners.raffleId, raffleId),
        eq(winners.ticketNumber, row.ticketNumber),
        isNull(winners.disqualifiedAt),
        drawWinnerRow(),
      ),
    );
}

/** Current winners of the draw of several raffles (draw list), by level and index. */
export async function currentWinnersOf(tx: Executor, raffleIds: string[]) {
  if (raffleIds.length === 0) return [];
  return tx
    .select({
      raffleId: winners.raffleId,
      ticketNumber: winners.ticketNumber,
      prizeLevel: winners.prizeLevel,
      prizeIndex: winners.prizeIndex,
      prizeDescription: winners.prizeDescription,
    })
    .from(winners)
    .where(and(inArray(winners.raffleId, raffleIds), isNull(winners.disqualifiedAt), drawWinnerRow()))
    .orderBy(asc(winners.prizeLevel), asc(winners.prizeIndex), asc(winners.ticketNumber));
}

/** How many tickets each raffle's frozen list holds (from its record). */
export async function frozenTicketCounts(tx: Executor, raffleIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (raffleIds.length === 0) return counts;
  const rows = await tx
    .select({
      raffleId: drawRecordEntries.raffleId,
      count: sql<number>`(${drawRecordEntries.data}->>'ticketCount')::int`,
    })
    .from(drawRecordEntries)
    .where(and(inArray(drawRecordEntries.raffleId, raffleIds), eq(drawRecordEntries.type, "frozen")));
  for (const row of rows) counts.set(row.raffleId, Number(row.count));
  return counts;
}

export interface RecordSummary {
  recordAvailable: boolean;
  /** The drand round named at the freeze (internal draws), null before. */
  drawRound: number | null;
  drawRoundAt: string | null;
  /** The drand chain the record named (hash and public key), null before the round is named. */
  chain: { hash: string; public_key: string } | null;
}

/**
 * What the raffle payloads' `lifecycle` reads from each record (contract: drawRound, drawRoundAt,
 * recordAvailable), for several raffles in one query. Raffles without a record are absent.
 */
export async function recordSummaries(
  tx: Executor,
  raffleIds: string[],
): Promise<Map<string, RecordSummary>> {
  const summaries = new Map<string, RecordSummary>();
  if (raffleIds.length === 0) return summaries;
  const rows = await tx
    .select({
      raffleId: drawRecordEntries.raffleId,
      round: sql<
        string | null
      >`max(${drawRecordEntries.data}->>'round') FILTER (WHERE ${drawRecordEntries.type} = 'round_named')`,
      roundTime: sql<
        string | null
      >`max(${drawRecordEntries.data}->>'roundTime') FILTER (WHERE ${drawRecordEntries.type} = 'round_named')`,
      chainHash: sql<
        string | null
      >`max(${drawRecordEntries.data}->'chain'->>'hash') FILTER (WHERE ${drawRecordEntries.type} = 'round_named')`,
      chainKey: sql<
        string | null
      >`max(${drawRecordEntries.data}->'chain'->>'public_key') FILTER (WHERE ${drawRecordEntries.type} = 'round_named')`,
    })
    .from(drawRecordEntries)
    .where(inArray(drawRecordEntries.raffleId, raffleIds))
    .groupBy(drawRecordEntries.raffleId);
  for (const row of rows) {
    summaries.set(row.raffleId, {
      recordAvailable: true,
      drawRound: row.round === null ? null : Number(row.round),
      drawRoundAt: row.roundTime,
      chain:
        row.chainHash !== null && row.chainKey !== null
          ? { hash: row.chainHash, public_key: row.chainKey }
          : null,
    });
  }
  return summaries;
}
