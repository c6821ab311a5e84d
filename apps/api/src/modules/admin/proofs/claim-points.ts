import type { AppContext } from "../../../context";
import type { Tx } from "../../../db/client";
import { notify } from "../../notifications";
import { awardPoints } from "./approval-steps";
import * as repo from "./repository";

/**
 * The RifaPuntos of a vendedor's sale claimed into an account (docs/decisions/0034-vendedores.md): what its
 * approval would have credited had the account been there, by the approval's own rule (awardPoints, which
 * skipped it for want of an account), keyed to the purchase so it is credited once. Call with the proof
 * row locked, its account just set, inside the claim's transaction. Returns the points credited.
 */
export async function creditClaimedPurchase(
  ctx: Pick<AppContext, "log" | "events" | "mail" | "config">,
  tx: Tx,
  proofId: string,
  userId: string,
  raffleTitle: string | null,
): Promise<number> {
  const proof = await repo.lockProof(tx, proofId);
  if (!proof) return 0;
  if (await repo.hasPointsRows(tx, proofId)) return 0;
  const points = await awardPoints(ctx, tx, { ...proof, userId }, raffleTitle, undefined);
  if (points.levelUp) await notify(tx, ctx, { userId }, "levelUp", points.levelUp);
  return points.points;
}
