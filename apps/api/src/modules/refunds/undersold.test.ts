import type { AdminRaffle, MyProofs, PublicRaffle, Refund } from "@rifazo/shared";
import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  adminEventsAbout,
  call,
  createRaffle,
  expectAdminOnly,
  useAdminTest,
} from "../../../test/admin-fixtures";
import { auditCount, insertProof } from "../../../test/fixtures";
import { signedInUser } from "../../../test/helpers";
import { type FilePart, multipartBody, tinyPng } from "../../../test/multipart";
import {
  drawRecordEntries,
  mailOutbox,
  notifications,
  paymentProofs,
  pointsHistory,
  raffles,
  refunds,
  reservations,
  tickets,
  users,
} from "../../db/schema";
import { sweepLifecycle } from "../lifecycle/service";

// Raffles that do not sell: a minimum of tickets, the organiser's extension or cancellation, the refunds a
// cancellation creates (paid with a reference and an optional private proof, seen by the buyer in Mis
// pagos), archiving, and deleting refused once a raffle had buyers. Runs on PGlite and PostgreSQL.

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
const HOUR = 3_600_000;

let png: Buffer;
beforeAll(async () => {
  png = await tinyPng({ r: 9, g: 8, b: 7 });
});

const approve = async (proofId: string) => {
  const response = await call(ctx.t, "POST", `/api/admin/proofs/${proofId}/approve`, ctx.admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { pointsAwarded: number };
};
const adminRaffle = async (id: string) => {
  const response = await call(ctx.t, "GET", `/api/admin/raffles/${id}`, ctx.admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as AdminRaffle;
};
const mailsTo = async (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));
const notificationsOf = async (userId: string) =>
  db().select().from(notifications).where(eq(notifications.userId, userId));
async function pastEndDate(id: string, hoursAgo = 1) {
  await db()
    .update(raffles)
    .set({ endDate: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(raffles.id, id));
}

const markPaid = (
  id: string,
  cookie: string | undefined,
  fields: Record<string, string>,
  file?: FilePart,
) => {
  const form = multipartBody(fields, file);
  return ctx.t.app.inject({
    method: "POST",
    url: `/api/admin/refunds/${id}/paid`,
    payload: form.payload,
    headers: { ...form.headers, ...(cookie ? { cookie } : {}) },
  });
};

describe("mínimo de boletos y prórrogas en el formulario", () => {
  it("se guardan, se validan y la página pública muestra el mínimo", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 20, minTickets: 8, maxExtensions: 1 });
    const admin = await adminRaffle(raffle.id);
    expect(admin).toMatchObject({ minTickets: 8, maxExtensions: 1, extensionsUsed: 0, archivedAt: null });
    const page = await call(ctx.t, "GET", `/api/raffles/${raffle.id}`);
    expect(page.json()).toMatchObject({ minTickets: 8 });
    expect(page.json().lifecycle.awaitingDecision).toBe(false);

    const tooMany = await call(ctx.t, "POST", "/api/admin/raffles", ctx.admin.cookie, {
      title: "Mínimo imposible",
      price: 1,
      totalTickets: 10,
      endDate: "2030-06-01T20:00:00.000Z",
      prizeLevels: [{ description: "Premio", winnerCount: 1 }],
      minTickets: 11,
      maxExtensions: 9,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(Object.keys(tooMany.json().error.fields)).toEqual(
      expect.arrayContaining(["minTickets", "maxExtensions"]),
    );
    expect(tooMany.json().error.message).toContain("Mínimo de boletos vendidos para sortear");

    // Without a minimum: null; the default number of extensions is 2.
    const plain = await createRaffle(ctx, { totalTickets: 10 });
    expect(await adminRaffle(plain.id)).toMatchObject({ minTickets: null, maxExtensions: 2 });
  });
});

describe("por debajo del mínimo: ni congelación ni sorteo; prorrogar", () => {
  it("al llegar la fecha la rifa cierra y espera la decisión del organizador; prorrogar la reabre", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10, minTickets: 6, maxExtensions: 1 });
    const buyer = await signedInUser(ctx.t.app);
    const sold = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, quantityOfTickets: 2 });
    await approve(sold.id);
    await pastEndDate(raffle.id);

    await sweepLifecycle(ctx.t.app.ctx);
    await sweepLifecycle(ctx.t.app.ctx, new Date(Date.now() + 30 * 24 * HOUR));
    const closed = await adminRaffle(raffle.id);
    expect(closed.status).toBe("closed");
    expect(closed.lifecycle.awaitingDecision).toBe(true);
    expect(closed.lifecycle.label).toMatch(/no alcanzó el mínimo/);
    expect(closed.lifecycle.frozenAt).toBeNull();

    const url = `/api/admin/raffles/${raffle.id}/extend`;
    const later = new Date(Date.now() + 7 * 24 * HOUR).toISOString();
    await expectAdminOnly(ctx, "POST", url, { endDate: later });
    const past = await call(ctx.t, "POST", url, ctx.admin.cookie, {
      endDate: new Date(Date.now() - HOUR).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.endDate).toMatch(/posterior/);

    const extended = await call(ctx.t, "POST", url, ctx.admin.cookie, {
      endDate: later,
      message: "Faltan pocos boletos.",
    });
    expect(extended.statusCode, extended.body).toBe(200);
    expect(extended.json()).toMatchObject({ extensionsUsed: 1, maxExtensions: 1, notified: 1 });
    const reopened = await adminRaffle(raffle.id);
    expect(reopened).toMatchObject({ status: "active", extensionsUsed: 1, endDate: later });
    expect(reopened.lifecycle).toMatchObject({ awaitingDecision: false, salesOpen: true, closedAt: null });
    expect(await auditCount(db(), raffle.id, "raffle.extend")).toBe(1);
    const told = (await notificationsOf(buyer.id)).filter((n) => n.title === "Nueva fecha de cierre");
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain("Faltan pocos boletos.");
    expect((await mailsTo(buyer.email)).some((m) => m.subject.includes("Nueva fecha"))).toBe(true);

    // Only the extensions allowed: the second is refused.
    const again = await call(ctx.t, "POST", url, ctx.admin.cookie, {
      endDate: new Date(Date.now() + 14 * 24 * HOUR).toISOString(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "RAFFLE_EXTENSIONS_EXHAUSTED",
      message: "Esta rifa ya usó su 1 prórroga permitida.",
    });
  });

  it("una rifa que alcanzó el mínimo sigue hacia la congelación y ya no se prorroga", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10, minTickets: 2 });
    const buyer = await signedInUser(ctx.t.app);
    await approve((await insertProof(db(), { userId: buyer.id, raffleId: raffle.id })).id);
    await pastEndDate(raffle.id);
    await sweepLifecycle(ctx.t.app.ctx);
    expect((await adminRaffle(raffle.id)).status).toBe("frozen");
    const refused = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/extend`, ctx.admin.cookie, {
      endDate: new Date(Date.now() + 7 * 24 * HOUR).toISOString(),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("RAFFLE_STATE");
  });

  it("cerrada por debajo del mínimo, las aprobaciones que lo alcanzan la llevan a congelarse con el cierre en el acta", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10, minTickets: 4 });
    const buyer = await signedInUser(ctx.t.app);
    await approve((await insertProof(db(), { userId: buyer.id, raffleId: raffle.id })).id);
    const pending = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    await pastEndDate(raffle.id);
    await sweepLifecycle(ctx.t.app.ctx);
    const waiting = await adminRaffle(raffle.id);
    expect(waiting.lifecycle).toMatchObject({ state: "closed", awaitingDecision: true, pendingProofs: 1 });
    // Nothing is recorded for a close the organiser may still undo with an extension.
    const before = await db()
      .select()
      .from(drawRecordEntries)
      .where(eq(drawRecordEntries.raffleId, raffle.id));
    expect(before.map((e) => e.type)).not.toContain("closed");

    await approve(pending.id);
    const frozen = await adminRaffle(raffle.id);
    expect(frozen.status).toBe("frozen");
    const entries = await db()
      .select()
      .from(drawRecordEntries)
      .where(eq(drawRecordEntries.raffleId, raffle.id))
      .orderBy(drawRecordEntries.seq);
    const types = entries.map((e) => e.type);
    expect(types.indexOf("closed")).toBeGreaterThanOrEqual(0);
    expect(types.indexOf("closed")).toBeLessThan(types.indexOf("frozen"));
  });

  it("una prórroga necesita una fecha posterior a la actual", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const earlier = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/extend`, ctx.admin.cookie, {
      endDate: "2030-05-01T20:00:00.000Z",
    });
    expect(earlier.statusCode).toBe(400);
    const missing = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/extend`, ctx.admin.cookie, {});
    expect(missing.statusCode).toBe(400);
  });
});

describe("cancelar: reembolsos, puntos, avisos; marcar pagado", () => {
  it("crea un reembolso por compra aprobada (USD y Bs a la tasa congelada), revierte puntos, rechaza los pendientes y avisa", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 20, minTickets: 15, title: "Rifa sin ventas" });
    const usdBuyer = await signedInUser(ctx.t.app, { fullName: "Ana Dólares", phone: null });
    const vesBuyer = await signedInUser(ctx.t.app, { fullName: "Beto Bolívares" });
    const pendingBuyer = await signedInUser(ctx.t.app, { fullName: "Carla Pendiente" });
    await db().update(users).set({ phone: "04141234567" }).where(eq(users.id, vesBuyer.id));

    const usd = await insertProof(db(), {
      userId: usdBuyer.id,
      raffleId: raffle.id,
      amount: 25,
      currency: "USD",
      paymentMethod: "zelle",
      quantityOfTickets: 5,
    });
    const ves = await insertProof(db(), {
      userId: vesBuyer.id,
      raffleId: raffle.id,
      amount: 365.8,
      currency: "VES",
      exchangeRate: 36.58,
      paymentMethod: "pago_movil",
      quantityOfTickets: 2,
    });
    expect((await approve(usd.id)).pointsAwarded).toBe(2500);
    expect((await approve(ves.id)).pointsAwarded).toBe(1000);
    const pending = await insertProof(db(), { userId: pendingBuyer.id, raffleId: raffle.id });

    const cancelled = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/cancel`, ctx.admin.cookie, {
      reason: "No se alcanzó el mínimo de boletos.",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");

    const rows = await db().select().from(refunds).where(eq(refunds.raffleId, raffle.id));
    expect(rows).toHaveLength(2);
    const usdRefund = rows.find((r) => r.proofId === usd.id);
    const vesRefund = rows.find((r) => r.proofId === ves.id);
    expect(usdRefund).toMatchObject({
      amount: 25,
      currency: "USD",
      exchangeRate: null,
      amountVes: null,
      paymentMethod: "zelle",
      status: "pending",
      userId: usdBuyer.id,
    });
    expect(usdRefund?.payTo).toMatchObject({ name: "Ana Dólares", email: usdBuyer.email, phone: null });
    expect(vesRefund).toMatchObject({
      amount: 365.8,
      currency: "VES",
      exchangeRate: 36.58,
      amountVes: 365.8,
      paymentMethod: "pago_movil",
    });
    expect(vesRefund?.payTo).toMatchObject({ name: "Beto Bolívares", phone: "04141234567" });

    // Points taken back with ledger rows; the balance and the points earned go back to 0.
    const ledger = await db()
      .select()
      .from(pointsHistory)
      .where(inArray(pointsHistory.paymentProofId, [usd.id, ves.id]));
    expect(ledger.map((row) => row.pointsChange).sort((a, b) => a - b)).toEqual([-2500, -1000, 1000, 2500]);
    expect(ledger.find((row) => row.pointsChange === -2500)?.reason).toBe(
      'Reembolso: rifa "Rifa sin ventas" cancelada',
    );
    const [usdUser] = await db().select().from(users).where(eq(users.id, usdBuyer.id));
    expect(usdUser).toMatchObject({ rifazoPoints: 0, pointsEarned: 0 });

    // The pending proof is rejected with the reason; the sold tickets stay as the record.
    const [rejected] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, pending.id));
    expect(rejected?.status).toBe("rejected");
    expect(rejected?.adminNotes).toContain("No se alcanzó el mínimo de boletos.");
    const sold = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.status, "sold")));
    expect(sold).toHaveLength(7);

    // Every buyer is told and gets an email.
    for (const buyer of [usdBuyer, vesBuyer, pendingBuyer]) {
      const told = (await notificationsOf(buyer.id)).filter((n) => n.title === "Rifa cancelada");
      expect(told, buyer.email).toHaveLength(1);
      expect((await mailsTo(buyer.email)).some((m) => m.subject.includes("fue cancelada"))).toBe(true);
    }
    expect((await notificationsOf(usdBuyer.id)).find((n) => n.title === "Rifa cancelada")?.message).toContain(
      "$25,00",
    );
    expect(await auditCount(db(), raffle.id, "raffle.cancel")).toBe(1);
    expect(await auditCount(db(), usdRefund?.id ?? "", "refund.create")).toBe(1);

    // The buyer sees the pending refund in Mis pagos.
    const mine = await call(ctx.t, "GET", "/api/proofs/mine", vesBuyer.cookie);
    const vesProof = (mine.json() as MyProofs).items.find((p) => p.id === ves.id);
    expect(vesProof?.refund).toMatchObject({
      status: "pending",
      statusLabel: "Reembolso pendiente",
      amount: 365.8,
      currency: "VES",
      amountVes: 365.8,
      paidReference: null,
      paidProofUrl: null,
    });

    // The organiser's list: pending first, filters by status and raffle.
    await expectAdminOnly(ctx, "GET", "/api/admin/refunds");
    const list = await call(ctx.t, "GET", `/api/admin/refunds?raffleId=${raffle.id}`, ctx.admin.cookie);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json()).toMatchObject({ total: 2, page: 1 });
    const listed = (list.json().items as Refund[]).find((r) => r.proofId === ves.id);
    expect(listed).toMatchObject({
      raffleTitle: "Rifa sin ventas",
      transactionRef: ves.transactionRef,
      quantityOfTickets: 2,
      exchangeRate: 36.58,
    });
    const badFilter = await call(ctx.t, "GET", "/api/admin/refunds?status=lost", ctx.admin.cookie);
    expect(badFilter.statusCode).toBe(400);

    // Marking paid: admin only, a reference required, a file of an allowed type, once.
    const refundId = vesRefund?.id ?? "";
    const visitor = await markPaid(refundId, undefined, { reference: "123456" });
    expect(visitor.statusCode).toBe(401);
    const user = await markPaid(refundId, vesBuyer.cookie, { reference: "123456" });
    expect(user.statusCode).toBe(403);
    const noReference = await markPaid(refundId, ctx.admin.cookie, { reference: "  " });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.json().error.fields.reference).toBe("Escribe la referencia del reembolso.");
    const wrongType = await markPaid(
      refundId,
      ctx.admin.cookie,
      { reference: "123456" },
      { name: "x.txt", type: "text/plain", data: Buffer.from("hola, esto no es una imagen") },
    );
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.code).toBe("UNSUPPORTED_FILE_TYPE");
    expect((await db().select().from(refunds).where(eq(refunds.id, refundId)))[0]?.status).toBe("pending");

    const paid = await markPaid(
      refundId,
      ctx.admin.cookie,
      { reference: "PM-998877" },
      { name: "pago.png", type: "image/png", data: png },
    );
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({
      status: "paid",
      paidReference: "PM-998877",
      paidProofUrl: `/api/refunds/${refundId}/file`,
    });
    const twice = await markPaid(refundId, ctx.admin.cookie, { reference: "PM-1" });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("REFUND_ALREADY_PAID");
    expect(await auditCount(db(), refundId, "refund.paid")).toBe(1);
    expect((await notificationsOf(vesBuyer.id)).some((n) => n.title === "Reembolso realizado")).toBe(true);
    expect((await mailsTo(vesBuyer.email)).some((m) => m.subject === "Te devolvimos tu pago")).toBe(true);

    // The buyer sees it paid, and only they and administrators may open the proof.
    const after = await call(ctx.t, "GET", "/api/proofs/mine", vesBuyer.cookie);
    expect((after.json() as MyProofs).items.find((p) => p.id === ves.id)?.refund).toMatchObject({
      status: "paid",
      statusLabel: "Reembolsado",
      paidReference: "PM-998877",
      paidProofUrl: `/api/refunds/${refundId}/file`,
    });
    const fileUrl = `/api/refunds/${refundId}/file`;
    expect((await call(ctx.t, "GET", fileUrl)).statusCode).toBe(401);
    expect((await call(ctx.t, "GET", fileUrl, usdBuyer.cookie)).statusCode).toBe(404);
    const own = await call(ctx.t, "GET", fileUrl, vesBuyer.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.headers["content-type"]).toBe("image/png");
    expect((await call(ctx.t, "GET", fileUrl, ctx.admin.cookie)).statusCode).toBe(200);

    // Paid without a file: no file link; the status filter works.
    const usdPaid = await markPaid(usdRefund?.id ?? "", ctx.admin.cookie, { reference: "ZELLE-1" });
    expect(usdPaid.statusCode, usdPaid.body).toBe(200);
    expect(usdPaid.json().paidProofUrl).toBeNull();
    expect((await call(ctx.t, "GET", `/api/refunds/${usdRefund?.id}/file`, usdBuyer.cookie)).statusCode).toBe(
      404,
    );
    const paidList = await call(
      ctx.t,
      "GET",
      `/api/admin/refunds?status=paid&raffleId=${raffle.id}`,
      ctx.admin.cookie,
    );
    expect(paidList.json().total).toBe(2);

    // Nothing about the cancelled raffle was deleted, and it cannot be deleted now.
    const deleted = await call(ctx.t, "DELETE", `/api/admin/raffles/${raffle.id}`, ctx.admin.cookie);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error).toEqual({
      code: "RAFFLE_HAS_SALES",
      message: "Esta rifa tiene ventas: archívala en lugar de eliminarla.",
    });
  });

  it("los pendientes que rechaza la cancelación salen de la bandeja de los administradores al instante", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 20, title: "Rifa con pagos en revisión" });
    const buyer = await signedInUser(ctx.t.app, { fullName: "Dora Pendiente" });
    const approved = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, quantityOfTickets: 2 });
    await approve(approved.id);
    const pending = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    const adminEvents = (proofId: string) => adminEventsAbout(ctx, proofId);
    expect(await adminEvents(pending.id)).toEqual([]);

    const cancelled = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/cancel`, ctx.admin.cookie, {
      reason: "El premio ya no está disponible.",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe("cancelled");

    // The rejected proof is announced on the admin topic like a review; the refunded one left the inbox
    // when it was approved, so the cancellation announces nothing more for it.
    expect(await adminEvents(pending.id)).toEqual([
      { type: "proofs.changed", proofId: pending.id, change: "rejected" },
    ]);
    expect(await adminEvents(approved.id)).toEqual([
      { type: "proofs.changed", proofId: approved.id, change: "approved" },
    ]);
    const admin = await call(ctx.t, "GET", "/api/admin/proofs?status=pending", ctx.admin.cookie);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(JSON.stringify(admin.json())).not.toContain(pending.id);
  });

  it("cancelar libera las reservas y avisa a quien solo tenía una reserva", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const buyer = await signedInUser(ctx.t.app);
    const held = await call(ctx.t, "POST", `/api/raffles/${raffle.id}/reservations`, buyer.cookie, {
      quantity: 2,
    });
    expect(held.statusCode, held.body).toBe(201);
    const cancelled = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/cancel`, ctx.admin.cookie, {
      reason: "El premio ya no está disponible.",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const [reservation] = await db().select().from(reservations).where(eq(reservations.raffleId, raffle.id));
    expect(reservation?.status).toBe("cancelled");
    const told = (await notificationsOf(buyer.id)).find((n) => n.title === "Rifa cancelada");
    expect(told?.message).toContain("Tu reserva se canceló");
    expect(await db().select().from(refunds).where(eq(refunds.raffleId, raffle.id))).toHaveLength(0);
  });

  it("un reembolso que no existe es 404", async () => {
    const missing = await markPaid("00000000-0000-4000-8000-000000000000", ctx.admin.cookie, {
      reference: "1",
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe("REFUND_NOT_FOUND");
  });
});

