import { countText, pluralWord } from "./plural";
/**
 * Ticket numbers are stored as integers 0-9999 (spec 1 §3, §5, §9) and shown with as many digits as the
 * raffle's last number needs, at least 2: a 100-ticket raffle shows 00-99 and a 1,000-ticket one 000-999,
 * as Venezuelan buyers expect. The spec's fixed 4 digits remain for 10,000-ticket raffles, the cross-raffle
 * verifier's input, and the draw protocol (protocolTicketNumber). Purchase-quantity rules live here too
 * so the detail page and the API agree.
 */

/** The widest a ticket number gets (a 10,000-ticket raffle); what a cross-raffle input accepts. */
export const MAX_TICKET_DIGITS = 4;
/** A raffle's numbers never show fewer digits than this (a 10-ticket raffle shows 00-09). */
export const MIN_TICKET_DIGITS = 2;
export const MIN_TICKET_NUMBER = 0;
export const MAX_TICKET_NUMBER = 9999;

import { MIN_TICKETS_PER_PURCHASE } from "../constants";
/** Spec 1 §9: assigned-ticket preview in "Mis Pagos". */
export const USER_PAYMENT_TICKET_PREVIEW = 4;
/** Spec 2: ticket preview in admin payment rows. */
export const ADMIN_ROW_TICKET_PREVIEW = 3;

/** Spec 1 §5 wording, at the raffle's width: "… debe tener 2 dígitos (ej: 01)." */
export function ticketInputError(digits: number = MAX_TICKET_DIGITS): string {
  const example = "0123".slice(0, Math.max(MIN_TICKET_DIGITS, Math.min(MAX_TICKET_DIGITS, digits)));
  return `El número de boleto debe tener ${digits} dígitos (ej: ${example}).`;
}

/** The spec's message for the cross-raffle verifier (up to 4 digits). */
export const TICKET_INPUT_ERROR = ticketInputError(MAX_TICKET_DIGITS);

export function isValidTicketNumber(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_TICKET_NUMBER && n <= MAX_TICKET_NUMBER;
}

/** Digits of the raffle's last number (totalTickets − 1), at least 2: 10 → 2, 100 → 2, 1000 → 3, 10000 → 4. */
export function ticketDigits(totalTickets: number): number {
  const last = Number.isFinite(totalTickets) ? Math.max(0, Math.floor(totalTickets) - 1) : 0;
  return Math.min(MAX_TICKET_DIGITS, Math.max(MIN_TICKET_DIGITS, String(last).length));
}

/**
 * 7 in a 1,000-ticket raffle -> '007'. The total is required so no caller shows a raffle's numbers at
 * another raffle's width. Throws on out-of-range values: those are programming errors, not user input.
 */
export function formatTicketNumber(n: number, totalTickets: number): string {
  if (!isValidTicketNumber(n)) throw new RangeError(`Invalid ticket number: ${n}`);
  return String(n).padStart(ticketDigits(totalTickets), "0");
}

/** A ticketLabel for numbers read from storage: formatted when valid, the raw integer otherwise. */
export function ticketLabel(n: number, totalTickets: number): string {
  return isValidTicketNumber(n) ? formatTicketNumber(n, totalTickets) : String(n);
}

/**
 * The draw protocol's fixed 4-digit form (ticket-list hashes, owner tags, v2 digests): published records
 * were computed with it, so it never follows a raffle's display width.
 */
export function protocolTicketNumber(n: number): string {
  if (!isValidTicketNumber(n)) throw new RangeError(`Invalid ticket number: ${n}`);
  return String(n).padStart(MAX_TICKET_DIGITS, "0");
}

export type TicketParseResult =
  | { ok: true; number: number; display: string }
  | { ok: false; message: string };

/**
 * A typed ticket number: digits only, 1 up to the raffle's width (1-4 when no raffle is known, as in
 * the verifier that checks across raffles). `display` is in the raffle's digits; without a raffle it is
 * the typed digits, at least 2 (each raffle's answer is then shown in its own width).
 * Surrounding whitespace is ignored (pasted values often carry it).
 */
