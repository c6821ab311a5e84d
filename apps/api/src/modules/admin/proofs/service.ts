import {
  ADMIN_MESSAGES,
  ADMIN_PROOFS_PAGE_SIZE,
  type AdminApproveResult,
  type AdminProof,
  type AdminProofListQuery,
  type Currency,
  formatEsNumber,
  hasResult,
  isActivationReached,
  isUuid,
  LEVELS,
  levelRank,
  ocrMismatches,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  type ProofFlag,
  pointsForApprovedAmount,
  previewOf,
  type RefundStatus,
  reviewDeadline,
  sameCents,
  ticketLabel,
} from "@rifazo/shared";
import { countText } from "@rifazo/shared/domain/plural";
import type { FastifyBaseLogger } from "fastify";
import type { AppContext } from "../../../context";
import type { Tx } from "../../../db/client";
import type { paymentProofs } from "../../../db/schema";
import { conflict, notFound } from "../../../lib/errors";
import { recordAudit } from "../../audit";
import { latestHeldBeacon, recordHead } from "../../draws";
import { announceProofChange } from "../../events";
import { NOTICES, type NoticeData, notify, replaceLevelUpOfThisTransaction } from "../../notifications";
import { applyPointsChange } from "../../points";
import { amountFor, approveReservation, cancelReservationOf, rejectReservation } from "../../purchases";
import { advance, advanceIfDue, assertAllowed } from "../../raffle-state";
import { newReceiptToken } from "../../receipts";
import { movementOfProof } from "../../reconciliation";
import { refundStatusesOf } from "../../refunds";
import { currentExchangeRate } from "../../settings";
import { type Actor, offsetOf, publishRaffle } from "../common";
import * as repo from "./repository";
import { sellRandomAvailable } from "./ticket-pick";

export type ProofContext = AppContext;

export const proofNotFound = () => notFound("PROOF_NOT_FOUND", ADMIN_MESSAGES.proofNotFound);
/** Numbers in the raffle's digits (a general payment has none, hence the null total). */
const labelsOf = (numbers: readonly number[], totalTickets: number | null | undefined) =>
  numbers.map((n) => (totalTickets == null ? String(n) : ticketLabel(n, totalTickets)));
const iso = (date: Date | null) => (date ? date.toISOString() : null);
/** How many numbers a notification lists before "y N más" (a 500-ticket purchase stays readable). */
const NUMBERS_IN_MESSAGE = 50;

/** What the reservation costs in the proof's method currency at its frozen rate (the upload's own rule). */
function expectedOf(row: repo.ProofListRow): AdminProof["expected"] {
  if (row.reservationTotal === null || row.reservationCurrency === null) return null;
  const rate = row.reservationRate === null ? null : Number(row.reservationRate);
  const due = amountFor(
    row.paymentMethod as PaymentMethod,
    Number(row.reservationTotal),
    row.reservationCurrency as Currency,
    rate,
  );
  if (due.amount === null) return null;
  return { amount: due.amount, currency: due.currency, exchangeRate: rate };
}

export function toAdminProof(row: repo.ProofListRow): AdminProof {
  const amount = Number(row.amount);
  const expected = expectedOf(row);
  const mismatches = ocrMismatches(row.ocr ?? null, {
    transactionRef: row.transactionRef,
    amount,
    createdAt: row.createdAt,
  });
  const flags: ProofFlag[] = [];
  if (row.duplicateOf !== null) flags.push("duplicate_reference");
  if (row.nearDuplicateOf !== null) flags.push("near_duplicate");
  if (mismatches.length > 0) flags.push("ocr_mismatch");
  if (expected && (row.currency !== expected.currency || !sameCents(amount, expected.amount))) {
    flags.push("amount_mismatch");
  }
  return {
    id: row.id,
    userId: row.userId,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    raffleId: row.raffleId,
    raffleTitle: row.raffleTitle ?? null,
    amount,
    currency: row.currency as AdminProof["currency"],
    exchangeRate: row.exchangeRate === null ? null : Number(row.exchangeRate),
    paymentMethod: row.paymentMethod as AdminProof["paymentMethod"],
    transactionRef: row.transactionRef,
    status: row.status as AdminProof["status"],
    userNotes: row.userNotes,
    adminNotes: row.adminNotes,
    quantityOfTickets: row.quantityOfTickets,
    tickets: labelsOf((row.tickets ?? []).map(Number), row.raffleTotalTickets),
    heldNumbers: labelsOf((row.heldNumbers ?? []).map(Number), row.raffleTotalTickets),
    duplicateReference: row.duplicateOf !== null,
    duplicateOf: row.duplicateOf,
    file: {
      // The one file route serves owners and administrators alike.
      url: `/api/proofs/${row.id}/file`,
      filename: row.proofImageFilename,
      contentType: row.proofContentType,
      size: row.proofSize,
    },
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    reviewBefore:
      row.status === "pending" && row.raffleStatus === "closed"
        ? iso(reviewDeadline(row.raffleClosedAt, row.raffleReviewWindowHours ?? 48))
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    buyerPhone: row.buyerPhone ?? null,
    expected,
    analysis: {
      status: row.analysisStatus as AdminProof["analysis"]["status"],
      ocr: row.ocr ?? null,
      mismatches,
      nearDuplicateOf: row.nearDuplicateOf,
    },
    flags,
  };
}

