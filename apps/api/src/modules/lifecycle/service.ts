/**
 * The raffle lifecycle on the server (decision 0012): the one place that moves a raffle along the state machine
 * of packages/shared/src/domain/raffle-lifecycle.ts. `advance` applies whatever is due under the raffle's
 * row lock; every action on a raffle calls it first, so no answer depends on when the periodic job last ran.
 */
import {
  belowMinimum,
  type CloseReason,
  canCloseEarly,
  dueTransition,
  LIFECYCLE_MESSAGES,
  type LifecycleAction,
  type LifecycleFacts,
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
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";
import { findRaffle, type RecordSummary, recordEntries } from "../draws";
import {
  freezeRaffleWith,
  publishRulesOnSale,
  recordCancel,
  recordClose,
  recordLotteryFallback,
} from "../draws/freeze";
import { externalBinding } from "../draws/rules";
import { announceProofChange } from "../events";
import { notify } from "../notifications";
import { expireProofs, pendingProofsOf, releaseDue } from "../purchases";
import { cancelPurchases, notifyExtension } from "../refunds/service";
import * as repo from "./repository";

export type LifecycleContext = AppContext;

/** Every minute: raffles whose end date, sell-out, countdown or review window came are moved on. */
export const LIFECYCLE_SWEEP_INTERVAL_MS = 60_000;
/** Safety net against a loop: a raffle takes at most three steps at once (close, expire, freeze). */
const MAX_STEPS = 4;

const dateTime = new Intl.DateTimeFormat("es-VE", {
  timeZone: TIME_ZONE,
  dateStyle: "long",
  timeStyle: "short",
});
/** "12 de marzo de 2026, 3:00 p. m." in Venezuelan time. */
export const formatDeadline = (date: Date) => dateTime.format(date);

export function factsOf(row: NonNullable<repo.LifecycleRow>): LifecycleFacts {
  return {
    state: row.status as RaffleState,
    activationType: row.activationType === "percentage" ? "percentage" : "date",
    announcementType: row.announcementType === "external" ? "external" : "internal",
    activationPercentage: row.activationPercentage,
    percentageDrawActivatedAt: row.percentageDrawActivatedAt,
    endDate: row.endDate,
    totalTickets: row.totalTickets,
    soldTickets: row.soldTickets,
    pendingProofs: Number(row.pendingProofs),
    closedAt: row.closedAt,
    reviewWindowHours: row.reviewWindowHours,
    minTickets: row.minTickets,
  };
}

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

async function publish(ctx: LifecycleContext, tx: Executor, raffleId: string) {
  await ctx.events.publish(tx, {
    topic: "raffle",
    payload: { type: "raffle.updated", id: raffleId, change: "lifecycle" },
  });
}

/** When a due close happened: the end date or the countdown's end, not when somebody noticed it. */
function closeMoment(facts: LifecycleFacts, reason: CloseReason, now: Date): Date {
  const at =
    reason === "end_date" && facts.endDate
      ? new Date(facts.endDate as Date)
      : reason === "countdown_ended" && facts.percentageDrawActivatedAt
        ? new Date(new Date(facts.percentageDrawActivatedAt as Date).getTime() + 24 * 3_600_000)
        : now;
  return at.getTime() <= now.getTime() ? at : now;
}

/**
 * Stops sales (status closed, closed_at, close_reason) and tells each buyer whose proof is still pending
 * when it will have been reviewed at the latest.
 */
async function close(
  ctx: LifecycleContext,
  tx: Tx,
  row: NonNullable<repo.LifecycleRow>,
  reason: CloseReason,
  closedAt: Date,
  actor: { id: string | null; ip: string | null },
): Promise<void> {
  await repo.setLifecycle(tx, row.id, { status: "closed", closedAt, closeReason: reason });
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
  row: NonNullable<repo.LifecycleRow>,
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
  row: NonNullable<repo.LifecycleRow>,
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

export interface AdvanceResult {
  state: RaffleState;
  /** Emails queued in the transaction: call ctx.mail.flushSoon() after the commit. */
  mails: number;
  changed: boolean;
}

/**
 * Applies every transition due for the raffle at `now`, inside the caller's transaction, under the
 * raffle's row lock (taken here): close (end date, sold out, countdown ended), then for a closed raffle
 * expire the proofs still pending once its review window ended, and freeze it when nothing is pending.
 * Undefined when the raffle does not exist.
 */
export async function advance(
  ctx: LifecycleContext,
  tx: Tx,
  raffleId: string,
  now: Date = new Date(),
): Promise<AdvanceResult | undefined> {
  let row = await repo.findLifecycleRow(tx, raffleId, true);
  if (!row) return undefined;
  let mails = 0;
  let expiredProofs = 0;
  let changed = false;
  // Decision 0024: the lottery drew while the list was still open: its result will never decide this
  // raffle; the rules' fallback (a drand draw or a cancellation) runs now, before anything else.
  if (await applyLotteryFallback(ctx, tx, row, now)) {
    changed = true;
    const next = await repo.findLifecycleRow(tx, raffleId);
    if (!next) return undefined;
    row = next;
  }
  for (let step = 0; step < MAX_STEPS; step++) {
    const facts = factsOf(row);
    const due = dueTransition(facts, now);
    if (!due) break;
    if (due.kind === "close") {
      await close(ctx, tx, row, due.reason, closeMoment(facts, due.reason, now), { id: null, ip: null });
    } else if (due.kind === "expire_pending") {
      const expired = await expirePending(ctx, tx, row, due.deadline, now);
      // Every one left is under review right now: that review decides it (and freezes the raffle).
      if (expired.expired === 0) break;
      mails += expired.mails;
      expiredProofs += expired.expired;
    } else {
      // Reservations still waiting for a proof end here: a frozen list never changes afterwards, so no
      // ticket may stay reserved in it (nothing can be uploaded once sales closed).
      await releaseDue(tx, raffleId, now, { all: true });
      // A raffle that closed below its minimum and reached it later (approvals) records its close now.
      if (row.minTickets !== null && !(await recordEntries(tx, raffleId)).some((e) => e.type === "closed")) {
        await recordCloseOf(
          ctx,
          tx,
          row,
          row.closedAt ?? now,
          (row.closeReason as CloseReason) ?? "end_date",
        );
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
    changed = true;
    const next = await repo.findLifecycleRow(tx, raffleId);
    if (!next) break;
    row = next;
  }
  if (changed) await publish(ctx, tx, raffleId);
  return { state: row.status as RaffleState, mails, changed };
}

/** advance in a transaction of its own (raffle reads, the job). Returns the state after it. */
export async function advanceNow(
  ctx: LifecycleContext,
  raffleId: string,
  now: Date = new Date(),
): Promise<RaffleState | undefined> {
  const result = await ctx.db.transaction((tx) => advance(ctx, tx, raffleId, now));
  if (result && result.mails > 0) ctx.mail.flushSoon();
  return result?.state;
}

/**
 * Advances the raffle only when something may be due (a cheap read first), so the hot read paths and the
 * approvals of an open raffle take no row lock in the common case.
 */
export async function advanceIfDue(ctx: LifecycleContext, raffleId: string, now: Date = new Date()) {
  const row = await repo.findLifecycleRow(ctx.db, raffleId);
  if (!row || !dueTransition(factsOf(row), now)) return row?.status as RaffleState | undefined;
  return advanceNow(ctx, raffleId, now);
}

/** Refuses an action the raffle's state does not allow, with a Spanish 409. */
export function assertAllowed(state: string, action: LifecycleAction): void {
  if (stateAllows(state as RaffleState, action)) return;
  if (state === "frozen" || state === "finished") throw new AppError("RAFFLE_FROZEN");
  if (action === "buy" || action === "upload_proof")
    throw conflict(LIFECYCLE_MESSAGES.notSelling, "SALES_CLOSED");
  throw new AppError("RAFFLE_STATE", LIFECYCLE_MESSAGES.notAllowed(state as RaffleState));
}

/** One pass of the job: every raffle that may be due is advanced in its own transaction. */
export async function sweepLifecycle(ctx: LifecycleContext, now: Date = new Date()): Promise<number> {
  const ids = await repo.dueRaffleIds(ctx.db, now);
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
  const row = await repo.findLifecycleRow(tx, raffleId, true);
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
  row: NonNullable<repo.LifecycleRow>,
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
  await repo.setLifecycle(tx, raffleId, { status: "active" });
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
  row: NonNullable<repo.LifecycleRow>,
  reason: string,
  now: Date,
) {
  const raffleId = row.id;
  // Purchases first, while the raffle still allows reviews and releases (the database guards the states).
  const outcome = await cancelPurchases(ctx, tx, row, reason, actor, now);
  await repo.setLifecycle(tx, raffleId, { status: "cancelled", cancelledAt: now, cancelReason: reason });
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
  await repo.setLifecycle(tx, raffleId, {
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
