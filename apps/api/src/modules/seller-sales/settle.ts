import {
  type Currency,
  methodCurrency,
  PAYMENT_METHOD_LABELS,
  paymentWorth,
  SELLER_CASH_METHOD,
  type SellerSaleFields,
  type SessionUser,
} from "@rifazo/shared";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { approveInTransaction } from "../admin";
import { announceProofChange } from "../events";
import {
  assertAbonoPayment,
  expectedPayment,
  markSubmitted,
  type PurchaseRaffleRow,
  type ReservationRow,
} from "../purchases";
import { advance } from "../raffle-state";
import { assertCashRoom, postCashSale } from "../sellers";
import { currentExchangeRate } from "../settings";
import * as repo from "./repository";

// The steps of a vendedor's sale once its numbers are held (service.ts) or its abono found (abonos.ts):
// the payment checked against the price, the purchase record written, cash approved and posted.

/** A cash sale's reference is made here (the unique live reference needs one): EF- and 12 hex digits. */
const cashReference = (saleId: string) => `EF-${saleId.replace(/-/g, "").slice(0, 12).toUpperCase()}`;

export interface Priced {
  currency: Currency;
  /** Bolívares per dollar kept with the payment (null when paid in the raffle's currency). */
  exchangeRate: number | null;
  /** What the payment is worth in the raffle's currency: the cash the vendedor now holds. */
  worth: number;
}

/**
 * The payment checked against the price: the exact total of a sale paid whole (at the reservation's rate),
 * or an abono's bounds (at today's rate, decision 0034). Cash in the street is the vendedor's trade: their
 * credit limit (0: no cash) rules it, whatever the raffle lists for buyers online; every other method must
 * be one the raffle accepts.
 */
export async function pricedPayment(
  tx: Tx,
  row: ReservationRow,
  raffle: PurchaseRaffleRow,
  input: SellerSaleFields,
): Promise<Priced> {
  const raffleCurrency: Currency = raffle.currency === "VES" ? "VES" : "USD";
  const currency = methodCurrency(input.method, raffleCurrency);
  const cash = input.method === SELLER_CASH_METHOD;
  const accepted = cash
    ? [...raffle.paymentMethods, PAYMENT_METHOD_LABELS.efectivo_usd]
    : raffle.paymentMethods;
  const payment = { method: input.method, currency, amount: input.amount };
  if (row.kind !== "abono") {
    expectedPayment(row, accepted, input.method, currency, input.amount);
    const rate = currency === "VES" && row.exchangeRate !== null ? Number(row.exchangeRate) : null;
    return { currency, exchangeRate: rate, worth: Number(row.pricing.total) };
  }
  const today = (await currentExchangeRate(tx))?.rate ?? null;
  await assertAbonoPayment(
    tx,
    row,
    { paymentMethods: accepted, installmentMinimum: raffle.installmentMinimum },
    payment,
    today,
  );
  const exchangeRate = currency === raffleCurrency ? null : today;
  return { currency, exchangeRate, worth: paymentWorth({ ...payment, exchangeRate }, raffleCurrency) };
}

type Buyer = Pick<SellerSaleFields, "buyerName" | "buyerPhone" | "buyerIdNumber" | "buyerEmail">;

/** Writes the purchase record of the payment; cash is approved and posted to the ledger at once. */
export async function insertAndSettle(
  ctx: AppContext,
  tx: Tx,
  who: { user: SessionUser; seller: { id: string }; creditLimit: number },
  input: SellerSaleFields,
  client: { ip: string | null },
  sale: { row: ReservationRow; raffle: PurchaseRaffleRow; priced: Priced; buyer: Buyer; now: Date },
): Promise<string> {
  const { row, raffle, priced, buyer, now } = sale;
  const cash = input.method === SELLER_CASH_METHOD;
  if (cash) {
    await assertCashRoom(tx, {
      sellerId: who.seller.id,
      raffleId: raffle.id,
      total: priced.worth,
      creditLimit: who.creditLimit,
      currency: raffle.currency === "VES" ? "VES" : "USD",
    });
  }
  const transactionRef = cash ? cashReference(input.saleId) : (input.reference ?? "");
  const proof = await repo.insertSaleProof(tx, {
    channel: "seller",
    sellerId: who.seller.id,
    saleId: input.saleId,
    ...buyer,
    userId: null,
    raffleId: raffle.id,
    amount: input.amount,
    currency: priced.currency,
    exchangeRate: priced.exchangeRate,
    paymentMethod: input.method,
    transactionRef,
    referenceKey: paymentReferenceKey(input.method, transactionRef),
    status: "pending",
    quantityOfTickets: row.quantity,
    reservationId: row.id,
    // No file to read: the analysis worker never picks it up.
    analysisStatus: "skipped",
    createdAt: now,
    updatedAt: now,
  });
  // A further abono waits for its review like the first payment did.
  if (row.status !== "submitted") await markSubmitted(tx, row.id, now);
  await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.updated", id: raffle.id } });
  await announceProofChange(ctx.events, tx, proof.id, "created");
  if (cash) {
    const actor = { id: who.user.id, ip: client.ip };
    await approveInTransaction(ctx, tx, actor, proof.id, { waitForHeld: true });
    await postCashSale(tx, {
      sellerId: who.seller.id,
      raffleId: raffle.id,
      paymentProofId: proof.id,
      amount: priced.worth,
      currency: raffle.currency,
    });
    // A sale of the last tickets closes the raffle in this same transaction, as an approval does.
    await advance(ctx, tx, raffle.id, now);
  }
  return proof.id;
}
