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
  points: number;
  level: LevelName;
  previousLevel: LevelName;
  levelChanged: boolean;
}

/**
 * The only way points change: one ledger row and the balance in the same transaction, so a profile's
 * rifazo_points always equals the sum of its points_history. Callers pass their transaction.
 */
export async function applyPointsChange(tx: Tx, input: PointsChange): Promise<PointsResult> {
  if (!Number.isInteger(input.change) || input.change === 0) {
    throw new AppError("VALIDATION", "El cambio de puntos debe ser un número entero distinto de cero.");
  }
  const balance = await repo.addToBalance(tx, input.userId, input.change);
  if (!balance) throw new AppError("NOT_FOUND", "Usuario no encontrado.");
  await repo.insertLedgerRow(tx, {
    userId: input.userId,
    pointsChange: input.change,
    reason: input.reason,
    paymentProofId: input.paymentProofId ?? null,
    rewardRedemptionId: input.rewardRedemptionId ?? null,
    ...(input.at ? { createdAt: input.at } : {}),
  });
  const level = levelForPoints(Math.max(0, balance.points)).name;
  const previousLevel = levelForPoints(Math.max(0, balance.points - input.change)).name;
  if (level !== balance.level) await repo.setLevel(tx, input.userId, level);
  return { points: balance.points, level, previousLevel, levelChanged: level !== previousLevel };
}
