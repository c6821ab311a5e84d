import { type DrandChainInfo, latestRoundAt } from "@rifazo/shared/domain/drand";
import {
  appendEntry,
  type LatestBeacon,
  type RecordEntry,
  type RecordEntryData,
  type RecordEntryType,
} from "@rifazo/shared/domain/draw-record";
import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  disqualificationEvidence,
  drandBeacons,
  drawRecordEntries,
  lotteryCorrectionProposals,
  lotteryPublications,
  paymentProofs,
  prizeLevels,
  raffles,
  tickets,
  users,
  winners,
} from "../../db/schema";

export type RaffleRow = typeof raffles.$inferSelect;
export type PrizeLevelRow = typeof prizeLevels.$inferSelect;

/** The raffle row, locked for the rest of the transaction when `lock` is set (draws and countdowns). */
export async function findRaffle(tx: Executor, id: string, lock = false): Promise<RaffleRow | undefined> {
  const query = tx.select().from(raffles).where(eq(raffles.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findPrizeLevels(tx: Executor, raffleId: string) {
  return tx
    .select()
    .from(prizeLevels)
    .where(eq(prizeLevels.raffleId, raffleId))
    .orderBy(asc(prizeLevels.level));
}

export interface SoldTicket {
  id: string;
  ticketNumber: number;
  userId: string | null;
  ownerName: string | null;
}

export async function findSoldTickets(tx: Executor, raffleId: string): Promise<SoldTicket[]> {
  return tx
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      userId: tickets.userId,
      ownerName: users.name,
    })
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")))
    .orderBy(asc(tickets.ticketNumber));
}

export interface SoldTicketWithSecret extends SoldTicket {
  /** The receipt secret of the purchase that bought the ticket (its owner tag's key). */
  receiptSecret: string;
}

/** Sold tickets, ascending, with their purchase's receipt secret (the freeze derives owner tags). */
export async function findSoldTicketsWithSecrets(
  tx: Executor,
  raffleId: string,
): Promise<SoldTicketWithSecret[]> {
  return tx
    .select({
      id: tickets.id,
      ticketNumber: tickets.ticketNumber,
      userId: tickets.userId,
      ownerName: users.name,
      receiptSecret: paymentProofs.receiptSecret,
    })
    .from(tickets)
    .innerJoin(paymentProofs, eq(paymentProofs.id, tickets.paymentId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")))
    .orderBy(asc(tickets.ticketNumber));
}

/** Current winners (a disqualified winner's row stays, marked, and is left out here). */
export async function findWinners(tx: Executor, raffleId: string) {
  return tx
    .select({
      id: winners.id,
      ticketNumber: winners.ticketNumber,
      userId: winners.userId,
      winnerName: winners.winnerName,
      prizeLevel: winners.prizeLevel,
      prizeDescription: winners.prizeDescription,
      source: winners.source,
      announcedAt: winners.announcedAt,
      avatarUrl: users.image,
    })
    .from(winners)
    .leftJoin(users, eq(users.id, winners.userId))
    .where(and(eq(winners.raffleId, raffleId), isNull(winners.disqualifiedAt)))
    .orderBy(
      asc(winners.prizeLevel),
      asc(winners.prizeIndex),
      asc(winners.announcedAt),
      asc(winners.ticketNumber),
    );
}

export async function insertWinners(tx: Executor, rows: Array<typeof winners.$inferInsert>): Promise<void> {
  if (rows.length > 0) await tx.insert(winners).values(rows);
}

export async function updateRaffle(tx: Executor, id: string, values: Partial<typeof raffles.$inferInsert>) {
  const [row] = await tx.update(raffles).set(values).where(eq(raffles.id, id)).returning();
  return row;
}

/** Distinct buyers of a raffle (everyone who took part), for the announcement notification. */
export async function findParticipants(tx: Executor, raffleId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")));
  return rows.map((r) => r.userId).filter((id): id is string => id !== null);
}

export async function findUserEmails(tx: Executor, ids: string[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, email: users.email, name: users.name })
    .from(users)
    .where(sql`${users.id} IN ${ids}`);
}

export interface TicketMatch {
  raffleId: string;
  raffleTitle: string;
  raffleStatus: string;
  /** The raffle's size: the answer shows the number in its digits. */
  totalTickets: number;
  ticketStatus: string;
  ownerName: string | null;
  /** Only compared with the signed-in caller's id; never leaves the service. */
  ownerId: string | null;
  endDate: Date | null;
  drawnAt: Date | null;
  winnerPrize: string | null;
  winnerLevel: number | null;
  /** Its purchase was refunded (decision 0016): the ticket is void. */
  refunded: boolean;
}

export interface TicketMatchPage {
  rows: TicketMatch[];
  /** Raffles holding this number (every page). */
  total: number;
  anyWinner: boolean;
  anySold: boolean;
  anyRefunded: boolean;
}

/**
 * A ticket number across every raffle on sale, under review or drawn, however old (the public verifier):
 * a winner stays a winner. A cancelled raffle's sold numbers answer too, as refunded (a refunded
 * receipt's QR opens here). One page, ordered: the raffle asked about, raffles still open, winning
 * tickets, then the most recent.
 */
export async function findTicketMatches(
  tx: Executor,
  ticketNumber: number,
  options: { raffleId: string | null; offset: number; limit: number },
): Promise<TicketMatchPage> {
  const result = (await tx.execute(sql`
    SELECT m.*,
           count(*) OVER ()::int AS "total",
           bool_or(m."winnerPrize" IS NOT NULL AND NOT m."refunded") OVER () AS "anyWinner",
           bool_or(m."ticketStatus" = 'sold' AND NOT m."refunded") OVER () AS "anySold",
           bool_or(m."ticketStatus" = 'sold' AND m."refunded") OVER () AS "anyRefunded"
    FROM (
      SELECT r.id AS "raffleId", r.title AS "raffleTitle", r.status AS "raffleStatus",
             r.total_tickets AS "totalTickets", t.status AS "ticketStatus", u.full_name AS "ownerName", t.user_id AS "ownerId",
             r.end_date AS "endDate", r.drawn_at AS "drawnAt", r.created_at AS "createdAt",
             w.prize_description AS "winnerPrize", w.prize_level AS "winnerLevel",
             EXISTS (SELECT 1 FROM refunds rf WHERE rf.proof_id = t.payment_id) AS "refunded"
      FROM tickets t
      JOIN raffles r ON r.id = t.raffle_id
      LEFT JOIN users u ON u.id = t.user_id
      LEFT JOIN winners w ON w.raffle_id = t.raffle_id AND w.ticket_number = t.ticket_number
                          AND w.disqualified_at IS NULL
      WHERE t.ticket_number = ${ticketNumber}
        AND (r.status IN ('active', 'closed', 'frozen', 'finished')
             OR (r.status = 'cancelled' AND t.status = 'sold'))
    ) m
    ORDER BY m."raffleId" = ${options.raffleId ?? null}::uuid IS TRUE DESC,
             m."raffleStatus" NOT IN ('finished', 'cancelled') DESC,
             (m."winnerPrize" IS NOT NULL AND NOT m."refunded") DESC,
             coalesce(m."drawnAt", m."endDate", m."createdAt") DESC,
             m."raffleId"
    OFFSET ${options.offset} LIMIT ${options.limit}`)) as unknown as {
    rows: Array<TicketMatch & { total: number; anyWinner: boolean; anySold: boolean; anyRefunded: boolean }>;
  };
  const first = result.rows[0];
  // A page past the end still says how many raffles there are.
  if (!first && options.offset > 0) {
    const head = await findTicketMatches(tx, ticketNumber, { ...options, offset: 0, limit: 1 });
    return { ...head, rows: [] };
  }
  return {
    rows: result.rows,
    total: first?.total ?? 0,
    anyWinner: first?.anyWinner ?? false,
    anySold: first?.anySold ?? false,
    anyRefunded: first?.anyRefunded ?? false,
  };
}

export async function findDrawnRaffles(tx: Executor, limit: number) {
  return tx
    .select({
      id: raffles.id,
      title: raffles.title,
      totalTickets: raffles.totalTickets,
      drawnAt: raffles.drawnAt,
      commitment: raffles.drawSeedCommitment,
      seed: raffles.drawSeed,
      publicValue: raffles.drawPublicValue,
      publicValueSource: raffles.drawPublicValueSource,
      ticketListHash: raffles.drawTicketListHash,
      algorithm: raffles.drawAlgorithm,
      transcript: raffles.drawTranscript,
      announcementType: raffles.announcementType,
      externalLottery: raffles.externalLottery,
    })
    .from(raffles)
    .where(
      sql`${raffles.drawnAt} IS NOT NULL AND (${raffles.drawTranscript} IS NOT NULL OR EXISTS (SELECT 1 FROM draw_record_entries e WHERE e.raffle_id = ${raffles.id} AND e.type IN ('winners', 'external_result')))`,
    )
    .orderBy(sql`${raffles.drawnAt} DESC`)
    .limit(limit);
}

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

/** Marks a current winner disqualified (the row stays); returns it. */
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
      ),
    )
    .returning();
  return row;
}

