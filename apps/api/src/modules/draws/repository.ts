import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { prizeLevels, raffles, tickets, users, winners } from "../../db/schema";

export type RaffleRow = typeof raffles.$inferSelect;

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
    .where(eq(winners.raffleId, raffleId))
    .orderBy(asc(winners.prizeLevel), asc(winners.announcedAt), asc(winners.ticketNumber));
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
  ticketStatus: string;
  ownerName: string | null;
  endDate: Date | null;
  drawnAt: Date | null;
  winnerPrize: string | null;
  winnerLevel: number | null;
}

/** A ticket number across active and recently finished raffles (the public verifier). */
export async function findTicketMatches(tx: Executor, ticketNumber: number, recentDays: number) {
  const result = (await tx.execute(sql`
    SELECT r.id AS "raffleId", r.title AS "raffleTitle", r.status AS "raffleStatus",
           t.status AS "ticketStatus", u.full_name AS "ownerName",
           r.end_date AS "endDate", r.drawn_at AS "drawnAt",
           w.prize_description AS "winnerPrize", w.prize_level AS "winnerLevel"
    FROM tickets t
    JOIN raffles r ON r.id = t.raffle_id
    LEFT JOIN users u ON u.id = t.user_id
    LEFT JOIN winners w ON w.raffle_id = t.raffle_id AND w.ticket_number = t.ticket_number
    WHERE t.ticket_number = ${ticketNumber}
      AND (r.status IN ('active', 'closed', 'frozen')
           OR (r.status = 'finished'
               AND coalesce(r.drawn_at, r.end_date, r.updated_at) > now() - make_interval(days => ${recentDays})))
    ORDER BY r.status = 'active' DESC, coalesce(r.drawn_at, r.end_date, r.created_at) DESC
    LIMIT 20`)) as unknown as { rows: TicketMatch[] };
  return result.rows;
}

export async function findDrawnRaffles(tx: Executor, limit: number) {
  return tx
    .select({
      id: raffles.id,
      title: raffles.title,
      drawnAt: raffles.drawnAt,
      commitment: raffles.drawSeedCommitment,
      seed: raffles.drawSeed,
      publicValue: raffles.drawPublicValue,
      publicValueSource: raffles.drawPublicValueSource,
      ticketListHash: raffles.drawTicketListHash,
      algorithm: raffles.drawAlgorithm,
      transcript: raffles.drawTranscript,
    })
    .from(raffles)
    .where(sql`${raffles.drawnAt} IS NOT NULL AND ${raffles.drawTranscript} IS NOT NULL`)
    .orderBy(sql`${raffles.drawnAt} DESC`)
    .limit(limit);
}
