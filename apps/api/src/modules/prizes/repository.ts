// The prizes' rows (docs/decisions/0035-prizes-on-the-record.md): each winner row with its raffle, prize
// level and the ticket's owner now, and the claims, deliveries and disputes that follow it.
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  prizeClaims,
  prizeDeliveries,
  prizeDisputes,
  prizeLevels,
  raffles,
  tickets,
  users,
  winners,
} from "../../db/schema";

export type ClaimRow = typeof prizeClaims.$inferSelect;
export type DeliveryRow = typeof prizeDeliveries.$inferSelect;
export type DisputeRow = typeof prizeDisputes.$inferSelect;

/**
 * Whose prize it is now (decision 0035): the ticket's owner at the time of asking (a ticket claimed into an
 * account later with its receipt counts), or the winner row's account when the ticket row is gone.
 */
const ownerId = sql<
  string | null
>`CASE WHEN ${tickets.id} IS NOT NULL THEN ${tickets.userId} ELSE ${winners.userId} END`;

const prizeColumns = {
  winnerId: winners.id,
  raffleId: winners.raffleId,
  raffleTitle: raffles.title,
  totalTickets: raffles.totalTickets,
  ticketNumber: winners.ticketNumber,
  prizeLevel: winners.prizeLevel,
  prizeIndex: winners.prizeIndex,
  prizeDescription: winners.prizeDescription,
  winnerName: winners.winnerName,
  announcedAt: winners.announcedAt,
  disqualifiedAt: winners.disqualifiedAt,
  ownerId,
  ownerEmail: users.email,
  ownerName: users.name,
  cashCurrency: prizeLevels.cashCurrency,
  prizeValue: prizeLevels.prizeValue,
};

export interface PrizeRow {
  winnerId: string;
  raffleId: string;
  raffleTitle: string;
  totalTickets: number;
  ticketNumber: number;
  prizeLevel: number;
  prizeIndex: number | null;
  prizeDescription: string;
  winnerName: string;
  announcedAt: Date;
  disqualifiedAt: Date | null;
  ownerId: string | null;
  ownerEmail: string | null;
  ownerName: string | null;
  cashCurrency: string | null;
  prizeValue: number | null;
}

function selectPrizes(db: Executor, where: SQL | undefined) {
  return db
    .select(prizeColumns)
    .from(winners)
    .innerJoin(raffles, eq(raffles.id, winners.raffleId))
    .leftJoin(
      prizeLevels,
      and(eq(prizeLevels.raffleId, winners.raffleId), eq(prizeLevels.level, winners.prizeLevel)),
    )
    .leftJoin(tickets, eq(tickets.id, winners.ticketId))
    .leftJoin(users, sql`${users.id} = ${ownerId}`)
    .where(where);
}

/** One winner row as a prize (disqualified ones too); undefined for an unknown id. */
export async function findPrize(db: Executor, winnerId: string): Promise<PrizeRow | undefined> {
  const [row] = await selectPrizes(db, eq(winners.id, winnerId));
  return row;
}

/** Locks the winner row until the transaction ends: one action on a prize at a time. */
export async function lockWinner(tx: Executor, winnerId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: winners.id })
    .from(winners)
    .where(eq(winners.id, winnerId))
    .for("update");
  return rows.length > 0;
}

/** The caller's current prizes (not disqualified), newest first. */
export async function prizesOwnedBy(db: Executor, userId: string): Promise<PrizeRow[]> {
  return selectPrizes(db, and(isNull(winners.disqualifiedAt), sql`${ownerId} = ${userId}`)).orderBy(
    desc(winners.announcedAt),
    asc(winners.prizeLevel),
    asc(winners.prizeIndex),
  );
}

export type AdminPrizeFilter =
  | "unclaimed"
  | "claimed"
  | "delivered"
  | "confirmed"
  | "disputed"
  | "review"
  | undefined;

const hasClaim = sql`EXISTS (SELECT 1 FROM prize_claims c WHERE c.winner_id = ${winners.id})`;
const hasDelivery = sql`EXISTS (SELECT 1 FROM prize_deliveries d WHERE d.winner_id = ${winners.id})`;
const disputeOpen = sql`EXISTS (SELECT 1 FROM prize_disputes x WHERE x.winner_id = ${winners.id} AND x.resolved_at IS NULL)`;
const confirmed = sql`EXISTS (SELECT 1 FROM prize_claims c WHERE c.winner_id = ${winners.id} AND c.confirmed_at IS NOT NULL)`;

/** The status filter in SQL, the same order as prizeStatus (packages/shared/src/domain/prizes.ts). */
function statusCondition(status: AdminPrizeFilter): SQL | undefined {
  switch (status) {
    case "review":
      return sql`EXISTS (SELECT 1 FROM prize_claims c WHERE c.winner_id = ${winners.id} AND c.review_status = 'pending')`;
    case "disputed":
      return disputeOpen;
    case "confirmed":
      return sql`NOT ${disputeOpen} AND ${hasDelivery} AND ${confirmed}`;
    case "delivered":
      return sql`NOT ${disputeOpen} AND ${hasDelivery} AND NOT ${confirmed}`;
    case "claimed":
      return sql`NOT ${disputeOpen} AND NOT ${hasDelivery} AND ${hasClaim}`;
    case "unclaimed":
      return sql`NOT ${disputeOpen} AND NOT ${hasDelivery} AND NOT ${hasClaim}`;
    default:
      return undefined;
  }
}

