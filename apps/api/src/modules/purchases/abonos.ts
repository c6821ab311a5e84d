/**
 * Abonos (docs/decisions/0034-vendedores.md): a reservation of kind `abono` takes payments in parts. Each
 * is a proof reviewed like any other; the approval that completes the price sells the numbers, the ones
 * before it leave the reservation `partial` (holding its numbers until the list freezes).
 */
import {
  type AbonoPayment,
  abonoApprovedText,
  abonoBalance,
  abonoBounds,
  type Currency,
  formatMoney,
  methodCurrency,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RESERVATION_MESSAGES,
} from "@rifazo/shared";
import type { Executor, Tx } from "../../db/client";
import { AppError, conflict } from "../../lib/errors";
import { advance } from "../raffle-state";
import { assertMethodAccepted } from "./quotes";
import * as repo from "./repository";
import { assertSalesOpen, type PurchaseContext, raffleNotFound, reservationNotFound } from "./rules";

const worthOf = (p: { amount: unknown; currency: string; exchangeRate: unknown }): AbonoPayment => ({
  amount: Number(p.amount),
  currency: p.currency as Currency,
  exchangeRate: p.exchangeRate === null || p.exchangeRate === undefined ? null : Number(p.exchangeRate),
});

/** An abono's balance written out for its buyer, after an approval that left part of it unpaid. */
export async function abonoBalanceText(db: Executor, reservationId: string): Promise<string | null> {
  const row = await repo.findReservation(db, reservationId);
  if (!row) return null;
  return abonoApprovedText({ ...(await abonoBalanceOf(db, row)), currency: row.currency as Currency });
}

/** The reservation's balance from its approved payments (plus `also`, a payment being approved now). */
export async function abonoBalanceOf(db: Executor, row: repo.ReservationRow, also?: AbonoPayment) {
  const payments = await repo.abonoPaymentsOf(db, [row.id]);
  const approved = payments.filter((p) => p.status === "approved" || p.status === "verified").map(worthOf);
  return abonoBalance(
    Number(row.pricing.total),
    row.currency as Currency,
    also ? [...approved, also] : approved,
  );
}

/**
 * The next payment of an abono is within its bounds: at least the raffle's minimum for the first, never more
 * than what is left, in its method's currency at `rate` (today's BCV rate, kept with the proof).
 */
export async function assertAbonoPayment(
  db: Executor,
  row: repo.ReservationRow,
  raffle: { paymentMethods: readonly string[]; installmentMinimum: number | string | null },
  payment: { method: PaymentMethod; currency: Currency; amount: number },
  rate: number | null,
): Promise<void> {
  assertMethodAccepted(raffle.paymentMethods, payment.method);
  const currency = row.currency as Currency;
  const to = methodCurrency(payment.method, currency);
  if (payment.currency !== to) {
    const message = `El pago por ${PAYMENT_METHOD_LABELS[payment.method]} se hace en ${to}.`;
    throw new AppError("CURRENCY_MISMATCH", message, { currency: message });
  }
  const balance = await abonoBalanceOf(db, row);
  const minimum = raffle.installmentMinimum === null ? balance.total : Number(raffle.installmentMinimum);
  const { min, max } = abonoBounds(balance, minimum, currency, to, rate);
  if (min === null || max === null) {
    throw new AppError("NO_EXCHANGE_RATE", RESERVATION_MESSAGES.noRate, {
      amount: RESERVATION_MESSAGES.noRate,
    });
  }
  const cents = Math.round(payment.amount * 100);
  if (cents < Math.round(min * 100)) {
    const message = RESERVATION_MESSAGES.abonoBelowMinimum(formatMoney(min, to));
    throw new AppError("ABONO_AMOUNT", message, { amount: message });
  }
  if (cents > Math.round(max * 100)) {
    const message = RESERVATION_MESSAGES.abonoAboveBalance(formatMoney(max, to));
    throw new AppError("ABONO_AMOUNT", message, { amount: message });
  }
}

/**
 * A further payment of an abono, in the caller's transaction: what is due applied first, the raffle locked
 * and on sale (no payment once sales close), the reservation locked and part paid (`partial`), one
 * payment at a time.
 */
export async function lockAbonoForPayment(ctx: PurchaseContext, tx: Tx, reservationId: string, now: Date) {
  const found = await repo.findReservation(tx, reservationId);
  if (found?.kind !== "abono") throw reservationNotFound();
  await advance(ctx, tx, found.raffleId, now);
  const raffle = await repo.purchaseRaffle(tx, found.raffleId, true);
  if (!raffle) throw raffleNotFound();
  assertSalesOpen(raffle, now);
  const row = await repo.findReservation(tx, reservationId, true);
  if (!row) throw reservationNotFound();
  if (row.status === "submitted") throw conflict(RESERVATION_MESSAGES.abonoUnderReview, "ABONO_UNDER_REVIEW");
  if (row.status === "approved") throw conflict(RESERVATION_MESSAGES.abonoPaid, "ABONO_PAID");
  if (row.status !== "partial") throw conflict(RESERVATION_MESSAGES.notActive, "RESERVATION_NOT_ACTIVE");
  return { row, raffle };
}

/**
 * The balance of each abono among `reservationIds` (decision 0034), with the device id of its first
 * payment when a vendedor recorded it: what a vendedor's list shows and where the next payment adds to.
 */
export async function abonosOf(
  db: Executor,
  rows: { id: string; pricing: { total: number }; currency: string }[],
) {
  const payments = await repo.abonoPaymentsOf(
    db,
    rows.map((row) => row.id),
  );
  const out = new Map<string, { firstSaleId: string | null; balance: ReturnType<typeof abonoBalance> }>();
  for (const row of rows) {
    const mine = payments.filter((p) => p.reservationId === row.id);
    const approved = mine.filter((p) => p.status === "approved" || p.status === "verified").map(worthOf);
    out.set(row.id, {
      firstSaleId: mine[0]?.saleId ?? null,
      balance: abonoBalance(Number(row.pricing.total), row.currency as Currency, approved),
    });
  }
  return out;
}
