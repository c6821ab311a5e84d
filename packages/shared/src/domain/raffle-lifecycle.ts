import { countText, pluralWord } from "./plural";
/**
 * The raffle's life as one state machine (decision 0012, "One lifecycle, owned by the server"). The server
 * persists the state in raffles.status, applies the transitions below (dueTransition tells it what is due)
 * and refuses every action stateAllows refuses, in the service and, for the frozen list, in the database
 * (migration 0007's triggers). The web app shows the state the API sends; it never re-derives it.
 *
 *   upcoming ──admin: abrir ventas──▶ active ──system: fecha / agotada / fin de la cuenta regresiva──▶ closed
 *                                       └─────admin: cerrar antes (solo agotada o meta alcanzada)─────▶ closed
 *   closed ──system: sin pagos pendientes (los vencidos se rechazan al final de la ventana)──▶ frozen
 *   frozen ──anyone: sorteo (interno) / admin: resultado externo──▶ finished
 *   upcoming | active | closed ──admin: cancelar con motivo──▶ cancelled
 *
 * finished and cancelled are final; frozen only leads to finished.
 */

import { RAFFLE_STATUSES, type RaffleStatus } from "../constants";
import { valuesOf } from "../labelled-values";
import { RAFFLE_STATE_WORDS } from "./glossary";
import { type DateInput, isActivationReached, lastSalesWindowEnd, toDate } from "./raffle-progress";

export type RaffleState = RaffleStatus;
export const RAFFLE_STATES: readonly RaffleState[] = RAFFLE_STATUSES;

export type LifecycleActor = "admin" | "system" | "anyone";

export const LIFECYCLE_ACTIONS = [
  "buy",
  "upload_proof",
  "review_proof",
  "edit_rules",
  "edit_details",
  "cancel",
  "close_early",
  "draw",
  "enter_external_result",
  "disqualify",
] as const;
export type LifecycleAction = (typeof LIFECYCLE_ACTIONS)[number];

/** Why sales stopped (also the `reason` of the record's `closed` entry), with its Spanish words. */
export const CLOSE_REASON_LABELS = {
  end_date: "llegó la fecha de cierre",
  sold_out: "se vendieron todos los boletos",
  countdown_ended: "terminó la cuenta regresiva de 24 horas",
  goal_reached: "alcanzó su meta de ventas",
  organiser: "el organizador la cerró antes de tiempo",
};
export const CLOSE_REASONS = valuesOf(CLOSE_REASON_LABELS);
export type CloseReason = (typeof CLOSE_REASONS)[number];

/** Spanish names of the states, as the raffle page and the admin list show them. */
export const RAFFLE_STATE_LABELS: Record<RaffleState, string> = RAFFLE_STATE_WORDS;

export interface LifecycleTransition {
  from: RaffleState;
  to: RaffleState;
  actor: LifecycleActor;
  label: string;
}

export const RAFFLE_TRANSITIONS: readonly LifecycleTransition[] = [
  { from: "upcoming", to: "active", actor: "admin", label: "Abrir ventas" },
  {
    from: "active",
    to: "closed",
    actor: "system",
    label: "Cierre de ventas (fecha de cierre, boletos agotados o fin de la cuenta regresiva)",
  },
  { from: "active", to: "closed", actor: "admin", label: "Cerrar ventas antes de tiempo" },
  {
    from: "closed",
    to: "frozen",
    actor: "system",
    label: "Congelar la lista de boletos (sin pagos pendientes)",
  },
  { from: "frozen", to: "finished", actor: "anyone", label: "Realizar el sorteo" },
  { from: "frozen", to: "finished", actor: "admin", label: "Publicar el resultado externo" },
  { from: "upcoming", to: "cancelled", actor: "admin", label: "Cancelar la rifa" },
  { from: "active", to: "cancelled", actor: "admin", label: "Cancelar la rifa" },
  { from: "closed", to: "cancelled", actor: "admin", label: "Cancelar la rifa" },
];

/** True when some transition leads from `from` to `to` (for the given actor, if named). */
export function canTransition(from: RaffleState, to: RaffleState, actor?: LifecycleActor): boolean {
  return RAFFLE_TRANSITIONS.some(
    (t) => t.from === from && t.to === to && (actor === undefined || t.actor === actor),
  );
}

export const FINAL_STATES: readonly RaffleState[] = ["finished", "cancelled"];
/** States whose ticket list can no longer change (the database refuses it too). */
export const LOCKED_LIST_STATES: readonly RaffleState[] = ["frozen", "finished"];

