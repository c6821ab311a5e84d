import {
  ADMIN_MESSAGES,
  type AdminApproveResult,
  type Currency,
  hasResult,
  isUuid,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from "@rifazo/shared";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../db/client";
import { conflict, notFound } from "../../../lib/errors";
import { recordActorAudit } from "../../audit";
import { recordInstantFinal } from "../../draws";
import { announceProofChange } from "../../events";
import { notify } from "../../notifications";
import { applyPointsChange } from "../../points";
import {
  abonoBalanceText,
  approveReservation,
  cancelReservationOf,
  otherPaymentsOf,
  rejectReservation,
  rejectSellerReservation,
} from "../../purchases";
import { advance, advanceIfDue, assertAllowed } from "../../raffle-state";
import { movementOfProof } from "../../reconciliation";
import { earnCommission, reverseSellerPostings } from "../../sellers";
import { type Actor, publishRaffle } from "../common";
import {
  type ApprovalActor,
  alreadyApproved,
  awardPoints,
  type LockedProof,
  markApproved,
  startCountdownIfReached,
  tellBuyer,
} from "./approval-steps";
import { labelsOf } from "./list";
import * as repo from "./repository";
import { sellRandomAvailable } from "./ticket-pick";

export type ProofContext = AppContext;

export const proofNotFound = () => notFound("PROOF_NOT_FOUND", ADMIN_MESSAGES.proofNotFound);
/** The pick came up short only because other approvals held tickets it skipped: try again, waiting. */
export class HeldByOthers extends Error {}

/**
 * Approves a pending proof in ONE transaction: the proof row is locked first, so a double click, a
 * retry or a second administrator waits and then sees it approved (and gets the same numbers back).
 *
 * Approvals of one raffle run side by side: each picks random available tickets and locks them (rows
 * another approval has locked are skipped, so no ticket is sold twice), writes the proof, points,
 * notifications and mail, and only then adds its tickets to raffles.sold_tickets. That UPDATE, the
 * audit row and the COMMIT are the only part that runs one approval at a time per raffle; it re-checks
 * that the raffle was not drawn meanwhile and never lets sold_tickets pass the total.
 */
export async function approveProof(ctx: ProofContext, actor: Actor, id: string): Promise<AdminApproveResult> {
  if (!isUuid(id)) throw proofNotFound();
  let outcome: { result: AdminApproveResult; changed: boolean };
  try {
    outcome = await approveOnce(ctx, actor, id, false);
  } catch (error) {
    if (!(error instanceof HeldByOthers)) throw error;
    // Near the end of a raffle: wait for the approvals holding tickets, then take what they left.
    outcome = await approveOnce(ctx, actor, id, true);
  }
  if (outcome.changed) ctx.mail.flushSoon();
  return outcome.result;
}

async function approveOnce(
  ctx: ProofContext,
  actor: Actor,
  id: string,
  waitForHeld: boolean,
): Promise<{ result: AdminApproveResult; changed: boolean }> {
  const raffleId = await reviewableRaffle(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const outcome = await approveInTransaction(ctx, tx, actor, id, { waitForHeld });
    // The last pending proof of a closed raffle freezes it in this same transaction (a sell-out closes it).
    if (raffleId && outcome.changed) await advance(ctx, tx, raffleId, new Date());
    return outcome;
  });
}

/**
 * Before a review: the proof's raffle is moved on to whatever is due (a close, the end of the review
 * window, a freeze), committed on its own so a refused review cannot undo it; the review is then judged
 * against the raffle's real state. Returns the raffle id, null for a general payment; a missing proof is
 * left to the caller's 404.
 */
async function reviewableRaffle(ctx: ProofContext, proofId: string): Promise<string | null> {
  const raffleId = await repo.raffleIdOfProof(ctx.db, proofId);
  if (!raffleId) return null;
  await advanceIfDue(ctx, raffleId);
  return raffleId;
}

export interface ApprovalOptions {
  /** Take tickets other approvals hold once they let go (the second try near a raffle's end). */
  waitForHeld?: boolean;
  /**
   * Replays an approval made in the past (the demo seed): proof, tickets and points are dated then, and
   * nobody is told now; the seed writes its own dated notifications and the demo's addresses get no mail.
   */
  replayAt?: Date;
}

