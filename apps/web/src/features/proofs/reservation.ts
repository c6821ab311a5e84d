import { type Currency, HOLDING_RESERVATION_STATUSES, type PaymentMethod } from "@rifazo/shared/constants";
import { formatEsNumber, formatMoney } from "@rifazo/shared/domain/money";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import type { Reservation } from "@rifazo/shared/schemas/reservations";
import { formatDate, formatDateTime, sentence, toDate } from "../../lib/format";

// Display rules of a reservation (decision 0013): the countdown, the BCV rate line and what each status
// lets the buyer do. Free of React so they can be tested alone.

/**
 * Milliseconds left before `expiresAt`, by the server's clock: a phone set minutes off would otherwise
 * show a countdown that ends too early or too late. `offsetMs` is serverNow − the phone's time when the
 * payload arrived.
 */
export function remainingMs(expiresAt: string, offsetMs: number, phoneNow: number): number {
  const end = Date.parse(expiresAt);
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, end - (phoneNow + offsetMs));
}

/** The server's time minus the phone's, from a payload's serverNow read at `receivedAt`. */
export function clockOffsetMs(serverNow: string, receivedAt: number): number {
  const server = Date.parse(serverNow);
  return Number.isFinite(server) ? server - receivedAt : 0;
}

/** "14:05", or "1:02:03" past an hour; rounded up so "0:00" is shown only once time is really up. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** "25/11/2026" in Venezuela, for a plain date ("2026-11-25", read at noon) or a timestamp. */
export function formatRateDate(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value;
  return toDate(day) ? formatDate(day, "short") : value;
}

/** "Tasa BCV del 25/11/2026: 36,50 Bs/$". */
export function rateLine(rate: { rate: number; updatedAt: string }): string {
  return `Tasa BCV del ${formatRateDate(rate.updatedAt)}: ${formatEsNumber(rate.rate, 2)} Bs/$`;
}

/**
 * Active and rejected reservations take a (new) proof while their time lasts; an abono part paid
 * (`partial`) takes its next payment until sales close (decision 0034).
 */
export function acceptsProof(reservation: Pick<Reservation, "status">): boolean {
  return (
    reservation.status === "active" || reservation.status === "rejected" || reservation.status === "partial"
  );
}

/** Held by the reservation timer (expiresAt): not an abono part paid, which waits for the close instead. */
export function isTimed(reservation: Pick<Reservation, "status">): boolean {
  return reservation.status === "active" || reservation.status === "rejected";
}

/** An abono whose last payment is under review: it takes no other until that one is decided. */
export function abonoUnderReview(reservation: Pick<Reservation, "status" | "kind">): boolean {
  return reservation.kind === "abono" && reservation.status === "submitted";
}

/** Holding reservations (active, submitted, rejected) keep tickets aside for the buyer. */
export function isHolding(reservation: Pick<Reservation, "status">): boolean {
  return HOLDING_RESERVATION_STATUSES.includes(reservation.status);
}

/** The methods a buyer can pay this reservation with: the raffle's, configured, with an amount. */
export function payableMethods(reservation: Pick<Reservation, "methods">) {
  return reservation.methods.filter(
    (m): m is typeof m & { amount: number } => m.available && m.amount !== null,
  );
}

export function instructionFor(reservation: Pick<Reservation, "methods">, method: PaymentMethod | "") {
  return reservation.methods.find((m) => m.method === method) ?? null;
}

/** "Pagado $4,00 de $10,00": an abono's approved payments against its total, in the purchase's currency. */
export function abonoPaidText(reservation: Pick<Reservation, "abono" | "pricing">): string {
  const { abono, pricing } = reservation;
  if (!abono) return "";
  return `Pagado ${formatMoney(abono.paid, pricing.currency)} de ${formatMoney(abono.total, pricing.currency)}`;
}

/** "Completa el pago antes del 30 de noviembre de 2026, 8:00 p. m." (Venezuelan time), or of the close. */
export function abonoDeadlineText(dueAt: string | null): string {
  return sentence(`Completa el pago antes del ${dueAt ? formatDateTime(dueAt) : "cierre de la rifa"}`);
}

/** A way to pay an abono: the least (`minimum`) and the most (`amount`) its next payment may be. */
interface AbonoBounds {
  minimum?: number | null;
  amount: number | null;
  currency: Currency;
}

/** "Puedes abonar entre Bs. 120,00 y Bs. 400,00"; null for a whole purchase's method. */
export function abonoBoundsText(method: AbonoBounds): string | null {
  if (method.minimum == null || method.amount === null) return null;
  return `Puedes abonar entre ${formatMoney(method.minimum, method.currency)} y ${formatMoney(method.amount, method.currency)}`;
}

/**
 * What is wrong with `amount` as an abono by this method, in the server's words (assertAbonoPayment: the
 * same bounds to the cent); null when it fits, or for a whole purchase's method.
 */
export function abonoAmountIssue(amount: number, method: AbonoBounds): string | null {
  if (method.minimum == null || method.amount === null) return null;
  const cents = Math.round(amount * 100);
  if (cents < Math.round(method.minimum * 100)) {
    return RESERVATION_MESSAGES.abonoBelowMinimum(formatMoney(method.minimum, method.currency));
  }
  if (cents > Math.round(method.amount * 100)) {
    return RESERVATION_MESSAGES.abonoAboveBalance(formatMoney(method.amount, method.currency));
  }
  return null;
}
