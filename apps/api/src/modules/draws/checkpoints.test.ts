// The record from publication and the buyers' checkpoints (docs/draw-protocol.md §2 and §14, decision
// 0023): the record begins when the raffle goes on sale and is public from then on; each approval keeps
// the record's head and the latest drand round on the purchase; the receipt shows it; a record rewritten
// afterwards (an earlier freeze) contradicts it.
import type { Receipt } from "@rifazo/shared";
import { checkCheckpoint, parseCheckpoint } from "@rifazo/shared/domain/draw-checkpoint";
import { buildRecord, RECORD_FORMAT_V3, verifyRecord } from "@rifazo/shared/domain/draw-record";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminTestContext, call, createRaffle } from "../../../test/admin-fixtures";
import type { DrandRelay } from "../../../test/drand-relay";
import { recordOf, startDrawTestApp, stopDrawTestApp } from "../../../test/draw-fixtures";
import { insertProof } from "../../../test/fixtures";
import { nextIp, signedInUser } from "../../../test/helpers";
import { paymentProofs, raffles } from "../../db/schema";
import { advanceNow } from "../raffle-state";
import { publishRulesOfRafflesOnSale } from "./freeze";
import { refreshLatestBeacon } from "./record-service";

let relay: DrandRelay;
const ctx = {} as AdminTestContext;
beforeAll(async () => {
  const { t, relay: started } = await startDrawTestApp();
  relay = started;
  const admin = await signedInUser(t.app, { role: "admin", fullName: "Admin Rifazo" });
  const user = await signedInUser(t.app, { fullName: "Usuario Normal" });
  Object.assign(ctx, { t, admin, user });
});
afterAll(() => stopDrawTestApp(ctx.t, relay));

const db = () => ctx.t.app.ctx.db;
const visitor = (url: string) => ctx.t.app.inject({ method: "GET", url, remoteAddress: nextIp() });

const record = (id: string) => recordOf(ctx.t, id);

describe("el acta existe desde la publicación", () => {
  it("una rifa próxima no tiene acta (404); al abrir ventas el visitante ve las reglas publicadas", async () => {
    const raffle = await createRaffle(ctx, { status: "upcoming", totalTickets: 20, price: 3 });
    expect((await visitor(`/api/raffles/${raffle.id}/record`)).statusCode).toBe(404);
    const open = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/open`, ctx.admin.cookie);
    expect(open.statusCode, open.body).toBe(200);
    const published = await record(raffle.id);
    expect(published.format).toBe(RECORD_FORMAT_V3);
    expect(published.entries.map((e) => e.type)).toEqual(["rules_published"]);
    expect(published.entries[0]?.data).toMatchObject({ price: "3.00", totalTickets: 20 });
    const verified = await verifyRecord(published);
    expect(verified.ok).toBe(true);
    expect(verified.status).toBe("published");
  });

  it("creada a la venta: acta al instante; una regla cambiada se publica de nuevo, una edición igual no", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 20 });
    expect((await record(raffle.id)).entries).toHaveLength(1);
    const same = await call(ctx.t, "PATCH", `/api/admin/raffles/${raffle.id}`, ctx.admin.cookie, {
      description: "Otra descripción",
    });
    expect(same.statusCode, same.body).toBe(200);
    expect((await record(raffle.id)).entries).toHaveLength(1);
    const later = "2031-01-15T20:00:00.000Z";
    const extend = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/extend`, ctx.admin.cookie, {
      endDate: later,
    });
    expect(extend.statusCode, extend.body).toBe(200);
    const after = await record(raffle.id);
    expect(after.entries.map((e) => e.type)).toEqual(["rules_published", "rules_published"]);
    expect(after.entries[1]?.data).toMatchObject({ endDate: later });
    expect((await verifyRecord(after)).ok).toBe(true);
  });

  it("al arrancar, las rifas que ya estaban a la venta reciben su acta (una sola vez); las próximas no", async () => {
    const [onSale] = await db()
      .insert(raffles)
      .values({
        title: "De antes",
        price: 2,
        totalTickets: 10,
        status: "active",
        endDate: new Date("2030-01-01"),
      })
      .returning();
    const [upcoming] = await db()
      .insert(raffles)
      .values({
        title: "Próxima",
        price: 2,
        totalTickets: 10,
        status: "upcoming",
        endDate: new Date("2030-01-01"),
      })
      .returning();
    if (!onSale || !upcoming) throw new Error("sin rifas");
    expect((await visitor(`/api/raffles/${onSale.id}/record`)).statusCode).toBe(404);
    expect(await publishRulesOfRafflesOnSale(ctx.t.app.ctx)).toBeGreaterThanOrEqual(1);
    expect((await record(onSale.id)).entries.map((e) => e.type)).toEqual(["rules_published"]);
    expect(await publishRulesOfRafflesOnSale(ctx.t.app.ctx)).toBe(0);
    expect((await visitor(`/api/raffles/${upcoming.id}/record`)).statusCode).toBe(404);
  });
});

