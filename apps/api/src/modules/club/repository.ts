import { and, asc, desc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { pointsHistory, rewardRedemptions, rewards, users } from "../../db/schema";

export type RewardRow = typeof rewards.$inferSelect;
export type RedemptionRow = typeof rewardRedemptions.$inferSelect;

export async function balanceOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ points: users.rifazoPoints, earned: users.pointsEarned })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/**
 * The user's row locked until the transaction ends: every redemption of this user waits here, so two
 * concurrent ones see each other's deduction and the balance check cannot be passed twice.
 */
export async function lockUser(tx: Executor, userId: string) {
  const [row] = await tx
    .select({
      id: users.id,
      points: users.rifazoPoints,
      earned: users.pointsEarned,
      status: users.status,
      role: users.role,
    })
    .from(users)
    .where(eq(users.id, userId))
    .for("update");
  return row;
}

/** Active rewards, cheapest first (spec 1 §2, §7). */
export async function activeRewards(db: Executor): Promise<RewardRow[]> {
  return db
    .select()
    .from(rewards)
    .where(eq(rewards.isActive, true))
    .orderBy(asc(rewards.pointsRequired), asc(rewards.title), asc(rewards.id));
}

export async function findActiveReward(db: Executor, id: string): Promise<RewardRow | undefined> {
  const [row] = await db
    .select()
    .from(rewards)
    .where(and(eq(rewards.id, id), eq(rewards.isActive, true)));
  return row;
}

export async function pointsHistoryOf(db: Executor, userId: string, limit: number) {
  return db
    .select()
    .from(pointsHistory)
    .where(eq(pointsHistory.userId, userId))
    .orderBy(desc(pointsHistory.createdAt), desc(pointsHistory.id))
    .limit(limit);
}

export async function redemptionsOf(db: Executor, userId: string, limit: number): Promise<RedemptionRow[]> {
  return db
    .select()
    .from(rewardRedemptions)
    .where(eq(rewardRedemptions.userId, userId))
    .orderBy(desc(rewardRedemptions.createdAt), desc(rewardRedemptions.id))
    .limit(limit);
}

export async function findRedemptionByKey(
  db: Executor,
  userId: string,
  idempotencyKey: string,
): Promise<RedemptionRow | undefined> {
  const [row] = await db
    .select()
    .from(rewardRedemptions)
    .where(and(eq(rewardRedemptions.userId, userId), eq(rewardRedemptions.idempotencyKey, idempotencyKey)));
  return row;
}

export async function insertRedemption(tx: Executor, values: typeof rewardRedemptions.$inferInsert) {
  const [row] = await tx.insert(rewardRedemptions).values(values).returning();
  return row;
}
