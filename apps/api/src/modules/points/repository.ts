import { eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { pointsHistory, users } from "../../db/schema";

export async function insertLedgerRow(tx: Executor, row: typeof pointsHistory.$inferInsert) {
  const [inserted] = await tx.insert(pointsHistory).values(row).returning();
  return inserted;
}

/**
 * Adds to the balance, and `earnedChange` to the points earned (never below zero), atomically (row lock
 * via UPDATE); returns both after the change and the stored level.
 */
export async function addToBalance(tx: Executor, userId: string, change: number, earnedChange: number) {
  const [row] = await tx
    .update(users)
    .set({
      rifazoPoints: sql`${users.rifazoPoints} + ${change}`,
      pointsEarned: sql`greatest(0, ${users.pointsEarned} + ${earnedChange})`,
    })
    .where(eq(users.id, userId))
    .returning({ points: users.rifazoPoints, earned: users.pointsEarned, level: users.rifazoLevel });
  return row;
}

export async function setLevel(tx: Executor, userId: string, level: string): Promise<void> {
  await tx.update(users).set({ rifazoLevel: level }).where(eq(users.id, userId));
}

/**
 * Net points each proof brought its buyer (its approval, less any reversal already written), in one query:
 * a proof without ledger rows is 0.
 */
export async function netPointsOfProofs(tx: Executor, proofIds: string[]): Promise<Map<string, number>> {
  const net = new Map(proofIds.map((id) => [id, 0]));
  if (proofIds.length === 0) return net;
  const rows = await tx
    .select({ proofId: pointsHistory.paymentProofId, total: sql<string>`sum(${pointsHistory.pointsChange})` })
    .from(pointsHistory)
    .where(inArray(pointsHistory.paymentProofId, proofIds))
    .groupBy(pointsHistory.paymentProofId);
  for (const row of rows) if (row.proofId) net.set(row.proofId, Number(row.total));
  return net;
}

export async function ledgerSum(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${pointsHistory.pointsChange}), 0)` })
    .from(pointsHistory)
    .where(eq(pointsHistory.userId, userId));
  return Number(row?.total ?? 0);
}
