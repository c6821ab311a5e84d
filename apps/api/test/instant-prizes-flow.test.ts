// Instant winners through the winners lists and the prize flow (docs/decisions/0035-prizes-on-the-record.md,
// "Instant wins nobody can aim"): a raffle still on sale whose record holds an instant_final and the
// instant_draw that decided it (written here exactly as the contract says, with a beacon of the local relay
// and decideInstantBatch), and the winner rows the draw job writes. The winner claims it on their own
// account, the organiser pays the slot's cash, the winner confirms; every step lands on the record with
// level 0; the raffle keeps selling, shows its instant prizes, and refuses to disqualify an instant win.
import { createHash } from "node:crypto";
import {
  claimDeadline,
  formatTicketNumber,
  PRIZE_MESSAGES,
  type RaffleDetail,
  todayInVenezuela,
} from "@rifazo/shared";
import { firstRoundAtOrAfterMs, roundTime } from "@rifazo/shared/domain/drand";
import type { RecordEntry, RulesInstantPrize } from "@rifazo/shared/domain/draw-record";
import { decideInstantBatch, instantSlots } from "@rifazo/shared/domain/instant-draw";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { instantPrizes, raffles, tickets, winners } from "../src/db/schema";
import { publishRulesOnSale } from "../src/modules/draws";
import { INSTANT_NOT_REDRAWN } from "../src/modules/draws/record-disqualify";
import { appendRecordEntry, recordEntries } from "../src/modules/draws/repository";
import { expectVerified, recordOf, useDrawTestApp } from "./draw-fixtures";
import { insertPrizeLevel, insertProof, insertRaffleWithTickets } from "./fixtures";
import { cedulaPng, proofPdf, sendClaim, sendDelivery, sendJson } from "./prize-fixtures";

const env = useDrawTestApp();
const TOTAL = 10;
/** The instant prizes as sold: slots 0 and 1 pay USD 20 each, slot 2 is a T-shirt. */
const INSTANT: RulesInstantPrize[] = [
  { description: "Bono de $20", count: 2, cash: { currency: "USD", amount: "20.00" } },
  { description: "Franela Rifazo", count: 1 },
];
/** Ana's purchase, made final half an hour ago. */
const ANA_TICKETS = [2, 5, 8];
const label = (n: number) => formatTicketNumber(n, TOTAL);

interface Setup {
  raffleId: string;
  draw: RecordEntry<"instant_draw">;
  /** The instant winner rows, by slot. */
  wins: Array<{ id: string; ticketNumber: number; index: number; description: string }>;
}
let setup: Setup;

/** A raffle on sale with its instant prizes in the rules, and Ana's purchase sold (no approval hook). */
async function raffleOnSale(base: Date): Promise<string> {
  const ctx = env.t.app.ctx;
  const raffle = await insertRaffleWithTickets(ctx.db, {
    title: "Moto con premios instantáneos",
    totalTickets: TOTAL,
    // Not the default 7 days: the deadline must come from the rules and the instant_draw entry.
    claimPeriodDays: 10,
    price: 2,
    startDate: new Date(base.getTime() - 86_400_000),
  });
  await insertPrizeLevel(ctx.db, { raffleId: raffle.id, level: 1, description: "Moto", winnerCount: 1 });
  await ctx.db.insert(instantPrizes).values([
    {
      raffleId: raffle.id,
      position: 1,
      description: "Bono de $20",
      winnerCount: 2,
      prizeValue: 20,
      cashCurrency: "USD",
    },
    { raffleId: raffle.id, position: 2, description: "Franela Rifazo", winnerCount: 1 },
  ]);
  // The rules as sold, with the instant prizes (the record begins when the raffle goes on sale).
  await ctx.db.transaction((tx) => publishRulesOnSale(ctx, tx, raffle.id, base));
  const proof = await insertProof(ctx.db, {
    userId: env.ana.id,
    raffleId: raffle.id,
    amount: 6,
    quantityOfTickets: ANA_TICKETS.length,
    status: "approved",
  });
  await ctx.db
    .update(tickets)
    .set({ status: "sold", userId: env.ana.id, paymentId: proof.id, soldAt: base })
    .where(and(eq(tickets.raffleId, raffle.id), sql`${tickets.ticketNumber} IN ${ANA_TICKETS}`));
  await ctx.db.update(raffles).set({ soldTickets: ANA_TICKETS.length }).where(eq(raffles.id, raffle.id));
  return raffle.id;
}

