/**
 * The raffle lifecycle on the server (decision 0012): a raffle's public lifecycle, the registration of what
 * each transition does (transitions.ts: the record, the buyers' notices, the proofs, reservations and
 * purchases; organiser-actions.ts: the lottery's fallback) and the periodic sweep. The organiser's
 * transitions are organiser-actions.ts's.
 * The state machine's core (`advance` under the raffle's row lock) is raffle-state's, below the sales that
 * call it; it runs the transitions registered here (registerLifecycleTransitions, at start; decision 0026).
 */
import {
  belowMinimum,
  LIFECYCLE_MESSAGES,
  RAFFLE_STATE_LABELS,
  type RaffleLifecycle,
  type RaffleState,
  reviewDeadline,
  salesOpen,
} from "@rifazo/shared";
import { ANNOUNCED_STATE_LABELS } from "@rifazo/shared/domain/draw-trust";
import type { FastifyInstance } from "fastify";
import type { RecordSummary } from "../draws";
import { advance, dueRaffleIds, type LifecycleContext, registerRaffleTransitions } from "../raffle-state";
import { applyLotteryFallback } from "./organiser-actions";
import { close, expirePending, freeze } from "./transitions";

/** Every minute: raffles whose end date, sell-out, countdown or review window came are moved on. */
export const LIFECYCLE_SWEEP_INTERVAL_MS = 60_000;

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
