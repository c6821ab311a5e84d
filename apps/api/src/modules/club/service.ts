import {
  CLUB_MESSAGES,
  type Club,
  type ClubReward,
  isLevelAtLeast,
  isUuid,
  type LevelName,
  levelForPoints,
  levelLabel,
  nextLevelForPoints,
  POINTS_HISTORY_LIMIT,
  pointsToNextLevel,
  progressToNextLevel,
  REDEMPTIONS_LIMIT,
  type RedeemResult,
  type Redemption,
  type Reward,
  redemptionReason,
  type SessionUser,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { conflict, forbidden, notFound, unauthenticated } from "../../lib/errors";
import { uniqueViolation } from "../../lib/pg-errors";
import { recordAudit } from "../audit";
import { createNotification } from "../notifications";
import { applyPointsChange } from "../points";
import * as repo from "./repository";

const rewardNotFound = () => notFound("NOT_FOUND", CLUB_MESSAGES.rewardNotFound);

function toReward(row: repo.RewardRow): Reward {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    pointsRequired: row.pointsRequired,
    requiredLevel: row.requiredLevel as LevelName,
  };
}

function toRedemption(row: repo.RedemptionRow): Redemption {
  return {
    id: row.id,
    rewardId: row.rewardId,
    rewardTitle: row.rewardTitle,
    pointsSpent: row.pointsSpent,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Whether the balance `points` and the level of the points `earned` unlock a reward: the same rule the
 * redemption enforces.
 */
export function rewardForUser(reward: Reward, points: number, earned: number): ClubReward {
  const hasEnoughPoints = points >= reward.pointsRequired;
  const hasRequiredLevel = isLevelAtLeast(levelForPoints(earned).name, reward.requiredLevel);
  return {
    ...reward,
    hasEnoughPoints,
    hasRequiredLevel,
    redeemable: hasEnoughPoints && hasRequiredLevel,
    missingPoints: Math.max(0, reward.pointsRequired - points),
  };
}

export async function publicRewards(db: Db): Promise<Reward[]> {
  return (await repo.activeRewards(db)).map(toReward);
}

/**
 * Everything the club page shows for the signed-in user. The balance is the ledger-backed one; the level
 * and the progress follow points earned over time, which redemptions do not lower.
 */
export async function clubFor(db: Db, userId: string): Promise<Club> {
  const [balance, history, rewardRows, redemptionRows] = await Promise.all([
    repo.balanceOf(db, userId),
    repo.pointsHistoryOf(db, userId, POINTS_HISTORY_LIMIT),
    repo.activeRewards(db),
    repo.redemptionsOf(db, userId, REDEMPTIONS_LIMIT),
  ]);
  if (!balance) throw unauthenticated();
  const { points, earned } = balance;
  const level = levelForPoints(earned);
  return {
    points,
    pointsEarned: earned,
    level: level.name,
    levelLabel: levelLabel(level.name),
    nextLevel: nextLevelForPoints(earned)?.name ?? null,
    pointsToNextLevel: pointsToNextLevel(earned),
    progress: progressToNextLevel(earned),
    history: history.map((row) => ({
      id: row.id,
      pointsChange: row.pointsChange,
      reason: row.reason,
      paymentProofId: row.paymentProofId,
      rewardRedemptionId: row.rewardRedemptionId,
      createdAt: row.createdAt.toISOString(),
    })),
    rewards: rewardRows.map((row) => rewardForUser(toReward(row), points, earned)),
    redemptions: redemptionRows.map(toRedemption),
  };
}

export interface RedeemOutcome {
  result: RedeemResult;
  created: boolean;
}

function outcome(
  row: repo.RedemptionRow,
  { points, earned }: { points: number; earned: number },
  replayed: boolean,
): RedeemOutcome {
  return {
    created: !replayed,
    result: {
      ok: true,
      title: CLUB_MESSAGES.redeemedTitle,
      message: CLUB_MESSAGES.redeemed(row.rewardTitle, row.pointsSpent),
      redemption: toRedemption(row),
      points,
      level: levelForPoints(earned).name,
      howToClaim: CLUB_MESSAGES.howToClaim,
      replayed,
    },
  };
}

/** The buyer has the points the reward costs and the level it asks for. */
function assertCanRedeem(
  locked: { points: number; earned: number },
  reward: NonNullable<Awaited<ReturnType<typeof repo.findActiveReward>>>,
): void {
  if (locked.points < reward.pointsRequired) {
    throw conflict(
      CLUB_MESSAGES.insufficientPoints(reward.pointsRequired - locked.points),
      "INSUFFICIENT_POINTS",
    );
  }
  if (!isLevelAtLeast(levelForPoints(locked.earned).name, reward.requiredLevel)) {
    throw conflict(CLUB_MESSAGES.insufficientLevel(reward.requiredLevel), "INSUFFICIENT_LEVEL");
  }
}

/** A redemption already made with this idempotency key: the same answer, for the same reward only. */
function replayRedemption(
  earlier: repo.RedemptionRow,
  rewardId: string,
  balance: { points: number; earned: number },
): RedeemOutcome {
  if (earlier.rewardId !== rewardId) {
    throw conflict(
      "Esta clave de idempotencia ya se usó para canjear otra recompensa.",
      "IDEMPOTENCY_MISMATCH",
    );
  }
  return outcome(earlier, balance, true);
}

/**
 * Spends points on a reward, all in one transaction: lock the user's row, check points then level, write
 * the redemption, deduct through the ledger. The row lock serialises a user's concurrent redemptions, so
 * a double click or ten parallel requests spend at most what the balance allows; the same idempotency
 * key returns the first redemption instead of spending again.
 */
export async function redeemReward(
  ctx: Pick<AppContext, "db" | "events">,
  user: SessionUser,
  rewardId: string,
  idempotencyKey: string | undefined,
  ip: string | null,
): Promise<RedeemOutcome> {
  if (user.role === "admin") throw forbidden("FORBIDDEN", CLUB_MESSAGES.adminNotAllowed);
  if (!isUuid(rewardId)) throw rewardNotFound();
  const run = () =>
    ctx.db.transaction(async (tx): Promise<RedeemOutcome> => {
      const locked = await repo.lockUser(tx, user.id);
      if (locked?.status !== "active") throw unauthenticated(CLUB_MESSAGES.signIn);
      if (idempotencyKey) {
        const earlier = await repo.findRedemptionByKey(tx, user.id, idempotencyKey);
        if (earlier) return replay(earlier, locked);
      }
      const reward = await repo.findActiveReward(tx, rewardId);
      if (!reward) throw rewardNotFound();
      assertCanRedeem(locked, reward);
      const redemption = await repo.insertRedemption(tx, {
        userId: user.id,
        rewardId: reward.id,
        rewardTitle: reward.title,
        pointsSpent: reward.pointsRequired,
        idempotencyKey: idempotencyKey ?? null,
      });
      if (!redemption) throw new Error("no se pudo registrar el canje");
      const balance = await applyPointsChange(tx, {
        userId: user.id,
        change: -reward.pointsRequired,
        reason: redemptionReason(reward.title),
        rewardRedemptionId: redemption.id,
      });
      await recordAudit(tx, {
        actorId: user.id,
        action: "reward.redeem",
        entity: "reward_redemptions",
        entityId: redemption.id,
        before: { points: locked.points },
        after: { points: balance.points, rewardId: reward.id, pointsSpent: reward.pointsRequired },
        ipAddress: ip,
      });
      await createNotification(ctx, tx, {
        userId: user.id,
        title: CLUB_MESSAGES.redeemedTitle,
        message: `${CLUB_MESSAGES.redeemed(reward.title, reward.pointsRequired)} ${CLUB_MESSAGES.howToClaim}`,
        type: "other",
        linkTo: "/rifazo-club",
      });
      return outcome(redemption, balance, false);
    });
  const replay = (earlier: repo.RedemptionRow, balance: { points: number; earned: number }) =>
    replayRedemption(earlier, rewardId, balance);

  try {
    return await run();
  } catch (error) {
    // Only reachable if the key was inserted between our check and our insert, which the user-row lock
    // already prevents; answered as the replay it is rather than as a 500.
    if (idempotencyKey && uniqueViolation(error) === "reward_redemptions_idempotency_idx") {
      const earlier = await repo.findRedemptionByKey(ctx.db, user.id, idempotencyKey);
      const balance = await repo.balanceOf(ctx.db, user.id);
      if (earlier && balance) return replay(earlier, balance);
    }
    throw error;
  }
}
