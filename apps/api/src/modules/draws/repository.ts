import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, prizeLevels, raffles, tickets, users, winners } from "../../db/schema";
import { drawWinnerRow } from "./record-repository";

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

const soldTicketColumns = {
  id: tickets.id,
  ticketNumber: tickets.ticketNumber,
  userId: tickets.userId,
  // A vendedor's sale without an account: the buyer the vendedor wrote down (decision 0034).
  ownerName: sql<
    string | null
  >`coalesce(${users.name}, (SELECT p.buyer_name FROM payment_proofs p WHERE p.id = ${tickets.paymentId}))`,
};
const soldIn = (raffleId: string) => and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold"));

export async function findSoldTickets(tx: Executor, raffleId: string): Promise<SoldTicket[]> {
  return tx
    .select(soldTicketColumns)
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(soldIn(raffleId))
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
    .select({ ...soldTicketColumns, receiptSecret: paymentProofs.receiptSecret })
    .from(tickets)
    .innerJoin(paymentProofs, eq(paymentProofs.id, tickets.paymentId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(soldIn(raffleId))
    .orderBy(asc(tickets.ticketNumber));
}

/**
 * Current winners of the draw (a disqualified winner's row stays, marked, and is left out here; so are
 * instant prizes, which are not the draw's: decision 0035).
 */
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
    .where(and(eq(winners.raffleId, raffleId), isNull(winners.disqualifiedAt), drawWinnerRow()))
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
 * tickets, then the most recent. A win here is the draw's: an instant prize (decision 0035) may share the
 * ticket, and the raffle's page lists those.
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
             r.total_tickets AS "totalTickets", t.status AS "ticketStatus", coalesce(u.full_name, (SELECT p.buyer_name FROM payment_proofs p WHERE p.id = t.payment_id)) AS "ownerName", t.user_id AS "ownerId",
             r.end_date AS "endDate", r.drawn_at AS "drawnAt", r.created_at AS "createdAt",
             w.prize_description AS "winnerPrize", w.prize_level AS "winnerLevel",
             EXISTS (SELECT 1 FROM refunds rf WHERE rf.proof_id = t.payment_id) AS "refunded"
      FROM tickets t
      JOIN raffles r ON r.id = t.raffle_id
      LEFT JOIN users u ON u.id = t.user_id
      LEFT JOIN winners w ON w.raffle_id = t.raffle_id AND w.ticket_number = t.ticket_number
                          AND w.disqualified_at IS NULL AND w.source <> 'instant'
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

export * from "./blind-repository";
export * from "./record-repository";
