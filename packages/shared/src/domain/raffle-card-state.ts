/**
 * Raffle card state (spec 1 §2 "Raffle card" + §4 "Card logic") as one pure
 * function, so the list, the home page and tests share a single decision tree.
 * Whether the raffle sells, is closed or drawn comes from the server's lifecycle
 * state (`lifecycle.state`, see raffle-lifecycle.ts); only the badges and the
 * percentage countdown are worked out here.
 */

import type { ActivationType, AnnouncementType } from "../constants";
import { CARD_STATE_WORDS } from "./glossary";
import type { RaffleState } from "./raffle-lifecycle";
import { type DateInput, isActivationReached, lastSalesWindowEnd, soldPercentage } from "./raffle-progress";

export interface RaffleCardInput {
  /** Used to build the /sorteo/{id} link; optional so callers without an id still get a state. */
  id?: string | number;
  /** The server's lifecycle state (raffle.lifecycle.state). */
  state: RaffleState;
  activationType: ActivationType;
  /** null/undefined means 100 (spec 1 §9). */
  activationPercentage?: number | null;
  percentageDrawActivatedAt?: DateInput;
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
  | "ready_to_announce"
  | "cancelled";

export type RaffleCardBadgeKind =
  | "finished"
  | "awaiting_draw"
  | "upcoming"
  | "percentage"
  | "goal_reached"
  | "last_24h"
  | "cancelled";

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
  | "external_announcement"
  | "view_details";

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
  /** True exactly while the server's state is active (it closes the raffle when its close is due). */
  salesOpen: boolean;
  /** Sold share, 0-100, unrounded. */
  soldPercent: number;
  /** percentageDrawActivatedAt + 24 h, or null when the countdown never started. */
  drawActivatedUntil: Date | null;
  /** Internal raffles with known winners also link to their draw page (result and record, glossary DRAW_RESULT_LINK_TEXT). */
  canViewDrawAnimation: boolean;
}

/** The glossary's card words (glossary.ts), so the card and the other pages agree. */
export const CARD_BADGE_LABELS = CARD_STATE_WORDS;

export const CARD_ACTION_LABELS: Record<RaffleCardActionKind, string> = {
  view_winner: "Ver Ganador",
  view_draw: "🎯 Ver Sorteo",
  last_chance: "¡ÚLTIMA OPORTUNIDAD!",
  start_draw: "Iniciar Sorteo (24h Countdown)",
  notify: "Notificarme",
  participate: "Participar Ahora",
  external_announcement: "Ver Anuncio del Ganador",
  view_details: "Ver detalles",
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

/** `_now` is kept for callers that re-render with a clock; the state itself comes from the server. */
export function raffleCardState(raffle: RaffleCardInput, _now?: Date): RaffleCardState {
  const soldPercent = soldPercentage(raffle.soldTickets, raffle.totalTickets);
  const isPercentage = raffle.activationType === "percentage";
  const goalReached =
    isPercentage && isActivationReached(raffle.soldTickets, raffle.totalTickets, raffle.activationPercentage);
  const drawActivatedUntil = isPercentage ? lastSalesWindowEnd(raffle.percentageDrawActivatedAt) : null;

  const base = { soldPercent, drawActivatedUntil };
  const result = (
    phase: RaffleCardPhase,
    cardBadge: RaffleCardBadge | null,
    kind: RaffleCardActionKind,
  ): RaffleCardState => ({
    ...base,
    phase,
    badge: cardBadge,
    primaryAction: action(kind, raffle.id),
    // Only the server opens and closes sales: an active raffle sells, nothing else does.
    salesOpen: phase === "selling" || phase === "goal_reached" || phase === "last_24h",
    canViewDrawAnimation: phase === "finished",
  });

  if (raffle.state === "cancelled") return result("cancelled", badge("cancelled"), "view_details");
  // Known winners mean the draw already happened: never offer sales or a new draw again.
  const salesOver = raffle.state !== "upcoming" && raffle.state !== "active";
  // Sales closed (closed, frozen) but no winners yet: the raffle waits for its draw, it is not finished.
  const endedBadge =
    raffle.state === "finished" || raffle.hasWinners ? badge("finished") : badge("awaiting_draw");

  // External raffles: winners are announced elsewhere, so the card never says
  // "finished"; once sales close it opens the announcement modal instead.
  if (raffle.announcementType === "external") {
    if (salesOver || raffle.hasWinners) {
      return result("ready_to_announce", endedBadge, "external_announcement");
    }
    if (raffle.state === "upcoming") return result("upcoming", badge("upcoming"), "notify");
    const sellingBadge = isPercentage
      ? { kind: "percentage" as const, label: percentageBadgeLabel(soldPercent) }
      : null;
    return result("selling", sellingBadge, "participate");
  }

  // Internal raffles: closed (reviewing the last payments), frozen and finished all lead to the draw page.
  if (salesOver || raffle.hasWinners) {
    return raffle.hasWinners
      ? result("finished", badge("finished"), "view_winner")
      : result("draw_ready", endedBadge, "view_draw");
  }
  if (raffle.state === "upcoming") return result("upcoming", badge("upcoming"), "notify");

  if (isPercentage) {
    // The countdown is running (percentageDrawActivatedAt set); the server closes the raffle at its end.
    if (drawActivatedUntil !== null) return result("last_24h", badge("last_24h"), "last_chance");
    if (goalReached) return result("goal_reached", badge("goal_reached"), "start_draw");
    return result("selling", { kind: "percentage", label: percentageBadgeLabel(soldPercent) }, "participate");
  }
  return result("selling", null, "participate");
}
