/**
 * The organiser's transitions (admin routes; decision 0012): open, close early, cancel, extend; and the
 * lottery's fallback (decision 0024), which cancels as the organiser's cancel does.
 */
import {
  belowMinimum,
  canCloseEarly,
  LIFECYCLE_MESSAGES,
  type RaffleState,
  stateAllows,
} from "@rifazo/shared";
import {
  LOTTERY_MESSAGES,
  type LotteryFallback,
  lotteryMissingForSale,
  lotteryTimeProblem,
} from "@rifazo/shared/domain/lottery-binding";
import type { Tx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { type AuditActor, recordRaffleAudit } from "../audit";
import {
  externalBinding,
  findRaffle,
  publishRulesOnSale,
  recordCancel,
  recordEntries,
  recordLotteryFallback,
} from "../draws";
import {
  advance,
  factsOf,
  findLifecycleRow,
  type LifecycleContext,
  type LifecycleRow,
  publishLifecycle as publish,
  setLifecycle,
} from "../raffle-state";
import { cancelPurchases, notifyExtension } from "../refunds";
import { close, formatDeadline, JOB } from "./transitions";

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
export async function applyLotteryFallback(
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
  await recordRaffleAudit(tx, JOB, "raffle.lottery_fallback", row.id, {
    before: { status: row.status, externalDrawAt: binding.drawAt.toISOString() },
    after: { fallback },
  });
  if (fallback === "cancel") {
    await cancelRow(ctx, tx, JOB, row, LOTTERY_MESSAGES.fallbackUsed("cancel"), now);
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
  await recordRaffleAudit(tx, actor, "raffle.open", raffleId, {
    before: { status: "upcoming" },
    after: { status: "active" },
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
  actor: AuditActor,
  row: NonNullable<LifecycleRow>,
  reason: string,
  now: Date,
) {
  const raffleId = row.id;
  // Purchases first, while the raffle still allows reviews and releases (the database guards the states).
  const outcome = await cancelPurchases(ctx, tx, row, reason, actor, now);
  await setLifecycle(tx, raffleId, { status: "cancelled", cancelledAt: now, cancelReason: reason });
  await recordCancel(tx, raffleId, now, reason);
  await recordRaffleAudit(tx, actor, "raffle.cancel", raffleId, {
    before: { status: row.status },
    after: {
      status: "cancelled",
      cancelReason: reason,
      refunds: outcome.refunds,
      rejectedProofs: outcome.rejected,
      releasedReservations: outcome.released,
    },
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
    // Closed below the minimum: sales reopen. Nothing was recorded for that close (see close, transitions.ts).
    ...(awaiting ? { status: "active", closedAt: null, closeReason: null } : {}),
  });
  // A later end date is a rule buyers are sold under from now on (decision 0023).
  await publishRulesOnSale(ctx, tx, raffleId, now);
  await recordRaffleAudit(tx, actor, "raffle.extend", raffleId, {
    before: {
      status: row.status,
      endDate: row.endDate?.toISOString() ?? null,
      extensionsUsed: row.extensionsUsed,
    },
    after: { status: "active", endDate: end.toISOString(), extensionsUsed, message: input.message ?? null },
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
