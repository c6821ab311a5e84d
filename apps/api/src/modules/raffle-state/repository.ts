import { eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { raffles } from "../../db/schema";

const lifecycleColumns = {
  id: raffles.id,
  title: raffles.title,
  status: raffles.status,
  activationType: raffles.activationType,
  announcementType: raffles.announcementType,
  activationPercentage: raffles.activationPercentage,
  percentageDrawActivatedAt: raffles.percentageDrawActivatedAt,
  endDate: raffles.endDate,
  totalTickets: raffles.totalTickets,
  soldTickets: raffles.soldTickets,
  closedAt: raffles.closedAt,
  closeReason: raffles.closeReason,
  reviewWindowHours: raffles.reviewWindowHours,
  frozenAt: raffles.frozenAt,
  cancelledAt: raffles.cancelledAt,
  minTickets: raffles.minTickets,
  maxExtensions: raffles.maxExtensions,
  extensionsUsed: raffles.extensionsUsed,
  pendingProofs: sql<number>`(SELECT count(*)::int FROM payment_proofs p WHERE p.raffle_id = "raffles"."id" AND p.status = 'pending')`,
};

export type LifecycleRow = Awaited<ReturnType<typeof findLifecycleRow>>;

/** The raffle's lifecycle facts; `lock` takes the row lock for the rest of the transaction. */
export async function findLifecycleRow(tx: Executor, id: string, lock = false) {
  const query = tx.select(lifecycleColumns).from(raffles).where(eq(raffles.id, id));
  const [row] = lock ? await query.for("update", { of: raffles }) : await query;
  return row;
}

export async function setLifecycle(tx: Executor, id: string, values: Partial<typeof raffles.$inferInsert>) {
  await tx.update(raffles).set(values).where(eq(raffles.id, id));
}

/**
 * Raffles the system has to move on now: active ones past their end date, sold out, past their percentage
 * countdown (or, for an external one, at its goal), and closed ones with nothing pending (they freeze) or
 * whose review window has ended; a closed raffle below its minimum waits for the organiser instead.
 */
export async function dueRaffleIds(tx: Executor, now: Date): Promise<string[]> {
  const rows = await tx
    .select({ id: raffles.id })
    .from(raffles)
    .where(
      sql`(${raffles.status} = 'closed'
        AND (${raffles.minTickets} IS NULL OR ${raffles.soldTickets} >= ${raffles.minTickets}) AND (
        NOT EXISTS (SELECT 1 FROM payment_proofs p WHERE p.raffle_id = "raffles"."id" AND p.status = 'pending')
        OR coalesce(${raffles.closedAt}, now()) + ${raffles.reviewWindowHours} * interval '1 hour'
           <= ${now.toISOString()}::timestamptz))
      OR (${raffles.status} = 'active' AND (
        ${raffles.soldTickets} >= ${raffles.totalTickets}
        OR (${raffles.activationType} = 'date' AND ${raffles.endDate} <= ${now.toISOString()}::timestamptz)
        OR (${raffles.activationType} = 'percentage'
            AND ${raffles.percentageDrawActivatedAt} + interval '24 hours' <= ${now.toISOString()}::timestamptz)
        OR (${raffles.activationType} = 'percentage' AND ${raffles.announcementType} = 'external'
            AND ${raffles.soldTickets} * 100 >= coalesce(${raffles.activationPercentage}, 100) * ${raffles.totalTickets})))
      OR (${raffles.status} IN ('upcoming', 'active', 'closed') AND ${raffles.announcementType} = 'external'
        AND ${raffles.externalDrawAt} <= ${now.toISOString()}::timestamptz
        AND NOT EXISTS (SELECT 1 FROM draw_record_entries f
                        WHERE f.raffle_id = "raffles"."id" AND f.type = 'lottery_fallback'))`,
    )
    .limit(500);
  return rows.map((row) => row.id);
}
