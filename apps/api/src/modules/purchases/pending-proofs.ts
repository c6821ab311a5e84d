/**
 * A raffle's pending payment proofs, read by the lifecycle (the close's notices, the review window's expiry)
 * and by refunds (a cancellation ends them): purchases owns the sale's proofs (decision 0026).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, users } from "../../db/schema";

/**
 * Pending proofs of a raffle with their buyers, oldest first (the ones told or expired). `skipLocked` locks
 * them for the expiry, skipping any an administrator is reviewing at this moment (that review decides it;
 * if it rolls back, the next pass expires the proof): a review and the expiry never wait for each other.
 */
export async function pendingProofsOf(tx: Executor, raffleId: string, skipLocked = false) {
  const query = tx
    .select({
      id: paymentProofs.id,
      userId: paymentProofs.userId,
      paymentMethod: paymentProofs.paymentMethod,
      transactionRef: paymentProofs.transactionRef,
      buyerName: users.name,
      buyerEmail: users.email,
    })
    .from(paymentProofs)
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(and(eq(paymentProofs.raffleId, raffleId), eq(paymentProofs.status, "pending")))
    .orderBy(asc(paymentProofs.createdAt));
  return skipLocked ? query.for("update", { of: paymentProofs, skipLocked: true }) : query;
}

export async function expireProofs(tx: Executor, ids: string[], notes: string, now: Date) {
  if (ids.length === 0) return;
  await tx
    .update(paymentProofs)
    .set({ status: "rejected", adminNotes: notes, reviewedAt: now, reviewedBy: null })
    .where(and(sql`${paymentProofs.id} IN ${ids}`, eq(paymentProofs.status, "pending")));
}
