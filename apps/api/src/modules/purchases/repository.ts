import { and, desc, eq, gt, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, reservations, tickets, users } from "../../db/schema";
import { saleColumns } from "./sale-columns";

export type ReservationRow = typeof reservations.$inferSelect;

/** Statuses waiting for a proof: they hold their tickets only until expires_at. */
export const AWAITING_PROOF = ["active", "rejected"] as const;

/**
 * A reservation holds its tickets while it waits for a proof and is not past expires_at, or while its
 * proof is under review. Reads use this, so a late expiry job never makes a number look taken.
 */
export const holdingAt = (now: Date) =>
  or(
    eq(reservations.status, "submitted"),
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

/** Numbers taken in the raffle at `now`: sold, or reserved by a reservation still holding. */
export async function takenNumbers(db: Executor, raffleId: string, now: Date): Promise<number[]> {
  const rows = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .leftJoin(reservations, eq(reservations.id, tickets.reservationId))
    .where(
      and(
        eq(tickets.raffleId, raffleId),
        or(eq(tickets.status, "sold"), and(eq(tickets.status, "reserved"), holdingAt(now))),
      ),
    );
  return rows.map((row) => row.n);
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
  const rows = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .leftJoin(reservations, eq(reservations.id, tickets.reservationId))
    .where(
      and(
        eq(tickets.raffleId, raffleId),
        inArray(tickets.ticketNumber, numbers),
        or(eq(tickets.status, "sold"), and(eq(tickets.status, "reserved"), holdingAt(now))),
      ),
    );
  return rows.map((row) => row.n);
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
  userId: string;
  raffleId: string;
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
    .select({ id: reservations.id, userId: reservations.userId, raffleId: reservations.raffleId })
    .from(reservations)
    .where(
      and(
        eq(reservations.raffleId, raffleId),
        options.all
          ? inArray(reservations.status, ["active", "rejected", "submitted"])
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

export interface ReservationExtras {
  raffleTitle: string;
  /** The raffle's size: numbers show in its digits (null if the raffle is gone). */
  totalTickets: number | null;
  numberMode: string;
  currency: string;
  paymentMethods: string[];
  proofId: string | null;
  proofStatus: string | null;
  proofNotes: string | null;
  soldNumbers: number[];
}

/** What a reservation's payload shows besides its row: the raffle, its latest proof, numbers sold. */
export async function extrasOf(
  db: Executor,
  rows: ReservationRow[],
): Promise<Map<string, ReservationExtras>> {
  const out = new Map<string, ReservationExtras>();
  if (rows.length === 0) return out;
  const raffleIds = [...new Set(rows.map((row) => row.raffleId))];
  const raffleRows = await db
    .select({
      id: raffles.id,
      title: raffles.title,
      totalTickets: raffles.totalTickets,
      numberMode: raffles.numberMode,
      currency: raffles.currency,
      paymentMethods: raffles.paymentMethods,
    })
    .from(raffles)
    .where(inArray(raffles.id, raffleIds));
  const byRaffle = new Map(raffleRows.map((row) => [row.id, row]));
  const ids = rows.map((row) => row.id);
  const proofs = await db
    .select({
      id: paymentProofs.id,
      reservationId: paymentProofs.reservationId,
      status: paymentProofs.status,
      adminNotes: paymentProofs.adminNotes,
    })
    .from(paymentProofs)
    .where(inArray(paymentProofs.reservationId, ids))
    .orderBy(desc(paymentProofs.createdAt));
  const latest = new Map<string, (typeof proofs)[number]>();
  for (const proof of proofs) {
    if (proof.reservationId && !latest.has(proof.reservationId)) latest.set(proof.reservationId, proof);
  }
  const approvedProofIds = [...latest.values()].filter((p) => p.status === "approved").map((p) => p.id);
  const sold =
    approvedProofIds.length === 0
      ? []
      : await db
          .select({ paymentId: tickets.paymentId, n: tickets.ticketNumber })
          .from(tickets)
          .where(and(inArray(tickets.paymentId, approvedProofIds), eq(tickets.status, "sold")));
  for (const row of rows) {
    const raffle = byRaffle.get(row.raffleId);
    const proof = latest.get(row.id) ?? null;
    out.set(row.id, {
      raffleTitle: raffle?.title ?? "",
      totalTickets: raffle?.totalTickets ?? null,
      numberMode: raffle?.numberMode ?? "random",
      currency: raffle?.currency ?? row.currency,
      paymentMethods: raffle?.paymentMethods ?? [],
      proofId: proof?.id ?? null,
      proofStatus: proof?.status ?? null,
      proofNotes: proof?.adminNotes ?? null,
      soldNumbers: sold
        .filter((t) => proof && t.paymentId === proof.id)
        .map((t) => t.n)
        .sort((a, b) => a - b),
    });
  }
  return out;
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
  owner: { userId: string; paymentId: string; soldAt: Date },
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
 * The buyer's latest reservation of the raffle and whether it ever carried a proof (decision 0019: the hold
 * time belongs to the buyer and raffle, and a hold that ended without a proof is followed by a pause).
 */
export async function lastHoldOf(tx: Executor, userId: string, raffleId: string) {
  const [row] = await tx
    .select({
      id: reservations.id,
      status: reservations.status,
      expiresAt: reservations.expiresAt,
      // Table-qualified: inside the subquery an unqualified "id" would name its own table.
      hadProof: sql<boolean>`EXISTS (SELECT 1 FROM payment_proofs p WHERE p.reservation_id = "reservations"."id")`,
    })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), eq(reservations.raffleId, raffleId)))
    .orderBy(desc(reservations.createdAt), desc(reservations.id))
    .limit(1);
  return row;
}

/**
 * How many hold times of the buyer in the raffle started after `since` ended without a proof, counted
 * since their last reservation that carried one. Holds made again after a cancellation share their
 * expiry (decision 0019), so each hold time counts once.
 */
export async function unpaidHoldTimesSince(
  tx: Executor,
  userId: string,
  raffleId: string,
  since: Date,
): Promise<number> {
  const result = (await tx.execute(sql`
    SELECT count(DISTINCT r.expires_at)::int AS n FROM reservations r
    WHERE r.user_id = ${userId} AND r.raffle_id = ${raffleId}::uuid
      AND r.status IN ('active', 'cancelled', 'expired')
      AND r.created_at > ${since.toISOString()}::timestamptz
      AND NOT EXISTS (SELECT 1 FROM payment_proofs p WHERE p.reservation_id = r.id)
      AND r.created_at > coalesce((
        SELECT max(q.created_at) FROM reservations q
        WHERE q.user_id = ${userId} AND q.raffle_id = ${raffleId}::uuid
          AND (q.status IN ('submitted', 'approved', 'rejected')
            OR EXISTS (SELECT 1 FROM payment_proofs p2 WHERE p2.reservation_id = q.id))
      ), '-infinity'::timestamptz)`)) as unknown as { rows: Array<{ n: number | string }> };
  return Number(result.rows[0]?.n ?? 0);
}

/**
 * When the account's reservations started after `since`, newest first, at most `limit` of them: the
 * rolling window of holds per account (decision 0019).
 */
export async function holdsStartedSince(
  tx: Executor,
  userId: string,
  since: Date,
  limit: number,
): Promise<Date[]> {
  const rows = await tx
    .select({ createdAt: reservations.createdAt })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), gt(reservations.createdAt, since)))
    .orderBy(desc(reservations.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

/** A raffle's reservations holding tickets at `now`, with their buyers, for the organiser (decision 0019). */
export async function holdsOfRaffle(db: Executor, raffleId: string, now: Date, hourAgo: Date) {
  return db
    .select({
      id: reservations.id,
      userId: reservations.userId,
      buyerName: users.name,
      buyerEmail: users.email,
      status: reservations.status,
      quantity: reservations.quantity,
      numbers: reservations.numbers,
      createdAt: reservations.createdAt,
      expiresAt: reservations.expiresAt,
      // A hold started again after a cancellation keeps the first one's expiry: the earliest reservation
      // of this buyer and raffle with the same expiry is when this hold time began.
      since:
        sql<Date>`(SELECT min(r2.created_at) FROM reservations r2 WHERE r2.user_id = "reservations"."user_id" AND r2.raffle_id = "reservations"."raffle_id" AND r2.expires_at = "reservations"."expires_at")`.mapWith(
          reservations.createdAt,
        ),
      holdsLastHour:
        sql<number>`(SELECT count(*)::int FROM reservations r3 WHERE r3.user_id = "reservations"."user_id" AND r3.created_at > ${hourAgo.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
    })
    .from(reservations)
    .innerJoin(users, eq(users.id, reservations.userId))
    .where(and(eq(reservations.raffleId, raffleId), holdingAt(now)))
    .orderBy(desc(reservations.quantity), reservations.createdAt);
}
