import { ADMIN_MESSAGES } from "@rifazo/shared";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { insertProof, raffleRow, soldNumbers } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import {
  auditLog,
  mailOutbox,
  notifications,
  pointsHistory,
  raffles,
  settings,
  tickets,
  users,
} from "../../../db/schema";
import { ledgerSum } from "../../points/repository";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../test-fixtures";

const ctx = useAdminTest();

const db = () => ctx.t.app.ctx.db;
const approve = (id: string, cookie = ctx.admin.cookie) =>
  call(ctx.t, "POST", `/api/admin/proofs/${id}/approve`, cookie);

async function balanceOf(userId: string) {
  const [row] = await db().select().from(users).where(eq(users.id, userId));
  return { points: row?.rifazoPoints ?? 0, level: row?.rifazoLevel, ledger: await ledgerSum(db(), userId) };
}

describe("guardia de comprobantes", () => {
  it("401 y 403 en cada endpoint", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10 });
    const proof = await insertProof(db(), { userId: ctx.user.id, raffleId });
    await expectAdminOnly(ctx, "GET", "/api/admin/proofs");
    await expectAdminOnly(ctx, "GET", `/api/admin/proofs/${proof.id}/file`);
    await expectAdminOnly(ctx, "POST", `/api/admin/proofs/${proof.id}/approve`);
    await expectAdminOnly(ctx, "POST", `/api/admin/proofs/${proof.id}/reject`, { adminNotes: "x" });
    await expectAdminOnly(ctx, "DELETE", `/api/admin/proofs/${proof.id}`);
    const [row] = await db().select().from(tickets).where(eq(tickets.paymentId, proof.id));
    expect(row).toBeUndefined();
  });
});

describe("lista de comprobantes", () => {
  it("del más nuevo al más antiguo, con rifa, comprador, boletos y referencia duplicada", async () => {
    const buyer = await createUser(ctx.t.app, { fullName: "Lucía Fernández" });
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Lista", totalTickets: 20 });
    const day = (d: number) => new Date(Date.UTC(2026, 1, d, 12));
    const old = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      transactionRef: "ABC 123",
      paymentMethod: "zelle",
      createdAt: day(1),
    });
    const newer = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      transactionRef: "abc123",
      paymentMethod: "pago_movil",
      createdAt: day(3),
    });
    const general = await insertProof(db(), {
      userId: buyer.id,
      raffleId: null,
      transactionRef: "ZZ-9",
      createdAt: day(2),
    });
    expect((await approve(newer.id)).statusCode).toBe(200);

    const response = await call(ctx.t, "GET", `/api/admin/proofs?q=lucia`, ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(body.items.map((p: { id: string }) => p.id)).toEqual([newer.id, general.id, old.id]);
    expect(body.items[0]).toMatchObject({
      raffleTitle: "Rifa Lista",
      buyerName: "Lucía Fernández",
      buyerEmail: buyer.email,
      status: "approved",
      duplicateReference: true,
      file: { url: `/api/admin/proofs/${newer.id}/file`, contentType: "image/png" },
    });
    expect(body.items[0].tickets).toHaveLength(2);
    expect(body.items[0].tickets[0]).toMatch(/^\d{4}$/);
    expect(body.items[1]).toMatchObject({ raffleTitle: null, duplicateReference: false, tickets: [] });
    expect(body.items[2].duplicateReference).toBe(true);

    const pending = await call(
      ctx.t,
      "GET",
      `/api/admin/proofs?status=pending&raffleId=${raffleId}`,
      ctx.admin.cookie,
    );
    expect(pending.json().items.map((p: { id: string }) => p.id)).toEqual([old.id]);
    const generalOnly = await call(
      ctx.t,
      "GET",
      "/api/admin/proofs?raffleId=general&q=zz-9",
      ctx.admin.cookie,
    );
    expect(generalOnly.json().items.map((p: { id: string }) => p.id)).toEqual([general.id]);
    const bad = await call(ctx.t, "GET", "/api/admin/proofs?page=0", ctx.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(ADMIN_MESSAGES.pageInvalid);
  });

  it("sirve el archivo del comprobante en línea", async () => {
    const proof = await insertProof(db(), {
      userId: ctx.user.id,
      raffleId: null,
      proofImageFilename: "pago.png",
    });
    await ctx.t.app.ctx.storage.put(proof.proofImagePath, Buffer.from("png-bytes"), "image/png");
    const response = await call(ctx.t, "GET", `/api/admin/proofs/${proof.id}/file`, ctx.admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["content-disposition"]).toContain("inline");
    expect(response.body).toBe("png-bytes");
  });
});

