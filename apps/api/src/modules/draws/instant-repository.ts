// Instant wins' queries (docs/decisions/0035-prizes-on-the-record.md, "Instant wins nobody can aim"): the
// raffle's instant prizes as sold, what an approval needs of the record, the rounds the draw job owes, and
// the instant winner rows.
import type { DrandChainInfo } from "@rifazo/shared/domain/drand";
import type {
  InstantDrawData,
  InstantFinalData,
  RecordEntry,
  RulesPublishedData,
} from "@rifazo/shared/domain/draw-record";
import { and, asc, desc, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { drawRecordEntries, instantPrizes, tickets, users, winners } from "../../db/schema";
import { recordEntriesOfTypes } from "./repository";

export type InstantPrizeRow = typeof instantPrizes.$inferSelect;

/** The raffle's instant prizes, in the organiser's order. */
export async function findInstantPrizes(tx: Executor, raffleId: string): Promise<InstantPrizeRow[]> {
  return tx
    .select()
    .from(instantPrizes)
    .where(eq(instantPrizes.raffleId, raffleId))
    .orderBy(asc(instantPrizes.position));
}

/** The data of the raffle's last entry of `type`, or null. */
async function lastData<T>(tx: Executor, raffleId: string, type: string): Promise<T | null> {
  const [row] = await tx
    .select({ data: drawRecordEntries.data })
    .from(drawRecordEntries)
    .where(and(eq(drawRecordEntries.raffleId, raffleId), eq(drawRecordEntries.type, type)))
    .orderBy(desc(drawRecordEntries.seq))
    .limit(1);
  return row ? (row.data as T) : null;
}

/** What an approval reads of the record to name an instant round: without the bulk of other entries. */
export interface InstantState {
  /** The rules in force (the last rules_published), null without a record. */
  rules: RulesPublishedData | null;
  /** The last instant_draw: the budget left after it. */
  lastDraw: InstantDrawData | null;
  /** The chain the raffle's instant_final entries name (all the same), null before the first. */
  chain: DrandChainInfo | null;
  /** Time of the record's last entry (a new entry is never earlier), null for an empty record. */
  lastAt: string | null;
}

export async function instantState(tx: Executor, raffleId: string): Promise<InstantState> {
  // One after another: these run in the caller's transaction (one connection).
  const rules = await lastData<RulesPublishedData>(tx, raffleId, "rules_published");
  const lastDraw = await lastData<InstantDrawData>(tx, raffleId, "instant_draw");
  const final = await lastData<InstantFinalData>(tx, raffleId, "instant_final");
  const [head] = await tx
    .select({ at: drawRecordEntries.at })
    .from(drawRecordEntries)
    .where(eq(drawRecordEntries.raffleId, raffleId))
    .orderBy(desc(drawRecordEntries.seq))
    .limit(1);
  return { rules, lastDraw, chain: final?.chain ?? null, lastAt: head?.at.toISOString() ?? null };
}

/** A raffle's smallest round still owed to its instant_final entries (every earlier round is drawn). */
export interface DueInstantRound {
  raffleId: string;
  round: number;
  roundTime: string;
  chain: DrandChainInfo;
}

/**
 * Raffles whose smallest undecided instant round is out (roundTime <= now). A final is undecided while no
 * instant_draw has drawn its round or a later one: rounds are drawn in ascending order, and a final always
 * names a round after every one already drawn (its time is never before the last draw's).
 */
export async function findDueInstantRounds(tx: Executor, now: Date): Promise<DueInstantRound[]> {
  const result = (await tx.execute(sql`
    SELECT p."raffleId", p."round", p."roundTime", p."chain" FROM (
      SELECT DISTINCT ON (e.raffle_id) e.raffle_id AS "raffleId", (e.data->>'round')::bigint AS "round",
             e.data->>'roundTime' AS "roundTime", e.data->'chain' AS "chain"
      FROM draw_record_entries e
      WHERE e.type = 'instant_final'
        -- A cancelled raffle's record ends with the cancellation: its purchases are refunded, not decided.
        AND NOT EXISTS (SELECT 1 FROM draw_record_entries c WHERE c.raffle_id = e.raffle_id AND c.type = 'cancelled')
        AND (e.data->>'round')::bigint > COALESCE((
          SELECT max((d.data->>'round')::bigint) FROM draw_record_entries d
          WHERE d.raffle_id = e.raffle_id AND d.type = 'instant_draw'), 0)
      ORDER BY e.raffle_id, (e.data->>'round')::bigint, e.seq
    ) p
    WHERE (p."roundTime")::timestamptz <= ${now.toISOString()}::timestamptz
    ORDER BY (p."roundTime")::timestamptz
    LIMIT 50`)) as unknown as {
    rows: Array<{
      raffleId: string;
      round: string | number;
      roundTime: string;
      chain: DrandChainInfo | string;
    }>;
  };
  return result.rows.map((row) => ({
    raffleId: row.raffleId,
    round: Number(row.round),
    roundTime: new Date(row.roundTime).toISOString(),
    chain: typeof row.chain === "string" ? (JSON.parse(row.chain) as DrandChainInfo) : row.chain,
  }));
}

/** The owners of these tickets (sold or not any more), with the name a winner row shows. */
export async function ticketOwners(tx: Executor, raffleId: string, numbers: number[]) {
  if (numbers.length === 0) return [];
  return tx
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      status: tickets.status,
      paymentId: tickets.paymentId,
      userId: tickets.userId,
      email: users.email,
      // A vendedor's sale without an account: the buyer the vendedor wrote down (decision 0034).
      ownerName: sql<
        string | null
      >`coalesce(${users.name}, (SELECT p.buyer_name FROM payment_proofs p WHERE p.id = ${tickets.paymentId}))`,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.raffleId, raffleId), inArray(tickets.ticketNumber, numbers)));
}

