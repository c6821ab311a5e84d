// Choosing the numbers of an approval: uniformly random among the tickets still available, without
// sorting the whole pool. Approvals of one raffle pick side by side, so every query skips rows another
// approval has locked (they are being sold right now) instead of waiting for them.
import { randomInt } from "node:crypto";
import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";

export interface PickedTicket {
  id: string;
  ticketNumber: number;
}

export interface PoolState {
  id: string;
  totalTickets: number;
  /** Read without a lock: only an estimate of how many are left, to size the candidate list. */
  soldTickets: number;
}

/**
 * Below this many available tickets, sorting the available rows by random() is as cheap as probing
 * candidates (and never misses), so it is used directly.
 */
export const FEW_LEFT = 256;

/**
 * `count` distinct numbers of 0..range−1 in uniformly random order (a partial Fisher–Yates shuffle that
 * only remembers the positions it swapped).
 */
export function sampleNumbers(range: number, count: number): number[] {
  const n = Math.min(count, range);
  const swapped = new Map<number, number>();
  const out: number[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const j = i + randomInt(range - i);
    const atJ = swapped.get(j) ?? j;
    out[i] = atJ;
    swapped.set(j, swapped.get(i) ?? i);
  }
  return out;
}

/**
 * How many random numbers to probe so that, with `available` of `total` left, `quantity` hits are all
 * but certain: twice the expected need plus a margin (the fallback covers the rare miss).
 */
export function candidateCount(total: number, available: number, quantity: number): number {
  return Math.min(total, Math.ceil((2 * quantity * total) / Math.max(1, available)) + 32);
}

export interface TicketOwner {
  userId: string | null;
  paymentId: string;
  soldAt: Date;
}

/**
 * Sells up to `quantity` available tickets of the raffle to `owner`, chosen uniformly at random, and
 * returns them. Each statement picks and locks the rows in a CTE and marks them sold in the same round
 * trip; rows sold earlier in this transaction are no longer 'available', so later statements skip them.
 *
 * - Many left: random candidate numbers are looked up by the (raffle_id, ticket_number) index and the
 *   first available ones in candidate order are taken. Restricting a uniformly random order of all
 *   numbers to the available ones gives a uniformly random order of those, so this is a uniform choice.
 * - Few left, or the candidates came up short: ORDER BY random() over the remaining available rows
 *   (uniform among what is left).
 *
 * With `wait`, rows locked by other approvals are waited for instead of skipped: used for a second try
 * when the first came up short only because other approvals were holding tickets.
 */
export async function sellRandomAvailable(
  tx: Executor,
  pool: PoolState,
  quantity: number,
  owner: TicketOwner,
  options: { wait?: boolean } = {},
): Promise<PickedTicket[]> {
  if (quantity <= 0) return [];
  const sold: PickedTicket[] = [];
  const estimate = pool.totalTickets - pool.soldTickets;
  if (!options.wait && estimate >= FEW_LEFT) {
    const candidates = sampleNumbers(
      pool.totalTickets,
      candidateCount(pool.totalTickets, estimate, quantity),
    );
    // One array parameter (not one per number), cast once: the plan joins it to the unique index.
    const list = `{${candidates.join(",")}}`;
    const picked = sql`
      SELECT t.id
      FROM unnest(${list}::int[]) WITH ORDINALITY AS c(number, position)
      JOIN tickets t ON t.raffle_id = ${pool.id} AND t.ticket_number = c.number
      WHERE t.status = 'available'
      ORDER BY c.position
      LIMIT ${quantity}
      FOR UPDATE OF t SKIP LOCKED`;
    sold.push(...(await markPicked(tx, picked, owner)));
  }
  if (sold.length < quantity) {
    const picked = sql`
      SELECT t.id FROM tickets t
      WHERE t.raffle_id = ${pool.id} AND t.status = 'available'
      ORDER BY random()
      LIMIT ${quantity - sold.length}
      FOR UPDATE OF t ${options.wait ? sql`` : sql`SKIP LOCKED`}`;
    sold.push(...(await markPicked(tx, picked, owner)));
  }
  return sold;
}

/** Marks the rows `picked` selects (and locks) as sold to `owner`; one statement. */
async function markPicked(tx: Executor, picked: SQL, owner: TicketOwner): Promise<PickedTicket[]> {
  const result = (await tx.execute(sql`
    WITH picked AS (${picked})
    UPDATE tickets
    SET status = 'sold', user_id = ${owner.userId}, payment_id = ${owner.paymentId}, sold_at = ${owner.soldAt.toISOString()}::timestamptz
    FROM picked
    WHERE tickets.id = picked.id AND tickets.status = 'available'
    RETURNING tickets.id, tickets.ticket_number AS "ticketNumber"
  `)) as unknown as { rows: PickedTicket[] };
  return result.rows.map((row) => ({ id: row.id, ticketNumber: Number(row.ticketNumber) }));
}