export function parseTicketInput(input: string, totalTickets?: number): TicketParseResult {
  const value = typeof input === "string" ? input.trim() : "";
  const digits = totalTickets === undefined ? MAX_TICKET_DIGITS : ticketDigits(totalTickets);
  if (!/^\d+$/.test(value) || value.length > digits) return { ok: false, message: ticketInputError(digits) };
  const number = Number.parseInt(value, 10);
  const display =
    totalTickets === undefined
      ? value.padStart(MIN_TICKET_DIGITS, "0")
      : formatTicketNumber(number, totalTickets);
  return { ok: true, number, display };
}

/** For controlled inputs while typing: drop non-digits and cap at the raffle's width (4 without one). */
export function sanitizeTicketInput(input: string, totalTickets?: number): string {
  const digits = totalTickets === undefined ? MAX_TICKET_DIGITS : ticketDigits(totalTickets);
  return (typeof input === "string" ? input : "").replace(/\D/g, "").slice(0, digits);
}

export interface TicketPreview {
  items: string[];
  /** True when numbers were left out, so the UI appends an ellipsis. */
  more: boolean;
}

/**
 * How many of `count` numbers a preview of up to `max` shows. A summary ("y 2 más") only when it hides at
 * least two: hiding a single number behind "y 1 más" takes as much room as showing it, and the buyer
 * checks their numbers one by one.
 */
export function previewCount(count: number, max: number): number {
  const total = Math.max(0, Math.floor(count));
  const limit = Math.max(0, Math.floor(max));
  return total <= limit + 1 ? total : limit;
}

/** The numbers (in the given order) a preview of up to `max` shows (previewCount), plus what it hides. */
export function previewOf<T>(items: readonly T[], max: number): { shown: T[]; hidden: number } {
  const shown = items.slice(0, previewCount(items.length, max));
  return { shown, hidden: items.length - shown.length };
}

/** The first numbers (previewCount) formatted, plus whether more exist. */
export function ticketPreview(numbers: readonly number[], max: number, totalTickets: number): TicketPreview {
  const { shown, hidden } = previewOf(numbers, max);
  return { items: shown.map((n) => formatTicketNumber(n, totalTickets)), more: hidden > 0 };
}

export type TicketQuantityCheck =
  | { ok: true; quantity: number }
  | { ok: false; quantity: number; title: string; message: string };

/**
 * Spec 1 §5 "Ticket quantity": below 2 resets to 2 ('Compra Mínima'); above the
 * remaining tickets becomes max(2, remaining) ('Boletos Insuficientes').
 * `quantity` in the result is the value the input should show next.
 */
export function checkTicketQuantity(requested: number, remaining: number): TicketQuantityCheck {
  const left = Number.isFinite(remaining) ? Math.max(0, Math.floor(remaining)) : 0;
  if (!Number.isFinite(requested) || requested < MIN_TICKETS_PER_PURCHASE) {
    return {
      ok: false,
      quantity: MIN_TICKETS_PER_PURCHASE,
      title: "Compra Mínima",
      // Literal text of the spec (MIN_TICKETS_PER_PURCHASE is 2).
      message: "La compra mínima permitida es de 2 boletos.",
    };
  }
  const quantity = Math.floor(requested);
  if (quantity > left) {
    return {
      ok: false,
      quantity: Math.max(MIN_TICKETS_PER_PURCHASE, left),
      title: "Boletos Insuficientes",
      message: `${pluralWord(left, "Solo queda", "Solo quedan")} ${countText(left, "boleto disponible", "boletos disponibles")}.`,
    };
  }
  return { ok: true, quantity };
}

/** Total = quantity × price rounded to 2 decimals (cents computed as integers to avoid float drift). */
export function purchaseTotal(quantity: number, price: number): number {
  return Math.round(quantity * Math.round(price * 100)) / 100;
}