export async function insertInstantWinners(
  tx: Executor,
  rows: Array<typeof winners.$inferInsert>,
): Promise<Array<{ id: string; ticketNumber: number }>> {
  if (rows.length === 0) return [];
  return tx.insert(winners).values(rows).returning({ id: winners.id, ticketNumber: winners.ticketNumber });
}

/** The instant_final and instant_draw entries of a raffle, in record order (the draw job's batch). */
export async function instantEntries(tx: Executor, raffleId: string): Promise<RecordEntry[]> {
  const entries = await recordEntriesOfTypes(tx, [raffleId], ["instant_final", "instant_draw"]);
  return entries.get(raffleId) ?? [];
}

/**
 * The entries of a page of purchases, without reading whole records: each purchase's instant_final (the
 * one naming exactly its tickets, ascending) and the instant_draw entries that decided any of them, by
 * raffle, in record order. Two queries whatever the number of purchases.
 */
export async function instantEntriesOfPurchases(
  tx: Executor,
  purchases: ReadonlyArray<{ raffleId: string; tickets: readonly number[] }>,
): Promise<Map<string, RecordEntry[]>> {
  const byRaffle = new Map<string, RecordEntry[]>();
  if (purchases.length === 0) return byRaffle;
  const finals = await tx
    .select()
    .from(drawRecordEntries)
    .where(
      and(
        eq(drawRecordEntries.type, "instant_final"),
        or(
          ...purchases.map((p) =>
            and(
              eq(drawRecordEntries.raffleId, p.raffleId),
              sql`${drawRecordEntries.data}->'tickets' = ${JSON.stringify([...p.tickets].sort((a, b) => a - b))}::jsonb`,
            ),
          ),
        ),
      ),
    );
  const draws =
    finals.length === 0
      ? []
      : await tx
          .select()
          .from(drawRecordEntries)
          .where(
            and(
              eq(drawRecordEntries.type, "instant_draw"),
              or(
                ...finals.map((f) =>
                  and(
                    eq(drawRecordEntries.raffleId, f.raffleId),
                    sql`${drawRecordEntries.data}->'decided' @> ${JSON.stringify([{ final: f.seq }])}::jsonb`,
                  ),
                ),
              ),
            ),
          );
  for (const row of [...finals, ...draws].sort((a, b) => a.seq - b.seq)) {
    const list = byRaffle.get(row.raffleId) ?? [];
    list.push(toEntry(row));
    byRaffle.set(row.raffleId, list);
  }
  return byRaffle;
}

function toEntry(row: typeof drawRecordEntries.$inferSelect): RecordEntry {
  return {
    seq: row.seq,
    type: row.type,
    at: row.at.toISOString(),
    data: row.data,
    prevHash: row.prevHash,
    hash: row.hash,
  } as RecordEntry;
}

/** Current instant winner rows of these raffles' tickets: "raffleId:ticket" → winner id. */
export async function instantWinnerIds(
  tx: Executor,
  raffleIds: string[],
  numbers: number[],
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  if (raffleIds.length === 0 || numbers.length === 0) return ids;
  const rows = await tx
    .select({ id: winners.id, raffleId: winners.raffleId, ticketNumber: winners.ticketNumber })
    .from(winners)
    .where(
      and(
        inArray(winners.raffleId, [...new Set(raffleIds)]),
        inArray(winners.ticketNumber, [...new Set(numbers)]),
        eq(winners.source, "instant"),
        isNull(winners.disqualifiedAt),
      ),
    );
  for (const row of rows) ids.set(`${row.raffleId}:${row.ticketNumber}`, row.id);
  return ids;
}