/** The most an admin list answers at once (newest first). */
export const ADMIN_PRIZE_LIMIT = 500;

/**
 * Every winner row (a disqualified one too, unless a status is asked for), newest first; `raffleId` and
 * `status` narrow it.
 */
export async function adminPrizes(
  db: Executor,
  filter: { raffleId?: string | undefined; status?: AdminPrizeFilter },
): Promise<PrizeRow[]> {
  const conditions = [
    filter.raffleId ? eq(winners.raffleId, filter.raffleId) : undefined,
    filter.status ? isNull(winners.disqualifiedAt) : undefined,
    statusCondition(filter.status),
  ].filter((c): c is SQL => c !== undefined);
  return selectPrizes(db, conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(desc(winners.announcedAt), asc(winners.prizeLevel), asc(winners.prizeIndex))
    .limit(ADMIN_PRIZE_LIMIT);
}

// ---------------------------------------------------------------------------------------------
// What follows a prize: its claim, its deliveries, its disputes
// ---------------------------------------------------------------------------------------------

export async function claimsOf(db: Executor, winnerIds: string[]): Promise<ClaimRow[]> {
  if (winnerIds.length === 0) return [];
  return db.select().from(prizeClaims).where(inArray(prizeClaims.winnerId, winnerIds));
}

/** Deliveries in the order they were recorded (a correction comes after what it corrects). */
export async function deliveriesOf(db: Executor, winnerIds: string[]): Promise<DeliveryRow[]> {
  if (winnerIds.length === 0) return [];
  return db
    .select()
    .from(prizeDeliveries)
    .where(inArray(prizeDeliveries.winnerId, winnerIds))
    .orderBy(asc(prizeDeliveries.createdAt), asc(prizeDeliveries.id));
}

/** Disputes, oldest first (at most one open per prize). */
export async function disputesOf(db: Executor, winnerIds: string[]): Promise<DisputeRow[]> {
  if (winnerIds.length === 0) return [];
  return db
    .select()
    .from(prizeDisputes)
    .where(inArray(prizeDisputes.winnerId, winnerIds))
    .orderBy(asc(prizeDisputes.openedAt), asc(prizeDisputes.id));
}

export async function claimOf(tx: Executor, winnerId: string): Promise<ClaimRow | undefined> {
  const [row] = await tx.select().from(prizeClaims).where(eq(prizeClaims.winnerId, winnerId));
  return row;
}

export async function insertClaim(tx: Executor, values: typeof prizeClaims.$inferInsert): Promise<ClaimRow> {
  const [row] = await tx.insert(prizeClaims).values(values).returning();
  if (!row) throw new Error("sin reclamo");
  return row;
}

export async function updateClaim(
  tx: Executor,
  id: string,
  values: Partial<typeof prizeClaims.$inferInsert>,
): Promise<void> {
  await tx
    .update(prizeClaims)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(prizeClaims.id, id));
}

export async function insertDelivery(
  tx: Executor,
  values: typeof prizeDeliveries.$inferInsert,
): Promise<DeliveryRow> {
  const [row] = await tx.insert(prizeDeliveries).values(values).returning();
  if (!row) throw new Error("sin entrega");
  return row;
}

export async function findDelivery(db: Executor, id: string): Promise<DeliveryRow | undefined> {
  const [row] = await db.select().from(prizeDeliveries).where(eq(prizeDeliveries.id, id));
  return row;
}

export async function openDispute(tx: Executor, winnerId: string): Promise<DisputeRow | undefined> {
  const [row] = await tx
    .select()
    .from(prizeDisputes)
    .where(and(eq(prizeDisputes.winnerId, winnerId), isNull(prizeDisputes.resolvedAt)));
  return row;
}

export async function insertDispute(tx: Executor, values: typeof prizeDisputes.$inferInsert): Promise<void> {
  await tx.insert(prizeDisputes).values(values);
}

export async function resolveDispute(
  tx: Executor,
  id: string,
  values: { resolvedBy: string; resolution: string },
): Promise<void> {
  await tx
    .update(prizeDisputes)
    .set({ ...values, resolvedAt: sql`now()` })
    .where(eq(prizeDisputes.id, id));
}

/** An account's email and name (a prize's notices). */
export async function accountOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Claims waiting for the organiser's review (of current winners). */
export async function pendingReviewCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(prizeClaims)
    .innerJoin(winners, eq(winners.id, prizeClaims.winnerId))
    .where(and(eq(prizeClaims.reviewStatus, "pending"), isNull(winners.disqualifiedAt)));
  return Number(row?.count ?? 0);
}

/** Every open dispute with its raffle and ticket, the oldest first. */
export async function openDisputes(db: Executor) {
  return db
    .select({
      winnerId: prizeDisputes.winnerId,
      raffleId: prizeDisputes.raffleId,
      raffleTitle: raffles.title,
      totalTickets: raffles.totalTickets,
      ticketNumber: winners.ticketNumber,
      openedAt: prizeDisputes.openedAt,
      message: prizeDisputes.message,
    })
    .from(prizeDisputes)
    .innerJoin(winners, eq(winners.id, prizeDisputes.winnerId))
    .innerJoin(raffles, eq(raffles.id, prizeDisputes.raffleId))
    .where(isNull(prizeDisputes.resolvedAt))
    .orderBy(asc(prizeDisputes.openedAt));
}
