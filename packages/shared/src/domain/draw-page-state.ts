/**
 * Draw page (/sorteo/{id}) state machine, spec 1 §4 "Draw page". Only the
 * data-derived states are computed here; loading, error and drawing are
 * transient UI states owned by the page.
 */
import type { ActivationType, AnnouncementType } from "../constants";
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
  | "drawing"
  | "finished"
  | "no_winners";

/** The states drawPageState can return (the others are driven by the UI). */
export type DerivedDrawPageStateName = Exclude<DrawPageStateName, "loading" | "error" | "drawing">;

export type DrawPageRaffleStatus = "upcoming" | "active" | "ready_to_announce" | "finished" | "completed";

export interface DrawPageInput {
  status: DrawPageRaffleStatus;
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
  const closedStatus =
    input.status === "completed" || input.status === "finished" || input.status === "ready_to_announce";

  // Spec: closed status with winners -> finished. Winners under any other
  // status (inconsistent data) also finish the page: a second draw must never be offered.
  if (winnersExist) return make("finished");
  if (toDate(input.drawnAt) !== null) return make("no_winners");

  const reached = isActivationReached(input.soldTickets, input.totalTickets, activationPercentage);
  const endDate = toDate(input.endDate);
  const endInFuture = endDate !== null && nowMs < endDate.getTime();

  if (input.announcementType === "external") {
    // Results come from outside the platform; a closed status means sales are over.
    if (closedStatus) return make("awaiting_external_results");
    if (input.activationType === "percentage") {
      return make(reached ? "awaiting_external_results" : "waiting_percentage");
    }
    return endInFuture
      ? make("date_countdown_external", { countdownTo: endDate })
      : make("awaiting_external_results");
  }

  // Internal raffles. A closed status without winners means the admin ended
  // sales: the draw can be run right away.
  if (closedStatus) return make("ready_to_draw_manual", { canDrawNow: true });

  if (input.activationType === "percentage") {
    const countdownEnd = lastSalesWindowEnd(input.startDate);
    if (countdownEnd !== null) {
      // Once started the countdown runs to its end, even if sales data changes.
      return nowMs >= countdownEnd.getTime()
        ? make("ready_to_draw_manual", { canDrawNow: true })
        : make("percentage_countdown", { countdownTo: countdownEnd });
    }
    return reached ? make("ready_to_draw_manual", { canStartCountdown: true }) : make("waiting_percentage");
  }

  return endInFuture
    ? make("date_countdown", { countdownTo: endDate })
    : make("ready_to_draw_manual", { canDrawNow: true });
}