/**
 * How many proofs OCR read the ocr_mismatch filter compares at most: the comparison (normalised
 * references, last digits, dates) is ocrMismatches' in TypeScript, so that filter pages in memory.
 */
const OCR_FILTER_CAP = 2_000;

/** Each proof with its refund, if its raffle was cancelled: the inbox says "Reembolsado", not "Aprobado". */
async function withRefunds(db: AppContext["db"], proofs: AdminProof[]): Promise<AdminProof[]> {
  const statuses = await refundStatusesOf(
    db,
    proofs.map((proof) => proof.id),
  );
  return proofs.map((proof) => {
    const status = statuses.get(proof.id);
    return { ...proof, refund: status ? { status: status as RefundStatus } : null };
  });
}

export async function listProofs(db: AppContext["db"], query: AdminProofListQuery) {
  const size = ADMIN_PROOFS_PAGE_SIZE;
  const offset = offsetOf(query.page, size);
  if (query.flag === "ocr_mismatch") {
    const candidates = await repo.listOcrCandidates(db, query, OCR_FILTER_CAP);
    const matching = candidates.filter(
      (row) =>
        ocrMismatches(row.fields ? { fields: row.fields } : null, {
          transactionRef: row.transactionRef,
          amount: Number(row.amount),
          createdAt: row.createdAt,
        }).length > 0,
    );
    const rows = await repo.listProofsByIds(
      db,
      matching.slice(offset, offset + size).map((row) => row.id),
    );
    return {
      items: await withRefunds(db, rows.map(toAdminProof)),
      total: matching.length,
      page: query.page,
      pageSize: size,
    };
  }
  const { items, total } = await repo.listProofs(db, query, size, offset);
  return { items: await withRefunds(db, items.map(toAdminProof)), total, page: query.page, pageSize: size };
}

export async function pendingCount(db: AppContext["db"]): Promise<{ pending: number }> {
  return { pending: await repo.countPending(db) };
}

/** "0001, 0042, 0777" (about NUMBERS_IN_MESSAGE, then "y N más", never "y 1 más": previewOf). */
function numbersText(numbers: number[], totalTickets: number | null): string {
  const { shown, hidden } = previewOf(numbers, NUMBERS_IN_MESSAGE);
  const text = labelsOf(shown, totalTickets).join(", ");
  return hidden > 0 ? `${text} y ${hidden} más` : text;
}

const money = (amount: number, currency: string) => `${formatEsNumber(amount)} ${currency}`;

/**
 * The payment in dollars for the 100-RifaPuntos-per-unit rule: a VES
 * payment is divided by the rate saved with the proof, or by today's published rate when it has none.
 */
