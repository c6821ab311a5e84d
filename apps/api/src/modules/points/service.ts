import { type LevelName, levelForPoints } from "@rifazo/shared";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import * as repo from "./repository";

export interface PointsChange {
  userId: string;
  change: number;
  reason: string;
  paymentProofId?: string | null;
  rewardRedemptionId?: string | null;
  /** When the change happened, if not now (the demo seed replays past approvals). */
  at?: Date;
}

export interface PointsResult {
  /** The balance after the change. */
  points: number;
  /** Points earned over time after the change: what the level follows. */
  earned: number;
  level: LevelName;
  previousLevel: LevelName;
  levelChanged: boolean;
}

/**
 * The only way points change: one ledger row and the balance in the same transaction, so a profile's
 * rifazo_points always equals the sum of its points_history. Callers pass their transaction.
 *
 * The level follows points earned over time, not the balance: a redemption (a change with
 * rewardRedemptionId) only spends the balance; payments and their reversals move both.
 */
export async function applyPointsChange(tx: Tx, input: PointsChange): Promise<PointsResult> {
  if (!Number.isInteger(input.change) || input.change === 0) {
    throw new AppError("VALIDATION", "El cambio de puntos debe ser un número entero distinto de cero.");
  }
  const earnedChange = input.rewardRedemptionId ? 0 : input.change;
  const balance = await repo.addToBalance(tx, input.userId, input.change, earnedChange);
  if (!balance) throw new AppError("NOT_FOUND", "Usuario no encontrado.");
  await repo.insertLedgerRow(tx, {
    userId: input.userId,
    pointsChange: input.change,
    reason: input.reason,
    paymentProofId: input.paymentProofId ?? null,
    rewardRedemptionId: input.rewardRedemptionId ?? null,
    ...(input.at ? { createdAt: input.at } : {}),
  });
  const level = levelForPoints(balance.earned).name;
  const previousLevel = levelForPoints(Math.max(0, balance.earned - earnedChange)).name;
  if (level !== balance.level) await repo.setLevel(tx, input.userId, level);
  return {
    points: balance.points,
    earned: balance.earned,
    level,
    previousLevel,
    levelChanged: level !== previousLevel,
  };
}
