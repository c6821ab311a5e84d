import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, reservations, tickets } from "../../db/schema";

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

/** The vendedor's earlier sale an abono payment adds to: its purchase and its buyer. */
export async function abonoSaleOf(db: Executor, sellerId: string, saleId: string) {
  const [row] = await db
    .select({
      reservationId: paymentProofs.reservationId,
      raffleId: paymentProofs.raffleId,
      buyerName: paymentProofs.buyerName,
      buyerPhone: paymentProofs.buyerPhone,
      buyerIdNumber: paymentProofs.buyerIdNumber,
      buyerEmail: paymentProofs.buyerEmail,
    })
    .from(paymentProofs)
    .innerJoin(reservations, eq(reservations.id, paymentProofs.reservationId))
    .where(
      and(
        eq(paymentProofs.sellerId, sellerId),
        eq(paymentProofs.saleId, saleId),
        eq(reservations.kind, "abono"),
      ),
    );
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
  reservationId: paymentProofs.reservationId,
  reservationKind: reservations.kind,
  reservationPricing: reservations.pricing,
  reservationCurrency: reservations.currency,
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

// Claiming a sale into the buyer's account (decision 0034, slice 4).

/**
 * The paid purchase behind a receipt's token, locked until the transaction ends: a second claim (a double
 * click, another account) waits here and then sees the first one's account.
 */
export async function lockPaidByToken(tx: Executor, token: string) {
  const [row] = await tx
    .select({
      id: paymentProofs.id,
      channel: paymentProofs.channel,
      userId: paymentProofs.userId,
      buyerEmail: paymentProofs.buyerEmail,
      claimedAt: paymentProofs.claimedAt,
      raffleId: paymentProofs.raffleId,
      reservationId: paymentProofs.reservationId,
      sellerUserId: sql<
        string | null
      >`(SELECT s.user_id FROM sellers s WHERE s.id = ${paymentProofs.sellerId})`,
    })
    .from(paymentProofs)
    .where(
      and(eq(paymentProofs.receiptToken, token), inArray(paymentProofs.status, ["approved", "verified"])),
    )
    .for("update");
  return row;
}

/**
 * The purchase's raffle, read after the purchase is locked (so a cancellation that held it is seen) and
 * held FOR SHARE until the claim commits: its status cannot change (a freeze, a cancellation) meanwhile.
 * Purchase then raffle, the order an approval takes them in.
 */
export async function shareRaffle(tx: Executor, raffleId: string) {
  const [row] = await tx
    .select({ status: raffles.status, title: raffles.title, totalTickets: raffles.totalTickets })
    .from(raffles)
    .where(eq(raffles.id, raffleId))
    .for("share");
  return row;
}

/** The purchase becomes the account's; only while it has none (the caller checked, under the lock). */
export async function setClaimed(tx: Executor, proofId: string, userId: string, now: Date): Promise<void> {
  await tx
    .update(paymentProofs)
    .set({ userId, claimedAt: now, updatedAt: now })
    .where(and(eq(paymentProofs.id, proofId), isNull(paymentProofs.userId)));
}

/**
 * Its sold tickets name the account too, even after a freeze: the database lets only this change through
 * (migration 0034), since the frozen list's numbers, purchases and owner tags stay as they were.
 */
export async function setTicketsOwner(tx: Executor, proofId: string, userId: string): Promise<void> {
  await tx
    .update(tickets)
    .set({ userId })
    .where(and(eq(tickets.paymentId, proofId), eq(tickets.status, "sold")));
}

/** And the reservation it paid, so the account's cap counts it as its own purchase (and not by celular). */
export async function setReservationOwner(
  tx: Executor,
  reservationId: string,
  userId: string,
): Promise<void> {
  await tx
    .update(reservations)
    .set({ userId })
    .where(and(eq(reservations.id, reservationId), isNull(reservations.userId)));
}

/**
 * The other paid payments of the same abono that name no account yet (decision 0034): one claim takes them
 * all, since the tickets are sold to whichever payment completed it.
 */
export async function unclaimedSiblingsOf(tx: Executor, reservationId: string, proofId: string) {
  const rows = await tx
    .select({ id: paymentProofs.id })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.reservationId, reservationId),
        eq(paymentProofs.channel, "seller"),
        isNull(paymentProofs.userId),
        inArray(paymentProofs.status, ["approved", "verified"]),
      ),
    )
    .for("update");
  return rows.map((row) => row.id).filter((id) => id !== proofId);
}

/** The purchase's sold numbers, ascending. */
export async function soldNumbersOf(tx: Executor, proofId: string): Promise<number[]> {
  const rows = await tx
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(and(eq(tickets.paymentId, proofId), eq(tickets.status, "sold")))
    .orderBy(asc(tickets.ticketNumber));
  return rows.map((row) => row.n);
}