async function dollarValue(tx: Tx, proof: repo.ProofRow, log: FastifyBaseLogger): Promise<number> {
  const amount = Number(proof.amount);
  if (proof.currency !== "VES") return amount;
  const rate = proof.exchangeRate
    ? Number(proof.exchangeRate)
    : ((await currentExchangeRate(tx))?.rate ?? null);
  if (!rate) {
    log.warn({ proofId: proof.id }, "puntos: pago en VES sin tasa de cambio; no se acreditan puntos");
    return 0;
  }
  return amount / rate;
}

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
  actor: { id: string | null; ip: string | null },
  id: string,
  options: ApprovalOptions = {},
): Promise<{ result: AdminApproveResult; changed: boolean }> {
  const waitForHeld = options.waitForHeld === true;
  const told = options.replayAt === undefined;
  const locked = await repo.lockProofForApproval(tx, id);
  if (!locked) throw proofNotFound();
  const { proof, buyer } = locked;
  const totalTickets = locked.raffle?.totalTickets ?? null;
  if (proof.status === "approved" || proof.status === "verified") {
    const numbers = await repo.ticketNumbersOfProof(tx, id);
    return {
      changed: false,
      result: {
        proofId: id,
        status: proof.status,
        tickets: labelsOf(numbers, totalTickets),
        alreadyApproved: true,
        pointsAwarded: 0,
      },
    };
  }
  if (proof.status !== "pending") throw conflict(ADMIN_MESSAGES.proofRejectedCannotApprove, "PROOF_REJECTED");

  const now = options.replayAt ?? new Date();
  let numbers: number[] = [];
  let raffleTitle: string | null = null;
  if (proof.raffleId) {
    const { raffle } = locked;
    if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
    raffleTitle = raffle.title;
    const hasWinners = raffle.winningTicketNumber !== null || locked.raffleHasWinners;
    if (hasResult({ ...raffle, hasWinners }))
      throw conflict(ADMIN_MESSAGES.raffleAlreadyDrawn, "RAFFLE_DRAWN");
    // Reviews run while the raffle sells and while it is closed, never once its list is frozen. The demo
    // seed replays approvals of raffles it finishes afterwards, so it is judged by the same rule.
    assertAllowed(raffle.status, "review_proof");
    if (!raffle.ticketsGenerated) throw conflict(ADMIN_MESSAGES.ticketsNotReady, "TICKETS_NOT_READY");
    const quantity = proof.quantityOfTickets;
    const owner = { userId: proof.userId, paymentId: proof.id, soldAt: now };
    // A reservation with chosen numbers sells exactly those; otherwise numbers are drawn at random.
    const reserved = proof.reservationId ? await approveReservation(tx, proof.reservationId, owner) : null;
    if (reserved?.numbers) {
      numbers = reserved.numbers;
    } else {
      const sold = await sellRandomAvailable(tx, raffle, quantity, owner, { wait: waitForHeld });
      if (sold.length < quantity) {
        // Short although sold_tickets says enough are left: other approvals hold the rest right now.
        // Throwing rolls back the tickets this try took, so the next one starts from nothing held.
        if (!waitForHeld && raffle.totalTickets - raffle.soldTickets >= quantity) throw new HeldByOthers();
        throw conflict(ADMIN_MESSAGES.notEnoughTickets, "NOT_ENOUGH_TICKETS");
      }
      numbers = sold.map((ticket) => ticket.ticketNumber).sort((a, b) => a - b);
    }
  }
  // A raffle purchase gets its receipt's private link now; a general payment has no numbers to show.
  const receiptToken = proof.raffleId ? newReceiptToken() : null;
  const checkpoint = proof.raffleId ? await recordCheckpoint(tx, ctx.config, proof.raffleId, now) : {};
  await repo.updateProof(tx, id, {
    status: "approved",
    reviewedBy: actor.id,
    reviewedAt: now,
    receiptToken,
    ...checkpoint,
  });

  const points = pointsForApprovedAmount(await dollarValue(tx, proof, ctx.log));
  const pointsResult =
    points > 0
      ? await applyPointsChange(tx, {
          userId: proof.userId,
          change: points,
          reason: raffleTitle
            ? `Pago aprobado: ${raffleTitle} (${countText(proof.quantityOfTickets, "boleto", "boletos")})`
            : `Pago general aprobado (${money(Number(proof.amount), proof.currency)})`,
          paymentProofId: proof.id,
          at: options.replayAt,
        })
      : null;

  let levelUp: NoticeData<"levelUp"> | null = null;
  if (
    told &&
    pointsResult?.levelChanged &&
    levelRank(pointsResult.level) > levelRank(pointsResult.previousLevel)
  ) {
    const level = LEVELS.find((l) => l.name === pointsResult.level);
    levelUp = { level: pointsResult.level, welcomeMessage: level?.welcomeMessage };
  }
  if (told) {
    await notify(
      tx,
      ctx,
      { userId: proof.userId, email: buyer?.email, name: buyer?.name },
      "paymentApproved",
      {
        raffleTitle,
        numbers: numbersText(numbers, totalTickets),
        amount: money(Number(proof.amount), proof.currency),
        points,
        receiptToken,
      },
    );
  }
  // Written after the approval, so it lists above it. Approvals in one batch (reconciliation) may cross
  // two levels for one buyer: one notice names the level reached, rather than "Plata" and "Oro" together.
  if (levelUp && !(await replaceLevelUpOfThisTransaction(tx, proof.userId, NOTICES.levelUp(levelUp)))) {
    await notify(tx, ctx, { userId: proof.userId }, "levelUp", levelUp);
  }

  // Written before the raffle row is locked (NOTIFY is delivered at COMMIT anyway): the turn-taking
  // part below stays as short as possible.
  if (proof.raffleId) await publishRaffle(ctx, tx, proof.raffleId, "sale");
  if (told) await announceProofChange(ctx.events, tx, id, "approved");
  await recordAudit(tx, {
    actorId: actor.id,
    action: "proof.approve",
    entity: "payment_proof",
    entityId: id,
    before: { status: proof.status },
    after: { status: "approved", raffleId: proof.raffleId, tickets: labelsOf(numbers, totalTickets), points },
    ipAddress: actor.ip,
  });

  // From here to COMMIT, approvals of this raffle take turns.
  if (proof.raffleId) {
    const sale = await repo.addSold(tx, proof.raffleId, numbers.length);
    // Refused when a draw or an external result committed while this approval picked its tickets.
    if (!sale) return refuseSale(tx, proof.raffleId);
    if (
      sale.activationType === "percentage" &&
      sale.percentageDrawActivatedAt === null &&
      isActivationReached(sale.soldTickets, sale.totalTickets, sale.activationPercentage)
    ) {
      // The 24-hour last-sales window starts now (spec 2 §4): a raffle change of its own in the audit
      // (audit_log is append-only, and the approval's record was written before the sum was known).
      await repo.setRaffleFields(tx, proof.raffleId, { percentageDrawActivatedAt: now });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "raffle.countdown_started",
        entity: "raffle",
        entityId: proof.raffleId,
        before: { percentageDrawActivatedAt: null, soldTickets: sale.soldTickets - numbers.length },
        after: { percentageDrawActivatedAt: now.toISOString(), soldTickets: sale.soldTickets, proofId: id },
        ipAddress: actor.ip,
      });
    }
  }
  return {
    changed: true,
    result: {
      proofId: id,
      status: "approved",
      tickets: labelsOf(numbers, totalTickets),
      alreadyApproved: false,
      pointsAwarded: points,
    },
  };
}

