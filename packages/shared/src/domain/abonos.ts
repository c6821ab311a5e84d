/**
 * Abonos (docs/decisions/0034-vendedores.md): numbers apartados with a first payment and paid in parts
 * before the close. What a purchase's payments add up to, in the purchase's own currency, and what the
 * next payment may be, in the currency its method pays in. Both the server (what it accepts) and the pages
 * (what they show) read these, so the balance a buyer sees is the one the approval uses.
 */
import type { Currency } from "../constants";
import { formatMoney, roundCents } from "./money";
import { convertAmount } from "./pricing";

export interface AbonoPayment {
  amount: number;
  currency: Currency;
  /** Bolívares per dollar kept with the payment (null when paid in the purchase's currency). */
  exchangeRate: number | null;
}

/** A payment's worth in the purchase's currency: bolívares are divided by the rate kept with them. */
export function paymentWorth(payment: AbonoPayment, currency: Currency): number {
  const worth = convertAmount(payment.amount, payment.currency, currency, payment.exchangeRate);
  // A payment in another currency without its rate is worth nothing toward the balance (never guessed).
  return worth ?? 0;
}

export interface AbonoBalance {
  total: number;
  paid: number;
  remaining: number;
  complete: boolean;
}

/** What the approved payments add up to against the purchase's total, to the cent. */
export function abonoBalance(
  total: number,
  currency: Currency,
  approved: readonly AbonoPayment[],
): AbonoBalance {
  const paid = roundCents(approved.reduce((sum, payment) => sum + paymentWorth(payment, currency), 0));
  const remaining = Math.max(0, roundCents(total - paid));
  return { total: roundCents(total), paid, remaining, complete: remaining <= 0 };
}

/**
 * The least and the most the next payment may be, in `to` (its method's currency) at `rate`: the first one
 * at least the raffle's minimum (or the whole balance when that is less), later ones anything above zero;
 * never more than the balance. Null bounds when bolívares are needed and no rate is published.
 */
export function abonoBounds(
  balance: AbonoBalance,
  minimum: number,
  currency: Currency,
  to: Currency,
  rate: number | null,
): { min: number | null; max: number | null } {
  const first = balance.paid <= 0;
  const least = first ? Math.min(minimum, balance.remaining) : 0.01;
  const max = convertAmount(balance.remaining, currency, to, rate);
  const min = first ? convertAmount(least, currency, to, rate) : 0.01;
  return { min: min === null ? null : Math.min(min, max ?? min), max };
}

type Written = { total: number; paid: number; remaining: number; complete: boolean; currency: Currency };

/** What the buyer is told when a payment that leaves part of the price unpaid is approved. */
export function abonoApprovedText(balance: Written): string {
  const money = (value: number) => formatMoney(value, balance.currency);
  return `Llevas pagado ${money(balance.paid)} de ${money(balance.total)}; faltan ${money(balance.remaining)} antes del cierre. Tus números siguen apartados.`;
}

/** The vendedor's line on each payment of an abono: "Abono: pagado $4,00 de $10,00 · faltan $6,00". */
export function abonoSaleText(balance: Written): string {
  if (balance.complete) return "Pagada completa";
  const money = (value: number) => formatMoney(value, balance.currency);
  return `Abono: pagado ${money(balance.paid)} de ${money(balance.total)} · faltan ${money(balance.remaining)}`;
}