/**
 * One approval inside the caller's transaction: tickets, proof, points (the ledger), notification,
 * mail, audit and the raffle's sold count. approveProof runs it in its own transaction, the demo seed in
 * the seed's, so demo tickets and points come about the way real ones do.
 */
export async function approveInTransaction(
  ctx: Pick<AppContext, "log" | "events" | "mail" | "config">,
  tx: Tx,
  actor: ApprovalActor,
  id: string,
  options: ApprovalOptions = {},
): Promise<{ result: AdminApproveResult; changed: boolean }> {
  const told = options.replayAt === undefined;
  const locked = await repo.lockProofForApproval(tx, id);
  if (!locked) throw proofNotFound();
  const { proof } = locked;
  const totalTickets = locked.raffle?.totalTickets ?? null;
  if (proof.status === "approved" || proof.status === "verified") {
    return alreadyApproved(tx, id, proof.status, totalTickets);
  }
  if (proof.status !== "pending") throw conflict(ADMIN_MESSAGES.proofRejectedCannotApprove, "PROOF_REJECTED");

  const now = options.replayAt ?? new Date();
  const sold = proof.raffleId
    ? await sellTickets(tx, locked, now, options.waitForHeld === true)
    : { numbers: [], partial: false };
  const { numbers } = sold;
  const raffleTitle = proof.raffleId ? (locked.raffle?.title ?? null) : null;
  const receiptToken = await markApproved(ctx, tx, actor, proof, now);
  const points = await awardPoints(ctx, tx, proof, raffleTitle, options.replayAt);
  // A purchase a vendedor's link brought earns their commission with the approval that sells it (decision
  // 0034): an abono's with the payment that completes it.
  if (proof.reservationId && !sold.partial)
    await earnCommission(tx, { proofId: id, reservationId: proof.reservationId });
  // Read now that this payment counts as approved.
  const abono = sold.partial && proof.reservationId ? await abonoBalanceText(tx, proof.reservationId) : null;
  const sale = { numbers, raffleTitle, receiptToken, ...(abono ? { abono } : {}) };
  if (told) await tellBuyer(ctx, tx, locked, sale, points);

  // Written before the raffle row is locked (NOTIFY is delivered at COMMIT anyway): the turn-taking
  // part below stays as short as possible.
  if (proof.raffleId) await publishRaffle(ctx, tx, proof.raffleId, "sale");
  if (told) await announceProofChange(ctx.events, tx, id, "approved");
  const tickets = labelsOf(numbers, totalTickets);
  await recordActorAudit(tx, actor, {
    action: "proof.approve",
    entity: "payment_proof",
    entityId: id,
    before: { status: proof.status },
    after: { status: "approved", raffleId: proof.raffleId, tickets, points: points.points },
  });

  // From here to COMMIT, approvals of this raffle take turns.
  if (proof.raffleId) {
    const sale = await repo.addSold(tx, proof.raffleId, numbers.length);
    // Refused when a draw or an external result committed while this approval picked its tickets.
    if (!sale) return refuseSale(tx, proof.raffleId);
    // The purchase is final: its tickets wait on a future drand round for the raffle's instant prizes
    // (docs/decisions/0035-prizes-on-the-record.md). Not for the demo seed's replayed approvals.
    if (told) await recordInstantFinal(ctx, tx, proof.raffleId, numbers, now);
    await startCountdownIfReached(tx, actor, id, proof.raffleId, sale, numbers.length, now);
  }
  return {
    changed: true,
    result: {
      proofId: id,
      status: "approved",
      tickets,
      alreadyApproved: false,
      pointsAwarded: points.points,
    },
  };
}

/**
 * The approval's numbers, sold now: the ones its reservation chose, or random available ones. An abono's
 * payment that leaves part unpaid sells none (`partial`).
 */
async function sellTickets(
  tx: Tx,
  locked: LockedProof,
  now: Date,
  waitForHeld: boolean,
): Promise<{ numbers: number[]; partial: boolean }> {
  const numbers = await sellNumbers(tx, locked, now, waitForHeld);
  return numbers === "partial" ? { numbers: [], partial: true } : { numbers, partial: false };
}

