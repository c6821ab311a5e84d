// Ticket pool and draw:
//  - generateTicketPool (admin module): the transaction that locks the raffle, writes every number with
//    its ONE set-based INSERT ... generate_series, sets tickets_generated and publishes the change; timed
//    on `runs` fresh 10 000-ticket raffles.
//  - the draw engine (createDrawTranscript, which selectWinners calls: ticket-list hash + drawWinners)
//    over 10 000 sold numbers; the first call of the process (engine code cold, as on the first draw after
//    a restart) and the median of warm calls. It never touches the database, so only one process runs it.
//  - the full server-side draw: POST /api/raffles/:id/draw on a raffle whose 10 000 tickets are sold to
//    200 buyers (load sold tickets, run the engine, store winners and the transcript, notify everyone).
import { randomBytes, randomUUID } from "node:crypto";
import { commitmentForSeed, createDrawTranscript, drawWinners, generateSeed } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import { paymentProofs, raffles, users } from "../../apps/api/src/db/schema";
import { generateTicketPool, waitForTicketPools } from "../../apps/api/src/modules/admin/raffles/ticket-pool";
import { createRaffle, type Harness, percentile } from "./harness";

const TOTAL = 10_000;
const BUYERS = 200;
const PRIZE_LEVELS = [
  { level: 1, count: 1, description: "Primer premio" },
  { level: 2, count: 3, description: "Segundo premio" },
  { level: 3, count: 10, description: "Tercer premio" },
];

export interface PoolResult {
  database: string;
  poolRuns: number[];
  /** null when the engine was measured in the other database's process. */
  engine: { cold: number; warm: number; drawWinnersWarm: number } | null;
  fullDraw: number;
  fullDrawStatus: number;
  winners: number;
}

async function insertRaffleRow(h: Harness, title: string): Promise<string> {
  const drawSeed = await generateSeed();
  const [row] = await h.app.ctx.db
    .insert(raffles)
    .values({
      title,
      description: "Creada por npm run bench",
      price: 1,
      totalTickets: TOTAL,
      status: "active",
      endDate: new Date("2030-06-01T20:00:00Z"),
      drawSeed,
      drawSeedCommitment: await commitmentForSeed(drawSeed),
    })
    .returning({ id: raffles.id });
  if (!row) throw new Error("no se pudo insertar la rifa");
  return row.id;
}

export async function benchPool(h: Harness, options: { runs: number; engine: boolean }): Promise<PoolResult> {
  const ctx = h.app.ctx;

  // 1. Pool generation, each on a raffle that has none yet.
  const poolRuns: number[] = [];
  for (let i = 0; i < options.runs; i++) {
    const id = await insertRaffleRow(h, `Lote ${i + 1}`);
    const t0 = performance.now();
    const found = await generateTicketPool(ctx, id);
    poolRuns.push(performance.now() - t0);
    if (!found) throw new Error("generateTicketPool no encontró la rifa");
  }

  // 2. The engine alone, on the numbers 0..9999 (it never touches the database: measured once per run).
  let engine: PoolResult["engine"] = null;
  if (options.engine) {
    const numbers = Array.from({ length: TOTAL }, (_, i) => i);
    const input = {
      seedHex: await generateSeed(),
      raffleId: randomUUID(),
      ticketNumbers: numbers,
      publicValue: "",
      prizeLevels: PRIZE_LEVELS,
      drawnAt: new Date(),
    };
    // WebCrypto is already loaded in a running server (seeds and commitments use it); only the engine's
    // own code is cold here, as on the first draw after a restart.
    await commitmentForSeed(input.seedHex);
    let t0 = performance.now();
    await createDrawTranscript(input);
    const cold = performance.now() - t0;
    const warm: number[] = [];
    const winnersOnly: number[] = [];
    for (let i = 0; i < 7; i++) {
      const seeded = { ...input, seedHex: await generateSeed() };
      t0 = performance.now();
      await createDrawTranscript(seeded);
      warm.push(performance.now() - t0);
      t0 = performance.now();
      await drawWinners(seeded);
      winnersOnly.push(performance.now() - t0);
    }
    engine = { cold, warm: percentile(warm, 50), drawWinnersWarm: percentile(winnersOnly, 50) };
  }

  // 3. The full draw over a sold-out raffle: 200 buyers, one approved proof each for 50 tickets.
  const raffleId = await createRaffle(h, { title: "Rifa agotada para el sorteo" });
  await waitForTicketPools(ctx);
  const suffix = randomBytes(4).toString("hex");
  const buyerRows = Array.from({ length: BUYERS }, (_, i) => ({
    id: `bench_${suffix}_${i}`,
    name: `Participante ${i + 1}`,
    email: `participante${i + 1}.${suffix}@example.com`,
    emailVerified: true,
  }));
  await ctx.db.insert(users).values(buyerRows);
  const proofs = await ctx.db
    .insert(paymentProofs)
    .values(
      buyerRows.map((buyer, i) => ({
        userId: buyer.id,
        raffleId,
        amount: TOTAL / BUYERS,
        paymentMethod: "zelle",
        transactionRef: `DRAW-${suffix}-${i}`,
        proofImagePath: `proofs/bench/${suffix}-${i}.png`,
        proofContentType: "image/png",
        proofSize: 1000,
        status: "approved",
        quantityOfTickets: TOTAL / BUYERS,
      })),
    )
    .returning({ id: paymentProofs.id, userId: paymentProofs.userId });
  await h.database.query(
    `UPDATE tickets t SET status = 'sold', user_id = m.user_id, payment_id = m.proof_id, sold_at = now()
       FROM (SELECT u.user_id, u.proof_id, u.ord - 1 AS idx
               FROM unnest($1::text[], $2::uuid[]) WITH ORDINALITY AS u(user_id, proof_id, ord)) m
      WHERE t.raffle_id = $3 AND t.ticket_number % $4 = m.idx`,
    [proofs.map((p) => p.userId), proofs.map((p) => p.id), raffleId, BUYERS],
  );
  // Sold out and past its draw date: the draw is due.
  await ctx.db
    .update(raffles)
    .set({ soldTickets: TOTAL, endDate: new Date(Date.now() - 60_000) })
    .where(eq(raffles.id, raffleId));

  const t0 = performance.now();
  const response = await h.call("POST", `/api/raffles/${raffleId}/draw`, {});
  const fullDraw = performance.now() - t0;
  const winners =
    response.statusCode === 200 ? ((response.json() as { winners: unknown[] }).winners?.length ?? 0) : 0;
  if (response.statusCode !== 200) console.error(`sorteo: ${response.statusCode} ${response.body}`);

  return {
    database: h.kind,
    poolRuns,
    engine,
    fullDraw,
    fullDrawStatus: response.statusCode,
    winners,
  };
}
