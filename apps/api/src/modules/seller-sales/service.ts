import { createHmac, timingSafeEqual } from "node:crypto";
import {
  type Currency,
  methodCurrency,
  PAYMENT_METHOD_LABELS,
  PROOF_MESSAGES,
  SELLER_CASH_METHOD,
  SELLER_SALE_MESSAGES,
  type SellerSale,
  type SellerSaleFields,
  type SessionUser,
  sellerSaleSigningText,
} from "@rifazo/shared";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import type { AppContext } from "../../context";
import type { Db, Tx } from "../../db/client";
import { AppError, badRequest, forbidden, lifecycleRefusal, notFound } from "../../lib/errors";
import { uniqueViolation } from "../../lib/pg-errors";
import { approveInTransaction } from "../admin";
import { announceProofChange } from "../events";
import { expectedPayment, holdForSellerSale } from "../purchases";
import { advance } from "../raffle-state";
import { activeSellerOf, assertCashRoom, postCashSale, sellerForSale } from "../sellers";
import * as repo from "./repository";
import { toSellerSale } from "./views";

// A sale a vendedor records (docs/decisions/0034-vendedores.md): a purchase record (payment_proofs,
// channel 'seller') holding its tickets by the same rules as any purchase, priced by the server. Cash is
// approved as it is recorded, by the approval service an administrator's click uses, within the vendedor's
// credit limit; every other method waits in the organiser's inbox and bank reconciliation.

const SALES_LISTED = 100;

/** A cash sale's reference is made here (the unique live reference needs one): EF- and 12 hex digits. */
const cashReference = (saleId: string) => `EF-${saleId.replace(/-/g, "").slice(0, 12).toUpperCase()}`;

async function saleView(db: Db, sellerId: string, proofId: string): Promise<SellerSale> {
  const row = await repo.saleOf(db, sellerId, proofId);
  if (!row) throw notFound("NOT_FOUND");
  return toSellerSale(row);
}

/** Holds, prices, checks and writes the sale; cash is approved and posted to the ledger in the same transaction. */
async function writeSale(
  ctx: AppContext,
  tx: Tx,
  user: SessionUser,
  input: SellerSaleFields,
  client: { ip: string | null },
  now: Date,
): Promise<string> {
  const { seller, creditLimit } = await sellerForSale(tx, user, input.raffleId);
  const { row, raffle } = await holdForSellerSale(
    ctx,
    tx,
    { sellerId: seller.id, buyerPhone: input.buyerPhone },
    input.raffleId,
    { numbers: input.numbers, quantity: input.quantity ?? input.numbers?.length },
    now,
  );
  const raffleCurrency: Currency = raffle.currency === "VES" ? "VES" : "USD";
  const currency = methodCurrency(input.method, raffleCurrency);
  const cash = input.method === SELLER_CASH_METHOD;
  // Cash in the street is the vendedor's trade: their credit limit (0: no cash) rules it, whatever the
  // raffle lists for buyers online. Every other method must be one the raffle accepts.
  const accepted = cash
    ? [...raffle.paymentMethods, PAYMENT_METHOD_LABELS.efectivo_usd]
    : raffle.paymentMethods;
  expectedPayment(row, accepted, input.method, currency, input.amount);
  const total = row.pricing.total;
  if (cash) {
    await assertCashRoom(tx, {
      sellerId: seller.id,
      raffleId: raffle.id,
      total,
      creditLimit,
      currency: raffleCurrency,
    });
  }
  const transactionRef = cash ? cashReference(input.saleId) : (input.reference ?? "");
  const proof = await repo.insertSaleProof(tx, {
    channel: "seller",
    sellerId: seller.id,
    saleId: input.saleId,
    buyerName: input.buyerName,
    buyerPhone: input.buyerPhone,
    buyerIdNumber: input.buyerIdNumber,
    userId: null,
    raffleId: raffle.id,
    amount: input.amount,
    currency,
    exchangeRate: currency === "VES" ? row.exchangeRate : null,
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
  await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.updated", id: raffle.id } });
  await announceProofChange(ctx.events, tx, proof.id, "created");
  if (cash) {
    await approveInTransaction(ctx, tx, { id: user.id, ip: client.ip }, proof.id, { waitForHeld: true });
    await postCashSale(tx, {
      sellerId: seller.id,
      raffleId: raffle.id,
      paymentProofId: proof.id,
      amount: total,
      currency: raffle.currency,
    });
    // A sale of the last tickets closes the raffle in this same transaction, as an approval does.
    await advance(ctx, tx, raffle.id, now);
  }
  return proof.id;
}

/**
 * A sale queued without signal carries the signature the device made with its session's key: refused
 * when it was signed under another session (a copied queue, another person signed in on the phone).
 */
function assertSignedHere(input: SellerSaleFields, saleKey: string): void {
  if (!input.recordedAt) return;
  if (!input.signature) {
    throw badRequest(SELLER_SALE_MESSAGES.signature, { signature: SELLER_SALE_MESSAGES.signature });
  }
  const expected = createHmac("sha256", Buffer.from(saleKey, "base64url"))
    .update(sellerSaleSigningText(input))
    .digest();
  const given = Buffer.from(input.signature ?? "", "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw forbidden("SELLER_SALE_SESSION");
}

/**
 * Records a vendedor's sale. The device's id makes it idempotent: the same sale sent again (a retry, a
 * queue flushed twice) answers with the first one, whatever has changed since; a new one queued without
 * signal must be signed in this session.
 */
export async function recordSale(
  ctx: AppContext,
  user: SessionUser,
  input: SellerSaleFields,
  client: { ip: string | null; saleKey: string },
  now: Date = new Date(),
): Promise<{ sale: SellerSale; created: boolean }> {
  const seller = await activeSellerOf(ctx.db, user);
  const earlier = await repo.findSale(ctx.db, seller.id, input.saleId);
  if (earlier) return { sale: await saleView(ctx.db, seller.id, earlier.id), created: false };
  assertSignedHere(input, client.saleKey);
  let proofId: string;
  try {
    proofId = await ctx.db.transaction((tx) => writeSale(ctx, tx, user, input, client, now));
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "payment_proofs_seller_sale_idx") {
      const first = await repo.findSale(ctx.db, seller.id, input.saleId);
      if (first) return { sale: await saleView(ctx.db, seller.id, first.id), created: false };
    }
    if (constraint === "payment_proofs_live_ref_idx") {
      throw new AppError("DUPLICATE_REFERENCE", PROOF_MESSAGES.duplicateReference, {
        reference: PROOF_MESSAGES.duplicateReference,
      });
    }
    if (error instanceof AppError) throw error;
    const refusal = lifecycleRefusal(error);
    if (refusal) throw refusal;
    throw error;
  }
  ctx.mail.flushSoon();
  return { sale: await saleView(ctx.db, seller.id, proofId), created: true };
}

/** The vendedor's latest sales, newest first. */
export async function mySales(db: Db, user: SessionUser): Promise<{ items: SellerSale[] }> {
  const seller = await activeSellerOf(db, user);
  const rows = await repo.salesOf(db, seller.id, SALES_LISTED);
  return { items: rows.map(toSellerSale) };
}