async function sellNumbers(
  tx: Tx,
  locked: LockedProof,
  now: Date,
  waitForHeld: boolean,
): Promise<number[] | "partial"> {
  const { proof, raffle } = locked;
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const hasWinners = raffle.winningTicketNumber !== null || locked.raffleHasWinners;
  if (hasResult({ ...raffle, hasWinners })) throw conflict(ADMIN_MESSAGES.raffleAlreadyDrawn, "RAFFLE_DRAWN");
  // Reviews run while the raffle sells and while it is closed, never once its list is frozen. The demo
  // seed replays approvals of raffles it finishes afterwards, so it is judged by the same rule.
  assertAllowed(raffle.status, "review_proof");
  if (!raffle.ticketsGenerated) throw conflict(ADMIN_MESSAGES.ticketsNotReady, "TICKETS_NOT_READY");
  const quantity = proof.quantityOfTickets;
  const owner = { userId: proof.userId, paymentId: proof.id, soldAt: now };
  // A reservation with chosen numbers sells exactly those; otherwise numbers are drawn at random.
  const payment = {
    amount: Number(proof.amount),
    currency: proof.currency as Currency,
    exchangeRate: proof.exchangeRate === null ? null : Number(proof.exchangeRate),
  };
  const reserved = proof.reservationId
    ? await approveReservation(tx, proof.reservationId, owner, payment)
    : null;
  // An abono's payment that leaves part of the price unpaid sells nothing yet (decision 0034).
  if (reserved?.partial) return "partial";
  if (reserved?.numbers) return reserved.numbers;
  const sold = await sellRandomAvailable(tx, raffle, quantity, owner, { wait: waitForHeld });
  if (sold.length < quantity) {
    // Short although sold_tickets says enough are left: other approvals hold the rest right now.
    // Throwing rolls back the tickets this try took, so the next one starts from nothing held.
    if (!waitForHeld && raffle.totalTickets - raffle.soldTickets >= quantity) throw new HeldByOthers();
    throw conflict(ADMIN_MESSAGES.notEnoughTickets, "NOT_ENOUGH_TICKETS");
  }
  return sold.map((ticket) => ticket.ticketNumber).sort((a, b) => a - b);
}

/** addSold found no row to update: say why (the transaction rolls back either way). */
async function refuseSale(tx: Tx, raffleId: string): Promise<never> {
  const raffle = await repo.findRaffleForApproval(tx, raffleId);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const hasWinners = raffle.winningTicketNumber !== null || (await repo.raffleHasWinners(tx, raffleId));
  if (hasResult({ ...raffle, hasWinners })) throw conflict(ADMIN_MESSAGES.raffleAlreadyDrawn, "RAFFLE_DRAWN");
  if (raffle.status === "cancelled") assertAllowed(raffle.status, "review_proof");
  throw conflict(ADMIN_MESSAGES.notEnoughTickets, "NOT_ENOUGH_TICKETS");
}

export async function rejectProof(
  ctx: ProofContext,
  actor: Actor,
  id: string,
  adminNotes: string | undefined,
): Promise<{ proofId: string; status: "rejected" }> {
  if (!isUuid(id)) throw proofNotFound();
  const raffleId = await reviewableRaffle(ctx, id);
  await ctx.db.transaction(async (tx) => {
    const proof = await repo.lockProof(tx, id);
    if (!proof) throw proofNotFound();
    if (proof.status !== "pending")
      throw conflict(ADMIN_MESSAGES.proofAlreadyReviewed, "PROOF_ALREADY_REVIEWED");
    const now = new Date();
    const notes = adminNotes?.trim() || null;
    await repo.updateProof(tx, id, {
      status: "rejected",
      adminNotes: notes,
      reviewedBy: actor.id,
      reviewedAt: now,
    });

    const raffle = proof.raffleId ? await repo.lockRaffle(tx, proof.raffleId) : undefined;
    if (raffle) assertAllowed(raffle.status, "review_proof");
    // The purchase holds its numbers again for a new proof, for a stated time (at least 30 minutes). A
    // vendedor's sale gets no new proof: its numbers are free at once (decision 0034).
    let heldUntil: Date | null = null;
    if (proof.reservationId && proof.channel === "seller")
      await rejectSellerReservation(tx, proof.reservationId, now);
    else if (proof.reservationId) heldUntil = await rejectReservation(tx, proof.reservationId, now);
    const what = raffle ? `la rifa "${raffle.title}"` : "tu pago general";
    const method = PAYMENT_METHOD_LABELS[proof.paymentMethod as PaymentMethod] ?? proof.paymentMethod;
    if (proof.userId) {
      const buyer = await repo.findBuyer(tx, proof.userId);
      await notify(
        tx,
        ctx,
        { userId: proof.userId, email: buyer?.email, name: buyer?.name },
        "paymentRejected",
        { what, method, reference: proof.transactionRef, notes, heldUntil },
      );
    }
    await recordActorAudit(tx, actor, {
      action: "proof.reject",
      entity: "payment_proof",
      entityId: id,
      before: { status: proof.status, adminNotes: proof.adminNotes },
      after: { status: "rejected", adminNotes: notes },
    });
    // The held tickets are free again: remaining counts on open pages change.
    if (proof.raffleId) await publishRaffle(ctx, tx, proof.raffleId, "sale_reverted");
    await announceProofChange(ctx.events, tx, id, "rejected");
    // The last pending proof of a closed raffle: it freezes in this same transaction.
    if (raffleId) await advance(ctx, tx, raffleId, now);
  });
  ctx.mail.flushSoon();
  return { proofId: id, status: "rejected" };
}

