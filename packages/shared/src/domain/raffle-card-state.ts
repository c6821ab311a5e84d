/**
 * Raffle card state (spec 1 §2 "Raffle card" + §4 "Card logic") as one pure
 * function, so the list, the home page and tests share a single decision tree.
 */

import type { ActivationType, AnnouncementType, RaffleStatus } from "../constants";
import {
  type DateInput,
  isActivationReached,
  lastSalesWindowEnd,
  soldPercentage,
  toDate,
} from "./raffle-progress";

export interface RaffleCardInput {
  /** Used to build the /sorteo/{id} link; optional so callers without an id still get a state. */
  id?: string | number;
  status: RaffleStatus;
  activationType: ActivationType;
  /** null/undefined means 100 (spec 1 §9). */
  activationPercentage?: number | null;
  percentageDrawActivatedAt?: DateInput;
  endDate?: DateInput;
  totalTickets: number;
  soldTickets: number;
  announcementType: AnnouncementType;
  hasWinners: boolean;
}

export type RaffleCardPhase =
  | "upcoming"
  | "selling"
  | "goal_reached"
  | "last_24h"
  | "draw_ready"
  | "finished"
  | "ready_to_announce";

export type RaffleCardBadgeKind = "finished" | "upcoming" | "percentage" | "goal_reached" | "last_24h";

export interface RaffleCardBadge {
  kind: RaffleCardBadgeKind;
  label: string;
}

export type RaffleCardActionKind =
  | "view_winner"
  | "view_draw"
  | "last_chance"
  | "start_draw"
  | "notify"
  | "participate"
  | "external_announcement";

export interface RaffleCardAction {
  kind: RaffleCardActionKind;
  label: string;
  /** Set only for link actions (view_draw); the rest open dialogs or the detail page. */
  href: string | null;
}

export interface RaffleCardState {
  phase: RaffleCardPhase;
  badge: RaffleCardBadge | null;
  primaryAction: RaffleCardAction;
  /** True only while status is active and the date / 24 h window has not closed. */
  salesOpen: boolean;
  /** Sold share, 0-100, unrounded. */
  soldPercent: number;
  /** percentageDrawActivatedAt + 24 h, or null when the countdown never started. */
  drawActivatedUntil: Date | null;
  /** Internal raffles with known winners also offer 'Ver animación del sorteo y ganador'. */
  canViewDrawAnimation: boolean;
}

export const CARD_BADGE_LABELS = {
  finished: "FINALIZADA",
  upcoming: "PRÓXIMAMENTE",
  goal_reached: "¡OBJETIVO ALCANZADO!",
  last_24h: "¡SORTEO EN 24H!",
} as const;

export const CARD_ACTION_LABELS: Record<RaffleCardActionKind, string> = {
  view_winner: "Ver Ganador",
  view_draw: "🎯 Ver Sorteo",
  last_chance: "¡ÚLTIMA OPORTUNIDAD!",
  start_draw: "Iniciar Sorteo (24h Countdown)",
  notify: "Notificarme",
  participate: "Participar Ahora",
  external_announcement: "Ver Anuncio del Ganador",
};

export function percentageBadgeLabel(soldPercent: number): string {
  return `AL ${Math.round(soldPercent)}%`;
}

function action(kind: RaffleCardActionKind, id: RaffleCardInput["id"]): RaffleCardAction {
  const href = kind === "view_draw" && id !== undefined && id !== "" ? `/sorteo/${id}` : null;
  return { kind, label: CARD_ACTION_LABELS[kind], href };
}

function badge(kind: Exclude<RaffleCardBadgeKind, "percentage">): RaffleCardBadge {
  return { kind, label: CARD_BADGE_LABELS[kind] };
}

export function raffleCardState(raffle: RaffleCardInput, now: Date): RaffleCardState {
  const nowMs = now.getTime();
  const soldPercent = soldPercentage(raffle.soldTickets, raffle.totalTickets);
  const isPercentage = raffle.activationType === "percentage";
  const goalReached =
    isPercentage && isActivationReached(raffle.soldTickets, raffle.totalTickets, raffle.activationPercentage);
  const drawActivatedUntil = isPercentage ? lastSalesWindowEnd(raffle.percentageDrawActivatedAt) : null;
  const endDate = toDate(raffle.endDate);
  const endPassed = endDate !== null && nowMs >= endDate.getTime();

  const base = { soldPercent, drawActivatedUntil };
  const result = (
    phase: RaffleCardPhase,
    cardBadge: RaffleCardBadge | null,
    kind: RaffleCardActionKind,
    salesOpen: boolean,
  ): RaffleCardState => ({
    ...base,
    phase,
    badge: cardBadge,
    primaryAction: action(kind, raffle.id),
    salesOpen,
    canViewDrawAnimation: phase === "finished",
  });

  // External raffles: winners are announced elsewhere, so the card never says
  // "finished"; once sales close it opens the announcement modal instead.
  if (raffle.announcementType === "external") {
    // Known winners also close sales (same hardening as internal raffles below).
    const readyToAnnounce =
      raffle.status === "ready_to_announce" ||
      raffle.status === "finished" ||
      goalReached ||
      endPassed ||
      raffle.hasWinners;
    if (readyToAnnounce) {
      return result("ready_to_announce", badge("finished"), "external_announcement", false);
    }
    if (raffle.status === "upcoming") return result("upcoming", badge("upcoming"), "notify", false);
    const sellingBadge = isPercentage
      ? { kind: "percentage" as const, label: percentageBadgeLabel(soldPercent) }
      : null;
    return result("selling", sellingBadge, "participate", true);
  }

  // Internal raffles. Known winners mean the draw already happened: never offer
  // sales or a new draw again, whatever the status says.
  const windowPassed = drawActivatedUntil !== null && nowMs >= drawActivatedUntil.getTime();
  const countsAsFinished =
    raffle.status === "finished" ||
    raffle.status === "ready_to_announce" ||
    raffle.hasWinners ||
    (isPercentage ? windowPassed : endPassed);
  if (countsAsFinished) {
    return raffle.hasWinners
      ? result("finished", badge("finished"), "view_winner", false)
      : result("draw_ready", badge("finished"), "view_draw", false);
  }
  if (raffle.status === "upcoming") return result("upcoming", badge("upcoming"), "notify", false);

  if (isPercentage) {
    // The countdown is running (percentageDrawActivatedAt set, window not over).
    if (drawActivatedUntil !== null) return result("last_24h", badge("last_24h"), "last_chance", true);
    if (goalReached) return result("goal_reached", badge("goal_reached"), "start_draw", true);
    return result(
      "selling",
      { kind: "percentage", label: percentageBadgeLabel(soldPercent) },
      "participate",
      true,
    );
  }
  return result("selling", null, "participate", true);
}
