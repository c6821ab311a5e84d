// Approvals per second: a 10 000-ticket raffle, N pending proofs of 10 tickets each from a few buyers
// (inserted directly, as POST /api/proofs would leave them), approved through
// POST /api/admin/proofs/:id/approve with `concurrency` requests in flight. Then the invariants: every
// approval got 10 distinct numbers, no number is sold twice, raffles.sold_tickets equals the sold rows,
// and each buyer's rifazo_points equals the sum of their points ledger.
import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { paymentProofs, raffles, tickets, users } from "../../apps/api/src/db/schema";
import { waitForTicketPools } from "../../apps/api/src/modules/admin/raffles/ticket-pool";
import { createUser } from "../../apps/api/test/helpers";
import { createRaffle, type Harness, inParallel, percentile } from "./harness";

const TICKETS_PER_PROOF = 10;
const PRICE = 1;

export interface ApprovalsResult {
  database: string;
  /** Approvals sent (all of them, or as many as fitted in maxSeconds). */
  proofs: number;
  /** Pending proofs prepared. */
  pending: number;
  concurrency: number;
  buyers: number;
  seconds: number;
  perSecond: number;
  latencyP50: number;
  latencyP99: number;
  failures: string[];
  invariants: Array<{ name: string; ok: boolean; detail: string }>;
}

export async function benchApprovals(
  h: Harness,
  options: { proofs: number; concurrency: number; buyers: number; maxSeconds: number },
): Promise<ApprovalsResult> {
  const { db } = h.app.ctx;
  const raffleId = await createRaffle(h, { title: "Rifa de aprobaciones", price: PRICE });
  await waitForTicketPools(h.app.ctx);

  const buyers: string[] = [];
  for (let i = 0; i < options.buyers; i++) {
    buyers.push((await createUser(h.app, { fullName: `Comprador ${i + 1}` })).id);
  }
  const rows = Array.from({ length: options.proofs }, (_, i) => ({
    userId: buyers[i % buyers.length] as string,
    raffleId,
    amount: PRICE * TICKETS_PER_PROOF,
    currency: "USD",
    paymentMethod: "pago_movil",
    transactionRef: `BENCH-${i}-${randomBytes(4).toString("hex")}`,
    proofImagePath: `proofs/bench/${randomBytes(8).toString("hex")}.png`,
    proofImageFilename: "comprobante.png",
    proofContentType: "image/png",
    proofSize: 48_213,
    status: "pending",
    quantityOfTickets: TICKETS_PER_PROOF,
  }));
  const proofIds: string[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const inserted = await db
      .insert(paymentProofs)
      .values(rows.slice(i, i + 500))
      .returning({ id: paymentProofs.id });
    proofIds.push(...inserted.map((row) => row.id));
  }

  const latencies: number[] = [];
  const failures: string[] = [];
  const assigned: string[] = [];
  let fresh = 0;
  const started = performance.now();
  // Bounded in time too, so a slow machine still finishes the bench; the rate is what was approved.
  const deadline = started + options.maxSeconds * 1000;
  let attempted = 0;
  await inParallel(proofIds.length, options.concurrency, async (i) => {
    const t0 = performance.now();
    if (t0 > deadline) return;
    attempted++;
    const response = await h.call("POST", `/api/admin/proofs/${proofIds[i]}/approve`);
    latencies.push(performance.now() - t0);
    if (response.statusCode !== 200) {
      failures.push(`${response.statusCode} ${response.body.slice(0, 200)}`);
      return;
    }
    const body = response.json() as { tickets: string[]; alreadyApproved: boolean };
    if (!body.alreadyApproved) fresh++;
    assigned.push(...body.tickets);
  });
  const seconds = (performance.now() - started) / 1000;

  // Invariants, straight from the tables.
  const expectedSold = fresh * TICKETS_PER_PROOF;
  const [soldRow] = await db
    .select({
      n: sql<number>`count(*)::int`,
      distinct: sql<number>`count(DISTINCT ${tickets.ticketNumber})::int`,
    })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")));
  const [raffle] = await db
    .select({ sold: raffles.soldTickets })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  const perProof = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(tickets)
    .where(inArray(tickets.paymentId, proofIds))
    .groupBy(tickets.paymentId);
  const balances = await db
    .select({
      id: users.id,
      points: users.rifazoPoints,
      // Qualified by hand: drizzle leaves single-table columns unqualified, and inside the subquery an
      // unqualified "id" would name points_history's own column.
      ledger: sql<number>`coalesce((SELECT sum(ph.points_change) FROM points_history ph WHERE ph.user_id = "users"."id"), 0)::int`,
    })
    .from(users)
    .where(inArray(users.id, buyers));
  const pointsMismatch = balances.filter((b) => Number(b.points) !== Number(b.ledger));
  const totalPoints = balances.reduce((sum, b) => sum + Number(b.points), 0);
  const expectedPoints = fresh * PRICE * TICKETS_PER_PROOF * 100;

  const invariants = [
    {
      name: "todas las aprobaciones respondieron 200 y asignaron boletos nuevos",
      ok: failures.length === 0 && fresh === attempted,
      detail: `${fresh}/${attempted} nuevas, ${failures.length} fallidas`,
    },
    {
      name: "ningún número repetido",
      ok:
        soldRow?.n === soldRow?.distinct &&
        new Set(assigned).size === assigned.length &&
        assigned.length === expectedSold,
      detail: `${soldRow?.n} vendidos, ${soldRow?.distinct} distintos, ${assigned.length} devueltos`,
    },
    {
      name: "sold_tickets = boletos vendidos",
      ok: raffle?.sold === soldRow?.n && soldRow?.n === expectedSold,
      detail: `sold_tickets ${raffle?.sold}, filas vendidas ${soldRow?.n}, esperado ${expectedSold}`,
    },
    {
      name: `cada comprobante tiene ${TICKETS_PER_PROOF} boletos`,
      ok: perProof.length === fresh && perProof.every((p) => p.n === TICKETS_PER_PROOF),
      detail: `${perProof.length} comprobantes con boletos`,
    },
    {
      name: "puntos = libro de puntos",
      ok: pointsMismatch.length === 0 && totalPoints === expectedPoints,
      detail: `${buyers.length} compradores, ${totalPoints} puntos (esperado ${expectedPoints}), ${pointsMismatch.length} descuadres`,
    },
  ];

  return {
    database: h.kind,
    proofs: attempted,
    pending: proofIds.length,
    concurrency: options.concurrency,
    buyers: buyers.length,
    seconds,
    perSecond: fresh / seconds,
    latencyP50: percentile(latencies, 50),
    latencyP99: percentile(latencies, 99),
    failures: failures.slice(0, 5),
    invariants,
  };
}
