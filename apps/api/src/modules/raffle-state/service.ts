/**
 * The raffle lifecycle's core (decision 0012): the one place that moves a raffle along the state machine
 * of packages/shared/src/domain/raffle-lifecycle.ts. `advance` applies whatever is due under the raffle's
 * row lock; every action on a raffle calls it first, so no answer depends on when the periodic job last ran.
 * What each step does to the sales is lifecycle's (./transitions.ts, decision 0026).
 */
import {
  type CloseReason,
  dueTransition,
  LIFECYCLE_MESSAGES,
  type LifecycleAction,
  type LifecycleFacts,
  type RaffleState,
  stateAllows,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { AppError, conflict } from "../../lib/errors";
import * as repo from "./repository";
import { raffleTransitions } from "./transitions";

export type LifecycleContext = AppContext;

/** Safety net against a loop: a raffle takes at most three steps at once (close, expire, freeze). */
const MAX_STEPS = 4;

/** A raffle's columns as the state machine reads them (sales checks have no more than these). */
export interface RaffleStateColumns {
  status: string;
  activationType: string;
  announcementType: string;
  activationPercentage: number | null;
  percentageDrawActivatedAt: Date | null;
  endDate: Date | null;
  totalTickets: number;
  soldTickets: number;
}

/** The facts of a raffle's columns: the one place their text columns are narrowed to the machine's types. */
export function stateFactsOf(
  row: RaffleStateColumns,
  rest: Pick<LifecycleFacts, "pendingProofs" | "reviewWindowHours"> &
    Partial<Pick<LifecycleFacts, "closedAt" | "minTickets">>,
): LifecycleFacts {
  return {
    state: row.status as RaffleState,
    activationType: row.activationType === "percentage" ? "percentage" : "date",
    announcementType: row.announcementType === "external" ? "external" : "internal",
    activationPercentage: row.activationPercentage,
    percentageDrawActivatedAt: row.percentageDrawActivatedAt,
    endDate: row.endDate,
    totalTickets: row.totalTickets,
    soldTickets: row.soldTickets,
    ...rest,
  };
}

export function factsOf(row: NonNullable<repo.LifecycleRow>): LifecycleFacts {
  return stateFactsOf(row, {
    pendingProofs: Number(row.pendingProofs),
    closedAt: row.closedAt,
    reviewWindowHours: row.reviewWindowHours,
    minTickets: row.minTickets,
  });
}

/** Tells the raffle's watchers its lifecycle changed. */
export async function publishLifecycle(ctx: LifecycleContext, tx: Executor, raffleId: string) {
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
  const transitions = raffleTransitions();
  let row = await repo.findLifecycleRow(tx, raffleId, true);
  if (!row) return undefined;
  let mails = 0;
  let expiredProofs = 0;
  let changed = false;
  // Decision 0024: the lottery drew while the list was still open: its result will never decide this
  // raffle; the rules' fallback (a drand draw or a cancellation) runs now, before anything else.
  if (await transitions.lotteryFallback(ctx, tx, row, now)) {
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
      await transitions.close(ctx, tx, row, due.reason, closeMoment(facts, due.reason, now), {
        id: null,
        ip: null,
      });
    } else if (due.kind === "expire_pending") {
      const expired = await transitions.expirePending(ctx, tx, row, due.deadline, now);
      // Every one left is under review right now: that review decides it (and freezes the raffle).
      if (expired.expired === 0) break;
      mails += expired.mails;
      expiredProofs += expired.expired;
    } else {
      await transitions.freeze(ctx, tx, row, now, { expiredProofs });
    }
    changed = true;
    const next = await repo.findLifecycleRow(tx, raffleId);
    if (!next) break;
    row = next;
  }
  if (changed) await publishLifecycle(ctx, tx, raffleId);
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
