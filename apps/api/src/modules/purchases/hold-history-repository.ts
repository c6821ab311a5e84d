/**
 * The buyer's hold history (decision 0019): the latest hold and whether it carried a proof, the hold times
 * that ended unpaid, the rolling window of holds per account, and a raffle's holds for the organiser.
 */
import { and, desc, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { reservations, users } from "../../db/schema";
import { holdingAt } from "./repository";

/**
 * The buyer's latest reservation of the raffle and whether it ever carried a proof (decision 0019: the hold
 * time belongs to the buyer and raffle, and a hold that ended without a proof is followed by a pause).
 */
export async function lastHoldOf(tx: Executor, userId: string, raffleId: string) {
  const [row] = await tx
    .select({
      id: reservations.id,
      status: reservations.status,
      expiresAt: reservations.expiresAt,
      // Table-qualified: inside the subquery an unqualified "id" would name its own table.
      hadProof: sql<boolean>`EXISTS (SELECT 1 FROM payment_proofs p WHERE p.reservation_id = "reservations"."id")`,
    })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), eq(reservations.raffleId, raffleId)))
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(1);
  return row;
}

/**
 * How many hold times of the buyer in the raffle started after `since` ended without a proof, counted
 * since their last reservation that carried one. Holds made again after a cancellation share their
 * expiry (decision 0019), so each hold time counts once.
 */
export async function unpaidHoldTimesSince(
  tx: Executor,
  userId: string,
  raffleId: string,
  since: Date,
): Promise<number> {
  const result = (await tx.execute(sql`
    SELECT count(DISTINCT r.expires_at)::int AS n FROM reservations r
    WHERE r.user_id = ${userId} AND r.raffle_id = ${raffleId}::uuid
      AND r.status IN ('active', 'cancelled', 'expired')
      AND r.created_at > ${since.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM payment_proofs p WHERE p.reservation_id = r.id)
      AND r.created_at > coalesce((
        SELECT max(q.created_at) FROM reservations q
        WHERE q.user_id = ${userId} AND q.raffle_id = ${raffleId}::uuid
          AND (q.status IN ('submitted', 'approved', 'rejected')
            OR EXISTS (SELECT 1 FROM payment_proofs p2 WHERE p2.reservation_id = q.id))
      ), '-infinity'::timestamptz)`)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * When the account's reservations started after `since`, newest first, at most `limit` of them: the
 * rolling window of holds per account (decision 0019).
 */
export async function holdsStartedSince(
  tx: Executor,
  userId: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: reservations.createdAt })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), gt(reservations.createdAt, since)))
    .orderBy(desc(reservations.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

/** A raffle's reservations holding tickets at `now`, with their buyers, for the organiser (decision 0019). */
export async function holdsOfRaffle(db: Executor, raffleId: string, now: Date, hourAgo: Date) {
  return db
    .select({
      id: reservations.id,
      userId: reservations.userId,
      // A vendedor's sale has no account: its buyer is the one the vendedor wrote down (decision 0034).
      buyerName: sql<string>`coalesce(${users.name}, (SELECT p.buyer_name FROM payment_proofs p WHERE p.reservation_id = "reservations"."id" AND p.buyer_name IS NOT NULL LIMIT 1), '')`,
      buyerEmail: users.email,
      status: reservations.status,
      quantity: reservations.quantity,
      numbers: reservations.numbers,
      createdAt: reservations.createdAt,
      expiresAt: reservations.expiresAt,
      // A hold started again after a cancellation keeps the first one's expiry: the earliest reservation
      // of this buyer and raffle with the same expiry is when this hold time began.
      since:
        sql<Date>`(SELECT min(r2.created_at) FROM reservations r2 WHERE r2.user_id = "reservations"."user_id" AND r2.raffle_id = "reservations"."raffle_id" AND r2.expires_at = "reservations"."expires_at")`.mapWith(
          reservations.createdAt,
        ),
      holdsLastHour:
        sql<number>`(SELECT count(*)::int FROM reservations r3 WHERE r3.user_id = "reservations"."user_id" AND r3.created_at > ${hourAgo.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(reservations)
    .leftJoin(users, eq(users.id, reservations.userId))
    .where(and(eq(reservations.raffleId, raffleId), holdingAt(now)))
    .orderBy(desc(reservations.quantity), reservations.createdAt);
}
