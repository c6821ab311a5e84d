/**
 * Ticket numbers are stored as integers 0-9999 and always shown as 4 digits
 * (spec 1 §3, §5, §9). Purchase-quantity rules live here too so the detail
 * page and the API agree.
 */

export const TICKET_DIGITS = 4;
export const MIN_TICKET_NUMBER = 0;
export const MAX_TICKET_NUMBER = 9999;

import { MIN_TICKETS_PER_PURCHASE } from "../constants";
/** Spec 1 §9: assigned-ticket preview in "Mis Pagos". */
export const USER_PAYMENT_TICKET_PREVIEW = 4;
/** Spec 2: ticket preview in admin payment rows. */
export const ADMIN_ROW_TICKET_PREVIEW = 3;

export const TICKET_INPUT_ERROR = "El número de boleto debe tener 4 dígitos (ej: 0123).";

export function isValidTicketNumber(n: number): boolean {
  return Number.isInteger(n) && n >= MIN_TICKET_NUMBER && n <= MAX_TICKET_NUMBER;
}

/** 7 -> '0007'. Throws on out-of-range values: those are programming errors, not user input. */
export function formatTicketNumber(n: number): string {
  if (!isValidTicketNumber(n)) throw new RangeError(`Invalid ticket number: ${n}`);
  return String(n).padStart(TICKET_DIGITS, "0");
}

export type TicketParseResult =
  | { ok: true; number: number; display: string }
  | { ok: false; message: string };

/**
 * Ticket-verifier input: digits only, 1-4 of them, left-padded to 4.
 * Surrounding whitespace is ignored (pasted values often carry it).
 */
export function parseTicketInput(input: string): TicketParseResult {
  const value = typeof input === "string" ? input.trim() : "";
  if (!/^\d{1,4}$/.test(value)) return { ok: false, message: TICKET_INPUT_ERROR };
  const number = Number.parseInt(value, 10);
  return { ok: true, number, display: formatTicketNumber(number) };
}

/** For controlled inputs while typing: drop non-digits and cap at 4 characters. */
export function sanitizeTicketInput(input: string): string {
  return (typeof input === "string" ? input : "").replace(/\D/g, "").slice(0, TICKET_DIGITS);
}

export interface TicketPreview {
  items: string[];
  /** True when numbers were left out, so the UI appends an ellipsis. */
  more: boolean;
}

/** First `max` numbers (in the given order) formatted, plus whether more exist. */
export function ticketPreview(numbers: readonly number[], max: number): TicketPreview {
  const limit = Math.max(0, Math.floor(max));
  return {
    items: numbers.slice(0, limit).map(formatTicketNumber),
    more: numbers.length > limit,
  };
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
      message: `Solo quedan ${left} boletos disponibles.`,
    };
  }
  return { ok: true, quantity };
}

/** Total = quantity × price rounded to 2 decimals (cents computed as integers to avoid float drift). */
export function purchaseTotal(quantity: number, price: number): number {
  return Math.round(quantity * Math.round(price * 100)) / 100;
}