/** Removes the current (not disqualified) winner rows: a corrected lottery result replaces them. */
export async function deleteCurrentWinners(tx: Executor, raffleId: string): Promise<void> {
  await tx.delete(winners).where(and(eq(winners.raffleId, raffleId), isNull(winners.disqualifiedAt)));
}

/** Current winners of several raffles (draw list), by level and index. */
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
    .where(and(inArray(winners.raffleId, raffleIds), isNull(winners.disqualifiedAt)))
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

// ---------------------------------------------------------------------------------------------
// Blind decisions (decision 0021): verified beacons, pending replacements, evidence documents.
// ---------------------------------------------------------------------------------------------

/** Keeps a beacon the caller has verified against `chainHash` (idempotent). */
export async function storeBeacon(
  tx: Executor,
  chainHash: string,
  beacon: LatestBeacon,
  at: Date,
): Promise<void> {
  await tx
    .insert(drandBeacons)
    .values({ chainHash, round: beacon.round, signature: beacon.signature.toLowerCase(), verifiedAt: at })
    .onConflictDoNothing();
}

/** The latest verified beacon of `chain` already published at `at` (null when the server holds none). */
export async function latestHeldBeacon(
  tx: Executor,
  chain: DrandChainInfo,
  at: Date,
): Promise<LatestBeacon | null> {
  const upTo = latestRoundAt(chain, at.getTime() / 1000);
  const [row] = await tx
    .select({ round: drandBeacons.round, signature: drandBeacons.signature })
    .from(drandBeacons)
    .where(and(eq(drandBeacons.chainHash, chain.hash), sql`${drandBeacons.round} <= ${upTo}`))
    .orderBy(desc(drandBeacons.round))
    .limit(1);
  return row ? { round: Number(row.round), signature: row.signature } : null;
}

