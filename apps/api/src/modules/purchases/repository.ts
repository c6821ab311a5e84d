import { and, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import {
  paymentProofs,
  raffles,
  reservations,
  sellerRaffles,
  sellers,
  tickets,
  users,
} from "../../db/schema";
import { saleColumns } from "./sale-columns";

export type ReservationRow = typeof reservations.$inferSelect;

/** Statuses waiting for a proof: they hold their tickets only until expires_at. */
export const AWAITING_PROOF = ["active", "rejected"] as const;

/**
 * Statuses that hold their tickets whatever expires_at says: a proof under review, and an abono with part
 * of the price paid (held until the list freezes, decision 0034).
 */
export const HELD_UNTIL_DECIDED = ["submitted", "partial"] as const;

/**
 * A reservation holds its tickets while it waits for a proof and is not past expires_at, or while its
 * proof is under review (or an abono is part paid). Reads use this, so a late expiry job never makes a
 * number look taken.
 */
export const holdingAt = (now: Date) =>
  or(
    inArray(reservations.status, [...HELD_UNTIL_DECIDED]),
    and(inArray(reservations.status, [...AWAITING_PROOF]), gt(reservations.expiresAt, now)),
  );

/** What reserving reads from a raffle: the sale rules plus how it sells (mode, packages, minutes). */
const purchaseColumns = {
  ...saleColumns,
  ticketsGenerated: raffles.ticketsGenerated,
  numberMode: raffles.numberMode,
  reservationMinutes: raffles.reservationMinutes,
  combos: raffles.combos,
  paymentMethods: raffles.paymentMethods,
  installmentMinimum: raffles.installmentMinimum,
};

export type PurchaseRaffle = NonNullable<Awaited<ReturnType<typeof purchaseRaffle>>>;

export async function purchaseRaffle(db: Executor, id: string, lock = false) {
  const query = db.select(purchaseColumns).from(raffles).where(eq(raffles.id, id));
  const [row] = lock ? await query.for("update", { of: raffles }) : await query;
  return row;
}

/**
 * Tickets held and not sold: reservations holding at `now`, plus proofs under review sent before
 * reservations existed (they have none).
 */
export async function heldTickets(tx: Executor, raffleId: string, now: Date): Promise<number> {
  const [reserved] = await tx
    .select({ n: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int` })
    .from(reservations)
    .where(and(eq(reservations.raffleId, raffleId), holdingAt(now)));
  const [legacy] = await tx
    .select({ n: sql<number>`coalesce(sum(${paymentProofs.quantityOfTickets}), 0)::int` })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.raffleId, raffleId),
        eq(paymentProofs.status, "pending"),
        isNull(paymentProofs.reservationId),
      ),
    );
  return Number(reserved?.n ?? 0) + Number(legacy?.n ?? 0);
}

/**
 * Numbers taken in the raffle at `now`: sold, or reserved by a reservation still holding; only those of
 * `among` when given.
 */
async function taken(db: Executor, raffleId: string, now: Date, among?: number[]): Promise<number[]> {
  const rows = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .leftJoin(reservations, eq(reservations.id, tickets.reservationId))
    .where(
      and(
        eq(tickets.raffleId, raffleId),
        among ? inArray(tickets.ticketNumber, among) : undefined,
        or(eq(tickets.status, "sold"), and(eq(tickets.status, "reserved"), holdingAt(now))),
      ),
    );
  return rows.map((row) => row.n);
}

/** Numbers taken in the raffle at `now`: sold, or reserved by a reservation still holding. */
export function takenNumbers(db: Executor, raffleId: string, now: Date): Promise<number[]> {
  return taken(db, raffleId, now);
}

/**
 * The caller's own numbers in the raffle: held by their reservations still holding at `now` (the same
 * rule as takenNumbers, so the grid agrees with the bitmap) and sold to them. Never anyone else's.
 */
export async function ownNumbers(
  db: Executor,
  raffleId: string,
  userId: string,
  now: Date,
): Promise<{ held: number[]; owned: number[] }> {
  const rows = await db
    .select({ n: tickets.ticketNumber, status: tickets.status })
    .from(tickets)
    .leftJoin(reservations, eq(reservations.id, tickets.reservationId))
    .where(
      and(
        eq(tickets.raffleId, raffleId),
        or(
          and(eq(tickets.status, "sold"), eq(tickets.userId, userId)),
          and(eq(tickets.status, "reserved"), eq(reservations.userId, userId), holdingAt(now)),
        ),
      ),
    )
    .orderBy(tickets.ticketNumber);
  return {
    held: rows.filter((row) => row.status === "reserved").map((row) => row.n),
    owned: rows.filter((row) => row.status === "sold").map((row) => row.n),
  };
}

/** Which of these numbers are taken at `now` (a read without locks, to turn away a race's losers early). */
export async function takenAmong(
  db: Executor,
  raffleId: string,
  numbers: number[],
  now: Date,
): Promise<number[]> {
  if (numbers.length === 0) return [];
  return taken(db, raffleId, now, numbers);
}

export async function insertReservation(
  tx: Executor,
  values: typeof reservations.$inferInsert,
): Promise<ReservationRow> {
  const [row] = await tx.insert(reservations).values(values).returning();
  if (!row) throw new Error("no se pudo guardar la reserva");
  return row;
}

/**
 * Marks the chosen numbers reserved for the reservation, only those still available, in one statement:
 * what it returns is what this reservation got (the raffle row lock makes concurrent ones take turns).
 */
export async function reserveNumbers(
  tx: Executor,
  raffleId: string,
  reservationId: string,
  numbers: number[],
): Promise<number[]> {
  const rows = await tx
    .update(tickets)
    .set({ status: "reserved", reservationId })
    .where(
      and(
        eq(tickets.raffleId, raffleId),
        sql`${tickets.ticketNumber} = ANY(${sql.raw(`ARRAY[${numbers.map((n) => Math.trunc(n)).join(",")}]::int[]`)})`,
        eq(tickets.status, "available"),
      ),
    )
    .returning({ n: tickets.ticketNumber });
  return rows.map((row) => row.n);
}

/** Frees the tickets a reservation reserved (never sold ones). */
export async function releaseTickets(tx: Executor, reservationIds: string[]): Promise<void> {
  if (reservationIds.length === 0) return;
  await tx
    .update(tickets)
    .set({ status: "available", reservationId: null })
    .where(and(inArray(tickets.reservationId, reservationIds), eq(tickets.status, "reserved")));
}

export interface ReleasedReservation {
  id: string;
  userId: string | null;
  raffleId: string;
  kind: string;
}

/**
 * Ends every reservation of the raffle still waiting for a proof past its expires_at (or all holding ones
 * with `all`, before a freeze) and frees its tickets. Rows another transaction holds are skipped: that
 * one is converting or cancelling them right now.
 */
export async function releaseDue(
  tx: Executor,
  raffleId: string,
  now: Date,
  options: { all?: boolean; status?: "expired" | "cancelled" } = {},
): Promise<ReleasedReservation[]> {
  const due = await tx
    .select({
      id: reservations.id,
      userId: reservations.userId,
      raffleId: reservations.raffleId,
      kind: reservations.kind,
    })
    .from(reservations)
    .where(
      and(
        eq(reservations.raffleId, raffleId),
        options.all
          ? inArray(reservations.status, [...AWAITING_PROOF, ...HELD_UNTIL_DECIDED])
          : and(inArray(reservations.status, [...AWAITING_PROOF]), lte(reservations.expiresAt, now)),
      ),
    )
    .for("update", { skipLocked: true });
  if (due.length === 0) return [];
  const ids = due.map((row) => row.id);
  await tx
    .update(reservations)
    .set({ status: options.status ?? "expired", releasedAt: now, updatedAt: now })
    .where(inArray(reservations.id, ids));
  await releaseTickets(tx, ids);
  return due;
}

/** Ends the buyer's reservations of the raffle that wait for a proof (cancelled) and frees their tickets. */
export async function cancelAwaitingOf(tx: Executor, userId: string, raffleId: string, now: Date) {
  const rows = await tx
    .update(reservations)
    .set({ status: "cancelled", releasedAt: now, updatedAt: now })
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.raffleId, raffleId),
        inArray(reservations.status, [...AWAITING_PROOF]),
      ),
    )
    .returning({ id: reservations.id });
  await releaseTickets(
    tx,
    rows.map((row) => row.id),
  );
}

/** Raffles with a reservation waiting for a proof past its expiry (what the job visits). */
export async function rafflesWithDueReservations(db: Executor, now: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ raffleId: reservations.raffleId })
    .from(reservations)
    .where(and(inArray(reservations.status, [...AWAITING_PROOF]), lte(reservations.expiresAt, now)));
  return rows.map((row) => row.raffleId);
}

/** The buyer's reservation of this raffle still waiting for a proof at `now`, if any. */
export async function awaitingProofOf(tx: Executor, userId: string, raffleId: string, now: Date) {
  const [row] = await tx
    .select({ id: reservations.id })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.raffleId, raffleId),
        inArray(reservations.status, [...AWAITING_PROOF]),
        gt(reservations.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

export async function findReservation(db: Executor, id: string, lock = false) {
  const query = db.select().from(reservations).where(eq(reservations.id, id));
  const [row] = lock ? await query.for("update") : await query;
  return row;
}

export async function findByIdempotencyKey(db: Executor, userId: string, key: string) {
  const [row] = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.userId, userId), eq(reservations.idempotencyKey, key)));
  return row;
}

export async function updateReservation(
  tx: Executor,
  id: string,
  values: Partial<typeof reservations.$inferInsert>,
): Promise<void> {
  await tx.update(reservations).set(values).where(eq(reservations.id, id));
}

/** The buyer's holding reservations and the last `others` ended ones, newest first. */
export async function listMine(db: Executor, userId: string, now: Date, others: number) {
  const holding = await db
    .select()
    .from(reservations)
    .where(and(eq(reservations.userId, userId), holdingAt(now)))
    .orderBy(desc(reservations.createdAt));
  const ended = await db
    .select()
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        holding.length > 0
          ? notInArray(
              reservations.id,
              holding.map((row) => row.id),
            )
          : undefined,
      ),
    )
    .orderBy(desc(reservations.createdAt))
    .limit(others);
  return [...holding, ...ended].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}

export async function buyerOf(db: Executor, userId: string) {
  const [row] = await db
    .select({ name: users.name, email: users.email, level: users.rifazoLevel })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** Sells exactly the tickets the reservation holds to the proof's buyer; returns their numbers. */
export async function sellReserved(
  tx: Executor,
  reservationId: string,
  owner: { userId: string | null; paymentId: string; soldAt: Date },
): Promise<number[]> {
  const rows = await tx
    .update(tickets)
    .set({ status: "sold", userId: owner.userId, paymentId: owner.paymentId, soldAt: owner.soldAt })
    .where(and(eq(tickets.reservationId, reservationId), eq(tickets.status, "reserved")))
    .returning({ n: tickets.ticketNumber });
  return rows.map((row) => row.n).sort((a, b) => a - b);
}

/** A raffle has a reservation or a sale: its number mode and packages are locked. */
export async function purchaseRulesLocked(db: Executor, raffleId: string): Promise<boolean> {
  const [row] = await db
    .select({
      // Table-qualified: inside the subqueries an unqualified "id" would name their own table.
      locked: sql<boolean>`(${raffles.soldTickets} > 0 OR EXISTS (SELECT 1 FROM reservations r WHERE r.raffle_id = "raffles"."id") OR EXISTS (SELECT 1 FROM payment_proofs p WHERE p.raffle_id = "raffles"."id"))`,
    })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  return row?.locked === true;
}

/**
 * The vendedor a link's code credits for this raffle (docs/decisions/0034-vendedores.md): active, allowed
 * to sell it, and not the buyer themself. Null otherwise: a link that no longer credits anyone never
 * stops a purchase.
 */
export async function creditedSeller(
  tx: Executor,
  code: string,
  raffleId: string,
  buyerId: string,
): Promise<string | null> {
  const [row] = await tx
    .select({ id: sellers.id, userId: sellers.userId })
    .from(sellers)
    .innerJoin(sellerRaffles, eq(sellerRaffles.sellerId, sellers.id))
    .where(
      and(
        eq(sellers.code, code),
        eq(sellers.status, "active"),
        eq(sellerRaffles.raffleId, raffleId),
        eq(sellerRaffles.allowed, true),
      ),
    );
  return row && row.userId !== buyerId ? row.id : null;
}

/** The payments of abono purchases (decision 0034), oldest first: every status, for the balance and its list. */
export async function abonoPaymentsOf(db: Executor, reservationIds: string[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      id: paymentProofs.id,
      reservationId: paymentProofs.reservationId,
      saleId: paymentProofs.saleId,
      amount: paymentProofs.amount,
      currency: paymentProofs.currency,
      exchangeRate: paymentProofs.exchangeRate,
      method: paymentProofs.paymentMethod,
      status: paymentProofs.status,
      createdAt: paymentProofs.createdAt,
    })
    .from(paymentProofs)
    .where(inArray(paymentProofs.reservationId, reservationIds))
    .orderBy(paymentProofs.createdAt);
}
