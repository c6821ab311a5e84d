/** A proof for the reservation converts it; the review's outcome approves, rejects or ends it. */
import {
  type AbonoPayment,
  type Currency,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  RESERVATION_MESSAGES,
  rejectionRetryMinutes,
} from "@rifazo/shared";
import { sameCents } from "@rifazo/shared/domain/money";
import type { Tx } from "../../db/client";
import { AppError, conflict } from "../../lib/errors";
import { abonoBalanceOf } from "./abonos";
import { amountFor, assertMethodAccepted } from "./quotes";
import * as repo from "./repository";
import { reservationNotFound } from "./rules";

// ---------------------------------------------------------------------------------------------
// Converting (a proof for the reservation) and its outcome
// ---------------------------------------------------------------------------------------------

/** The exact amount `method` must pay for this reservation at its frozen rate, or the refusal. */
export function expectedPayment(
  row: repo.ReservationRow,
  paymentMethods: readonly string[],
  method: PaymentMethod,
  currency: Currency,
  amount: number,
): void {
  assertMethodAccepted(paymentMethods, method);
  const rate = row.exchangeRate === null ? null : Number(row.exchangeRate);
  const expected = amountFor(method, row.pricing.total, row.currency as Currency, rate);
  if (currency !== expected.currency) {
    const message = `El pago por ${PAYMENT_METHOD_LABELS[method]} se hace en ${expected.currency}.`;
    throw new AppError("CURRENCY_MISMATCH", message, { currency: message });
  }
  if (expected.amount === null) {
    throw new AppError("NO_EXCHANGE_RATE", RESERVATION_MESSAGES.noRate, {
      amount: RESERVATION_MESSAGES.noRate,
    });
  }
  if (!sameCents(amount, expected.amount)) {
    const message = RESERVATION_MESSAGES.amountMismatch(formatMoney(expected.amount, expected.currency));
    throw new AppError("AMOUNT_MISMATCH", message, { amount: message });
  }
}

/**
 * The reservation may receive a proof now: the buyer's own, waiting for one, not past its time. An abono
 * part paid (`partial`) takes its next payment until sales close (decision 0034), one at a time.
 */
export function assertConvertible(row: repo.ReservationRow | undefined, userId: string, now: Date) {
  if (!row || row.userId !== userId) throw reservationNotFound();
  if (row.status === "partial") return;
  if (row.kind === "abono" && row.status === "submitted") {
    throw conflict(RESERVATION_MESSAGES.abonoUnderReview, "ABONO_UNDER_REVIEW");
  }
  if (row.status !== "active" && row.status !== "rejected") {
    throw conflict(RESERVATION_MESSAGES.notActive, "RESERVATION_NOT_ACTIVE");
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw conflict(RESERVATION_MESSAGES.expired, "RESERVATION_EXPIRED");
  }
}

/** A proof was sent for the reservation: it is under review now and holds its tickets until decided. */
export async function markSubmitted(tx: Tx, reservationId: string, now: Date): Promise<void> {
  await repo.updateReservation(tx, reservationId, { status: "submitted", updatedAt: now });
}

/**
 * An approval of the reservation's proof: chosen numbers are sold exactly; the reservation is approved. An
 * abono's payment that leaves part of the price unpaid sells nothing: the reservation is `partial` and keeps
 * holding its numbers (decision 0034); the one that completes it sells them, to itself.
 */
export async function approveReservation(
  tx: Tx,
  reservationId: string,
  owner: { userId: string | null; paymentId: string; soldAt: Date },
  payment?: AbonoPayment,
): Promise<{ numbers: number[] | null; quantity: number; partial?: boolean }> {
  const row = await repo.findReservation(tx, reservationId, true);
  if (!row) return { numbers: null, quantity: 0 };
  if (row.kind === "abono" && payment && !(await abonoBalanceOf(tx, row, payment)).complete) {
    await repo.updateReservation(tx, row.id, { status: "partial", updatedAt: owner.soldAt });
    return { numbers: [], quantity: 0, partial: true };
  }
  let numbers: number[] | null = null;
  if (row.numbers) {
    numbers = await repo.sellReserved(tx, row.id, owner);
    if (numbers.length !== row.quantity) {
      throw conflict("No hay suficientes boletos disponibles.", "NOT_ENOUGH_TICKETS");
    }
  }
  await repo.updateReservation(tx, row.id, { status: "approved", updatedAt: owner.soldAt });
  return { numbers, quantity: row.quantity };
}

/**
 * A rejected proof: the reservation holds its tickets again for a new proof, for the raffle's hold time
 * and at least REJECTION_RETRY_MINUTES. Returns until when, or null when nothing is held any more.
 */
export async function rejectReservation(tx: Tx, reservationId: string, now: Date): Promise<Date | null> {
  const row = await repo.findReservation(tx, reservationId, true);
  if (row?.status !== "submitted") return null;
  // An abono with payments approved keeps its numbers until the freeze: only this payment was refused.
  if (row.kind === "abono" && (await abonoBalanceOf(tx, row)).paid > 0) {
    await repo.updateReservation(tx, row.id, { status: "partial", updatedAt: now });
    return null;
  }
  const raffle = await repo.purchaseRaffle(tx, row.raffleId);
  const minutes = rejectionRetryMinutes(raffle?.reservationMinutes ?? 0);
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  await repo.updateReservation(tx, row.id, { status: "rejected", expiresAt, updatedAt: now });
  return expiresAt;
}

/**
 * A vendedor's sale was refused: it gets no new proof, so its numbers are free at once (decision 0034),
 * unless it is an abono with payments approved, which keeps them until the freeze.
 */
export async function rejectSellerReservation(tx: Tx, reservationId: string, now: Date): Promise<void> {
  const row = await repo.findReservation(tx, reservationId, true);
  if (row?.kind === "abono" && (await abonoBalanceOf(tx, row)).paid > 0) {
    await repo.updateReservation(tx, row.id, { status: "partial", updatedAt: now });
    return;
  }
  await cancelReservationOf(tx, reservationId, now);
}

/** How many other live payments (under review or approved) an abono has; 0 for a whole purchase. */
export async function otherPaymentsOf(tx: Tx, reservationId: string, proofId: string): Promise<number> {
  const row = await repo.findReservation(tx, reservationId);
  if (row?.kind !== "abono") return 0;
  const payments = await repo.abonoPaymentsOf(tx, [reservationId]);
  return payments.filter((p) => p.id !== proofId && p.status !== "rejected").length;
}

/** Its proof was deleted by an administrator: the reservation ends and frees what it still held. */
export async function cancelReservationOf(tx: Tx, reservationId: string, now: Date): Promise<void> {
  const row = await repo.findReservation(tx, reservationId, true);
  if (!row || row.status === "expired" || row.status === "cancelled") return;
  await repo.updateReservation(tx, row.id, { status: "cancelled", releasedAt: now, updatedAt: now });
  await repo.releaseTickets(tx, [row.id]);
}