export interface DueReplacement {
  raffleId: string;
  /** seq of the disqualification entry. */
  seq: number;
  round: number;
  chain: DrandChainInfo;
}

/**
 * v3 disqualifications whose named round is out (roundTime <= now) and that have no replacement entry
 * yet, oldest first (replacements are drawn in record order).
 */
export async function findDueReplacements(tx: Executor, now: Date): Promise<DueReplacement[]> {
  const result = (await tx.execute(sql`
    SELECT e.raffle_id AS "raffleId", e.seq AS "seq", (e.data->>'round')::bigint AS "round",
           e.data->'chain' AS "chain"
    FROM draw_record_entries e
    WHERE e.type = 'disqualification' AND e.data ? 'round'
      AND (e.data->>'roundTime')::timestamptz <= ${now.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM draw_record_entries r WHERE r.raffle_id = e.raffle_id
                      AND r.type = 'replacement' AND (r.data->>'disqualification')::int = e.seq)
    ORDER BY (e.data->>'roundTime')::timestamptz, e.seq
    LIMIT 50`)) as unknown as {
    rows: Array<{
      raffleId: string;
      seq: number | string;
      round: string | number;
      chain: DrandChainInfo | string;
    }>;
  };
  return result.rows.map((row) => ({
    raffleId: row.raffleId,
    seq: Number(row.seq),
    round: Number(row.round),
    chain: typeof row.chain === "string" ? (JSON.parse(row.chain) as DrandChainInfo) : row.chain,
  }));
}

export async function insertEvidence(
  tx: Executor,
  values: typeof disqualificationEvidence.$inferInsert,
): Promise<void> {
  await tx.insert(disqualificationEvidence).values(values);
}

