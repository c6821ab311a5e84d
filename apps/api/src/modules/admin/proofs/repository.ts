import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { paymentProofs, pointsHistory, raffles, sellers, tickets, users, winners } from "../../../db/schema";

export type ProofRow = typeof paymentProofs.$inferSelect;

/** The proof, locked until the transaction ends: a second approval of the same proof waits here. */
export async function lockProof(tx: Executor, id: string): Promise<ProofRow | undefined> {
  const [row] = await tx.select().from(paymentProofs).where(eq(paymentProofs.id, id)).for("update");
  return row;
}

/** The raffle a proof belongs to (no lock): read first so the raffle is advanced before the proof is locked. */
export async function raffleIdOfProof(tx: Executor, id: string): Promise<string | null | undefined> {
  const [row] = await tx
    .select({ raffleId: paymentProofs.raffleId })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, id));
  return row ? row.raffleId : undefined;
}

const approvalRaffleColumns = {
  id: raffles.id,
  title: raffles.title,
  status: raffles.status,
  drawnAt: raffles.drawnAt,
  winningTicketNumber: raffles.winningTicketNumber,
  ticketsGenerated: raffles.ticketsGenerated,
  totalTickets: raffles.totalTickets,
  soldTickets: raffles.soldTickets,
};

/**
 * The proof locked for review, with what the approval needs in the same round trip: its raffle (read
 * WITHOUT a lock: approvals of one raffle pick their tickets side by side and only queue on the raffle
 * row at the end, in addSold), whether the raffle has winners, and the buyer's name and email.
 */
export async function lockProofForApproval(tx: Executor, id: string) {
  const [row] = await tx
    .select({
      proof: paymentProofs,
      raffle: approvalRaffleColumns,
      // The draw's winners: an instant prize won while the raffle sells does not make it drawn (decision 0035).
      raffleHasWinners: sql<boolean>`EXISTS (SELECT 1 FROM winners w WHERE w.raffle_id = ${paymentProofs.raffleId} AND w.source <> 'instant')`,
      buyer: { name: users.name, email: users.email },
    })
    .from(paymentProofs)
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(eq(paymentProofs.id, id))
    .for("update", { of: paymentProofs });
  return row;
}

/** The raffle as an approval sees it (no lock), to tell why addSold refused. */
export async function findRaffleForApproval(tx: Executor, id: string) {
  const [row] = await tx.select(approvalRaffleColumns).from(raffles).where(eq(raffles.id, id));
  return row;
}

/**
 * Adds the approval's tickets to sold_tickets as its last write to the raffle: the row lock taken here
 * (held until COMMIT) is the only point where approvals of one raffle wait for each other. Waiting
 * re-reads the row, so the sum and the draw columns are always current: no row comes back when the
 * raffle was drawn or deleted meanwhile, or if the sum would pass the total (the ticket locks already
 * rule that out).
 */
export async function addSold(tx: Executor, raffleId: string, count: number) {
  const [row] = await tx
    .update(raffles)
    .set({ soldTickets: sql`${raffles.soldTickets} + ${count}` })
    .where(
      and(
        eq(raffles.id, raffleId),
        // Both ways of drawing set one of these in the transaction that writes the winners.
        isNull(raffles.drawnAt),
        isNull(raffles.winningTicketNumber),
        // A cancellation committed meanwhile refunded every approved purchase: none may be added after it.
        ne(raffles.status, "cancelled"),
        sql`${raffles.soldTickets} + ${count} <= ${raffles.totalTickets}`,
      ),
    )
    .returning({
      soldTickets: raffles.soldTickets,
      totalTickets: raffles.totalTickets,
      activationType: raffles.activationType,
      activationPercentage: raffles.activationPercentage,
      percentageDrawActivatedAt: raffles.percentageDrawActivatedAt,
    });
  return row;
}

/**
 * The buyer's row, locked before the raffle's: an approval updates the buyer's points before it queues
 * on the raffle row, so every transaction that touches both takes them in that order (no deadlock).
 */
export async function lockBuyer(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

export async function lockRaffle(tx: Executor, id: string) {
  const [row] = await tx.select().from(raffles).where(eq(raffles.id, id)).for("update");
  return row;
}

export async function ticketNumbersOfProof(db: Executor, proofId: string): Promise<number[]> {
  const rows = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(eq(tickets.paymentId, proofId))
    .orderBy(asc(tickets.ticketNumber));
  return rows.map((row) => row.n);
}

export async function releaseTicketsOfProof(tx: Executor, proofId: string): Promise<number> {
  const rows = await tx
    .update(tickets)
    .set({ status: "available", userId: null, paymentId: null, soldAt: null, reservationId: null })
    .where(eq(tickets.paymentId, proofId))
    .returning({ id: tickets.id });
  return rows.length;
}

/** sold_tickets is always the count of sold ticket rows, recomputed under the raffle lock. */
export async function recountSold(tx: Executor, raffleId: string): Promise<number> {
  const [row] = await tx
    .update(raffles)
    .set({
      soldTickets: sql`(SELECT count(*) FROM tickets t WHERE t.raffle_id = ${raffleId} AND t.status = 'sold')::int`,
    })
    .where(eq(raffles.id, raffleId))
    .returning({ soldTickets: raffles.soldTickets });
  return row?.soldTickets ?? 0;
}

export async function setRaffleFields(
  tx: Executor,
  raffleId: string,
  values: Partial<typeof raffles.$inferInsert>,
) {
  await tx.update(raffles).set(values).where(eq(raffles.id, raffleId));
}

export async function updateProof(
  tx: Executor,
  id: string,
  values: Partial<typeof paymentProofs.$inferInsert>,
) {
  await tx.update(paymentProofs).set(values).where(eq(paymentProofs.id, id));
}

export async function deleteProof(tx: Executor, id: string): Promise<void> {
  await tx.delete(paymentProofs).where(eq(paymentProofs.id, id));
}

export async function pointsOfProof(tx: Executor, proofId: string): Promise<number> {
  const [row] = await tx
    .select({ total: sql<string>`coalesce(sum(${pointsHistory.pointsChange}), 0)` })
    .from(pointsHistory)
    .where(eq(pointsHistory.paymentProofId, proofId));
  return Number(row?.total ?? 0);
}

/** Whether any RifaPuntos were ever written for this purchase (credited, or credited and reversed). */
export async function hasPointsRows(tx: Executor, proofId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pointsHistory.id })
    .from(pointsHistory)
    .where(eq(pointsHistory.paymentProofId, proofId))
    .limit(1);
  return row !== undefined;
}

export async function findBuyer(tx: Executor, userId: string) {
  const [row] = await tx
    .select({ id: users.id, name: users.name, email: users.email, status: users.status })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Whether the raffle's draw named winners (instant prizes do not count: decision 0035). */
export async function raffleHasWinners(tx: Executor, raffleId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: winners.id })
    .from(winners)
    .where(and(eq(winners.raffleId, raffleId), ne(winners.source, "instant")))
    .limit(1);
  return rows.length > 0;
}

/** The vendedor's name, as the organiser wrote it (the receipt email names who sold it). */
export async function sellerNameOf(tx: Executor, sellerId: string): Promise<string | undefined> {
  const [row] = await tx.select({ name: sellers.name }).from(sellers).where(eq(sellers.id, sellerId));
  return row?.name;
}
