/**
 * What each transition of the raffle lifecycle does (decision 0012): the close and its notices, the proofs
 * that expire when the review window ends, the freeze. raffle-state's `advance` runs them once
 * registerLifecycleTransitions (service.ts) handed them over (decision 0026).
 */
import {
  belowMinimum,
  type CloseReason,
  LIFECYCLE_MESSAGES,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  reviewDeadline,
  TIME_ZONE,
} from "@rifazo/shared";
import type { Tx } from "../../db/client";
import { type AuditActor, recordAudit, recordRaffleAudit } from "../audit";
import { freezeRaffleWith, recordClose, recordEntries } from "../draws";
import { announceProofChange } from "../events";
import { notify } from "../notifications";
import { expireProofs, pendingProofsOf, releaseDue } from "../purchases";
import { type LifecycleContext, type LifecycleRow, setLifecycle } from "../raffle-state";
import { refundUnpaidAbonos } from "../refunds";

const dateTime = new Intl.DateTimeFormat("es-VE", {
  timeZone: TIME_ZONE,
  dateStyle: "long",
  timeStyle: "short",
});

/** The server's own job as the actor of a step. */
export const JOB: AuditActor = { id: null, ip: null };

/** "12 de marzo de 2026, 3:00 p. m." in Venezuelan time. */
export const formatDeadline = (date: Date) => dateTime.format(date);

/**
 * Stops sales (status closed, closed_at, close_reason) and tells each buyer whose proof is still pending
 * when it will have been reviewed at the latest.
 */
export async function close(
  ctx: LifecycleContext,
  tx: Tx,
  row: NonNullable<LifecycleRow>,
  reason: CloseReason,
  closedAt: Date,
  actor: AuditActor,
): Promise<void> {
  await setLifecycle(tx, row.id, { status: "closed", closedAt, closeReason: reason });
  // The record starts here (rules as sold, then the close), so the freeze that follows cannot be moved
  // ahead of it (docs/draw-protocol.md). Below its minimum the raffle may still be extended (its end date
  // changes, sales reopen): the record waits until the raffle really moves on to the freeze.
  if (!belowMinimum({ state: "closed", soldTickets: row.soldTickets, minTickets: row.minTickets })) {
    await recordCloseOf(ctx, tx, row, closedAt, reason);
  }
  await recordRaffleAudit(tx, actor, reason === "organiser" ? "raffle.close_early" : "raffle.close", row.id, {
    before: { status: row.status },
    after: { status: "closed", closedAt: closedAt.toISOString(), closeReason: reason },
  });
  const pending = await pendingProofsOf(tx, row.id);
  if (pending.length === 0) return;
  const deadline = reviewDeadline(closedAt, row.reviewWindowHours) ?? closedAt;
  await notify(
    tx,
    ctx,
    // A vendedor's sale without an account has nobody to notify here (decision 0034).
    uniqueBy(
      pending.flatMap((p) => (p.userId ? [{ userId: p.userId }] : [])),
      (p) => p.userId,
    ),
    "raffleClosedUnderReview",
    { raffleTitle: row.title, reason, deadline: formatDeadline(deadline) },
  );
}

async function recordCloseOf(
  ctx: LifecycleContext,
  tx: Tx,
  row: NonNullable<LifecycleRow>,
  closedAt: Date,
  reason: CloseReason,
) {
  await recordClose(ctx, tx, row.id, closedAt, {
    reason,
    reviewDeadline: (reviewDeadline(closedAt, row.reviewWindowHours) ?? closedAt).toISOString(),
  });
}

function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The review window ended: every proof still pending is rejected with the reason, which frees the tickets
 * it held (held = pending), and its buyer gets a notification and an email, as a rejection by hand does.
 * Returns how many proofs expired and how many emails were queued.
 */
export async function expirePending(
  ctx: LifecycleContext,
  tx: Tx,
  row: NonNullable<LifecycleRow>,
  deadline: Date,
  now: Date,
): Promise<{ expired: number; mails: number }> {
  const pending = await pendingProofsOf(tx, row.id, true);
  if (pending.length === 0) return { expired: 0, mails: 0 };
  const reason = LIFECYCLE_MESSAGES.expiredProof(formatDeadline(deadline));
  await expireProofs(
    tx,
    pending.map((p) => p.id),
    reason,
    now,
  );
  let mails = 0;
  for (const proof of pending) {
    if (!proof.userId) continue;
    const method = PAYMENT_METHOD_LABELS[proof.paymentMethod as PaymentMethod] ?? proof.paymentMethod;
    const told = await notify(
      tx,
      ctx,
      { userId: proof.userId, email: proof.buyerEmail, name: proof.buyerName },
      "paymentRejected",
      {
        what: `la rifa "${row.title}"`,
        method,
        reference: proof.transactionRef,
        notes: reason,
        heldUntil: null,
      },
    );
    mails += told.mails;
    await recordAudit(tx, {
      actorId: null,
      action: "proof.expire",
      entity: "payment_proof",
      entityId: proof.id,
      before: { status: "pending" },
      after: { status: "rejected", adminNotes: reason },
      ipAddress: null,
    });
    await announceProofChange(ctx.events, tx, proof.id, "rejected");
  }
  return { expired: pending.length, mails };
}

/**
 * Nothing is pending any more (or the review window ended and its proofs expired): the list freezes.
 * Reservations still waiting for a proof end here, and abonos not completed (their payments refunded): a
 * frozen list never changes afterwards, so no ticket may stay reserved in it (nothing can be uploaded once
 * sales closed).
 */
export async function freeze(
  ctx: LifecycleContext,
  tx: Tx,
  row: NonNullable<LifecycleRow>,
  now: Date,
  { expiredProofs }: { expiredProofs: number },
): Promise<void> {
  const raffleId = row.id;
  const released = await releaseDue(tx, raffleId, now, { all: true });
  // Abonos not completed by now are released with the other holds and their payments refunded (decision
  // 0034): only fully paid purchases enter the list.
  await refundUnpaidAbonos(
    ctx,
    tx,
    row,
    released.filter((r) => r.kind === "abono").map((r) => r.id),
    now,
  );
  // A raffle that closed below its minimum and reached it later (approvals) records its close now.
  if (row.minTickets !== null && !(await recordEntries(tx, raffleId)).some((e) => e.type === "closed")) {
    await recordCloseOf(ctx, tx, row, row.closedAt ?? now, (row.closeReason as CloseReason) ?? "end_date");
  }
  await freezeRaffleWith(ctx, tx, raffleId, now, { expiredProofs });
  await recordRaffleAudit(tx, JOB, "raffle.freeze", raffleId, {
    before: { status: "closed" },
    after: { status: "frozen", frozenAt: now.toISOString() },
  });
}
