// The race for the last numbers (decision 0014): a chosen-mode raffle of 1 000 numbers whose first 900 are
// already held by one purchase under review, and `buyers` buyers who each try to reserve 2 of the last
// 100 numbers at once (the reservation service, as POST /api/raffles/:id/reservations calls it, with
// `concurrency` in flight on the app's pool of 10 connections). Then the invariants: no number held by two
// reservations, every reserved ticket belongs to the reservation that lists it, and the winners hold
// exactly the numbers they asked for.
import { randomInt } from "node:crypto";
import type { SessionUser } from "@rifazo/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import { reservations, tickets, users } from "../../apps/api/src/db/schema";
import { waitForTicketPools } from "../../apps/api/src/modules/admin/raffles/ticket-pool";
import { reserve } from "../../apps/api/src/modules/purchases/service";
import { buyerSession } from "../../apps/api/test/session-user";
import { createRaffle, type Harness, inParallel, percentile } from "./harness";

const sessionUser = (id: string, i: number): SessionUser =>
  buyerSession({ id, email: `carrera${i}@rifazo.bench`, fullName: `Comprador ${i}` });

const TOTAL = 1_000;
const LAST = 100;

export interface RaceResult {
  buyers: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  latencyP50: number;
  latencyP99: number;
  won: number;
  taken: number;
  other: string[];
  numbersHeld: number;
  invariants: Array<{ name: string; ok: boolean; detail: string }>;
}

export async function benchRace(
  h: Harness,
  options: { buyers: number; concurrency: number },
): Promise<RaceResult> {
  const { db } = h.app.ctx;
  const raffleId = await createRaffle(h, {
    title: "Carrera por los últimos números",
    totalTickets: TOTAL,
    numberMode: "chosen",
    maxTicketsPerBuyer: TOTAL,
  });
  await waitForTicketPools(h.app.ctx);

  // One bulk purchase under review holds numbers 100..999: only 0..99 are left.
  const ids = Array.from({ length: options.buyers + 1 }, (_, i) => `bench_race_${i}_${randomInt(1e9)}`);
  for (let i = 0; i < ids.length; i += 500) {
    await db.insert(users).values(
      ids.slice(i, i + 500).map((id, j) => ({
        id,
        name: `Comprador ${i + j}`,
        email: `carrera${i + j}.${id}@rifazo.bench`,
        emailVerified: true,
      })),
    );
  }
  const bulkNumbers = Array.from({ length: TOTAL - LAST }, (_, i) => LAST + i);
  const [bulk] = await db
    .insert(reservations)
    .values({
      raffleId,
      userId: ids[0] as string,
      status: "submitted",
      quantity: bulkNumbers.length,
      numbers: bulkNumbers,
      expiresAt: new Date(Date.now() + 3600_000),
      unitPrice: 1,
      currency: "USD",
      pricing: {
        quantity: bulkNumbers.length,
        unitPrice: 1,
        currency: "USD",
        subtotal: bulkNumbers.length,
        combosUsed: [],
        comboTotal: bulkNumbers.length,
        levelName: null,
        levelDiscountPercent: 0,
        levelTotal: bulkNumbers.length,
        applied: "none",
        discount: 0,
        total: bulkNumbers.length,
      },
    })
    .returning({ id: reservations.id });
  await db
    .update(tickets)
    .set({ status: "reserved", reservationId: bulk?.id })
    .where(and(eq(tickets.raffleId, raffleId), inArray(tickets.ticketNumber, bulkNumbers)));

  const wanted = ids.slice(1).map(() => {
    const first = randomInt(LAST);
    let second = randomInt(LAST - 1);
    if (second >= first) second += 1;
    return [first, second];
  });
  const latencies: number[] = [];
  let won = 0;
  let taken = 0;
  const other: string[] = [];
  const started = performance.now();
  await inParallel(options.buyers, options.concurrency, async (i) => {
    const t0 = performance.now();
    try {
      await reserve(
        h.app.ctx,
        sessionUser(ids[i + 1] as string, i),
        raffleId,
        { numbers: wanted[i] },
        undefined,
        new Date(),
        // One address per buyer, from the benchmarking range (RFC 2544), as many buyers on many
        // connections: the holds-per-address limit (decision 0019) is counted but never hit.
        { ip: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      );
      won++;
    } catch (error) {
      const code = (error as { code?: string }).code ?? String((error as Error).message ?? error);
      if (code === "NUMBERS_TAKEN") taken++;
      else if (other.length < 10) other.push(code);
    } finally {
      latencies.push(performance.now() - t0);
    }
  });
  const seconds = (performance.now() - started) / 1000;

  const holding = ["active", "submitted", "rejected"];
  const twice = await db.execute<{ n: number; holders: number }>(sql`
    SELECT n, count(*)::int AS holders FROM reservations r, unnest(r.numbers) AS n
    WHERE r.raffle_id = ${raffleId} AND r.status IN ('active', 'submitted', 'rejected')
    GROUP BY n HAVING count(*) > 1`);
  const twiceRows = (twice as unknown as { rows?: unknown[] }).rows ?? (twice as unknown as unknown[]);
  const mismatched = await db.execute(sql`
    SELECT t.ticket_number FROM tickets t JOIN reservations r ON r.id = t.reservation_id
    WHERE t.raffle_id = ${raffleId} AND t.status = 'reserved' AND NOT (t.ticket_number = ANY(r.numbers))`);
  const mismatchedRows =
    (mismatched as unknown as { rows?: unknown[] }).rows ?? (mismatched as unknown as unknown[]);
  const held = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "reserved")));
  const winners = await db
    .select({ quantity: reservations.quantity })
    .from(reservations)
    .where(and(eq(reservations.raffleId, raffleId), inArray(reservations.status, holding)));
  const heldByWinners = winners.reduce((sum, row) => sum + row.quantity, 0);
  return {
    buyers: options.buyers,
    concurrency: options.concurrency,
    seconds,
    perSecond: options.buyers / seconds,
    latencyP50: percentile(latencies, 50),
    latencyP99: percentile(latencies, 99),
    won,
    taken,
    other,
    numbersHeld: held.length,
    invariants: [
      {
        name: "Ningún número retenido por dos reservas",
        ok: twiceRows.length === 0,
        detail: `${twiceRows.length} números repetidos`,
      },
      {
        name: "Cada boleto reservado pertenece a la reserva que lo lista",
        ok: mismatchedRows.length === 0,
        detail: `${mismatchedRows.length} boletos fuera de su reserva`,
      },
      {
        name: "Boletos reservados = suma de las reservas vigentes",
        ok: held.length === heldByWinners,
        detail: `${held.length} reservados, ${heldByWinners} en ${winners.length} reservas (la compra grande y ${winners.length - 1} ganadores)`,
      },
    ],
  };
}
