import { MIN_TICKETS_PER_PURCHASE } from "../constants";
import { countText } from "./plural";

/**
 * Per-buyer limits on holding tickets (decision 0008): one account must not be able to make a raffle look
 * sold out with proofs nobody has reviewed yet.
 *
 * Default cap when the organiser leaves the field blank: a tenth of the raffle's tickets, so no single
 * buyer can hold more than 10% of a raffle (1 000 of the default 10 000, spec 2 §9), and never below the
 * minimum purchase of 2 (spec 1 §9), so a small raffle stays buyable.
 */
export const DEFAULT_BUYER_CAP_SHARE = 0.1;

/** How many proofs one account may have under review at once, across every raffle and general payments. */
export const MAX_PENDING_PROOFS_PER_ACCOUNT = 3;

/**
 * Holds (reservations waiting for a proof) one account may start per rolling hour, across raffles
 * (decision 0019): enough to change one's numbers or buy in a few raffles, not to churn a grid.
 */
export const MAX_HOLDS_PER_ACCOUNT_PER_HOUR = 8;
export const HOLD_LIMIT_WINDOW_MINUTES = 60;
/**
 * The pause after a hold time that ended without a proof is the raffle's reservation minutes, doubled for
 * each earlier such hold time of the buyer in that raffle within HOLD_LAPSE_WINDOW_HOURS (15, 30, 60 min…),
 * at most HOLD_PAUSE_MAX_FACTOR times (decision 0019). A proof sent starts the count again.
 */
export const HOLD_PAUSE_MAX_FACTOR = 8;
export const HOLD_LAPSE_WINDOW_HOURS = 24;

/** The pause after the buyer's `lapses`-th hold time without a proof (1 = the first). */
export function holdPauseMs(reservationMinutes: number, lapses: number): number {
  const factor = Math.min(HOLD_PAUSE_MAX_FACTOR, 2 ** Math.max(0, lapses - 1));
  return reservationMinutes * 60_000 * factor;
}

/**
 * After a rejected proof the buyer keeps the same numbers for at least this long to send a new one: a
 * rejection read on the phone minutes later must still leave time to pay again or fix the reference.
 */
export const REJECTION_RETRY_MINUTES = 30;

/** How long a rejected purchase keeps its numbers for a new proof: the raffle's hold time, at least 30 min. */
export function rejectionRetryMinutes(reservationMinutes: number): number {
  return Math.max(REJECTION_RETRY_MINUTES, Math.floor(reservationMinutes) || 0);
}

/** The cap of a raffle that has none of its own. */
export function defaultTicketCap(totalTickets: number): number {
  const total = Math.max(0, Math.floor(totalTickets));
  return Math.min(total, Math.max(MIN_TICKETS_PER_PURCHASE, Math.round(total * DEFAULT_BUYER_CAP_SHARE)));
}

/** The cap in force: the organiser's (stored) or the default; never more than the raffle's tickets. */
export function ticketCapOf(raffle: { totalTickets: number; maxTicketsPerBuyer: number | null }): number {
  const stored = raffle.maxTicketsPerBuyer;
  return stored === null ? defaultTicketCap(raffle.totalTickets) : Math.min(stored, raffle.totalTickets);
}

/** Smallest cap the organiser may set: the minimum purchase, or the whole raffle when it is smaller. */
export function minTicketCap(totalTickets: number): number {
  return Math.min(MIN_TICKETS_PER_PURCHASE, Math.max(1, Math.floor(totalTickets)));
}

/** How many more tickets a buyer holding `held` (pending plus approved) may ask for. */
export function ticketsAllowed(cap: number, held: number): number {
  return Math.max(0, cap - held);
}

export const PURCHASE_LIMIT_MESSAGES = {
  capLabel: (cap: number) => `Máximo ${countText(cap, "boleto", "boletos")} por persona`,
  /** More tickets than the buyer may still ask for in this raffle. */
  capLeft: (left: number) =>
    `Puedes comprar como máximo ${countText(left, "boleto", "boletos")} más en esta rifa.`,
  /** Nothing (or less than a minimum purchase) left under the cap. */
  capReached: (cap: number) =>
    `Ya alcanzaste el máximo de ${countText(cap, "boleto", "boletos")} por persona en esta rifa (contando los pagos en revisión).`,
  capTitle: "Límite por Persona",
  pendingLimit: `Ya tienes ${countText(MAX_PENDING_PROOFS_PER_ACCOUNT, "comprobante", "comprobantes")} en revisión. Espera a que los validemos antes de enviar otro.`,
} as const;

/** The message for a request of `requested` tickets when `left` remain under `cap`. */
export function capMessage(cap: number, left: number): string {
  return left < MIN_TICKETS_PER_PURCHASE
    ? PURCHASE_LIMIT_MESSAGES.capReached(cap)
    : PURCHASE_LIMIT_MESSAGES.capLeft(left);
}
