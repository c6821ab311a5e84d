import { createHmac, timingSafeEqual } from "node:crypto";
import {
  PROOF_MESSAGES,
  SELLER_SALE_MESSAGES,
  type SellerSale,
  type SellerSaleFields,
  type SessionUser,
  sellerSaleSigningText,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Db, Tx } from "../../db/client";
import { AppError, badRequest, forbidden, lifecycleRefusal, notFound } from "../../lib/errors";
import { uniqueViolation } from "../../lib/pg-errors";
import { abonosOf, holdForSellerSale, refuseTakenEarly } from "../purchases";
import { activeSellerOf, sellerForSale } from "../sellers";
import { writeAbonoPayment } from "./abonos";
import * as repo from "./repository";
import { insertAndSettle, pricedPayment } from "./settle";
import { toSellerSale } from "./views";

// A sale a vendedor records (docs/decisions/0034-vendedores.md): a purchase record (payment_proofs,
// channel 'seller') holding its tickets by the same rules as any purchase, priced by the server. Cash is
// approved as it is recorded, by the approval service an administrator's click uses, within the vendedor's
// credit limit; every other method waits in the organiser's inbox and bank reconciliation.

const SALES_LISTED = 100;

async function saleView(db: Db, sellerId: string, proofId: string): Promise<SellerSale> {
  const row = await repo.saleOf(db, sellerId, proofId);
  if (!row) throw notFound("NOT_FOUND");
  const [sale] = await withAbonos(db, [row]);
  return sale as SellerSale;
}

/** The sales as the vendedor sees them, each abono's with its balance (decision 0034). */
async function withAbonos(db: Db, rows: repo.SaleRow[]): Promise<SellerSale[]> {
  const abonoRows = rows.flatMap((row) =>
    row.reservationKind === "abono" && row.reservationId && row.reservationPricing
      ? [
          {
            id: row.reservationId,
            pricing: row.reservationPricing,
            currency: row.reservationCurrency ?? "USD",
          },
        ]
      : [],
  );
  const abonos = await abonosOf(db, abonoRows);
  return rows.map((row) => toSellerSale(row, row.reservationId ? abonos.get(row.reservationId) : undefined));
}

/**
 * Holds, prices, checks and writes the sale; cash is approved and posted to the ledger in the same
 * transaction. A further payment of an abono goes to the sale it adds to (./abonos).
 */
async function writeSale(
  ctx: AppContext,
  tx: Tx,
  user: SessionUser,
  input: SellerSaleFields,
  client: { ip: string | null },
  now: Date,
): Promise<string> {
  const { seller, creditLimit } = await sellerForSale(tx, user, input.raffleId);
  if (input.abonoOf) return writeAbonoPayment(ctx, tx, { user, seller, creditLimit }, input, client, now);
  const { row, raffle } = await holdForSellerSale(
    ctx,
    tx,
    { sellerId: seller.id, buyerPhone: input.buyerPhone },
    input.raffleId,
    {
      numbers: input.numbers,
      quantity: input.quantity ?? input.numbers?.length,
      ...(input.abono ? { abono: true } : {}),
    },
    now,
  );
  const priced = await pricedPayment(tx, row, raffle, input);
  return insertAndSettle(ctx, tx, { user, seller, creditLimit }, input, client, {
    row,
    raffle,
    priced,
    buyer: {
      buyerName: input.buyerName,
      buyerPhone: input.buyerPhone,
      buyerIdNumber: input.buyerIdNumber,
      buyerEmail: input.buyerEmail,
    },
    now,
  });
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
  // A number sold meanwhile answers at once, without waiting in line for the raffle's lock.
  await refuseTakenEarly(ctx, input.raffleId, input.numbers, now);
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
  return { items: await withAbonos(db, rows) };
}