/**
 * Ana's purchase made final (instant_final) and decided (instant_draw) as the contract says: the first
 * time, a few seconds apart, whose round gives her at least one win; then the winner rows.
 */
async function decideAnasPurchase(raffleId: string, base: Date): Promise<Setup> {
  const ctx = env.t.app.ctx;
  const chain = ctx.config.drandChainInfo;
  const finalSeq = (await recordEntries(ctx.db, raffleId)).length;
  for (let k = 0; k < 100; k++) {
    const finalAt = new Date(base.getTime() + 60_000 + k * chain.period * 1000);
    const round = firstRoundAtOrAfterMs(chain, finalAt.getTime() + 60_000);
    const { signature } = env.relay.chain.beacon(round);
    const randomness = createHash("sha256").update(Buffer.from(signature, "hex")).digest("hex");
    const batch = await decideInstantBatch(raffleId, randomness, [{ seq: finalSeq, tickets: ANA_TICKETS }], {
      prizesLeft: 3,
      undecided: TOTAL,
    });
    const won = batch.results[0]?.wins ?? [];
    if (won.length === 0) continue;
    const slots = instantSlots(INSTANT);
    const wins = won.map((ticketNumber, index) => ({
      ticketNumber,
      index,
      description: slots[index]?.description ?? "",
    }));
    const roundAt = new Date(roundTime(chain, round) * 1000);
    await appendRecordEntry(ctx.db, raffleId, "instant_final", finalAt, {
      tickets: ANA_TICKETS,
      chain,
      round,
      roundTime: roundAt.toISOString(),
      latestBeacon: null,
    });
    const draw = await appendRecordEntry(
      ctx.db,
      raffleId,
      "instant_draw",
      new Date(roundAt.getTime() + 5000),
      {
        algorithm: "rifazo-instant-1",
        round,
        signature,
        randomness,
        source: "relay",
        decided: [{ final: finalSeq, wins }],
        ...batch.budget,
      },
    );
    const owned = await ctx.db.select().from(tickets).where(eq(tickets.raffleId, raffleId));
    const rows = await ctx.db
      .insert(winners)
      .values(
        wins.map((w) => ({
          raffleId,
          ticketId: owned.find((t) => t.ticketNumber === w.ticketNumber)?.id ?? null,
          ticketNumber: w.ticketNumber,
          userId: env.ana.id,
          winnerName: "Ana Pérez",
          prizeLevel: 0,
          prizeIndex: w.index,
          prizeDescription: w.description,
          source: "instant" as const,
          announcedAt: new Date(draw.at),
        })),
      )
      .returning();
    return { raffleId, draw, wins: wins.map((w, i) => ({ ...w, id: rows[i]?.id as string })) };
  }
  throw new Error("ninguna ronda le dio un premio a la compra");
}

beforeAll(async () => {
  const base = new Date(Date.now() - 30 * 60_000);
  const raffleId = await raffleOnSale(base);
  setup = await decideAnasPurchase(raffleId, base);
});

const prizeEntries = async (raffleId: string) =>
  (await recordOf(env.t, raffleId)).entries.filter((e) => e.type.startsWith("prize_"));
