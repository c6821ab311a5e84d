// Rows for tests, inserted directly with drizzle (no API round trip): shared by the public and admin
// module tests so each inserts raffles, prizes, winners and proofs the same way.

import { randomBytes } from "node:crypto";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../src/db/client";
import { auditLog, paymentProofs, prizeLevels, raffles, settings, tickets, winners } from "../src/db/schema";

let counter = 0;

/**
 * A raffle row. Proofs and tickets of a frozen or finished raffle are refused by the database (migration
 * 0007), so a test that needs them inserts the raffle active, adds its sales, then calls setRaffleState.
 */
export async function insertRaffle(db: Executor, values: Partial<typeof raffles.$inferInsert> = {}) {
  counter += 1;
  const cancelled =
    values.status === "cancelled"
      ? { cancelledAt: new Date(), cancelReason: "Cancelada en una prueba." }
      : {};
  const [row] = await db
    .insert(raffles)
    // The database has no default total (the organiser always chooses one): the tests' usual is the maximum.
    .values({
      title: `Rifa de prueba ${counter}`,
      price: 5,
      totalTickets: 10_000,
      status: "active",
      ...cancelled,
      ...values,
    })
    .returning();
  if (!row) throw new Error("insertRaffle: no row");
  return row;
}

export async function insertPrizeLevel(db: Executor, values: typeof prizeLevels.$inferInsert) {
  await db.insert(prizeLevels).values(values);
}

export async function insertWinner(
  db: Executor,
  values: Partial<typeof winners.$inferInsert> & { raffleId: string; ticketNumber: number },
) {
  const [row] = await db
    .insert(winners)
    .values({ winnerName: "Ganador de prueba", prizeDescription: "Premio Principal", ...values })
    .returning();
  if (!row) throw new Error("insertWinner: no row");
  return row;
}

export async function insertProof(
  db: Executor,
  values: Partial<typeof paymentProofs.$inferInsert> & { userId: string; raffleId: string | null },
) {
  // A bank reference's key is its digits (decision 0022): a random number keeps every default unique.
  const paymentMethod = values.paymentMethod ?? "pago_movil";
  const transactionRef = values.transactionRef ?? `REF-${randomBytes(6).readUIntBE(0, 6)}`;
  const [row] = await db
    .insert(paymentProofs)
    .values({
      amount: 10,
      proofImagePath: `proofs/test/${randomBytes(6).toString("hex")}.png`,
      proofContentType: "image/png",
      proofSize: 1234,
      quantityOfTickets: 2,
      ...values,
      paymentMethod,
      transactionRef,
      referenceKey: values.referenceKey ?? paymentReferenceKey(paymentMethod, transactionRef),
      // As the analysis worker stores it.
      ocrReferenceKey:
        values.ocrReferenceKey ??
        (values.ocr?.fields.reference
          ? paymentReferenceKey(paymentMethod, values.ocr.fields.reference)
          : null),
    })
    .returning();
  if (!row) throw new Error("insertProof: no row");
  return row;
}

/** Moves a raffle on along its lifecycle after its sales were written (closed, frozen, finished, cancelled). */
export async function setRaffleState(
  db: Executor,
  id: string,
  status: "closed" | "frozen" | "finished" | "cancelled",
  at: Date = new Date(),
) {
  await db
    .update(raffles)
    .set({
      status,
      closedAt: at,
      closeReason: "end_date",
      ...(status === "frozen" || status === "finished" ? { frozenAt: at } : {}),
      ...(status === "cancelled" ? { cancelledAt: at, cancelReason: "Cancelada en una prueba." } : {}),
    })
    .where(eq(raffles.id, id));
}

/** Sold ticket numbers of a raffle, ascending. */
export async function soldNumbers(db: Executor, raffleId: string): Promise<number[]> {
  const rows = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")));
  return rows.map((row) => row.n).sort((a, b) => a - b);
}

export async function raffleRow(db: Executor, id: string) {
  const [row] = await db.select().from(raffles).where(eq(raffles.id, id));
  if (!row) throw new Error("raffleRow: no row");
  return row;
}

/** A setting row written straight into the table (insert or replace), as an admin's save would leave it. */
export async function putSetting(db: Executor, key: string, value: unknown) {
  await db
    .insert(settings)
    .values({ key, value })
    .onConflictDoUpdate({ target: settings.key, set: { value } });
}

/**
 * An active raffle of 100 numbers at 5 a ticket, open for a week, with its ticket rows generated (numbers
 * 0 to total − 1, all available), as the chosen-numbers purchase needs.
 */
export async function insertRaffleWithTickets(
  db: Executor,
  values: Partial<typeof raffles.$inferInsert> = {},
) {
  const raffle = await insertRaffle(db, {
    price: 5,
    totalTickets: 100,
    endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    ...values,
  });
  await db.execute(
    sql`INSERT INTO tickets (raffle_id, ticket_number) SELECT ${raffle.id}::uuid, n FROM generate_series(0, ${raffle.totalTickets - 1}) n`,
  );
  await db.execute(sql`UPDATE raffles SET tickets_generated = true WHERE id = ${raffle.id}::uuid`);
  return raffle;
}

/** How many audit entries about `entityId` record `action`. */
export async function auditCount(db: Executor, entityId: string, action: string): Promise<number> {
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
  return rows.length;
}
