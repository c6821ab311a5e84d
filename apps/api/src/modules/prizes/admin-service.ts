// The organiser's side of a prize (docs/decisions/0035-prizes-on-the-record.md): every prize with its
// deadline, the claim's review, a dispute's resolution and the private files. Deliveries: delivery.ts.
import {
  type AdminPrize,
  isUuid,
  PRIZE_MESSAGES,
  type prizeClaimReviewInputSchema,
  type prizeDisputeResolveInputSchema,
} from "@rifazo/shared";
import type { FastifyReply } from "fastify";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { AppError, conflict, notFound } from "../../lib/errors";
import { recordActorAudit } from "../audit";
import type { Actor } from "../auth";
import { appendPrizeEntry, prizeRecord } from "../draws";
import { notify } from "../notifications";
import { sendPrizeFile } from "./files";
import * as repo from "./repository";
import { type PrizesContext, prizeNotFound, publishPrizeChange, recordRef } from "./service";
import { adminPrizeOf, viewContext } from "./views";

type ReviewInput = z.output<typeof prizeClaimReviewInputSchema>;
type ResolveInput = z.output<typeof prizeDisputeResolveInputSchema>;

export async function adminPrizeList(
  db: Executor,
  filter: { raffleId?: string | undefined; status?: repo.AdminPrizeFilter },
  now = new Date(),
): Promise<AdminPrize[]> {
  // A malformed raffle id names no raffle: an empty list, never a database error.
  if (filter.raffleId !== undefined && !isUuid(filter.raffleId)) return [];
  const rows = await repo.adminPrizes(db, filter);
  const ctx = await viewContext(db, rows, now);
  return rows.map((row) => adminPrizeOf(row, ctx));
}

export async function adminPrize(db: Executor, winnerId: string, now = new Date()): Promise<AdminPrize> {
  if (!isUuid(winnerId)) throw prizeNotFound();
  const row = await repo.findPrize(db, winnerId);
  if (!row) throw prizeNotFound();
  return adminPrizeOf(row, await viewContext(db, [row], now));
}

/**
 * Locks a current prize for an organiser's action (a disqualified winner's prize goes to the replacement):
 * the prize row and its claim, read under the lock.
 */
export async function lockPrize(tx: Tx, winnerId: string) {
  if (!isUuid(winnerId) || !(await repo.lockWinner(tx, winnerId))) throw prizeNotFound();
  const row = await repo.findPrize(tx, winnerId);
  if (!row) throw prizeNotFound();
  if (row.disqualifiedAt) throw new AppError("PRIZE_DISQUALIFIED");
  return { row, claim: (await repo.claimOf(tx, winnerId)) ?? null };
}

/** An account as a notice's recipient (with its email), or null without one. */
export async function recipient(db: Executor, userId: string | null) {
  if (!userId) return null;
  const account = await repo.accountOf(db, userId);
  return account ? { userId, email: account.email, name: account.name } : null;
}

/** Who a prize's notices go to: the account that claimed it, else the ticket's owner now. */
export const claimant = (db: Executor, row: repo.PrizeRow, claim: repo.ClaimRow | null) =>
  recipient(db, claim?.userId ?? row.ownerId);

/**
 * POST /api/admin/prizes/{winnerId}/review: the organiser accepts the claim (then records the delivery) or
 * rejects it with the reason, which the winner reads; a rejected claim may be sent again.
 */