describe("punto de control de cada aprobación", () => {
  it("guarda la cabeza del acta y la ronda drand; el recibo lo muestra; un acta reescrita lo contradice", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 30, endDate: "2030-06-01T20:00:00.000Z" });
    const buyer = await signedInUser(ctx.t.app, { fullName: "Ana Pérez" });
    const other = await signedInUser(ctx.t.app, { fullName: "Otro Comprador" });
    // The draw job keeps the latest verified beacon; the approval cites it.
    await refreshLatestBeacon(ctx.t.app.ctx, relay.chain.info, new Date());
    const proof = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, quantityOfTickets: 2 });
    const approve = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);
    expect(approve.statusCode, approve.body).toBe(200);

    const head = await record(raffle.id);
    const [row] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, proof.id));
    expect(row?.checkpointLength).toBe(head.entries.length);
    expect(row?.checkpointHash).toBe(head.entries.at(-1)?.hash);
    expect(row?.checkpointRound).toBeGreaterThan(0);
    expect(row?.checkpointSignature).toMatch(/^[0-9a-f]+$/);
    expect(row?.checkpointAt?.getTime()).toBe(row?.reviewedAt?.getTime());

    // The owner's list (and so the offline copy of Mis boletos) carries it; nobody else's does.
    const mine = await call(ctx.t, "GET", "/api/proofs/mine", buyer.cookie);
    const code = (mine.json().items as Array<{ id: string; checkpoint: string | null }>).find(
      (p) => p.id === proof.id,
    )?.checkpoint;
    expect(code).toBe(`rifazo-cp-1:${raffle.id}:1:${row?.checkpointHash}:${row?.checkpointRound}`);
    expect(
      (await call(ctx.t, "GET", `/api/proofs/${proof.id}`, ctx.admin.cookie)).json().checkpoint,
    ).toBeNull();
    const foreign = await call(ctx.t, "GET", `/api/proofs/${proof.id}`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(row?.checkpointHash as string);
    const others = await call(ctx.t, "GET", "/api/proofs/mine", other.cookie);
    expect(others.body).not.toContain(row?.checkpointHash as string);

    // The receipt (its token is the buyer's alone) shows it in words, and its QR link carries it.
    const token = (await call(ctx.t, "GET", `/api/proofs/${proof.id}`, buyer.cookie)).json().receiptToken;
    const receipt = (await visitor(`/api/receipts/${token}`)).json() as Receipt;
    expect(receipt.checkpoint).toMatchObject({ code, length: 1, round: row?.checkpointRound });
    expect(receipt.checkpoint?.text).toBe(
      `Punto de control del acta: entrada 1, huella ${row?.checkpointHash?.slice(0, 12)}…; ronda drand ${row?.checkpointRound}`,
    );
    expect(receipt.verifierUrl).toContain(`&punto=${code}`);
    expect((await visitor(`/api/receipts/${"x".repeat(43)}`)).statusCode).toBe(404);

    // Sales end, the raffle closes and freezes: the freeze publishes no second rules entry, and the
    // published record extends the buyer's checkpoint.
    await db()
      .update(raffles)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(raffles.id, raffle.id));
    const now = new Date();
    await refreshLatestBeacon(ctx.t.app.ctx, relay.chain.info, now);
    expect(await advanceNow(ctx.t.app.ctx, raffle.id, now)).toBe("frozen");
    const honest = await record(raffle.id);
    expect(honest.entries.map((e) => e.type)).toEqual(["rules_published", "closed", "frozen", "round_named"]);
    expect((await verifyRecord(honest)).ok).toBe(true);
    const held = parseCheckpoint(code as string);
    expect(checkCheckpoint(honest, held)).toMatchObject({ ok: true });

    // Rewritten consistently afterwards with an earlier freeze: the chain verifies, the checkpoint does not.
    // The freeze is moved back to the moment the rules were published, citing an older beacon.
    const round = held.round as number;
    const [rules, closed, frozen, named] = honest.entries;
    if (!rules || !closed || !frozen || named?.type !== "round_named") throw new Error("acta incompleta");
    const early = rules.at;
    const forged = await buildRecord(
      raffle.id,
      [
        { type: "rules_published", at: rules.at, data: rules.data },
        { type: "closed", at: early, data: closed.data },
        { type: "frozen", at: early, data: frozen.data },
        {
          type: "round_named",
          at: early,
          data: { ...named.data, latestBeacon: { round: round - 300, signature: "ab" } },
        },
      ],
      RECORD_FORMAT_V3,
    );
    const caught = checkCheckpoint(forged, held);
    expect(caught.ok).toBe(false);
    expect(caught.text).toMatch(/la congelación se fechó hacia atrás/);
  });
});