/** What hasResult reads: the raffle's drawnAt and whether any winner is known (RaffleDetail.hasWinners). */
export interface ResultFacts {
  drawnAt?: DateInput;
  /** Winners on record, a legacy winner on the raffle row included (winningTicketNumber). */
  hasWinners: boolean;
}

/**
 * Whether the raffle has a result: its draw ran or its external result was entered (both stamp drawnAt as
 * they move frozen to finished), or winners are known, as for a legacy raffle whose winner predates
 * drawnAt. A result may name nobody: the draw page then shows no_winners (docs/spec, visitor area, "Draw
 * page"), and the raffle belongs on /ganadores' history of finished raffles all the same. Once a raffle
 * has a result nothing sells, no proof is approved or released and no second draw is offered.
 */
export function hasResult(raffle: ResultFacts): boolean {
  return Boolean(raffle.drawnAt) || raffle.hasWinners;
}

const ALLOWED: Record<RaffleState, readonly LifecycleAction[]> = {
  upcoming: ["edit_rules", "edit_details", "cancel"],
  // edit_rules only while nothing is sold or under review (the service checks the sales, see rulesEditable).
  active: ["buy", "upload_proof", "review_proof", "edit_rules", "edit_details", "cancel", "close_early"],
  closed: ["review_proof", "edit_details", "cancel"],
  frozen: ["draw", "enter_external_result", "edit_details"],
  // A correction of an external result and a disqualification are new record entries, never edits.
  finished: ["enter_external_result", "disqualify", "edit_details"],
  cancelled: [],
};

/** What a state permits, whoever asks; the caller still checks who asks (admin routes, owners). */
export function stateAllows(state: RaffleState, action: LifecycleAction): boolean {
  return ALLOWED[state]?.includes(action) ?? false;
}

/**
 * Rules as sold (price, currency, tickets, dates, activation, announcement, review window, cap) change only
 * before the first sale: in upcoming, or in active while no ticket is sold and no proof is under review.
 */
export function rulesEditable(state: RaffleState, hasSales: boolean): boolean {
  return stateAllows(state, "edit_rules") && (state === "upcoming" || !hasSales);
}

/**
 * The organiser may close sales early only when that takes nothing promised from buyers: the raffle is sold
 * out (nothing left to sell) or its percentage goal is reached (the draw was due to be started anyway).
 * A date raffle is otherwise sold until its date; an organiser who must stop it cancels it, with a reason.
 */
export function canCloseEarly(
  facts: Pick<
    LifecycleFacts,
    "state" | "activationType" | "activationPercentage" | "soldTickets" | "totalTickets"
  >,
): boolean {
  if (!stateAllows(facts.state, "close_early")) return false;
  if (facts.totalTickets > 0 && facts.soldTickets >= facts.totalTickets) return true;
  return (
    facts.activationType === "percentage" &&
    isActivationReached(facts.soldTickets, facts.totalTickets, facts.activationPercentage)
  );
}

export const DEFAULT_REVIEW_WINDOW_HOURS = 48;
export const MIN_REVIEW_WINDOW_HOURS = 1;
export const MAX_REVIEW_WINDOW_HOURS = 720;

/** closed_at + review window: the moment pending proofs are rejected and the list frozen. */
export function reviewDeadline(closedAt: DateInput, reviewWindowHours: number): Date | null {
  const closed = toDate(closedAt);
  return closed ? new Date(closed.getTime() + reviewWindowHours * 60 * 60 * 1000) : null;
}

export interface LifecycleFacts {
  state: RaffleState;
  /** External raffles by percentage close as soon as the goal is reached (spec 1 §4, no 24 h window). */
  announcementType?: "internal" | "external";
  activationType: "date" | "percentage";
  activationPercentage?: number | null;
  /** Start of a percentage raffle's 24 h last-sales countdown. */
  percentageDrawActivatedAt?: DateInput;
  endDate?: DateInput;
  totalTickets: number;
  soldTickets: number;
  /** Proofs of this raffle still under review. */
  pendingProofs: number;
  closedAt?: DateInput;
  reviewWindowHours: number;
  /** Tickets that must be sold for the draw to take place; null or absent: no minimum. */
  minTickets?: number | null;
}

/**
 * Sales ended below the raffle's minimum: the raffle is not frozen nor drawn, and its pending proofs
 * are not expired; it waits, closed, until the organiser extends the date (back to active) or cancels.
 * Approvals of proofs still under review may lift it to the minimum, and then it moves on as usual
 * (docs/decisions/0016-raffles-that-do-not-sell.md).
 */
