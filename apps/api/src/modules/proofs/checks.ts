/** The checks of an uploaded proof made before storing its file and again under the raffle's row lock. */
import {
  type Currency,
  formatMoney,
  GENERAL_PROOF_ID,
  MIN_TICKETS_PER_PURCHASE,
  PROOF_MESSAGES,
  type ProofUploadRequest,
  RAFFLE_MESSAGES,
  RESERVATION_MESSAGES,
  type SessionUser,
  sameCents,
} from "@rifazo/shared";
import { AppError, conflict, notFound } from "../../lib/errors";
import type { FileKind } from "../files";
import * as purchases from "../purchases";

export const raffleNotFound = () => notFound("RAFFLE_NOT_FOUND", RAFFLE_MESSAGES.notFound);

export function cleanFilename(name: string | null, kind: FileKind): string {
  // Control characters and path separators never belong in a name offered back in a header.
  const base = (name ?? "")
    .replace(/[\p{Cc}\\/]/gu, "")
    .trim()
    .slice(0, 200);
  return base || `comprobante.${kind.ext}`;
}

/**
 * The sale rules of spec 1 §4/§5 for a proof sent without a reservation, checked before storing the file
 * and again under the raffle's row lock: sales open, a random-mode raffle (chosen numbers need the grid),
 * at least two tickets, a method the raffle accepts, the raffle's currency or the method's, and the
 * amount equal to the total the server quotes for this buyer (packages, level), converted when paid in
 * the method's currency at today's rate.
 */
export function checkPurchase(
  raffle: purchases.PurchaseRaffleRow | undefined,
  fields: ProofUploadRequest,
  level: string | null | undefined,
  rate: number | null,
  now: Date,
): asserts raffle is purchases.PurchaseRaffleRow {
  if (!raffle) throw raffleNotFound();
  purchases.assertSalesOpen(raffle, now);
  if (raffle.numberMode === "chosen") throw conflict(RESERVATION_MESSAGES.chooseNumbers, "CHOOSE_NUMBERS");
  const quantity = fields.quantity ?? 0;
  if (quantity < MIN_TICKETS_PER_PURCHASE) {
    throw new AppError("MIN_PURCHASE", PROOF_MESSAGES.minPurchase, {
      quantity: PROOF_MESSAGES.minPurchase,
    });
  }
  purchases.assertMethodAccepted(raffle.paymentMethods, fields.paymentMethod);
  const raffleCurrency = raffle.currency as Currency;
  const quote = purchases.quoteOf(raffle, quantity, level);
  const total = quote.total;
  if (fields.currency === raffleCurrency) {
    // A form that knows nothing of packages and levels sends price × quantity: the buyer paid without the
    // discount, which is theirs to give up (points follow what was paid).
    if (!sameCents(fields.amount, total) && !sameCents(fields.amount, quote.subtotal)) {
      const message = PROOF_MESSAGES.amountMismatch(total, raffle.currency);
      throw new AppError("AMOUNT_MISMATCH", message, { amount: message });
    }
    return;
  }
  const paid = purchases.amountFor(fields.paymentMethod, total, raffleCurrency, rate);
  if (fields.currency !== paid.currency) {
    const message = PROOF_MESSAGES.currencyMismatch(raffle.currency);
    throw new AppError("CURRENCY_MISMATCH", message, { currency: message });
  }
  if (paid.amount === null) {
    throw new AppError("NO_EXCHANGE_RATE", RESERVATION_MESSAGES.noRate, {
      amount: RESERVATION_MESSAGES.noRate,
    });
  }
  if (!sameCents(fields.amount, paid.amount)) {
    const message = RESERVATION_MESSAGES.amountMismatch(formatMoney(paid.amount, paid.currency));
    throw new AppError("AMOUNT_MISMATCH", message, { amount: message });
  }
}

/** A proof for a reservation: the reservation decides raffle, quantity and the exact amount. */
export function checkReservationPayment(
  raffle: purchases.PurchaseRaffleRow | undefined,
  reservation: purchases.ReservationRow | undefined,
  user: SessionUser,
  fields: ProofUploadRequest,
  now: Date,
): asserts raffle is purchases.PurchaseRaffleRow {
  purchases.assertConvertible(reservation, user.id, now);
  if (
    !raffle ||
    !reservation ||
    (fields.raffleId !== reservation.raffleId && fields.raffleId !== GENERAL_PROOF_ID)
  ) {
    throw notFound("RESERVATION_NOT_FOUND", RESERVATION_MESSAGES.notFound);
  }
  purchases.assertSalesOpen(raffle, now);
  // An abono's payment is checked against its balance under the locks (checkUnderLock).
  if (reservation.kind === "abono") {
    purchases.assertMethodAccepted(raffle.paymentMethods, fields.paymentMethod);
    return;
  }
  purchases.expectedPayment(
    reservation,
    raffle.paymentMethods,
    fields.paymentMethod,
    fields.currency,
    fields.amount,
  );
}