/** An evidence document of this raffle with this SHA-256, if one was uploaded. */
export async function findEvidence(tx: Executor, raffleId: string, sha256: string) {
  const [row] = await tx
    .select()
    .from(disqualificationEvidence)
    .where(and(eq(disqualificationEvidence.raffleId, raffleId), eq(disqualificationEvidence.sha256, sha256)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------------------------------------
// Late rounds (draw-round-late.ts): frozen internal raffles whose named round is past its time and
// the grace, still without winners.
// ---------------------------------------------------------------------------------------------

export interface LateRound {
  raffleId: string;
  title: string;
  round: number;
  roundTime: string;
  alertedAt: Date | null;
}

/** Frozen raffles whose named round was due at or before `dueBefore` and that are still not drawn. */
export async function findLateRounds(tx: Executor, dueBefore: Date): Promise<LateRound[]> {
  const result = (await tx.execute(sql`
    SELECT r.id AS "raffleId", r.title AS "title", (e.data->>'round')::bigint AS "round",
           e.data->>'roundTime' AS "roundTime", r.draw_late_alerted_at AS "alertedAt"
    FROM draw_record_entries e
    JOIN raffles r ON r.id = e.raffle_id
    WHERE e.type = 'round_named' AND r.status = 'frozen' AND r.drawn_at IS NULL
      AND (e.data->>'roundTime')::timestamptz <= ${dueBefore.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM draw_record_entries w WHERE w.raffle_id = e.raffle_id AND w.type = 'winners')
    ORDER BY (e.data->>'roundTime')::timestamptz
    LIMIT 50`)) as unknown as {
    rows: Array<{
      raffleId: string;
      title: string;
      round: string | number;
      roundTime: string;
      alertedAt: Date | string | null;
    }>;
  };
  return result.rows.map((row) => ({
    raffleId: row.raffleId,
    title: row.title,
    round: Number(row.round),
    roundTime: new Date(row.roundTime).toISOString(),
    alertedAt: row.alertedAt === null ? null : new Date(row.alertedAt),
  }));
}

/**
 * Claims the late-round alert of a raffle: true for exactly one caller (the conditional update), so the
 * email goes once whatever runs concurrently or restarts.
 */
export async function claimLateAlert(tx: Executor, raffleId: string, at: Date): Promise<boolean> {
  const rows = await tx
    .update(raffles)
    .set({ drawLateAlertedAt: at })
    .where(and(eq(raffles.id, raffleId), isNull(raffles.drawLateAlertedAt), eq(raffles.status, "frozen")))
    .returning({ id: raffles.id });
  return rows.length > 0;
}

/** The organisers: every active administrator account. */
export async function organiserEmails(tx: Executor) {
  return tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(and(eq(users.role, "admin"), eq(users.status, "active")));
}

// Decision 0024: the official publications of lottery results (public) and the corrections waiting for
// a second administrator.

export async function insertPublication(
  tx: Executor,
  values: typeof lotteryPublications.$inferInsert,
): Promise<void> {
  await tx.insert(lotteryPublications).values(values).onConflictDoNothing();
}

export async function findPublication(tx: Executor, raffleId: string, sha256: string) {
  const [row] = await tx
    .select()
    .from(lotteryPublications)
    .where(and(eq(lotteryPublications.raffleId, raffleId), eq(lotteryPublications.sha256, sha256)))
    .limit(1);
  return row;
}

export type CorrectionProposalRow = typeof lotteryCorrectionProposals.$inferSelect;

export async function insertCorrectionProposal(
  tx: Executor,
  values: typeof lotteryCorrectionProposals.$inferInsert,
): Promise<CorrectionProposalRow> {
  const [row] = await tx.insert(lotteryCorrectionProposals).values(values).returning();
  if (!row) throw new Error("sin propuesta");
  return row;
}

export async function pendingCorrectionProposals(tx: Executor, raffleId: string) {
  return tx
    .select()
    .from(lotteryCorrectionProposals)
    .where(
      and(
        eq(lotteryCorrectionProposals.raffleId, raffleId),
        eq(lotteryCorrectionProposals.status, "pending"),
      ),
    )
    .orderBy(asc(lotteryCorrectionProposals.proposedAt));
}

export async function decideCorrectionProposal(
  tx: Executor,
  id: string,
  status: "confirmed" | "discarded",
  decidedBy: string,
  at: Date,
): Promise<void> {
  await tx
    .update(lotteryCorrectionProposals)
    .set({ status, decidedBy, decidedAt: at })
    .where(and(eq(lotteryCorrectionProposals.id, id), eq(lotteryCorrectionProposals.status, "pending")));
}