describe("archivar", () => {
  it("sale de las listas (admin por defecto y públicas) y su página sigue accesible", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10, title: "Rifa para archivar" });
    const url = `/api/admin/raffles/${raffle.id}/archive`;
    await expectAdminOnly(ctx, "POST", url);
    await expectAdminOnly(ctx, "POST", `/api/admin/raffles/${raffle.id}/unarchive`);
    const archived = await call(ctx.t, "POST", url, ctx.admin.cookie);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().archivedAt).not.toBeNull();
    expect(await auditCount(db(), raffle.id, "raffle.archive")).toBe(1);

    const ids = (response: { json: () => { items: Array<{ id: string }> } }) =>
      response.json().items.map((r) => r.id);
    expect(ids(await call(ctx.t, "GET", "/api/admin/raffles", ctx.admin.cookie))).not.toContain(raffle.id);
    expect(ids(await call(ctx.t, "GET", "/api/admin/raffles?archived=only", ctx.admin.cookie))).toEqual([
      raffle.id,
    ]);
    expect(ids(await call(ctx.t, "GET", "/api/admin/raffles?archived=include", ctx.admin.cookie))).toContain(
      raffle.id,
    );
    const publicList = await call(ctx.t, "GET", "/api/raffles?status=all");
    expect((publicList.json().items as PublicRaffle[]).map((r) => r.id)).not.toContain(raffle.id);
    const searched = await call(ctx.t, "GET", "/api/raffles?status=all&q=archivar");
    expect(searched.json().items).toHaveLength(0);
    expect((await call(ctx.t, "GET", `/api/raffles/${raffle.id}`)).statusCode).toBe(200);

    const back = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/unarchive`, ctx.admin.cookie);
    expect(back.json().archivedAt).toBeNull();
    expect(await auditCount(db(), raffle.id, "raffle.unarchive")).toBe(1);
    const again = await call(ctx.t, "GET", "/api/raffles?status=all");
    expect((again.json().items as PublicRaffle[]).map((r) => r.id)).toContain(raffle.id);
  });

  it("una rifa próxima sin ventas se elimina; con una reserva, no", async () => {
    // Upcoming: a raffle on sale has a public record and is cancelled instead (decision 0023).
    const empty = await createRaffle(ctx, { totalTickets: 10, status: "upcoming" });
    expect((await call(ctx.t, "DELETE", `/api/admin/raffles/${empty.id}`, ctx.admin.cookie)).statusCode).toBe(
      200,
    );
    const reserved = await createRaffle(ctx, { totalTickets: 10 });
    const buyer = await signedInUser(ctx.t.app);
    const held = await call(ctx.t, "POST", `/api/raffles/${reserved.id}/reservations`, buyer.cookie, {
      quantity: 2,
    });
    expect(held.statusCode, held.body).toBe(201);
    const refused = await call(ctx.t, "DELETE", `/api/admin/raffles/${reserved.id}`, ctx.admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("RAFFLE_HAS_SALES");
  });
});
