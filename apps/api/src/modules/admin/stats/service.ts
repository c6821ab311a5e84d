import {
  type AdminStats,
  type Currency,
  PROOF_STATUSES,
  type ProofStatus,
  RAFFLE_STATUSES,
  type RaffleStatus,
  TIME_ZONE,
} from "@rifazo/shared";
import { and, desc, eq, gte, isNotNull, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { paymentProofs, raffles, tickets, users } from "../../../db/schema";
import { revenueBy, totalRevenue, ZERO_REVENUE } from "../revenue/service";

const zeroes = <T extends string>(keys: readonly T[]) =>
  Object.fromEntries(keys.map((key) => [key, 0])) as Record<T, number>;

/** 00:00 today in Venezuela, as an instant (computed by the database so both drivers agree). */
const startOfToday = sql`(date_trunc('day', now() AT TIME ZONE ${TIME_ZONE}) AT TIME ZONE ${TIME_ZONE})`;

export async function adminStats(db: Executor, raffleId?: string): Promise<AdminStats> {
  // The zone is inlined (a constant, not user input): the same expression appears in SELECT, GROUP BY
  // and ORDER BY, and PostgreSQL only matches them when they are textually identical, parameters included.
  const soldDay = sql<string>`to_char((${tickets.soldAt} AT TIME ZONE ${sql.raw(`'${TIME_ZONE}'`)})::date, 'YYYY-MM-DD')`;
  const [userCounts, raffleRows, proofRows, salesRows, revenue, revenueOf] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        today: sql<number>`(count(*) FILTER (WHERE ${users.createdAt} >= ${startOfToday}))::int`,
      })
      .from(users)
      .where(eq(users.role, "user")),
    db
      .select({
        id: raffles.id,
        title: raffles.title,
        status: raffles.status,
        currency: raffles.currency,
        price: raffles.price,
        soldTickets: raffles.soldTickets,
        totalTickets: raffles.totalTickets,
      })
      .from(raffles)
      .orderBy(desc(raffles.createdAt)),
    db
      .select({ status: paymentProofs.status, n: sql<number>`count(*)::int` })
      .from(paymentProofs)
      .groupBy(paymentProofs.status),
    db
      .select({ date: soldDay, n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(
        and(
          eq(tickets.status, "sold"),
          isNotNull(tickets.soldAt),
          raffleId ? eq(tickets.raffleId, raffleId) : undefined,
          // Keeps the series bounded: a chart of the last year at most.
          gte(tickets.soldAt, sql`now() - interval '366 days'`),
        ),
      )
      .groupBy(soldDay)
      .orderBy(soldDay),
    // What was paid and refunded, never price × sold: combos, discounts and refunds change it.
    totalRevenue(db),
    revenueBy(db, "raffle"),
  ]);

  const rafflesByStatus = zeroes(RAFFLE_STATUSES);
  let ticketsSold = 0;
  const revenueByRaffle = raffleRows.map((row) => {
    if (row.status in rafflesByStatus) rafflesByStatus[row.status as RaffleStatus] += 1;
    ticketsSold += row.soldTickets;
    return {
      id: row.id,
      title: row.title,
      status: row.status as RaffleStatus,
      currency: row.currency as Currency,
      price: Number(row.price),
      soldTickets: row.soldTickets,
      totalTickets: row.totalTickets,
      revenue: revenueOf.get(row.id) ?? ZERO_REVENUE,
    };
  });
  const proofsByStatus = zeroes(PROOF_STATUSES);
  for (const row of proofRows) {
    if (row.status in proofsByStatus) proofsByStatus[row.status as ProofStatus] = Number(row.n);
  }
  return {
    totalUsers: Number(userCounts[0]?.total ?? 0),
    registeredToday: Number(userCounts[0]?.today ?? 0),
    revenue,
    totalRaffles: raffleRows.length,
    rafflesByStatus,
    proofsByStatus,
    ticketsSold,
    revenueByRaffle,
    salesByDay: salesRows.map((row) => ({ date: row.date, count: Number(row.n) })),
  };
}