/**
 * Deletes a proof. An approved one gives its tickets back (available, no owner), lowers sold_tickets and
 * reverses its points through the ledger, all in one transaction; the stored file goes after the commit.
 */
export async function deleteProof(ctx: ProofContext, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw proofNotFound();
  const fileKey = await ctx.db.transaction(async (tx) => {
    const proof = await repo.lockProof(tx, id);
    if (!proof) throw proofNotFound();
    // A movement pays one proof only, ever (migration 0012): the record of that payment stays.
    if (await movementOfProof(tx, id)) throw conflict(ADMIN_MESSAGES.proofReconciled);
    // Same order as an approval (buyer, then raffle): the points reversal below must not wait for an
    // approval of this buyer that is itself waiting for the raffle row held here.
    if (proof.userId) await repo.lockBuyer(tx, proof.userId);
    let released: number[] = [];
    let releasedTotal: number | null = null;
    if (proof.raffleId) {
      const raffle = await repo.lockRaffle(tx, proof.raffleId);
      releasedTotal = raffle?.totalTickets ?? null;
      released = await repo.ticketNumbersOfProof(tx, id);
      if (raffle && released.length > 0) {
        if (raffle.drawnAt || (await repo.raffleHasWinners(tx, raffle.id))) {
          throw conflict(ADMIN_MESSAGES.raffleAlreadyDrawn, "RAFFLE_DRAWN");
        }
        await repo.releaseTicketsOfProof(tx, id);
        await repo.recountSold(tx, raffle.id);
      }
    }
    const points = await repo.pointsOfProof(tx, id);
    if (points !== 0 && proof.userId) {
      await applyPointsChange(tx, {
        userId: proof.userId,
        change: -points,
        reason: `Reverso por comprobante eliminado (referencia ${proof.transactionRef})`,
        paymentProofId: id,
      });
    }
    await reverseSellerPostings(
      tx,
      [id],
      `Reverso por comprobante eliminado (referencia ${proof.transactionRef})`,
    );
    // The purchase it paid ends with it: whatever it still held is free again. One payment of an abono
    // with others is not deleted alone (their money would be left paying nothing).
    if (proof.reservationId && (await otherPaymentsOf(tx, proof.reservationId, id)) > 0) {
      throw conflict(ADMIN_MESSAGES.abonoPaymentDelete, "ABONO_PAYMENT_DELETE");
    }
    if (proof.reservationId) await cancelReservationOf(tx, proof.reservationId, new Date());
    await repo.deleteProof(tx, id);
    await recordActorAudit(tx, actor, {
      action: "proof.delete",
      entity: "payment_proof",
      entityId: id,
      before: {
        userId: proof.userId,
        raffleId: proof.raffleId,
        status: proof.status,
        amount: Number(proof.amount),
        currency: proof.currency,
        transactionRef: proof.transactionRef,
        quantityOfTickets: proof.quantityOfTickets,
        tickets: labelsOf(released, releasedTotal),
        points,
      },
      after: { ticketsReleased: released.length, pointsReversed: points },
    });
    if (proof.raffleId) await publishRaffle(ctx, tx, proof.raffleId, "sale_reverted");
    await announceProofChange(ctx.events, tx, id, "deleted");
    return proof.proofImagePath;
  });
  if (fileKey === null) return;
  try {
    await ctx.storage.delete(fileKey);
  } catch (error) {
    ctx.log.warn({ err: error, proofId: id }, "comprobantes: no se pudo borrar el archivo del comprobante");
  }
}