/**
 * The approval's checkpoint (docs/draw-protocol.md §14, decision 0023): the record's length and head hash
 * now, and the latest drand round the server holds (with its signature). Read without a lock: entries are
 * append-only, so it is a prefix of every later record, and the freeze waits for this pending proof. The
 * buyer keeps it on the receipt; a record rewritten later (an earlier freeze, other rules) contradicts it.
 * Nothing when the raffle has no record (a legacy external raffle).
 */
async function recordCheckpoint(
  tx: Tx,
  config: AppContext["config"],
  raffleId: string,
  now: Date,
): Promise<Partial<typeof paymentProofs.$inferInsert>> {
  const head = await recordHead(tx, raffleId);
  if (!head) return {};
  const beacon = await latestHeldBeacon(tx, config.drandChainInfo, now);
  return {
    checkpointLength: head.length,
    checkpointHash: head.hash,
    checkpointRound: beacon?.round ?? null,
    checkpointSignature: beacon?.signature ?? null,
    checkpointAt: now,
  };
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
    // The purchase holds its numbers again for a new proof, for a stated time (at least 30 minutes).
    const heldUntil = proof.reservationId ? await rejectReservation(tx, proof.reservationId, now) : null;
    const what = raffle ? `la rifa "${raffle.title}"` : "tu pago general";
    const method = PAYMENT_METHOD_LABELS[proof.paymentMethod as PaymentMethod] ?? proof.paymentMethod;
    const buyer = await repo.findBuyer(tx, proof.userId);
    await notify(
      tx,
      ctx,
      { userId: proof.userId, email: buyer?.email, name: buyer?.name },
      "paymentRejected",
      { what, method, reference: proof.transactionRef, notes, heldUntil },
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: "proof.reject",
      entity: "payment_proof",
      entityId: id,
      before: { status: proof.status, adminNotes: proof.adminNotes },
      after: { status: "rejected", adminNotes: notes },
      ipAddress: actor.ip,
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
    await repo.lockBuyer(tx, proof.userId);
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
    if (points !== 0) {
      await applyPointsChange(tx, {
        userId: proof.userId,
        change: -points,
        reason: `Reverso por comprobante eliminado (referencia ${proof.transactionRef})`,
        paymentProofId: id,
      });
    }
    // The purchase it paid ends with it: whatever it still held is free again.
    if (proof.reservationId) await cancelReservationOf(tx, proof.reservationId, new Date());
    await repo.deleteProof(tx, id);
    await recordAudit(tx, {
      actorId: actor.id,
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
      ipAddress: actor.ip,
    });
    if (proof.raffleId) await publishRaffle(ctx, tx, proof.raffleId, "sale_reverted");
    await announceProofChange(ctx.events, tx, id, "deleted");
    return proof.proofImagePath;
  });
  try {
    await ctx.storage.delete(fileKey);
  } catch (error) {
    ctx.log.warn({ err: error, proofId: id }, "comprobantes: no se pudo borrar el archivo del comprobante");
  }
}
