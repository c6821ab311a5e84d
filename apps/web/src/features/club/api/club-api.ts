import type { Club, RedeemResult } from "@rifazo/shared/schemas/club";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type { Club, ClubReward, PointsHistoryEntry, RedeemResult } from "@rifazo/shared/schemas/club";

export const clubKeys = { all: ["club"] as const };

/** Points, level, progress, history, rewards (cheapest first) and redemptions of the signed-in user. */
export const clubQuery = queryOptions({
  queryKey: clubKeys.all,
  queryFn: ({ signal }) => api.get<Club>("/api/club", { signal }),
});

/** The same key on a retry never spends the points twice. */
export function redeemReward(rewardId: string, idempotencyKey: string): Promise<RedeemResult> {
  return api.post<RedeemResult>(`/api/club/rewards/${encodeURIComponent(rewardId)}/redeem`, {
    idempotencyKey,
  });
}
