import { and, asc, count, desc, eq, getTableColumns, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, reservations, tickets } from "../../db/schema";
import { saleColumns } from "../purchases";
import { foldSql, matchesAllTerms } from "../raffles";
import { heldNumbersSql } from "./held-numbers";

export type ProofRow = typeof paymentProofs.$inferSelect;
export type ProofWithRaffle = ProofRow & {
  raffleTitle: string | null;
  raffleTotalTickets: number | null;
  /** The numbers its reservation holds while the proof awaits a decision (heldNumbersSql). */
  heldNumbers?: number[] | null;
};

/** Proof columns plus the raffle's title (null for a general payment) and the numbers held for it. */
const withTitle = {
  ...getTableColumns(paymentProofs),
  raffleTitle: raffles.title,
  raffleTotalTickets: raffles.totalTickets,
  heldNumbers: heldNumbersSql,
};

export async function findProof(db: Executor, id: string): Promise<ProofWithRaffle | undefined> {
  const [row] = await db
    .select(withTitle)
    .from(paymentProofs)
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .where(eq(paymentProofs.id, id));
  return row;
}

export async function findByIdempotencyKey(
  db: Executor,
  userId: string,
  idempotencyKey: string,
): Promise<ProofWithRaffle | undefined> {
  const [row] = await db
    .select(withTitle)
    .from(paymentProofs)
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .where(and(eq(paymentProofs.userId, userId), eq(paymentProofs.idempotencyKey, idempotencyKey)));
  return row;
}

export type SaleRaffle = Awaited<ReturnType<typeof raffleForSale>>;

export async function raffleForSale(db: Executor, id: string) {
  const [row] = await db.select(saleColumns).from(raffles).where(eq(raffles.id, id));
  return row;
}

/**
 * The same row, locked until the transaction ends: uploads for one raffle take turns here, so each one
 * counts the tickets the previous ones hold before deciding.
 */
export async function lockRaffleForSale(tx: Executor, id: string) {
  const [row] = await tx
    .select(saleColumns)
    .from(raffles)
    .where(eq(raffles.id, id))
    .for("update", { of: raffles });
  return row;
}

/**
 * Mirrors the partial unique index payment_proofs_live_ref_idx (reference key, live statuses), and also
 * sees the copies the index leaves out. `referenceKey` is paymentReferenceKey's (decision 0022).
 */
export async function liveReferenceExists(db: Executor, referenceKey: string): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentProofs.id })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.referenceKey, referenceKey),
        inArray(paymentProofs.status, ["pending", "approved", "verified"]),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertProof(
  tx: Executor,
  values: typeof paymentProofs.$inferInsert,
): Promise<ProofRow> {
  const [row] = await tx.insert(paymentProofs).values(values).returning();
  if (!row) throw new Error("no se pudo guardar el comprobante");
  return row;
}

function mineFilter(userId: string, terms: string[]): SQL | undefined {
  const haystack = foldSql(sql`coalesce(${raffles.title}, '') || ' ' || ${paymentProofs.transactionRef}`);
  return and(
    eq(paymentProofs.userId, userId),
    matchesAllTerms(terms, (pattern) => sql`${haystack} LIKE ${pattern}`),
  );
}

export async function listMine(
  db: Executor,
  userId: string,
  terms: string[],
  page: { offset: number; limit: number },
): Promise<ProofWithRaffle[]> {
  return db
    .select(withTitle)
    .from(paymentProofs)
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .where(mineFilter(userId, terms))
    .orderBy(desc(paymentProofs.createdAt), desc(paymentProofs.id))
    .offset(page.offset)
    .limit(page.limit);
}

export async function countMine(db: Executor, userId: string, terms: string[]): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(paymentProofs)
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .where(mineFilter(userId, terms));
  return Number(row?.total ?? 0);
}

/** Ticket numbers assigned to these proofs, ascending, grouped by proof. */
export async function ticketNumbersOf(db: Executor, proofIds: string[]): Promise<Map<string, number[]>> {
  const byProof = new Map<string, number[]>();
  if (proofIds.length === 0) return byProof;
  const rows = await db
    .select({ paymentId: tickets.paymentId, ticketNumber: tickets.ticketNumber })
    .from(tickets)
    .where(and(inArray(tickets.paymentId, proofIds), eq(tickets.status, "sold")))
    .orderBy(asc(tickets.ticketNumber));
  for (const row of rows) {
    if (!row.paymentId) continue;
    const list = byProof.get(row.paymentId) ?? [];
    list.push(row.ticketNumber);
    byProof.set(row.paymentId, list);
  }
  return byProof;
}

/** The abonos (decision 0034) among these reservations: what their payments' balance is read against. */
export async function abonoReservationsOf(db: Executor, reservationIds: string[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      id: reservations.id,
      status: reservations.status,
      numbers: reservations.numbers,
      pricing: reservations.pricing,
      currency: reservations.currency,
    })
    .from(reservations)
    .where(and(inArray(reservations.id, reservationIds), eq(reservations.kind, "abono")));
}
