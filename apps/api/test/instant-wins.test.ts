// Instant wins on the record (docs/decisions/0035-prizes-on-the-record.md, "Instant wins nobody can aim"):
// an approval names a future drand round (instant_final), the draw job decides the round once it is out
// (instant_draw, equal to a recomputation with the public rule), the winner rows and notices follow, and the
// buyer reads the outcome on the payment and the receipt. Runs on PGlite and, with TEST_DATABASE_URL, on
// PostgreSQL.
import { randomBytes } from "node:crypto";
import { formatTicketNumber, type PaymentProof, type Receipt, type Reservation } from "@rifazo/shared";
import { firstRoundAtOrAfterMs, roundTime } from "@rifazo/shared/domain/drand";
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { mailOutbox, notifications, tickets, winners } from "../src/db/schema";
import { recordEntries } from "../src/modules/draws";
import { refreshLatestBeacon } from "../src/modules/draws/record-disqualify";
import { decideInstantRound, resolveDueInstantDraws } from "../src/modules/draws/record-instant";
import { appendRecordEntry } from "../src/modules/draws/repository";
import { expectVerified, recordOf, useDrawTestApp } from "./draw-fixtures";
import { putSetting, soldNumbers } from "./fixtures";
import { nextIp } from "./helpers";
import {
  approve,
  drawAllDue,
  drawsOf,
  expectInstantDrawsRecomputed,
  finalsOf,
  instantRaffle,
  pendingProof,
} from "./instant-fixtures";
import { multipartBody, tinyPng } from "./multipart";

const env = useDrawTestApp();
const ctx = () => env.t.app.ctx;