describe("aprobar", () => {
  it("asigna números únicos al azar, acredita 100 puntos por unidad, sube de nivel y avisa", async () => {
    const buyer = await createUser(ctx.t.app, { fullName: "Pedro Pérez" });
    const { id: raffleId } = await createRaffle(ctx, {
      title: "Rifa Grande",
      totalTickets: 10_000,
      price: 1.25,
    });
    const proof = await insertProof(db(), { userId: buyer.id, raffleId, amount: 6.25, quantityOfTickets: 5 });

    const response = await approve(proof.id);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({
      proofId: proof.id,
      status: "approved",
      alreadyApproved: false,
      pointsAwarded: 625,
    });
    expect(result.tickets).toHaveLength(5);
    expect(new Set(result.tickets).size).toBe(5);
    for (const n of result.tickets) expect(n).toMatch(/^\d{4}$/);
    // Random, not the first free numbers.
    expect(result.tickets).not.toEqual(["0000", "0001", "0002", "0003", "0004"]);

    const sold = await soldNumbers(db(), raffleId);
    expect(sold.map((n) => String(n).padStart(4, "0"))).toEqual(result.tickets);
    const owned = await db().select().from(tickets).where(eq(tickets.paymentId, proof.id));
    expect(owned.every((t) => t.userId === buyer.id && t.status === "sold" && t.soldAt !== null)).toBe(true);
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(5);

    expect(await balanceOf(buyer.id)).toEqual({ points: 625, level: "Plata", ledger: 625 });
    const notes = await db().select().from(notifications).where(eq(notifications.userId, buyer.id));
    const approved = notes.find((n) => n.type === "payment_approved");
    expect(approved?.message).toContain(result.tickets.join(", "));
    expect(notes.find((n) => n.type === "level_up")?.title).toBe("¡Subiste a Nivel Plata!");
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(result.tickets[0]);

    const [proofRow] = await db().select().from(auditLog).where(eq(auditLog.entityId, proof.id));
    expect(proofRow).toMatchObject({ action: "proof.approve", actorId: ctx.admin.id });

    // Approving again is harmless: same numbers, nothing credited twice.
    const again = await approve(proof.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ ...result, alreadyApproved: true, pointsAwarded: 0 });
    expect(await balanceOf(buyer.id)).toEqual({ points: 625, level: "Plata", ledger: 625 });
    expect((await db().select().from(notifications).where(eq(notifications.userId, buyer.id))).length).toBe(
      2,
    );
  });

  it("pagos en VES se convierten a dólares con la tasa del comprobante; los generales solo dan puntos", async () => {
    const buyer = await createUser(ctx.t.app);
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10, currency: "VES", price: 365 });
    const ves = await insertProof(db(), {
      userId: buyer.id,
      raffleId,
      amount: 730,
      currency: "VES",
      exchangeRate: 36.5,
      quantityOfTickets: 2,
    });
    expect((await approve(ves.id)).json().pointsAwarded).toBe(2000);
    const general = await insertProof(db(), { userId: buyer.id, raffleId: null, amount: 19.99 });
    const response = await approve(general.id);
    expect(response.json()).toMatchObject({ tickets: [], pointsAwarded: 1999 });
    expect(await balanceOf(buyer.id)).toMatchObject({ points: 3999, ledger: 3999, level: "Oro" });

    // Without a rate on the proof, today's published rate is used.
    await db()
      .insert(settings)
      .values({ key: "exchange_rate", value: { rate: 40, date: "2026-01-01", source: "BCV" } });
    const noRate = await insertProof(db(), {
      userId: buyer.id,
      raffleId: null,
      amount: 400,
      currency: "VES",
    });
    expect((await approve(noRate.id)).json().pointsAwarded).toBe(1000);
  });

  it("marca el inicio de la cuenta regresiva al alcanzar el porcentaje", async () => {
    const { id: raffleId } = await createRaffle(ctx, {
      totalTickets: 10,
      activationType: "percentage",
      activationPercentage: 50,
    });
    const first = await insertProof(db(), { userId: ctx.user.id, raffleId, quantityOfTickets: 4 });
    await approve(first.id);
    expect((await raffleRow(db(), raffleId)).percentageDrawActivatedAt).toBeNull();
    const second = await insertProof(db(), { userId: ctx.user.id, raffleId, quantityOfTickets: 1 });
    await approve(second.id);
    const row = await raffleRow(db(), raffleId);
    expect(row.soldTickets).toBe(5);
    expect(row.percentageDrawActivatedAt).toBeInstanceOf(Date);
  });

  it("409 para rechazados y cuando no quedan boletos; 404 desconocido", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 3 });
    const rejected = await insertProof(db(), { userId: ctx.user.id, raffleId, status: "rejected" });
    const response = await approve(rejected.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(ADMIN_MESSAGES.proofRejectedCannotApprove);
    const big = await insertProof(db(), { userId: ctx.user.id, raffleId, quantityOfTickets: 4 });
    const tooMany = await approve(big.id);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error).toEqual({
      code: "NOT_ENOUGH_TICKETS",
      message: "No hay suficientes boletos disponibles.",
    });
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(0);
    expect((await approve("00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
  });

  it("doble clic, reintento y dos administradores a la vez asignan los boletos una sola vez", async () => {
    const other = await createUser(ctx.t.app, { role: "admin" });
    const otherCookie = (await import("../../../../test/helpers")).signIn(
      ctx.t.app,
      other.email,
      other.password,
    );
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 50 });
    const buyer = await createUser(ctx.t.app);
    const proof = await insertProof(db(), { userId: buyer.id, raffleId, amount: 10, quantityOfTickets: 3 });
    const cookie2 = await otherCookie;
    const responses = await Promise.all([
      approve(proof.id),
      approve(proof.id),
      approve(proof.id, cookie2),
      approve(proof.id, cookie2),
    ]);
    expect(responses.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    const numbers = responses.map((r) => JSON.stringify(r.json().tickets));
    expect(new Set(numbers).size).toBe(1);
    expect(responses.filter((r) => !r.json().alreadyApproved)).toHaveLength(1);
    expect(await soldNumbers(db(), raffleId)).toHaveLength(3);
    expect(await balanceOf(buyer.id)).toMatchObject({ points: 1000, ledger: 1000 });
  });

  // The issue's figure (200 at once over raffles near capacity) on PostgreSQL; PGlite has one connection,
  // so the same race runs smaller there.
  const PARALLEL = process.env.TEST_DATABASE_URL ? 200 : 50;
  it(`${PARALLEL} aprobaciones en paralelo sobre rifas cerca del límite: sin números repetidos ni sobreventa`, async () => {
    const raffleCount = PARALLEL / 50;
    const raffleIds: string[] = [];
    for (let r = 0; r < raffleCount; r++) {
      raffleIds.push((await createRaffle(ctx, { totalTickets: 100, price: 1 })).id);
    }
    const buyers = await Promise.all(Array.from({ length: 10 }, () => createUser(ctx.t.app)));
    const proofs = [];
    for (let i = 0; i < PARALLEL; i++) {
      const quantity = 2 + (i % 2); // 2 or 3 tickets: 125 asked for per raffle, 100 exist
      proofs.push(
        await insertProof(db(), {
          userId: (buyers[i % buyers.length] as { id: string }).id,
          raffleId: raffleIds[i % raffleCount] as string,
          amount: quantity,
          quantityOfTickets: quantity,
          transactionRef: `PAR-${i}`,
        }),
      );
    }
    const responses = await Promise.all(proofs.map((proof) => approve(proof.id)));
    const ok = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    for (const r of refused) expect(r.json().error.code, r.body).toBe("NOT_ENOUGH_TICKETS");
    const assigned = ok.flatMap((r) => r.json().tickets as string[]);

    let soldTotal = 0;
    for (const raffleId of raffleIds) {
      const sold = await soldNumbers(db(), raffleId);
      expect(new Set(sold).size).toBe(sold.length);
      expect(sold.length).toBeLessThanOrEqual(100);
      expect(sold.length).toBeGreaterThanOrEqual(98);
      const row = await raffleRow(db(), raffleId);
      expect(row.soldTickets).toBe(sold.length);
      const [count] = await db()
        .select({ n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")));
      expect(count?.n).toBe(row.soldTickets);
      soldTotal += sold.length;
    }
    expect(assigned.length).toBe(soldTotal);
    for (const buyer of buyers) {
      const { points, ledger } = await balanceOf(buyer.id);
      expect(points).toBe(ledger);
    }
    const totalPoints = ok.reduce((sum, r) => sum + (r.json().pointsAwarded as number), 0);
    expect(totalPoints).toBe(soldTotal * 100);
  });
});

