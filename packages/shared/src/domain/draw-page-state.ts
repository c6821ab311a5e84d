/**
 * Draw page (/sorteo/{id}) state machine, spec 1 §4 "Draw page". Only the
 * data-derived states are computed here; loading, error and drawing are
 * transient UI states owned by the page. Whether sales are open, closed,
 * frozen or drawn is the server's lifecycle state (raffle.lifecycle.state):
 * the page never offers a start or a draw the server would refuse.
 */
import type { ActivationType, AnnouncementType } from "../constants";
import { drawRoundLateAt } from "./draw-round-late";
import type { RaffleState } from "./raffle-lifecycle";
import {
  type DateInput,
  effectiveActivationPercentage,
  isActivationReached,
  lastSalesWindowEnd,
  soldPercentage,
  toDate,
} from "./raffle-progress";

export { LAST_SALES_WINDOW_MS } from "./raffle-progress";

/** Roulette animation and celebration timings (spec 1 §9). */
export const ROULETTE_MIN_TICKS = 30;
export const ROULETTE_MAX_TICKS = 44;
export const ROULETTE_TICK_MS = 90;
export const SUSPENSE_AT_MS = 3500;
export const RESULT_AT_MS = 5000;
export const CONFETTI_PARTICLES = 200;
export const CONFETTI_MS = 8000;

export type DrawPageStateName =
  | "loading"
  | "error"
  | "waiting_percentage"
  | "percentage_countdown"
  | "date_countdown"
  | "date_countdown_external"
  | "awaiting_external_results"
  | "ready_to_draw_manual"
  | "round_late"
  | "reviewing_payments"
  | "cancelled"
  | "drawing"
  | "finished"
  | "no_winners";

/** The states drawPageState can return (the others are driven by the UI). */
export type DerivedDrawPageStateName = Exclude<DrawPageStateName, "loading" | "error" | "drawing">;

export interface DrawPageInput {
  /** The server's lifecycle state (raffle.lifecycle.state). */
  state: RaffleState;
  activationType: ActivationType;
  /** null/undefined means 100. */
  activationPercentage?: number | null;
  soldTickets: number;
  totalTickets: number;
  /** Start of the 24 h countdown (percentage_draw_activated_at); null until started. */
  startDate?: DateInput;
  endDate?: DateInput;
  announcementType: AnnouncementType;
  hasWinners: boolean;
  /** When the draw ran; null if never drawn. */
  drawnAt?: DateInput;
  winnersCount: number;
  /** Review deadline of a closed raffle (lifecycle.reviewDeadline). */
  reviewDeadline?: DateInput;
  /** When the named randomness round is due (lifecycle.drawRoundAt); null when not named. */
  drawRoundAt?: DateInput;
}

export interface DrawPageState {
  state: DerivedDrawPageStateName;
  /** Target of the visible countdown, null when none is shown. */
  countdownTo: Date | null;
  /** Goal reached but the 24 h countdown has not been started yet. */
  canStartCountdown: boolean;
  /** Every condition for running the draw now holds. */
  canDrawNow: boolean;
  soldPercent: number;
  activationPercentage: number;
}

export function drawPageState(input: DrawPageInput, now: Date): DrawPageState {
  const nowMs = now.getTime();
  const activationPercentage = effectiveActivationPercentage(input.activationPercentage);
  const soldPercent = soldPercentage(input.soldTickets, input.totalTickets);
  const make = (
    state: DerivedDrawPageStateName,
    extra: Partial<Pick<DrawPageState, "countdownTo" | "canStartCountdown" | "canDrawNow">> = {},
  ): DrawPageState => ({
    state,
    countdownTo: extra.countdownTo ?? null,
    canStartCountdown: extra.canStartCountdown ?? false,
    canDrawNow: extra.canDrawNow ?? false,
    soldPercent,
    activationPercentage,
  });

  const winnersExist = input.hasWinners || input.winnersCount > 0;

  // Winners under any state finish the page: a second draw must never be offered.
  if (winnersExist) return make("finished");
  if (toDate(input.drawnAt) !== null) return make("no_winners");
  if (input.state === "cancelled") return make("cancelled");
  // Sales stopped, the last payments are being reviewed: nothing to start or draw until the freeze.
  if (input.state === "closed") {
    return make("reviewing_payments", { countdownTo: toDate(input.reviewDeadline) });
  }

  const reached = isActivationReached(input.soldTickets, input.totalTickets, activationPercentage);
  const endDate = toDate(input.endDate);
  const endInFuture = endDate !== null && nowMs < endDate.getTime();
  const salesOver = input.state === "frozen" || input.state === "finished";

  if (input.announcementType === "external") {
    // Results come from outside the platform; a frozen or finished list means sales are over.
    if (salesOver) return make("awaiting_external_results");
    if (input.activationType === "percentage") return make("waiting_percentage");
    return endInFuture
      ? make("date_countdown_external", { countdownTo: endDate })
      : make("awaiting_external_results");
  }

  // Internal raffles: only a frozen list is drawn, once its randomness round (if named) is due.
  if (salesOver) {
    const roundAt = toDate(input.drawRoundAt);
    // Past its time and the grace, the round is late (no relay answered): a state of its own, with no
    // draw to animate; a retry is still allowed (draw-round-late.ts).
    const lateAt = drawRoundLateAt(roundAt);
    if (lateAt !== null && nowMs >= lateAt.getTime()) return make("round_late", { canDrawNow: true });
    return make("ready_to_draw_manual", {
      canDrawNow: roundAt === null || nowMs >= roundAt.getTime(),
      countdownTo: roundAt !== null && nowMs < roundAt.getTime() ? roundAt : null,
    });
  }

  if (input.activationType === "percentage") {
    const countdownEnd = lastSalesWindowEnd(input.startDate);
    // Once started the countdown runs to its end; the server then closes the sales.
    if (countdownEnd !== null) return make("percentage_countdown", { countdownTo: countdownEnd });
    // Starting the countdown is for an active raffle that reached its goal (the server checks the same).
    return reached && input.state === "active"
      ? make("ready_to_draw_manual", { canStartCountdown: true })
      : make("waiting_percentage");
  }

  return make("date_countdown", { countdownTo: endDate });
}