afterEach(() => env.relay.setNow(null));

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await env.t.app.inject({
    method: "GET",
    url,
    headers: { cookie },
    remoteAddress: nextIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as T;
}

const proofAs = (id: string, cookie: string) => getJson<PaymentProof>(`/api/proofs/${id}`, cookie);

async function numbersOfProof(proofId: string) {
  const rows = await ctx()
    .db.select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(eq(tickets.paymentId, proofId));
  return rows.map((r) => r.n).sort((a, b) => a - b);
}

describe("premios instantáneos: la compra final nombra una ronda futura y el trabajo la decide", () => {
  it("aprobar agrega instant_final con la ronda de la regla; al salir la ronda, instant_draw, ganadores y aviso", async () => {
    const chain = env.relay.chain.info;
    // Every ticket wins when the prizes equal the raffle's tickets: the winners below are certain.
    const raffle = await instantRaffle(ctx(), 6, [
      { description: "Bono de $20", count: 2, cash: { currency: "USD", amount: 20 } },
      { description: "Gorra", count: 4 },
    ]);
    const held = await refreshLatestBeacon(ctx(), chain, new Date());
    expect(held).not.toBeNull();
    const proof = await pendingProof(ctx(), raffle.id, env.ana.id, 3);
    await approve(env.t, env.admin.cookie, proof.id);

    const entries = await recordEntries(ctx().db, raffle.id);
    const rules = entries.find((e) => e.type === "rules_published");
    expect(rules?.type === "rules_published" && rules.data.instantPrizes).toEqual([
      { description: "Bono de $20", count: 2, cash: { currency: "USD", amount: "20.00" } },
      { description: "Gorra", count: 4 },
    ]);
    const [final, ...others] = finalsOf(entries);
    expect(others).toEqual([]);
    if (!final) throw new Error("sin instant_final");
    const sold = await numbersOfProof(proof.id);
    expect(sold).toHaveLength(3);
    // The round: the first one at least a minute after the entry and after the latest beacon held.
    const latest = held as { round: number; signature: string };
    const round = Math.max(
      firstRoundAtOrAfterMs(chain, Date.parse(final.at) + 60_000),
      firstRoundAtOrAfterMs(chain, roundTime(chain, latest.round) * 1000 + 60_000),
    );
    expect(final.data).toEqual({
      tickets: sold,
      chain,
      round,
      roundTime: new Date(roundTime(chain, round) * 1000).toISOString(),
      latestBeacon: latest,
    });

    // The buyer sees it waiting; an administrator does not get it; the receipt shows it too.
    const pending = await proofAs(proof.id, env.ana.cookie);
    expect(pending.instant).toEqual({ status: "pending", round, roundTime: final.data.roundTime });
    expect((await proofAs(proof.id, env.admin.cookie)).instant).toBeNull();
    const token = pending.receiptToken as string;
    const receipt = await getJson<Receipt>(`/api/receipts/${token}`, env.ana.cookie);
    expect(receipt.instant).toEqual(pending.instant);

    // Before the round is out the job does nothing.
    expect(await resolveDueInstantDraws(ctx(), new Date())).toBe(0);
    expect(drawsOf(await recordEntries(ctx().db, raffle.id))).toEqual([]);

    expect(await drawAllDue(ctx(), env.relay, raffle.id)).toBe(1);
    const after = await recordEntries(ctx().db, raffle.id);
    expect(await expectInstantDrawsRecomputed(raffle.id, after)).toBe(3);
    const [draw] = drawsOf(after);
    if (!draw) throw new Error("sin instant_draw");
    expect(draw.data.decided).toEqual([
      {
        final: final.seq,
        wins: sold.map((ticketNumber, index) => ({
          ticketNumber,
          index,
          description: index < 2 ? "Bono de $20" : "Gorra",
        })),
      },
    ]);
    expect(draw.data).toMatchObject({ round, prizesLeft: 3, undecided: 3 });

    // Winner rows as the contract says: source instant, level 0, the slot, the owner, the draw's time.
    const rows = await ctx()
      .db.select()
      .from(winners)
      .where(eq(winners.raffleId, raffle.id))
      .orderBy(winners.prizeIndex);
    const ticketRows = await ctx().db.select().from(tickets).where(eq(tickets.paymentId, proof.id));
    expect(
      rows.map((w) => ({
        source: w.source,
        level: w.prizeLevel,
        index: w.prizeIndex,
        description: w.prizeDescription,
        ticketNumber: w.ticketNumber,
        ticketId: w.ticketId,
        userId: w.userId,
        name: w.winnerName,
        at: w.announcedAt.toISOString(),
      })),
    ).toEqual(
      sold.map((ticketNumber, index) => ({
        source: "instant",
        level: 0,
        index,
        description: index < 2 ? "Bono de $20" : "Gorra",
        ticketNumber,
        ticketId: ticketRows.find((t) => t.ticketNumber === ticketNumber)?.id,
        userId: env.ana.id,
        name: "Ana Pérez",
        at: draw.at,
      })),
    );

    // The buyer is told, ticket by ticket, with the prize's page; and by email.
    const notices = await ctx()
      .db.select()
      .from(notifications)
      .where(and(eq(notifications.userId, env.ana.id), eq(notifications.type, "raffle_won")));
    expect(notices.map((n) => n.linkTo).sort()).toEqual(rows.map((w) => `/perfil/premios/${w.id}`).sort());
    const first = rows[0];
    const firstNotice = notices.find((n) => n.linkTo === `/perfil/premios/${first?.id}`);
    expect(firstNotice?.message).toContain(
      `Tu boleto ${formatTicketNumber(sold[0] as number, 6)} ganó el premio instantáneo "Bono de $20"`,
    );
    const mails = await ctx().db.select().from(mailOutbox).where(eq(mailOutbox.to, env.ana.email));
    expect(mails.filter((m) => m.subject === "¡Ganaste un premio instantáneo en Rifazo!")).toHaveLength(3);

    // The payment shows the wins with their prize pages; the receipt (a bearer link) without them.
    const decided = await proofAs(proof.id, env.ana.cookie);
    expect(decided.instant).toEqual({
      status: "decided",
      round,
      decidedAt: draw.at,
      wins: rows.map((w) => ({
        ticketNumber: formatTicketNumber(w.ticketNumber, 6),
        description: w.prizeDescription,
        winnerId: w.id,
      })),
    });
    const decidedReceipt = await getJson<Receipt>(`/api/receipts/${token}`, env.ana.cookie);
    expect(decidedReceipt.instant).toEqual({
      ...decided.instant,
      wins: rows.map((w) => ({
        ticketNumber: formatTicketNumber(w.ticketNumber, 6),
        description: w.prizeDescription,
        winnerId: null,
      })),
    });

    // Idempotent: the job again, or the same round handed in again, changes nothing.
    expect(await resolveDueInstantDraws(ctx(), new Date(Date.parse(draw.at) + 60_000))).toBe(0);
    const beacon = env.relay.chain.beacon(round);
    expect(await decideInstantRound(ctx(), raffle.id, round, beacon, "admin")).toBe("done");
    expect(await recordEntries(ctx().db, raffle.id)).toHaveLength(after.length);
    expect(await ctx().db.select().from(winners).where(eq(winners.raffleId, raffle.id))).toHaveLength(3);
    await expectVerified(await recordOf(env.t, raffle.id));
  });

  it("una rifa sin premios instantáneos no agrega entradas instantáneas", async () => {
    const raffle = await instantRaffle(ctx(), 20, []);
    const proof = await pendingProof(ctx(), raffle.id, env.beto.id, 2);
    await approve(env.t, env.admin.cookie, proof.id);
    const entries = await recordEntries(ctx().db, raffle.id);
    expect(entries.map((e) => e.type)).toEqual(["rules_published"]);
    expect(entries[0]?.type === "rules_published" && "instantPrizes" in entries[0].data).toBe(false);
    expect((await proofAs(proof.id, env.beto.cookie)).instant).toBeNull();
    expect(await soldNumbers(ctx().db, raffle.id)).toHaveLength(2);
  });

  it("las rondas se deciden en orden, cada una con el presupuesto que dejó la anterior", async () => {
    // As many prizes as tickets: every ticket wins, so the second draw's slots must follow the first's.
    const raffle = await instantRaffle(ctx(), 10, [
      { description: "Bono", count: 5 },
      { description: "Gorra", count: 5 },
    ]);
    const first = await pendingProof(ctx(), raffle.id, env.ana.id, 4);
    await approve(env.t, env.admin.cookie, first.id);
    // One period of the chain later: the next purchase names a later round.
    await new Promise((resolve) => setTimeout(resolve, env.relay.chain.info.period * 1000 + 100));
    const second = await pendingProof(ctx(), raffle.id, env.beto.id, 3);
    await approve(env.t, env.admin.cookie, second.id);
    const [a, b] = finalsOf(await recordEntries(ctx().db, raffle.id));
    if (!a || !b) throw new Error("faltan instant_final");
    expect(b.data.round).toBeGreaterThan(a.data.round);

    // The later round alone waits for the earlier one.
    const late = env.relay.chain.beacon(b.data.round);
    expect(await decideInstantRound(ctx(), raffle.id, b.data.round, late, "relay")).toBe("waiting");
    expect(drawsOf(await recordEntries(ctx().db, raffle.id))).toEqual([]);
    expect(await drawAllDue(ctx(), env.relay, raffle.id)).toBe(2);
    const entries = await recordEntries(ctx().db, raffle.id);
    const draws = drawsOf(entries);
    expect(await expectInstantDrawsRecomputed(raffle.id, entries)).toBe(7);
    expect(
      draws.map((d) => ({
        round: d.data.round,
        decided: d.data.decided.map((x) => ({ final: x.final, slots: x.wins.map((w) => w.index) })),
        left: [d.data.prizesLeft, d.data.undecided],
      })),
    ).toEqual([
      { round: a.data.round, decided: [{ final: a.seq, slots: [0, 1, 2, 3] }], left: [6, 6] },
      { round: b.data.round, decided: [{ final: b.seq, slots: [4, 5, 6] }], left: [3, 3] },
    ]);
    const rows = await ctx().db.select().from(winners).where(eq(winners.raffleId, raffle.id));
    expect(rows.map((w) => [w.prizeIndex, w.prizeDescription, w.userId]).sort()).toEqual([
      [0, "Bono", env.ana.id],
      [1, "Bono", env.ana.id],
      [2, "Bono", env.ana.id],
      [3, "Bono", env.ana.id],
      [4, "Bono", env.beto.id],
      [5, "Gorra", env.beto.id],
      [6, "Gorra", env.beto.id],
    ]);
    // Mis pagos reads each purchase's outcome from its own final and the draw that decided it.
    for (const [buyer, proof, count] of [
      [env.ana, first, 4],
      [env.beto, second, 3],
    ] as const) {
      const mine = await getJson<{ items: PaymentProof[] }>("/api/proofs/mine", buyer.cookie);
      const item = mine.items.find((p) => p.id === proof.id);
      expect(item?.instant?.status === "decided" && item.instant.wins.length).toBe(count);
    }
    await expectVerified(await recordOf(env.t, raffle.id));
  });

  it("una rifa cancelada con una compra esperando su ronda: nada se decide después de la cancelación", async () => {
    const raffle = await instantRaffle(ctx(), 10, [{ description: "Bono", count: 10 }]);
    const proof = await pendingProof(ctx(), raffle.id, env.ana.id, 2);
    await approve(env.t, env.admin.cookie, proof.id);
    const [final] = finalsOf(await recordEntries(ctx().db, raffle.id));
    if (!final) throw new Error("sin instant_final");
    const cancelled = await env.t.app.inject({
      method: "POST",
      url: `/api/admin/raffles/${raffle.id}/cancel`,
      headers: { cookie: env.admin.cookie },
      payload: { reason: "El premio no llegó a tiempo." },
      remoteAddress: nextIp(),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // The round comes out: the job owes nothing, and even a direct call decides nothing.
    expect(await drawAllDue(ctx(), env.relay, raffle.id)).toBe(0);
    const beacon = env.relay.chain.beacon(final.data.round);
    expect(await decideInstantRound(ctx(), raffle.id, final.data.round, beacon, "relay")).toBe("done");
    const entries = await recordEntries(ctx().db, raffle.id);
    expect(entries.map((e) => e.type)).toEqual(["rules_published", "instant_final", "cancelled"]);
    expect(await ctx().db.select().from(winners).where(eq(winners.raffleId, raffle.id))).toEqual([]);
    await expectVerified(await recordOf(env.t, raffle.id));
  });

  it("sin premios instantáneos por ganar, la aprobación ya no nombra ronda", async () => {
    const raffle = await instantRaffle(ctx(), 20, [{ description: "Bono", count: 2 }]);
    // Stands for a draw that gave both prizes away (the rule reads only the last instant_draw's budget).
    await ctx().db.transaction((tx) =>
      appendRecordEntry(tx, raffle.id, "instant_draw", new Date(), {
        algorithm: "rifazo-instant-1",
        round: 1,
        signature: "ab",
        randomness: "0".repeat(64),
        source: "relay",
        decided: [],
        prizesLeft: 0,
        undecided: 18,
      }),
    );
    const proof = await pendingProof(ctx(), raffle.id, env.ana.id, 2);
    await approve(env.t, env.admin.cookie, proof.id);
    expect(finalsOf(await recordEntries(ctx().db, raffle.id))).toEqual([]);
    expect((await proofAs(proof.id, env.ana.cookie)).instant).toBeNull();
  });

  it("un abono: el pago parcial no nombra ronda; el que completa la compra, sí", async () => {
    await putSetting(ctx().db, "payment_accounts", {
      pagoMovil: null,
      zelle: { email: "pagos@rifazo.com", name: "Rifazo LLC" },
      binance: null,
      transfer: null,
    });
    const raffle = await instantRaffle(ctx(), 100, [{ description: "Bono", count: 3 }], {
      numberMode: "chosen",
      installmentMinimum: 3,
      paymentMethods: ["Zelle"],
    });
    const held = await env.t.app.inject({
      method: "POST",
      url: `/api/raffles/${raffle.id}/reservations`,
      headers: { cookie: env.beto.cookie },
      payload: { numbers: [7, 42], abono: true },
      remoteAddress: nextIp(),
    });
    expect(held.statusCode, held.body).toBe(201);
    const reservation = held.json() as Reservation;
    const png = await tinyPng();
    const pay = async (amount: string) => {
      const body = multipartBody(
        {
          raffleId: raffle.id,
          reservationId: reservation.id,
          paymentMethod: "zelle",
          currency: "USD",
          amount,
          transactionRef: `AB-${randomBytes(5).readUIntBE(0, 5)}`,
        },
        { name: "pago.png", type: "image/png", data: png },
      );
      const sent = await env.t.app.inject({
        method: "POST",
        url: "/api/proofs",
        payload: body.payload,
        headers: { ...body.headers, cookie: env.beto.cookie },
        remoteAddress: nextIp(),
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const id = sent.json().id as string;
      await approve(env.t, env.admin.cookie, id);
      return id;
    };

    const partial = await pay("4");
    expect(finalsOf(await recordEntries(ctx().db, raffle.id))).toEqual([]);
    expect((await proofAs(partial, env.beto.cookie)).instant).toBeNull();

    const now = await getJson<Reservation>(`/api/reservations/${reservation.id}`, env.beto.cookie);
    const rest = await pay(String(now.abono?.remaining).replace(".", ","));
    const finals = finalsOf(await recordEntries(ctx().db, raffle.id));
    expect(finals.map((f) => f.data.tickets)).toEqual([[7, 42]]);
    expect((await proofAs(rest, env.beto.cookie)).instant).toMatchObject({
      status: "pending",
      round: finals[0]?.data.round,
    });
    expect((await proofAs(partial, env.beto.cookie)).instant).toBeNull();
  });
});
