import { TIME_ZONE } from "@rifazo/shared";
import { and, asc, eq, gt, inArray, isNotNull, lt, lte, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { paymentProofs, raffles, refunds, reservations, users } from "../../../db/schema";

// The zone is a constant, inlined so the same expression matches in SELECT and GROUP BY (see stats).
const zone = sql.raw(`'${TIME_ZONE}'`);

/** Reservations still holding numbers whose time runs out inside the window (a pending proof stops the clock). */
const EXPIRING_STATUSES = ["active", "rejected"];

export async function pendingProofs(db: Executor) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      oldestAt: sql<Date | null>`min(${paymentProofs.createdAt})`.mapWith(paymentProofs.createdAt),
    })
    .from(paymentProofs)
    .where(eq(paymentProofs.status, "pending"));
  return { count: Number(row?.count ?? 0), oldestAt: row?.oldestAt ?? null };
}

export function expiringReservations(db: Executor, within: string, limit: number) {
  return db
    .select({
      id: reservations.id,
      raffleId: reservations.raffleId,
      raffleTitle: raffles.title,
      buyerName: users.name,
      buyerPhone: users.phone,
      quantity: reservations.quantity,
      expiresAt: reservations.expiresAt,
      status: reservations.status,
    })
    .from(reservations)
    .innerJoin(raffles, eq(raffles.id, reservations.raffleId))
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(
      and(
        inArray(reservations.status, EXPIRING_STATUSES),
        gt(reservations.expiresAt, sql`now()`),
        lte(reservations.expiresAt, sql`now() + ${within}::interval`),
      ),
    )
    .orderBy(asc(reservations.expiresAt))
    .limit(limit);
}

export function closingRaffles(db: Executor, within: string) {
  return db
    .select({
      id: raffles.id,
      title: raffles.title,
      endDate: raffles.endDate,
      soldTickets: raffles.soldTickets,
      totalTickets: raffles.totalTickets,
      minTickets: raffles.minTickets,
    })
    .from(raffles)
    .where(
      and(
        eq(raffles.status, "active"),
        gt(raffles.endDate, sql`now()`),
        lte(raffles.endDate, sql`now() + ${within}::interval`),
      ),
    )
    .orderBy(asc(raffles.endDate));
}

/**
 * Raffles closed below their minimum (the SQL form of belowMinimum in domain/raffle-lifecycle.ts): they
 * wait for the organiser to extend or cancel. The longest waiting first.
 */
export function awaitingDecision(db: Executor) {
  return db
    .select({
      id: raffles.id,
      title: raffles.title,
      soldTickets: raffles.soldTickets,
      minTickets: sql<number>`${raffles.minTickets}`.mapWith(Number),
      closedAt: raffles.closedAt,
      activationType: raffles.activationType,
      extensionsUsed: raffles.extensionsUsed,
      maxExtensions: raffles.maxExtensions,
    })
    .from(raffles)
    .where(
      and(
        eq(raffles.status, "closed"),
        isNotNull(raffles.minTickets),
        lt(raffles.soldTickets, raffles.minTickets),
      ),
    )
    .orderBy(asc(raffles.closedAt), asc(raffles.id));
}

/** Pending refunds, with what is owed in each currency the buyers paid in. */
export async function refundsToPay(db: Executor) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      usd: sql<string>`coalesce(sum(${refunds.amount}) FILTER (WHERE ${refunds.currency} = 'USD'), 0)::text`,
      ves: sql<string>`coalesce(sum(${refunds.amount}) FILTER (WHERE ${refunds.currency} = 'VES'), 0)::text`,
    })
    .from(refunds)
    .where(eq(refunds.status, "pending"));
  return { count: Number(row?.count ?? 0), usd: Number(row?.usd ?? 0), ves: Number(row?.ves ?? 0) };
}

/** Today's date in Venezuela (YYYY-MM-DD), from the database clock like the rest of the queries. */
export async function venezuelanToday(db: Executor): Promise<string> {
  const [row] = await db
    .select({ day: sql<string>`to_char((now() AT TIME ZONE ${zone})::date, 'YYYY-MM-DD')` })
    .from(sql`(SELECT 1) AS one`);
  return row?.day ?? new Date().toISOString().slice(0, 10);
}
