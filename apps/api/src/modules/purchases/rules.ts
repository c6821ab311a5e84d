/** The purchase rules every step shares: sales open, the quantity asked, the buyer reachable, the usual refusals. */
import {
  closeReasonAt,
  DEFAULT_REVIEW_WINDOW_HOURS,
  formatTicketNumber,
  isVenezuelanMobile,
  MIN_TICKETS_PER_PURCHASE,
  PROOF_MESSAGES,
  RAFFLE_MESSAGES,
  type RaffleStatus,
  RESERVATION_MESSAGES,
  type SessionUser,
  salesOpen,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import { AppError, conflict, notFound, withDetails } from "../../lib/errors";
import { type RaffleStateColumns, stateFactsOf } from "../raffle-state";
import type * as repo from "./repository";

export type PurchaseContext = AppContext;

export const raffleNotFound = () => notFound("RAFFLE_NOT_FOUND", RAFFLE_MESSAGES.notFound);
export const reservationNotFound = () => notFound("RESERVATION_NOT_FOUND", RESERVATION_MESSAGES.notFound);
/** Numbers in the raffle's digits (ticketDigits); as stored when the raffle is unknown. */
export const labelIn = (totalTickets: number | null) => (n: number) =>
  totalTickets === null ? String(n) : formatTicketNumber(n, totalTickets);

// Rules
// ---------------------------------------------------------------------------------------------

/** 409 NUMBERS_TAKEN with the taken numbers formatted, in the message and in error.details.taken. */
export function numbersTaken(numbers: number[], totalTickets: number): AppError {
  const taken = [...numbers].sort((a, b) => a - b).map(labelIn(totalTickets));
  return withDetails(conflict(RESERVATION_MESSAGES.numbersTaken(taken), "NUMBERS_TAKEN"), { taken });
}

/** Sales are open: active, no close due (end date, sell-out, countdown), not drawn. */
export function assertSalesOpen(raffle: RaffleStateColumns & { hasWinners: boolean }, now: Date): void {
  const facts = stateFactsOf(raffle, { pendingProofs: 0, reviewWindowHours: DEFAULT_REVIEW_WINDOW_HOURS });
  if (!salesOpen(raffle.status as RaffleStatus) || closeReasonAt(facts, now) !== null || raffle.hasWinners) {
    throw conflict(PROOF_MESSAGES.salesClosed, "SALES_CLOSED");
  }
}

export interface ReserveInput {
  numbers?: number[];
  quantity?: number;
  /** The code of a vendedor's link (docs/decisions/0034-vendedores.md); credited only if they may sell it. */
  sellerCode?: string;
  /** Apartar with a first payment and pay in parts before the close (decision 0034). */
  abono?: boolean;
}

/**
 * The quantity of a request by the raffle's mode: chosen numbers (distinct, inside the raffle) or a
 * quantity, never both; at least the minimum purchase.
 */
export function purchaseQuantity(raffle: repo.PurchaseRaffle, input: ReserveInput): number {
  let quantity: number;
  if (raffle.numberMode === "chosen") {
    if (!input.numbers || input.numbers.length === 0) {
      throw conflict(RESERVATION_MESSAGES.chooseNumbers, "CHOOSE_NUMBERS");
    }
    if (new Set(input.numbers).size !== input.numbers.length) {
      throw new AppError("VALIDATION", RESERVATION_MESSAGES.duplicateNumbers, {
        numbers: RESERVATION_MESSAGES.duplicateNumbers,
      });
    }
    if (input.numbers.some((n) => !Number.isInteger(n) || n < 0 || n >= raffle.totalTickets)) {
      throw new AppError("VALIDATION", RESERVATION_MESSAGES.invalidNumber, {
        numbers: RESERVATION_MESSAGES.invalidNumber,
      });
    }
    quantity = input.numbers.length;
  } else {
    if (input.numbers !== undefined) {
      throw new AppError("NUMBERS_NOT_ALLOWED", RESERVATION_MESSAGES.numbersNotAllowed, {
        numbers: RESERVATION_MESSAGES.numbersNotAllowed,
      });
    }
    quantity = input.quantity ?? 0;
  }
  if (quantity < MIN_TICKETS_PER_PURCHASE) {
    throw new AppError("MIN_PURCHASE", PROOF_MESSAGES.minPurchase, { quantity: PROOF_MESSAGES.minPurchase });
  }
  return quantity;
}

/**
 * A purchase needs a way to reach the buyer and pay a refund back: a Venezuelan mobile on the account
 * (asked at sign-up; an account without one adds it on the purchase page, which answers this 422 inline).
 */
export function assertBuyerPhone(user: Pick<SessionUser, "phone" | "role">): void {
  // Administrators never buy: the purchase refuses them with its own 403 further on.
  if (user.role === "admin") return;
  if (!isVenezuelanMobile(user.phone)) throw new AppError("PHONE_REQUIRED");
}
