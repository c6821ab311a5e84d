/**
 * The raffle lifecycle on the server (decision 0012): what each transition does (the record, the buyers'
 * notices, the proofs, reservations and purchases), the periodic sweep and the organiser's transitions.
 * The state machine's core (`advance` under the raffle's row lock) is raffle-state's, below the sales that
 * call it; it runs the transitions registered here (registerLifecycleTransitions, at start; decision 0026).
 */
import {
  belowMinimum,
  type CloseReason,
  canCloseEarly,
  LIFECYCLE_MESSAGES,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RAFFLE_STATE_LABELS,
  type RaffleLifecycle,
  type RaffleState,
  reviewDeadline,
  salesOpen,
  stateAllows,
  TIME_ZONE,
} from "@rifazo/shared";
import { ANNOUNCED_STATE_LABELS } from "@rifazo/shared/domain/draw-trust";
import {
  LOTTERY_MESSAGES,
  type LotteryFallback,
  lotteryMissingForSale,
  lotteryTimeProblem,
} from "@rifazo/shared/domain/lottery-binding";
import type { FastifyInstance } from "fastify";
import type { Tx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";
import {
  externalBinding,
  findRaffle,
  freezeRaffleWith,
  publishRulesOnSale,
  type RecordSummary,
  recordCancel,
  recordClose,
  recordEntries,
  recordLotteryFallback,
} from "../draws";
import { announceProofChange } from "../events";
import { notify } from "../notifications";
import { expireProofs, pendingProofsOf, releaseDue } from "../purchases";
import {
  advance,
  dueRaffleIds,
  factsOf,
  findLifecycleRow,
  type LifecycleContext,
  type LifecycleRow,
  publishLifecycle as publish,
  registerRaffleTransitions,
  setLifecycle,
} from "../raffle-state";
import { cancelPurchases, notifyExtension } from "../refunds";

/** Every minute: raffles whose end date, sell-out, countdown or review window came are moved on. */
export const LIFECYCLE_SWEEP_INTERVAL_MS = 60_000;

const dateTime = new Intl.DateTimeFormat("es-VE", {
  timeZone: TIME_ZONE,
  dateStyle: "long",
  timeStyle: "short",
});
/** "12 de marzo de 2026, 3:00 p. m." in Venezuelan time. */
export const formatDeadline = (date: Date) => dateTime.format(date);

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

export interface LifecycleRowLike {
  status: string;
  closedAt: Date | null;
  reviewWindowHours: number;
  frozenAt: Date | null;
  pendingProofs: number | string | null;
  soldTickets?: number;
  minTickets?: number | null;
  /** An external raffle without a lottery is announced by the organiser: no record, its own labels. */
  announcementType?: string;
  externalLottery?: string | null;
}

function stateLabel(row: LifecycleRowLike, state: RaffleState): string {
  const announced = row.announcementType === "external" && !row.externalLottery;
  if (announced && (state === "frozen" || state === "finished")) return ANNOUNCED_STATE_LABELS[state];
  return RAFFLE_STATE_LABELS[state] ?? state;
}

/** The public `lifecycle` of a raffle payload (raffleLifecycleSchema), with what its record says so far. */
export function lifecycleOf(row: LifecycleRowLike, record?: RecordSummary): RaffleLifecycle {
  const state = row.status as RaffleState;
  const awaitingDecision = belowMinimum({
    state,
    soldTickets: row.soldTickets ?? 0,
    minTickets: row.minTickets ?? null,
  });
  return {
    state,
    label: awaitingDecision ? LIFECYCLE_MESSAGES.awaitingDecision : stateLabel(row, state),
    salesOpen: salesOpen(state),
    closedAt: iso(row.closedAt),
    reviewWindowHours: row.reviewWindowHours,
    reviewDeadline: iso(reviewDeadline(row.closedAt, row.reviewWindowHours)),
    pendingProofs: Number(row.pendingProofs ?? 0),
    frozenAt: iso(row.frozenAt),
    drawRound: record?.drawRound ?? null,
    drawRoundAt: record?.drawRoundAt ?? null,
    recordAvailable: record?.recordAvailable ?? false,
    awaitingDecision,
  };
}

/**
 * Stops sales (status closed, closed_at, close_reason) and tells each buyer whose proof is still pending
 * when it will have been reviewed at the latest.
 */
async function close(
  ctx: LifecycleContext,
  tx: Tx,
  row: NonNullable<LifecycleRow>,
  reason: CloseReason,
  closedAt: Date,
  actor: { id: string | null; ip: string | null },
): Promise<void> {
  await setLifecycle(tx, row.id, { status: "closed", closedAt, closeReason: reason });
  // The record starts here (rules as sold, then the close), so the freeze that follows cannot be moved
  // ahead of it (docs/draw-protocol.md). Below its minimum the raffle may still be extended (its end date
  // changes, sales reopen): the record waits until the raffle really moves on to the freeze.
  if (!belowMinimum({ state: "closed", soldTickets: row.soldTickets, minTickets: row.minTickets })) {
    await recordCloseOf(ctx, tx, row, closedAt, reason);
  }
  await recordAudit(tx, {
    actorId: actor.id,
    action: reason === "organiser" ? "raffle.close_early" : "raffle.close",
    entity: "raffle",
    entityId: row.id,
    before: { status: row.status },
    after: { status: "closed", closedAt: closedAt.toISOString(), closeReason: reason },
    ipAddress: actor.ip,
  });
  const pending = await pendingProofsOf(tx, row.id);
  if (pending.length === 0) return;
  const deadline = reviewDeadline(closedAt, row.reviewWindowHours) ?? closedAt;
  await notify(
    tx,
    ctx,
    uniqueBy(pending, (p) => p.userId).map((p) => ({ userId: p.userId })),
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
async function expirePending(
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
 * Reservations still waiting for a proof end here: a frozen list never changes afterwards, so no ticket may
 * stay reserved in it (nothing can be uploaded once sales closed).
 */
async function freeze(
  ctx: LifecycleContext,
  tx: Tx,
  row: NonNullable<LifecycleRow>,
  now: Date,
  { expiredProofs }: { expiredProofs: number },
): Promise<void> {
  const raffleId = row.id;
  await releaseDue(tx, raffleId, now, { all: true });
  // A raffle that closed below its minimum and reached it later (approvals) records its close now.
  if (row.minTickets !== null && !(await recordEntries(tx, raffleId)).some((e) => e.type === "closed")) {
    await recordCloseOf(ctx, tx, row, row.closedAt ?? now, (row.closeReason as CloseReason) ?? "end_date");
  }
  await freezeRaffleWith(ctx, tx, raffleId, now, { expiredProofs });
  await recordAudit(tx, {
    actorId: null,
    action: "raffle.freeze",
    entity: "raffle",
    entityId: raffleId,
    before: { status: "closed" },
    after: { status: "frozen", frozenAt: now.toISOString() },
    ipAddress: null,
  });
}

/**
 * Hands raffle-state's `advance` what each transition does (decision 0026); buildApp calls it at start,
 * before anything can advance a raffle.
 */
export function registerLifecycleTransitions(): void {
  registerRaffleTransitions({ lotteryFallback: applyLotteryFallback, close, expirePending, freeze });
}

/** One pass of the job: every raffle that may be due is advanced in its own transaction. */
export async function sweepLifecycle(ctx: LifecycleContext, now: Date = new Date()): Promise<number> {
  const ids = await dueRaffleIds(ctx.db, now);
  let advanced = 0;
  for (const id of ids) {
    try {
      const result = await ctx.db.transaction((tx) => advance(ctx, tx, id, now));
      if (result?.changed) advanced++;
      if (result && result.mails > 0) ctx.mail.flushSoon();
    } catch (error) {
      ctx.log.error({ err: error, raffleId: id }, "ciclo de vida: no se pudo avanzar la rifa");
    }
  }
  return advanced;
}

/**
 * The "raffle-lifecycle" job (decision 0027): at start (a restart loses nothing: the state is in the
 * database) and every minute.
 */
export function scheduleLifecycleSweep(app: FastifyInstance): void {
  app.ctx.jobs.add({
    name: "raffle-lifecycle",
    intervalMs: LIFECYCLE_SWEEP_INTERVAL_MS,
    run: ({ now }) => sweepLifecycle(app.ctx, now),
  });
}

// ---------------------------------------------------------------------------------------------
// The organiser's transitions (admin routes): open, close early, cancel
// ---------------------------------------------------------------------------------------------

export interface Actor {
  id: string;
  ip: string | null;
}

async function lockedRow(ctx: LifecycleContext, tx: Tx, raffleId: string, now: Date) {
  await advance(ctx, tx, raffleId, now);
  const row = await findLifecycleRow(tx, raffleId, true);
  if (!row) throw notFound("RAFFLE_NOT_FOUND");
  return row;
}

/**
 * Decision 0024: at (or after) the lottery's draw, a bound raffle whose list is not frozen gets the
 * rules' fallback: a `lottery_fallback` entry, then either nothing more (the freeze will name a drand
 * round) or the cancellation with refunds. True when it acted.
 */
async function applyLotteryFallback(
  ctx: LifecycleContext,
  tx: Tx,
  row: NonNullable<LifecycleRow>,
  now: Date,
): Promise<boolean> {
  if (row.status !== "upcoming" && row.status !== "active" && row.status !== "closed") return false;
  const raffle = await findRaffle(tx, row.id);
  const binding = raffle ? externalBinding(raffle) : null;
  if (!raffle || !binding || now.getTime() < binding.drawAt.getTime()) return false;
  if ((await recordEntries(tx, row.id)).some((e) => e.type === "lottery_fallback")) return false;
  const fallback = (await recordLotteryFallback(
    tx,
    raffle,
    now,
    ctx.config.drawRoundDelayMinutes,
  )) as LotteryFallback;
  await recordAudit(tx, {
    actorId: null,
    action: "raffle.lottery_fallback",
    entity: "raffle",
    entityId: row.id,
    before: { status: row.status, externalDrawAt: binding.drawAt.toISOString() },
    after: { fallback },
    ipAddress: null,
  });
  if (fallback === "cancel") {
    await cancelRow(ctx, tx, { id: null, ip: null }, row, LOTTERY_MESSAGES.fallbackUsed("cancel"), now);
  }
  return true;
}

/** Decision 0024: refuses (400, Spanish) a lottery that would draw before the list can freeze. */
async function assertLotteryAfterFreeze(tx: Tx, raffleId: string, change: { endDate?: Date }) {
  const raffle = await findRaffle(tx, raffleId);
  if (raffle?.announcementType !== "external" || !raffle.externalDrawAt) return;
  const problem = lotteryTimeProblem({
    endDate: change.endDate ?? raffle.endDate,
    reviewWindowHours: raffle.reviewWindowHours,
    drawAt: raffle.externalDrawAt,
  });
  if (problem) throw badRequest(problem, { externalDrawAt: problem });
}

/** upcoming → active. Returns how many "notify me" subscribers must be told (the caller tells them). */
export async function openSales(ctx: LifecycleContext, tx: Tx, actor: Actor, raffleId: string, now: Date) {
  const row = await lockedRow(ctx, tx, raffleId, now);
  if (row.status !== "upcoming") throw new AppError("RAFFLE_STATE", LIFECYCLE_MESSAGES.openRefused);
  await assertLotteryAfterFreeze(tx, raffleId, {});
  // The site promises a lottery "fijada antes de la venta" (decision 0024).
  const full = await findRaffle(tx, raffleId);
  const missing = full ? lotteryMissingForSale(full) : null;
  if (missing) throw badRequest(missing, { lotteryDecided: missing });
  await setLifecycle(tx, raffleId, { status: "active" });
  // The record begins when the raffle goes on sale (decision 0023).
  await publishRulesOnSale(ctx, tx, raffleId, now);
  await recordAudit(tx, {
    actorId: actor.id,
    action: "raffle.open",
    entity: "raffle",
    entityId: raffleId,
    before: { status: "upcoming" },
    after: { status: "active" },
    ipAddress: actor.ip,
  });
  await publish(ctx, tx, raffleId);
}

/** active → closed by the organiser, only where canCloseEarly allows it; then whatever is due (freeze). */
export async function closeEarly(ctx: LifecycleContext, tx: Tx, actor: Actor, raffleId: string, now: Date) {
  const row = await lockedRow(ctx, tx, raffleId, now);
  if (row.status !== "active")
    throw new AppError("RAFFLE_STATE", LIFECYCLE_MESSAGES.notAllowed(row.status as RaffleState));
  if (!canCloseEarly(factsOf(row))) throw new AppError("RAFFLE_STATE", LIFECYCLE_MESSAGES.closeEarlyRefused);
  await close(ctx, tx, row, "organiser", now, actor);
  await publish(ctx, tx, raffleId);
  return advance(ctx, tx, raffleId, now);
}

/** upcoming | active | closed → cancelled, with the organiser's reason. Never drawn afterwards. */
export async function cancel(
  ctx: LifecycleContext,
  tx: Tx,
  actor: Actor,
  raffleId: string,
  reason: string,
  now: Date,
) {
  const row = await lockedRow(ctx, tx, raffleId, now);
  if (!stateAllows(row.status as RaffleState, "cancel")) {
    throw new AppError("RAFFLE_STATE", LIFECYCLE_MESSAGES.cancelRefused);
  }
  return cancelRow(ctx, tx, actor, row, reason, now);
}

/** The cancellation itself, on the locked row (the organiser's cancel and a lottery "cancel" fallback). */
async function cancelRow(
  ctx: LifecycleContext,
  tx: Tx,
  actor: { id: string | null; ip: string | null },
  row: NonNullable<LifecycleRow>,
  reason: string,
  now: Date,
) {
  const raffleId = row.id;
  // Purchases first, while the raffle still allows reviews and releases (the database guards the states).
  const outcome = await cancelPurchases(ctx, tx, row, reason, actor, now);
  await setLifecycle(tx, raffleId, { status: "cancelled", cancelledAt: now, cancelReason: reason });
  await recordCancel(tx, raffleId, now, reason);
  await recordAudit(tx, {
    actorId: actor.id,
    action: "raffle.cancel",
    entity: "raffle",
    entityId: raffleId,
    before: { status: row.status },
    after: {
      status: "cancelled",
      cancelReason: reason,
      refunds: outcome.refunds,
      rejectedProofs: outcome.rejected,
      releasedReservations: outcome.released,
    },
    ipAddress: actor.ip,
  });
  await publish(ctx, tx, raffleId);
  return outcome;
}

/**
 * Moves a date raffle's end date later, at most max_extensions times: while it sells, or once it closed
 * below its minimum (then sales reopen). Every buyer is told the new date. Returns the new state of things.
 */
export async function extend(
  ctx: LifecycleContext,
  tx: Tx,
  actor: Actor,
  raffleId: string,
  input: { endDate: Date; message?: string | undefined },
  now: Date,
) {
  const row = await lockedRow(ctx, tx, raffleId, now);
  const awaiting = belowMinimum(factsOf(row));
  if (row.activationType !== "date" || !(row.status === "active" || awaiting)) {
    throw new AppError("RAFFLE_STATE", LIFECYCLE_MESSAGES.extendRefused);
  }
  if (row.extensionsUsed >= row.maxExtensions) {
    throw new AppError(
      "RAFFLE_EXTENSIONS_EXHAUSTED",
      LIFECYCLE_MESSAGES.extensionsExhausted(row.maxExtensions),
    );
  }
  const end = input.endDate;
  if (end.getTime() <= now.getTime() || (row.endDate && end.getTime() <= row.endDate.getTime())) {
    throw badRequest(LIFECYCLE_MESSAGES.extendDateEarlier, { endDate: LIFECYCLE_MESSAGES.extendDateEarlier });
  }
  // Decision 0024: an extension may not push the freeze past the lottery's draw.
  await assertLotteryAfterFreeze(tx, raffleId, { endDate: end });
  const extensionsUsed = row.extensionsUsed + 1;
  await setLifecycle(tx, raffleId, {
    endDate: end,
    extensionsUsed,
    // Closed below the minimum: sales reopen. Nothing was recorded for that close (see close above).
    ...(awaiting ? { status: "active", closedAt: null, closeReason: null } : {}),
  });
  // A later end date is a rule buyers are sold under from now on (decision 0023).
  await publishRulesOnSale(ctx, tx, raffleId, now);
  await recordAudit(tx, {
    actorId: actor.id,
    action: "raffle.extend",
    entity: "raffle",
    entityId: raffleId,
    before: {
      status: row.status,
      endDate: row.endDate?.toISOString() ?? null,
      extensionsUsed: row.extensionsUsed,
    },
    after: { status: "active", endDate: end.toISOString(), extensionsUsed, message: input.message ?? null },
    ipAddress: actor.ip,
  });
  const notified = await notifyExtension(
    ctx,
    tx,
    row,
    { date: formatDeadline(end), message: input.message },
    now,
  );
  await publish(ctx, tx, raffleId);
  return { endDate: end.toISOString(), extensionsUsed, maxExtensions: row.maxExtensions, notified };
}