describe("rechazar", () => {
  it("solo pendientes, con la nota en la notificación", async () => {
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa R", totalTickets: 10 });
    const proof = await insertProof(db(), { userId: ctx.user.id, raffleId, transactionRef: "RECHAZO-1" });
    const response = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/reject`, ctx.admin.cookie, {
      adminNotes: "  El monto no coincide.  ",
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ proofId: proof.id, status: "rejected" });
    const [row] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.type, "payment_rejected")));
    expect(row?.message).toContain("Motivo: El monto no coincide.");
    const again = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/reject`, ctx.admin.cookie, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(ADMIN_MESSAGES.proofAlreadyReviewed);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entityId, proof.id));
    expect(audit.map((a) => a.action)).toEqual(["proof.reject"]);
    expect(audit[0]?.after).toEqual({ status: "rejected", adminNotes: "El monto no coincide." });
  });
});

describe("eliminar", () => {
  it("un comprobante aprobado libera sus boletos, baja los vendidos y revierte los puntos", async () => {
    const buyer = await createUser(ctx.t.app);
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 20, price: 3 });
    const keep = await insertProof(db(), { userId: buyer.id, raffleId, amount: 3, quantityOfTickets: 1 });
    const proof = await insertProof(db(), { userId: buyer.id, raffleId, amount: 6, quantityOfTickets: 2 });
    await ctx.t.app.ctx.storage.put(proof.proofImagePath, Buffer.from("x"), "image/png");
    await approve(keep.id);
    const approved = (await approve(proof.id)).json();
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(3);
    expect(await balanceOf(buyer.id)).toMatchObject({ points: 900, ledger: 900 });

    const response = await call(ctx.t, "DELETE", `/api/admin/proofs/${proof.id}`, ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect((await raffleRow(db(), raffleId)).soldTickets).toBe(1);
    const released = await db()
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.raffleId, raffleId),
          sql`${tickets.ticketNumber} IN (${sql.join(
            (approved.tickets as string[]).map((n) => sql`${Number(n)}`),
            sql`, `,
          )})`,
        ),
      );
    expect(released.every((t) => t.status === "available" && t.userId === null && t.paymentId === null)).toBe(
      true,
    );
    expect(await balanceOf(buyer.id)).toMatchObject({ points: 300, ledger: 300 });
    const reversal = await db()
      .select()
      .from(pointsHistory)
      .where(and(eq(pointsHistory.userId, buyer.id), eq(pointsHistory.pointsChange, -600)));
    expect(reversal).toHaveLength(1);
    expect(await ctx.t.app.ctx.storage.exists(proof.proofImagePath)).toBe(false);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, proof.id), eq(auditLog.action, "proof.delete")));
    expect(audit?.after).toEqual({ ticketsReleased: 2, pointsReversed: 600 });
    expect((await call(ctx.t, "DELETE", `/api/admin/proofs/${proof.id}`, ctx.admin.cookie)).statusCode).toBe(
      404,
    );
  });

  it("un comprobante pendiente se elimina sin tocar boletos; una rifa sorteada no libera boletos", async () => {
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10 });
    const pending = await insertProof(db(), { userId: ctx.user.id, raffleId });
    expect(
      (await call(ctx.t, "DELETE", `/api/admin/proofs/${pending.id}`, ctx.admin.cookie)).statusCode,
    ).toBe(200);
    const sold = await insertProof(db(), { userId: ctx.user.id, raffleId, quantityOfTickets: 1 });
    await approve(sold.id);
    await db().update(raffles).set({ drawnAt: new Date() }).where(eq(raffles.id, raffleId));
    const refused = await call(ctx.t, "DELETE", `/api/admin/proofs/${sold.id}`, ctx.admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(ADMIN_MESSAGES.raffleAlreadyDrawn);
  });
});
