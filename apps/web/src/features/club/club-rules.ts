import type { ErrorCode } from "@rifazo/shared/errors";
import { CLUB_MESSAGES } from "@rifazo/shared/schemas/club";
import { formatNumber } from "../../lib/format";

// Rules of the member club screen (spec 1 §2 "Loyalty club", §4 "Club", §5 reward redemption, §8 club).

export interface RewardGate {
  pointsRequired: number;
  requiredLevel: string;
  hasEnoughPoints: boolean;
  hasRequiredLevel: boolean;
  missingPoints: number;
}

export interface RedeemRefusal {
  title: string;
  description: string;
}

/** Why a reward cannot be redeemed now (points first, then level), or null when it can. */
export function redeemRefusal(reward: RewardGate): RedeemRefusal | null {
  if (!reward.hasEnoughPoints) {
    return {
      title: CLUB_MESSAGES.insufficientPointsTitle,
      description: CLUB_MESSAGES.insufficientPoints(Math.max(1, reward.missingPoints)),
    };
  }
  if (!reward.hasRequiredLevel) {
    return {
      title: CLUB_MESSAGES.insufficientLevelTitle,
      description: CLUB_MESSAGES.insufficientLevel(reward.requiredLevel),
    };
  }
  return null;
}

/** The title of a refused redemption, from the server's error code. */
export function redeemErrorTitle(code: ErrorCode): string {
  if (code === "INSUFFICIENT_POINTS") return CLUB_MESSAGES.insufficientPointsTitle;
  if (code === "INSUFFICIENT_LEVEL") return CLUB_MESSAGES.insufficientLevelTitle;
  return CLUB_MESSAGES.redeemErrorTitle;
}

/** Cheapest first (spec 1 §2), ties by title so the order never jumps. */
export function sortRewards<T extends { pointsRequired: number; title: string }>(rewards: readonly T[]): T[] {
  return [...rewards].sort(
    (a, b) => a.pointsRequired - b.pointsRequired || a.title.localeCompare(b.title, "es"),
  );
}

/** "+150" or "−300" (a real minus sign, read correctly by screen readers). */
export function signedPoints(change: number): string {
  return change > 0 ? `+${formatNumber(change)}` : `−${formatNumber(Math.abs(change))}`;
}