const detail = async (raffleId: string) => {
  const response = await sendJson(env, "GET", `/api/raffles/${raffleId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RaffleDetail;
};

describe("premios instantáneos: el reclamo, la entrega y la confirmación", () => {
  it("solo su dueño lo ve y lo reclama; su plazo corre desde el instant_draw; pide dónde pagar el efectivo", async () => {
    const { raffleId, draw, wins } = setup;
    const first = wins[0];
    if (!first) throw new Error("sin ganador");
    expect((await sendJson(env, "GET", "/api/prizes")).statusCode).toBe(401);
    expect((await sendJson(env, "GET", `/api/prizes/${first.id}`)).statusCode).toBe(401);
    const other = await sendJson(env, "GET", `/api/prizes/${first.id}`, env.beto.cookie);
    expect(other.statusCode).toBe(403);
    expect(other.json().error.code).toBe("PRIZE_NOT_YOURS");

    const mine = await sendJson(env, "GET", "/api/prizes", env.ana.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    const listed = (mine.json().items as Array<{ winnerId: string }>).filter((p) =>
      wins.some((w) => w.id === p.winnerId),
    );
    expect(listed).toHaveLength(wins.length);
    const rules = [...(await recordOf(env.t, raffleId)).entries]
      .reverse()
      .find((e) => e.type === "rules_published");
    if (rules?.type !== "rules_published") throw new Error("sin reglas");
    expect(rules.data).toMatchObject({ claimPeriodDays: 10, instantPrizes: INSTANT });
    const own = await sendJson(env, "GET", `/api/prizes/${first.id}`, env.ana.cookie);
    expect(own.json()).toMatchObject({
      level: 0,
      ticketNumber: label(first.ticketNumber),
      prizeDescription: "Bono de $20",
      cash: { currency: "USD", amount: 20 },
      awardedAt: draw.at,
      claimDeadline: claimDeadline(draw.at, 10),
      canClaim: true,
      status: { status: "unclaimed" },
    });

    expect((await sendClaim(env, first.id, undefined, {}, await cedulaPng())).statusCode).toBe(401);
    const stolen = await sendClaim(env, first.id, env.beto.cookie, { payoutDetails: "x" }, await cedulaPng());
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json().error.code).toBe("PRIZE_NOT_YOURS");
    // The slot's cash comes from the rules as sold: the claim must say where to pay it.
    const noPayout = await sendClaim(env, first.id, env.ana.cookie, {}, await cedulaPng());
    expect(noPayout.statusCode).toBe(400);
    expect(noPayout.json().error.message).toBe(PRIZE_MESSAGES.payoutRequired);
    expect(await prizeEntries(raffleId)).toHaveLength(0);

    const claimed = await sendClaim(
      env,
      first.id,
      env.ana.cookie,
      { payoutDetails: "Zelle ana@example.com" },
      await cedulaPng(),
    );
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json()).toMatchObject({
      claim: { reviewStatus: "pending" },
      status: { status: "claimed" },
    });
    const [entry] = await prizeEntries(raffleId);
    expect(entry).toMatchObject({
      type: "prize_claimed",
      data: { level: 0, index: first.index, ticketNumber: first.ticketNumber },
    });
  });

  it("el organizador paga el efectivo del premio (revisado contra su monto) y el ganador confirma", async () => {
    const { raffleId, wins } = setup;
    const first = wins[0];
    if (!first) throw new Error("sin ganador");
    const accepted = await sendJson(env, "POST", `/api/admin/prizes/${first.id}/review`, env.admin.cookie, {
      decision: "accepted",
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const fields = { method: "transfer", deliveredOn: todayInVenezuela(), paidCurrency: "USD" };
    const short = await sendDelivery(
      env,
      first.id,
      env.admin.cookie,
      { ...fields, paidAmount: "19,99" },
      proofPdf(),
    );
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe("PRIZE_BELOW_RATE");
    const paid = await sendDelivery(
      env,
      first.id,
      env.admin.cookie,
      { ...fields, paidAmount: "20,00" },
      proofPdf(),
    );
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json()).toMatchObject({ level: 0, cash: { currency: "USD", amount: 20 } });

    const confirmed = await sendJson(env, "POST", `/api/prizes/${first.id}/confirmation`, env.ana.cookie, {
      outcome: "received",
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().status.status).toBe("confirmed");

    const ref = { level: 0, index: first.index, ticketNumber: first.ticketNumber };
    const entries = await prizeEntries(raffleId);
    expect(entries.map((e) => e.type)).toEqual(["prize_claimed", "prize_delivered", "prize_confirmation"]);
    expect(entries[1]?.data).toMatchObject({
      ...ref,
      method: "transfer",
      cash: {
        prizeCurrency: "USD",
        prizeValue: "20.00",
        paidCurrency: "USD",
        paidAmount: "20.00",
        rate: null,
      },
    });
    expect(entries[2]?.data).toEqual({ ...ref, outcome: "received" });

    const list = await sendJson(env, "GET", `/api/admin/prizes?raffleId=${raffleId}`, env.admin.cookie);
    expect(list.statusCode, list.body).toBe(200);
    const row = (list.json().items as Array<{ winnerId: string }>).find((p) => p.winnerId === first.id);
    expect(row).toMatchObject({ level: 0, winnerName: "Ana Pérez", status: { status: "confirmed" } });
    const record = await recordOf(env.t, raffleId);
    await expectVerified(record);
  });
});

describe("una rifa con ganadores instantáneos sigue a la venta", () => {
  it("no se ve sorteada, acepta aprobaciones y su página cuenta los premios instantáneos", async () => {
    const { raffleId, draw, wins } = setup;
    const page = await detail(raffleId);
    expect(page).toMatchObject({
      status: "active",
      hasWinners: false,
      winningTicketNumber: null,
      winnerName: null,
    });
    expect(page.lifecycle.salesOpen).toBe(true);
    expect(page.instantPrizes).toEqual({
      kinds: [
        { description: "Bono de $20", count: 2, prizeValue: 20, cashCurrency: "USD" },
        { description: "Franela Rifazo", count: 1, prizeValue: null, cashCurrency: null },
      ],
      total: 3,
      left: 3 - wins.length,
      // Newest first: decided together, so the later slot first.
      wins: [...wins]
        .reverse()
        .map((w) => ({ ticketNumber: label(w.ticketNumber), description: w.description, at: draw.at })),
    });
    expect(page.winners.filter((w) => w.source === "instant")).toHaveLength(wins.length);

    const proof = await insertProof(env.t.app.ctx.db, {
      userId: env.beto.id,
      raffleId,
      amount: 2,
      quantityOfTickets: 1,
    });
    const approved = await sendJson(env, "POST", `/api/admin/proofs/${proof.id}/approve`, env.admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().tickets).toHaveLength(1);
    expect((await detail(raffleId)).soldTickets).toBe(ANA_TICKETS.length + 1);
  });

  it("una rifa sin premios instantáneos no los muestra", async () => {
    const plain = await insertRaffleWithTickets(env.t.app.ctx.db, { totalTickets: TOTAL });
    expect((await detail(plain.id)).instantPrizes).toBeNull();
  });

  it("un premio instantáneo no se descalifica: 400 en español y nada en el acta", async () => {
    const { raffleId, wins } = setup;
    const before = (await recordOf(env.t, raffleId)).entries.length;
    const refused = await sendJson(
      env,
      "POST",
      `/api/admin/raffles/${raffleId}/disqualify`,
      env.admin.cookie,
      {
        level: 0,
        index: wins[0]?.index,
        reason: "fraud",
        evidence: { contentType: "image/png", dataBase64: Buffer.from("captura").toString("base64") },
      },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(INSTANT_NOT_REDRAWN);
    expect((await recordOf(env.t, raffleId)).entries).toHaveLength(before);
    const [row] = await env.t.app.ctx.db
      .select()
      .from(winners)
      .where(eq(winners.id, wins[0]?.id as string));
    expect(row?.disqualifiedAt).toBeNull();
  });
});

describe("las listas de ganadores", () => {
  it("la lista pública incluye al ganador instantáneo con source 'instant', junto al del sorteo", async () => {
    const { raffleId, wins } = setup;
    const first = wins[0];
    if (!first) throw new Error("sin ganador");
    const db = env.t.app.ctx.db;
    // The draw's winner holds the same ticket: a ticket may win both (decision 0035).
    const [ticket] = await db
      .select()
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), eq(tickets.ticketNumber, first.ticketNumber)));
    await db.insert(winners).values({
      raffleId,
      ticketId: ticket?.id ?? null,
      ticketNumber: first.ticketNumber,
      userId: env.ana.id,
      winnerName: "Ana Pérez",
      prizeLevel: 1,
      prizeIndex: 0,
      prizeDescription: "Moto",
      source: "internal",
    });
    await db.transaction(async (tx) => {
      await tx
        .update(raffles)
        .set({ status: "finished", drawnAt: new Date() })
        .where(eq(raffles.id, raffleId));
      // As every writer of winners does: the catalogue's answers are stale from here.
      await env.t.app.ctx.events.publish(tx, {
        topic: "raffle",
        payload: { type: "raffle.updated", id: raffleId, change: "winners" },
      });
    });

    const list = await sendJson(env, "GET", "/api/winners");
    expect(list.statusCode, list.body).toBe(200);
    const item = (list.json().items as Array<{ raffle: { id: string }; winners: unknown[] }>).find(
      (i) => i.raffle.id === raffleId,
    );
    expect(item?.winners).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          source: "instant",
          prizeLevel: 0,
          ticketNumber: label(first.ticketNumber),
        }),
        expect.objectContaining({ source: "internal", prizeLevel: 1, prizeDescription: "Moto" }),
      ]),
    );
    expect(item?.winners).toHaveLength(wins.length + 1);
    expect((await detail(raffleId)).hasWinners).toBe(true);
    // The ticket verifier answers the raffle once, with the draw's prize.
    const verified = await sendJson(
      env,
      "GET",
      `/api/tickets/verify/${first.ticketNumber}?raffleId=${raffleId}`,
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const matches = (verified.json().matches as Array<{ raffleId: string; prize: string }>).filter(
      (m) => m.raffleId === raffleId,
    );
    expect(matches).toEqual([expect.objectContaining({ prize: "Moto" })]);
  });
});
