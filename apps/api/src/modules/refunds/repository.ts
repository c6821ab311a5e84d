import { and, count, desc, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, refunds, reservations, users } from "../../db/schema";

const refundColumns = {
  id: refunds.id,
  proofId: refunds.proofId,
  raffleId: refunds.raffleId,
  raffleTitle: raffles.title,
  userId: refunds.userId,
  amount: refunds.amount,
  currency: refunds.currency,
  exchangeRate: refunds.exchangeRate,
  amountVes: refunds.amountVes,
  paymentMethod: refunds.paymentMethod,
  transactionRef: paymentProofs.transactionRef,
  quantityOfTickets: paymentProofs.quantityOfTickets,
  payTo: refunds.payTo,
  status: refunds.status,
  paidReference: refunds.paidReference,
  paidProofPath: refunds.paidProofPath,
  paidProofContentType: refunds.paidProofContentType,
  paidAt: refunds.paidAt,
  createdAt: refunds.createdAt,
  payout: refunds.payout,
  payoutDueAt: refunds.payoutDueAt,
  payoutGivenAt: refunds.payoutGivenAt,
};

const refundQuery = (db: Executor) =>
  db
    .select(refundColumns)
    .from(refunds)
    .innerJoin(raffles, eq(raffles.id, refunds.raffleId))
    .innerJoin(paymentProofs, eq(paymentProofs.id, refunds.proofId));
export type RefundRow = Awaited<ReturnType<typeof refundQuery>>[number];

export interface RefundFilter {
  status?: string | undefined;
  raffleId?: string | undefined;
}

const filterOf = (filter: RefundFilter) =>
  and(
    filter.status ? eq(refunds.status, filter.status) : undefined,
    filter.raffleId ? eq(refunds.raffleId, filter.raffleId) : undefined,
  );

/** Pending first (oldest first: the longest waiting are paid first), then the paid ones, newest first. */
export async function listRefunds(
  db: Executor,
  filter: RefundFilter,
  page: { offset: number; limit: number },
): Promise<RefundRow[]> {
  return refundQuery(db)
    .where(filterOf(filter))
    .orderBy(
      sql`CASE ${refunds.status} WHEN 'pending' THEN 0 ELSE 1 END`,
      sql`CASE WHEN ${refunds.status} = 'pending' THEN ${refunds.createdAt} END ASC`,
      desc(refunds.paidAt),
      desc(refunds.id),
    )
    .offset(page.offset)
    .limit(page.limit);
}

export async function countRefunds(db: Executor, filter: RefundFilter): Promise<number> {
  const [row] = await db.select({ total: count() }).from(refunds).where(filterOf(filter));
  return Number(row?.total ?? 0);
}

export async function findRefund(db: Executor, id: string): Promise<RefundRow | undefined> {
  const [row] = await refundQuery(db).where(eq(refunds.id, id));
  return row;
}

/** The refund row locked for the rest of the transaction (a second "paid" waits, then sees it paid). */
export async function lockRefund(tx: Executor, id: string) {
  const [row] = await tx.select().from(refunds).where(eq(refunds.id, id)).for("update");
  return row;
}

export async function markPaid(
  tx: Executor,
  id: string,
  values: Pick<
    typeof refunds.$inferInsert,
    "paidReference" | "paidProofPath" | "paidProofContentType" | "paidProofSize" | "paidAt" | "paidBy"
  >,
): Promise<void> {
  await tx
    .update(refunds)
    .set({ ...values, status: "paid" })
    .where(eq(refunds.id, id));
}

/** The buyer's payout data, written while the refund is pending (the caller holds the row lock). */
export async function savePayout(
  tx: Executor,
  id: string,
  payout: NonNullable<typeof refunds.$inferInsert.payout>,
  now: Date,
): Promise<void> {
  await tx.update(refunds).set({ payout, payoutGivenAt: now, updatedAt: now }).where(eq(refunds.id, id));
}

export async function refundsOfProofs(db: Executor, proofIds: string[]): Promise<RefundRow[]> {
  if (proofIds.length === 0) return [];
  return refundQuery(db).where(inArray(refunds.proofId, proofIds));
}

/**
 * Approved purchases of a raffle with the buyer's contact data, locked (the cancellation refunds them);
 * only those paying `reservationIds` when given (an abono released unpaid at the freeze, decision 0034).
 */
export async function approvedProofsOf(tx: Executor, raffleId: string, reservationIds?: string[]) {
  return tx
    .select({
      id: paymentProofs.id,
      reservationId: paymentProofs.reservationId,
      userId: paymentProofs.userId,
      amount: paymentProofs.amount,
      currency: paymentProofs.currency,
      exchangeRate: paymentProofs.exchangeRate,
      paymentMethod: paymentProofs.paymentMethod,
      transactionRef: paymentProofs.transactionRef,
      quantityOfTickets: paymentProofs.quantityOfTickets,
      // A vendedor's sale without an account: the buyer the vendedor wrote down (decision 0034).
      buyerName: sql<string>`coalesce(${users.name}, ${paymentProofs.buyerName}, '')`,
      buyerEmail: users.email,
      buyerPhone: sql<string | null>`coalesce(${users.phone}, ${paymentProofs.buyerPhone})`,
    })
    .from(paymentProofs)
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(
      and(
        eq(paymentProofs.raffleId, raffleId),
        inArray(paymentProofs.status, ["approved", "verified"]),
        reservationIds ? inArray(paymentProofs.reservationId, reservationIds) : undefined,
      ),
    )
    .orderBy(paymentProofs.createdAt)
    .for("update", { of: paymentProofs });
}

export async function insertRefunds(tx: Executor, rows: Array<typeof refunds.$inferInsert>) {
  if (rows.length === 0) return [];
  return tx
    .insert(refunds)
    .values(rows)
    .onConflictDoNothing({ target: refunds.proofId })
    .returning({ id: refunds.id, proofId: refunds.proofId });
}

/**
 * Everyone with a purchase in the raffle: an approved or pending proof, or a reservation still holding
 * numbers (waiting for its proof, submitted, or rejected with time left for a new one).
 */
export async function raffleBuyers(tx: Executor, raffleId: string, now: Date) {
  const proofBuyers = tx
    .selectDistinct({ userId: paymentProofs.userId })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.raffleId, raffleId),
        inArray(paymentProofs.status, ["pending", "approved", "verified"]),
      ),
    );
  const reservationBuyers = tx
    .selectDistinct({ userId: reservations.userId })
    .from(reservations)
    .where(
      and(
        eq(reservations.raffleId, raffleId),
        sql`(${reservations.status} IN ('submitted', 'partial') OR (${reservations.status} IN ('active', 'rejected') AND ${reservations.expiresAt} > ${now.toISOString()}::timestamptz))`,
      ),
    );
  // A vendedor's sale without an account has no user to tell (decision 0034).
  const ids = [
    ...new Set(
      [...(await proofBuyers), ...(await reservationBuyers)].flatMap((row) =>
        row.userId ? [row.userId] : [],
      ),
    ),
  ];
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(inArray(users.id, ids));
}

/** Refund status per proof (the admin's lists show a refunded purchase as such, decision 0016). */
export async function refundStatusesOf(db: Executor, proofIds: string[]): Promise<Map<string, string>> {
  if (proofIds.length === 0) return new Map();
  const rows = await db
    .select({ proofId: refunds.proofId, status: refunds.status })
    .from(refunds)
    .where(inArray(refunds.proofId, proofIds));
  return new Map(rows.map((row) => [row.proofId, row.status]));
}
