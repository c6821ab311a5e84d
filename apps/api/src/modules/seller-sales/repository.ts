import { and, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, reservations } from "../../db/schema";

// A vendedor's sales are rows of payment_proofs with channel 'seller' (docs/decisions/0034-vendedores.md).

export async function insertSaleProof(tx: Executor, values: typeof paymentProofs.$inferInsert) {
  const [row] = await tx.insert(paymentProofs).values(values).returning({ id: paymentProofs.id });
  if (!row) throw new Error("ventas: insert returned nothing");
  return row;
}

/** The sale this vendedor already recorded under this device id, if any. */
export async function findSale(db: Executor, sellerId: string, saleId: string) {
  const [row] = await db
    .select({ id: paymentProofs.id })
    .from(paymentProofs)
    .where(and(eq(paymentProofs.sellerId, sellerId), eq(paymentProofs.saleId, saleId)));
  return row;
}

const saleColumns = {
  id: paymentProofs.id,
  saleId: paymentProofs.saleId,
  raffleId: paymentProofs.raffleId,
  raffleTitle: raffles.title,
  totalTickets: raffles.totalTickets,
  status: paymentProofs.status,
  method: paymentProofs.paymentMethod,
  reference: paymentProofs.transactionRef,
  amount: paymentProofs.amount,
  currency: paymentProofs.currency,
  quantity: paymentProofs.quantityOfTickets,
  buyerName: paymentProofs.buyerName,
  buyerPhone: paymentProofs.buyerPhone,
  buyerIdNumber: paymentProofs.buyerIdNumber,
  receiptToken: paymentProofs.receiptToken,
  createdAt: paymentProofs.createdAt,
  refunded: sql<boolean>`EXISTS (SELECT 1 FROM refunds rf WHERE rf.proof_id = ${paymentProofs.id})`,
  sold: sql<
    number[] | null
  >`(SELECT array_agg(t.ticket_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = ${paymentProofs.id} AND t.status = 'sold')`,
  held: reservations.numbers,
};

function salesQuery(db: Executor) {
  return db
    .select(saleColumns)
    .from(paymentProofs)
    .innerJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .leftJoin(reservations, eq(reservations.id, paymentProofs.reservationId));
}

export type SaleRow = Awaited<ReturnType<typeof salesOf>>[number];

/** The vendedor's latest sales, newest first. */
export function salesOf(db: Executor, sellerId: string, limit: number) {
  return salesQuery(db)
    .where(eq(paymentProofs.sellerId, sellerId))
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .limit(limit);
}

export async function saleOf(db: Executor, sellerId: string, proofId: string) {
  const [row] = await salesQuery(db).where(
    and(eq(paymentProofs.sellerId, sellerId), eq(paymentProofs.id, proofId)),
  );
  return row;
}