export function belowMinimum(facts: Pick<LifecycleFacts, "state" | "soldTickets" | "minTickets">): boolean {
  return facts.state === "closed" && facts.minTickets != null && facts.soldTickets < facts.minTickets;
}

export type DueTransition =
  | { kind: "close"; reason: Exclude<CloseReason, "organiser"> }
  | { kind: "expire_pending"; deadline: Date }
  | { kind: "freeze" };

/** Why an active raffle must stop selling now, or null while it may keep selling. */
export function closeReasonAt(facts: LifecycleFacts, now: Date): Exclude<CloseReason, "organiser"> | null {
  if (facts.state !== "active") return null;
  if (facts.totalTickets > 0 && facts.soldTickets >= facts.totalTickets) return "sold_out";
  if (facts.activationType === "percentage") {
    if (
      facts.announcementType === "external" &&
      isActivationReached(facts.soldTickets, facts.totalTickets, facts.activationPercentage)
    ) {
      return "goal_reached";
    }
    const countdownEnd = lastSalesWindowEnd(facts.percentageDrawActivatedAt);
    return countdownEnd && now.getTime() >= countdownEnd.getTime() ? "countdown_ended" : null;
  }
  const end = toDate(facts.endDate);
  return end && now.getTime() >= end.getTime() ? "end_date" : null;
}

/**
 * What the system must do now, or null: close an active raffle (end date, sold out, countdown ended);
 * for a closed one, reject the proofs still pending once the review window has ended, or freeze it when
 * nothing is pending. Applying one step may make the next due (close, then freeze), so callers loop.
 */
export function dueTransition(facts: LifecycleFacts, now: Date): DueTransition | null {
  if (facts.state === "active") {
    const reason = closeReasonAt(facts, now);
    return reason ? { kind: "close", reason } : null;
  }
  if (facts.state !== "closed") return null;
  if (belowMinimum(facts)) return null;
  if (facts.pendingProofs <= 0) return { kind: "freeze" };
  const deadline = reviewDeadline(facts.closedAt ?? now, facts.reviewWindowHours);
  if (deadline && now.getTime() >= deadline.getTime()) return { kind: "expire_pending", deadline };
  return null;
}

/** Sales are open exactly in the active state (the server closes it the moment a close is due). */
export function salesOpen(state: RaffleState): boolean {
  return stateAllows(state, "buy");
}

export const LIFECYCLE_MESSAGES = {
  notSelling: "Las ventas de esta rifa están cerradas.",
  frozen: "La lista de boletos de esta rifa está congelada: ya no admite cambios.",
  notAllowed: (state: RaffleState) =>
    `Esta acción no está permitida: la rifa está «${RAFFLE_STATE_LABELS[state]}».`,
  rulesLocked:
    "Las reglas de la rifa (precio, moneda, boletos, fechas, activación, anuncio y ventana de revisión) ya no pueden cambiar: la rifa tiene ventas o ya cerró.",
  closeEarlyRefused:
    "Solo puedes cerrar antes de tiempo una rifa agotada o una rifa por porcentaje que alcanzó su meta. Si necesitas detenerla, cancélala indicando el motivo.",
  cancelRefused: "Una rifa congelada o sorteada no se puede cancelar.",
  openRefused: "Solo una rifa próxima puede abrir sus ventas.",
  expiredProof: (deadline: string) =>
    `La ventana de revisión de pagos de esta rifa terminó (${deadline}) sin que se confirmara este pago, así que no entra en el sorteo.`,
  belowMinimum: (min: number) => `Se sortea si se venden al menos ${countText(min, "boleto", "boletos")}.`,
  awaitingDecision:
    "Cerrada: no alcanzó el mínimo de boletos; el organizador decidirá si la prorroga o la cancela",
  extendRefused:
    "Solo se puede prorrogar una rifa por fecha que esté en venta o cerrada sin alcanzar el mínimo de boletos.",
  extensionsExhausted: (max: number) =>
    max === 0
      ? "Esta rifa no admite prórrogas."
      : `Esta rifa ya usó ${pluralWord(max, "su", "sus")} ${countText(max, "prórroga permitida", "prórrogas permitidas")}.`,
  extendDateEarlier: "La nueva fecha de cierre debe ser posterior a la actual y a este momento.",
  reviewWindowText: (hours: number) =>
    `Revisión de pagos: hasta ${countText(hours, "hora", "horas")} después del cierre`,
} as const;