export async function reviewClaim(
  ctx: PrizesContext,
  actor: Actor,
  winnerId: string,
  input: ReviewInput,
  now = new Date(),
): Promise<AdminPrize> {
  let mails = 0;
  await ctx.db.transaction(async (tx) => {
    const { row, claim } = await lockPrize(tx, winnerId);
    if (!claim) throw new AppError("PRIZE_NOT_CLAIMED");
    if (claim.reviewStatus !== "pending") throw conflict(PRIZE_MESSAGES.alreadyReviewed);
    await repo.updateClaim(tx, claim.id, {
      reviewStatus: input.decision,
      reviewedAt: now,
      reviewedBy: actor.id,
      reviewNote: input.note,
    });
    const to = await claimant(tx, row, claim);
    if (to) {
      const data = { winnerId, raffleTitle: row.raffleTitle, prize: row.prizeDescription };
      const told =
        input.decision === "accepted"
          ? await notify(tx, ctx, to, "prizeClaimAccepted", data)
          : await notify(tx, ctx, to, "prizeClaimRejected", { ...data, note: input.note ?? "" });
      mails += told.mails;
    }
    await recordActorAudit(tx, actor, {
      action: "prize.review",
      entity: "winner",
      entityId: winnerId,
      before: { reviewStatus: claim.reviewStatus },
      after: { reviewStatus: input.decision, note: input.note },
    });
  });
  if (mails > 0) ctx.mail.flushSoon();
  return adminPrize(ctx.db, winnerId, now);
}

/**
 * POST /api/admin/prizes/{winnerId}/dispute/resolve: an administrator closes the open dispute with how it
 * was resolved (told to the winner); the record gets `prize_confirmation` with outcome `resolved`.
 */
export async function resolveDispute(
  ctx: PrizesContext,
  actor: Actor,
  winnerId: string,
  input: ResolveInput,
  now = new Date(),
): Promise<AdminPrize> {
  let mails = 0;
  await ctx.db.transaction(async (tx) => {
    const { row, claim } = await lockPrize(tx, winnerId);
    const dispute = await repo.openDispute(tx, winnerId);
    if (!dispute) throw new AppError("PRIZE_NO_DISPUTE");
    await repo.resolveDispute(tx, dispute.id, { resolvedBy: actor.id, resolution: input.resolution });
    const ref = recordRef(row, await prizeRecord(tx, row.raffleId));
    if (ref)
      await appendPrizeEntry(tx, row.raffleId, "prize_confirmation", now, { ...ref, outcome: "resolved" });
    const to = dispute.userId ? await recipient(tx, dispute.userId) : await claimant(tx, row, claim);
    if (to) {
      const told = await notify(tx, ctx, to, "prizeDisputeResolved", {
        winnerId,
        raffleTitle: row.raffleTitle,
        prize: row.prizeDescription,
        resolution: input.resolution,
      });
      mails += told.mails;
    }
    await recordActorAudit(tx, actor, {
      action: "prize.dispute_resolve",
      entity: "winner",
      entityId: winnerId,
      before: { disputeId: dispute.id },
      after: { resolution: input.resolution },
    });
    await publishPrizeChange(ctx, tx, row.raffleId);
  });
  if (mails > 0) ctx.mail.flushSoon();
  return adminPrize(ctx.db, winnerId, now);
}

/** GET /api/admin/prizes/{winnerId}/evidence: the cédula the winner sent, private. */
export async function sendEvidence(
  ctx: Pick<AppContext, "db" | "storage">,
  reply: FastifyReply,
  winnerId: string,
): Promise<FastifyReply> {
  const missing = () => notFound("NOT_FOUND", PRIZE_MESSAGES.evidenceMissing);
  if (!isUuid(winnerId)) throw missing();
  const claim = await repo.claimOf(ctx.db, winnerId);
  if (!claim) throw missing();
  return sendPrizeFile(ctx, reply, {
    key: claim.evidencePath,
    contentType: claim.evidenceContentType,
    name: "cedula",
  });
}

/** GET /api/admin/prize-deliveries/{id}/proof: a delivery's proof, private. */
export async function sendDeliveryProof(
  ctx: Pick<AppContext, "db" | "storage">,
  reply: FastifyReply,
  id: string,
): Promise<FastifyReply> {
  const missing = () => notFound("NOT_FOUND", PRIZE_MESSAGES.proofMissing);
  if (!isUuid(id)) throw missing();
  const delivery = await repo.findDelivery(ctx.db, id);
  if (!delivery) throw missing();
  return sendPrizeFile(ctx, reply, {
    key: delivery.proofPath,
    contentType: delivery.proofContentType,
    name: "entrega",
  });
}
