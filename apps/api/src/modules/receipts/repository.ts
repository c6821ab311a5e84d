import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, tickets, users } from "../../db/schema";

/** An approved raffle purchase with what its receipt shows, found by the receipt's token. */
export async function findApprovedByToken(db: Executor, token: string) {
  const [row] = await db
    .select({
      id: paymentProofs.id,
      amount: paymentProofs.amount,
      currency: paymentProofs.currency,
      exchangeRate: paymentProofs.exchangeRate,
      paymentMethod: paymentProofs.paymentMethod,
      transactionRef: paymentProofs.transactionRef,
      quantity: paymentProofs.quantityOfTickets,
      receiptSecret: paymentProofs.receiptSecret,
      receiptToken: paymentProofs.receiptToken,
      reviewedAt: paymentProofs.reviewedAt,
      checkpointLength: paymentProofs.checkpointLength,
      checkpointHash: paymentProofs.checkpointHash,
      checkpointRound: paymentProofs.checkpointRound,
      checkpointAt: paymentProofs.checkpointAt,
      updatedAt: paymentProofs.updatedAt,
      // The purchase it pays: an abono's has other payments (decision 0034).
      reservationId: paymentProofs.reservationId,
      // A vendedor's sale without an account: the buyer the vendedor wrote down (decision 0034).
      buyerName: sql<string>`coalesce(${users.name}, ${paymentProofs.buyerName}, '')`,
      // Whether the viewer may claim a vendedor's sale into an account (decision 0034): never shown as is.
      channel: paymentProofs.channel,
      userId: paymentProofs.userId,
      buyerEmail: paymentProofs.buyerEmail,
      sellerUserId: sql<
        string | null
      >`(SELECT s.user_id FROM sellers s WHERE s.id = ${paymentProofs.sellerId})`,
      raffleStatus: raffles.status,
      raffleId: raffles.id,
      raffleTitle: raffles.title,
      totalTickets: raffles.totalTickets,
      endDate: raffles.endDate,
      announcementType: raffles.announcementType,
      externalLottery: raffles.externalLottery,
      externalDrawAt: raffles.externalDrawAt,
      externalRule: raffles.externalRule,
      drawnAt: raffles.drawnAt,
      drawAlgorithm: raffles.drawAlgorithm,
    })
    .from(paymentProofs)
    .innerJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(
      and(eq(paymentProofs.receiptToken, token), inArray(paymentProofs.status, ["approved", "verified"])),
    );
  return row;
}

export type ReceiptRow = NonNullable<Awaited<ReturnType<typeof findApprovedByToken>>>;

/** The purchase's sold numbers, ascending. */
export async function numbersOf(db: Executor, proofId: string): Promise<number[]> {
  const rows = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(and(eq(tickets.paymentId, proofId), eq(tickets.status, "sold")))
    .orderBy(asc(tickets.ticketNumber));
  return rows.map((row) => row.n);
}

/**
 * Every payment of a purchase, oldest first: an abono's (decision 0034). The receipt secret stays on the
 * server: only the owner tags it makes are shown, never the secret or the link of another payment.
 */
export async function paymentsOfReservation(db: Executor, reservationId: string) {
  return db
    .select({
      id: paymentProofs.id,
      amount: paymentProofs.amount,
      currency: paymentProofs.currency,
      method: paymentProofs.paymentMethod,
      status: paymentProofs.status,
      createdAt: paymentProofs.createdAt,
      receiptSecret: paymentProofs.receiptSecret,
    })
    .from(paymentProofs)
    .where(eq(paymentProofs.reservationId, reservationId))
    .orderBy(asc(paymentProofs.createdAt), asc(paymentProofs.id));
}

/** The sold numbers of any of these payments, ascending, with the payment that bought each. */
export async function soldTo(db: Executor, paymentIds: string[]) {
  if (paymentIds.length === 0) return [];
  return db
    .select({ paymentId: tickets.paymentId, n: tickets.ticketNumber })
    .from(tickets)
    .where(and(inArray(tickets.paymentId, paymentIds), eq(tickets.status, "sold")))
    .orderBy(asc(tickets.ticketNumber));
}
