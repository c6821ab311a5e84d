/** Prices and amounts of a purchase, and the public reads of a raffle's numbers. */
import {
  acceptedMethodsOf,
  type Combo,
  type Currency,
  convertAmount,
  encodeTaken,
  getLevel,
  isUuid,
  type MyNumbers,
  methodCurrency,
  type NumbersAvailability,
  type PaymentMethod,
  type PriceQuote,
  quotePurchase,
  RESERVATION_MESSAGES,
  type SessionUser,
} from "@rifazo/shared";
import type { Executor } from "../../db/client";
import { AppError } from "../../lib/errors";
import * as repo from "./repository";
import { raffleNotFound } from "./rules";

/** The club level discount of the buyer (their current level; Bronce gives none). */
export function levelDiscountOf(level: string | null | undefined): { name: string | null; percent: number } {
  const found = getLevel(level);
  return { name: found?.name ?? null, percent: found?.discountPercent ?? 0 };
}

export function quoteOf(
  raffle: { price: number; currency: string; combos: Combo[] },
  quantity: number,
  level: string | null | undefined,
): PriceQuote {
  const discount = levelDiscountOf(level);
  return quotePurchase({
    quantity,
    unitPrice: Number(raffle.price),
    currency: raffle.currency as Currency,
    combos: raffle.combos ?? [],
    levelName: discount.percent > 0 ? discount.name : null,
    levelDiscountPercent: discount.percent,
  });
}

/** The amount a method must pay for `total` at the frozen `rate`; null when bolívares need a rate. */
export function amountFor(
  method: PaymentMethod,
  total: number,
  currency: Currency,
  rate: number | null,
): { currency: Currency; amount: number | null } {
  const to = methodCurrency(method, currency);
  return { currency: to, amount: convertAmount(total, currency, to, rate) };
}

/** The method is one the raffle accepts (its organiser's list). */
export function assertMethodAccepted(paymentMethods: readonly string[], method: PaymentMethod): void {
  if (!acceptedMethodsOf(paymentMethods).includes(method)) {
    throw new AppError("METHOD_NOT_ACCEPTED", RESERVATION_MESSAGES.methodNotAccepted, {
      paymentMethod: RESERVATION_MESSAGES.methodNotAccepted,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export async function numbersOf(
  db: Executor,
  raffleId: string,
  now: Date = new Date(),
): Promise<NumbersAvailability> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const raffle = await repo.purchaseRaffle(db, raffleId);
  if (!raffle) throw raffleNotFound();
  const taken = (await repo.takenNumbers(db, raffleId, now)).filter((n) => n < raffle.totalTickets);
  return {
    raffleId,
    totalTickets: raffle.totalTickets,
    taken: taken.length,
    bitmap: encodeTaken(raffle.totalTickets, taken),
  };
}

/**
 * The signed-in caller's own numbers in a raffle (held and bought), for the number grid to tell them
 * apart from everyone else's taken ones. A separate, private answer so the public bitmap stays cacheable
 * and never says whose a number is.
 */
export async function myNumbersOf(
  db: Executor,
  viewer: SessionUser,
  raffleId: string,
  now: Date = new Date(),
): Promise<MyNumbers> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const raffle = await repo.purchaseRaffle(db, raffleId);
  if (!raffle) throw raffleNotFound();
  const own = await repo.ownNumbers(db, raffleId, viewer.id, now);
  const inRange = (n: number) => n < raffle.totalTickets;
  return { raffleId, held: own.held.filter(inRange), owned: own.owned.filter(inRange) };
}

export async function quoteFor(
  db: Executor,
  viewer: SessionUser | null,
  raffleId: string,
  quantity: number,
): Promise<PriceQuote> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const raffle = await repo.purchaseRaffle(db, raffleId);
  if (!raffle) throw raffleNotFound();
  const buyer = viewer && viewer.role !== "admin" ? await repo.buyerOf(db, viewer.id) : undefined;
  return quoteOf(raffle, quantity, buyer?.level);
}
