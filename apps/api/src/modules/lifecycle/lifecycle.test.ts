import { randomBytes } from "node:crypto";
import { type PublicRaffle, RAFFLE_STATE_LABELS, type RaffleDetail } from "@rifazo/shared";
import type { DrawRecord } from "@rifazo/shared/domain/draw-record";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createRaffle, useAdminTest } from "../../../test/admin-fixtures";
import { auditCount, insertProof, raffleRow, setRaffleState } from "../../../test/fixtures";
import { createUser, signedInUser } from "../../../test/helpers";
import { multipartBody, tinyPng } from "../../../test/multipart";
import { mailOutbox, notifications, paymentProofs, raffles, tickets } from "../../db/schema";
import { sweepLifecycle } from "./service";

// The raffle lifecycle on the server (decision 0012): who may move a raffle along upcoming → active → closed →
// frozen → finished (or cancelled), what each state allows, the review window and the periodic job.

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
const HOUR = 3_600_000;

let png: Buffer;
beforeAll(async () => {
  png = await tinyPng();
});

function upload(cookie: string, raffle: { id: string; price: number }, quantity = 2) {
  const form = multipartBody(
    {
      raffleId: raffle.id,
      paymentMethod: "pago_movil",
      transactionRef: `REF-${randomBytes(5).readUIntBE(0, 5)}`,
      amount: (raffle.price * quantity).toFixed(2),
      currency: "USD",
      quantity,
    },
    { name: "c.png", type: "image/png", data: png },
  );
  return ctx.t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
}

const detail = async (id: string) => {
  const response = await call(ctx.t, "GET", `/api/raffles/${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as RaffleDetail;
};
const approve = (proofId: string) =>
  call(ctx.t, "POST", `/api/admin/proofs/${proofId}/approve`, ctx.admin.cookie);
const reject = (proofId: string, adminNotes = "No coincide.") =>
  call(ctx.t, "POST", `/api/admin/proofs/${proofId}/reject`, ctx.admin.cookie, { adminNotes });

/** A date raffle whose end date has just passed (the server has not noticed it yet). */
async function pastEndDate(id: string, hoursAgo = 1) {
  await db()
    .update(raffles)
    .set({ endDate: new Date(Date.now() - hoursAgo * HOUR) })
    .where(eq(raffles.id, id));
}

describe("acciones del organizador: abrir, cerrar antes de tiempo, cancelar", () => {
  it("visitante 401, usuario 403; el administrador abre una rifa próxima una sola vez", async () => {
    const raffle = await createRaffle(ctx, { status: "upcoming", totalTickets: 10 });
    for (const action of ["open", "close", "cancel"]) {
      const url = `/api/admin/raffles/${raffle.id}/${action}`;
      const body = action === "cancel" ? { reason: "Motivo suficiente." } : undefined;
      expect((await call(ctx.t, "POST", url, undefined, body)).statusCode).toBe(401);
      expect((await call(ctx.t, "POST", url, ctx.user.cookie, body)).statusCode).toBe(403);
    }
    const opened = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/open`, ctx.admin.cookie);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().lifecycle).toMatchObject({ state: "active", label: "En venta", salesOpen: true });
    expect(await auditCount(db(), raffle.id, "raffle.open")).toBe(1);
    const again = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/open`, ctx.admin.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "RAFFLE_STATE",
      message: "Solo una rifa próxima puede abrir sus ventas.",
    });
  });

  it("cerrar antes de tiempo: solo agotada o con la meta de porcentaje alcanzada", async () => {
    const dated = await createRaffle(ctx, { totalTickets: 10 });
    const refused = await call(ctx.t, "POST", `/api/admin/raffles/${dated.id}/close`, ctx.admin.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/^Solo puedes cerrar antes de tiempo una rifa agotada/);

    const pct = await createRaffle(ctx, {
      totalTickets: 10,
      activationType: "percentage",
      activationPercentage: 20,
      endDate: null,
    });
    const buyer = await createUser(ctx.t.app);
    const sold = await insertProof(db(), { userId: buyer.id, raffleId: pct.id, quantityOfTickets: 2 });
    expect((await approve(sold.id)).statusCode).toBe(200);
    const pending = await insertProof(db(), { userId: buyer.id, raffleId: pct.id, quantityOfTickets: 2 });
    const closed = await call(ctx.t, "POST", `/api/admin/raffles/${pct.id}/close`, ctx.admin.cookie);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().lifecycle).toMatchObject({
      state: "closed",
      label: "Cerrada: revisando pagos",
      salesOpen: false,
      pendingProofs: 1,
      reviewWindowHours: 48,
    });
    const row = await raffleRow(db(), pct.id);
    expect(row.closeReason).toBe("organiser");
    expect(await auditCount(db(), pct.id, "raffle.close_early")).toBe(1);
    // The buyer still under review is told when the review ends at the latest.
    const [told] = await db()
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, buyer.id),
          eq(notifications.title, "La rifa cerró: revisaremos tu pago"),
        ),
      );
    expect(told?.message).toMatch(
      /^La rifa "Moto Bera 2026" cerró \(el organizador la cerró antes de tiempo\); tu pago se revisará antes del /,
    );
    // The approvals inbox lists it first, with the end of the review window.
    const newer = await createRaffle(ctx, { totalTickets: 10 });
    await insertProof(db(), { userId: buyer.id, raffleId: newer.id });
    const inbox = await call(ctx.t, "GET", "/api/admin/proofs?status=pending", ctx.admin.cookie);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const [first] = inbox.json().items as Array<{ id: string; reviewBefore: string | null }>;
    expect(first?.id).toBe(pending.id);
    expect(first?.reviewBefore).toBe(closed.json().lifecycle.reviewDeadline);
    // Reviewing the last pending proof freezes the list in the same transaction.
    expect((await approve(pending.id)).statusCode).toBe(200);
    const frozen = await raffleRow(db(), pct.id);
    expect(frozen.status).toBe("frozen");
    expect(frozen.frozenAt).not.toBeNull();
    expect((await detail(pct.id)).lifecycle).toMatchObject({
      state: "frozen",
      label: "Lista congelada: esperando el sorteo",
      pendingProofs: 0,
    });
  });

  it("cancelar con motivo desde próxima, activa o cerrada; nunca una congelada", async () => {
    const upcoming = await createRaffle(ctx, { status: "upcoming", totalTickets: 10 });
    const short = await call(ctx.t, "POST", `/api/admin/raffles/${upcoming.id}/cancel`, ctx.admin.cookie, {
      reason: "no",
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe("Indica el motivo de la cancelación (al menos 5 caracteres).");
    const cancelled = await call(
      ctx.t,
      "POST",
      `/api/admin/raffles/${upcoming.id}/cancel`,
      ctx.admin.cookie,
      {
        reason: "El premio no llegó a tiempo.",
      },
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({
      status: "cancelled",
      cancelReason: "El premio no llegó a tiempo.",
      lifecycle: { state: "cancelled", label: "Cancelada", salesOpen: false },
    });
    expect(await auditCount(db(), upcoming.id, "raffle.cancel")).toBe(1);
    // A cancelled raffle is final: no edit, no reopening, no draw.
    const edit = await call(ctx.t, "PATCH", `/api/admin/raffles/${upcoming.id}`, ctx.admin.cookie, {
      description: "Otra",
    });
    expect(edit.statusCode).toBe(409);
    const draw = await call(ctx.t, "POST", `/api/raffles/${upcoming.id}/draw`, undefined, {});
    expect(draw.statusCode).toBe(409);
    expect(draw.json().error.message).toBe("Esta rifa fue cancelada: no tendrá sorteo.");

    const frozen = await createRaffle(ctx, { totalTickets: 10 });
    await pastEndDate(frozen.id);
    await sweepLifecycle(ctx.t.app.ctx);
    expect((await raffleRow(db(), frozen.id)).status).toBe("frozen");
    const late = await call(ctx.t, "POST", `/api/admin/raffles/${frozen.id}/cancel`, ctx.admin.cookie, {
      reason: "Demasiado tarde.",
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe("Una rifa congelada o sorteada no se puede cancelar.");
  });

  it("el estado ya no se elige en el formulario: solo la apertura, y una rifa nueva nace próxima o activa", async () => {
    const created = await call(ctx.t, "POST", "/api/admin/raffles", ctx.admin.cookie, {
      title: "Nace cerrada",
      price: 5,
      currency: "USD",
      totalTickets: 10,
      status: "finished",
      activationType: "date",
      endDate: "2030-06-01T20:00:00.000Z",
      prizeLevels: [{ description: "Premio", winnerCount: 1 }],
    });
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toBe("Una rifa nueva empieza Próximamente o Activa.");
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const toFinished = await call(ctx.t, "PATCH", `/api/admin/raffles/${raffle.id}`, ctx.admin.cookie, {
      status: "finished",
    });
    expect(toFinished.statusCode).toBe(409);
    expect(toFinished.json().error.code).toBe("RAFFLE_STATE");
  });

  it("la ventana de revisión se fija por rifa (1 a 720 horas, 48 por defecto)", async () => {
    const bad = await call(ctx.t, "POST", "/api/admin/raffles", ctx.admin.cookie, {
      title: "Ventana inválida",
      price: 5,
      totalTickets: 10,
      activationType: "date",
      endDate: "2030-06-01T20:00:00.000Z",
      prizeLevels: [{ description: "Premio", winnerCount: 1 }],
      reviewWindowHours: 0,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.reviewWindowHours).toBe(
      "Las horas de revisión de pagos deben ser un número entero entre 1 y 720 (30 días).",
    );
    const raffle = await createRaffle(ctx, { totalTickets: 10, reviewWindowHours: 72 });
    const page = await detail(raffle.id);
    expect(page.lifecycle.reviewWindowHours).toBe(72);
  });

  it("las reglas se editan en próxima y en activa sin ventas; cerrada o congelada, solo los detalles", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const price = await call(ctx.t, "PATCH", `/api/admin/raffles/${raffle.id}`, ctx.admin.cookie, {
      price: 6,
    });
    expect(price.statusCode, price.body).toBe(200);
    const buyer = await createUser(ctx.t.app);
    await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, quantityOfTickets: 2, amount: 12 });
    const prizes = await call(ctx.t, "PATCH", `/api/admin/raffles/${raffle.id}`, ctx.admin.cookie, {
      prizeLevels: [{ description: "Otro premio", winnerCount: 2 }],
    });
    expect(prizes.statusCode).toBe(409);
    await pastEndDate(raffle.id);
    // Closed (a proof is pending): only the details change.
    const later = await call(ctx.t, "PATCH", `/api/admin/raffles/${raffle.id}`, ctx.admin.cookie, {
      endDate: "2031-01-01T00:00:00.000Z",
    });
    expect(later.statusCode).toBe(409);
    expect(later.json().error.code).toBe("RAFFLE_LOCKED");
    const text = await call(ctx.t, "PATCH", `/api/admin/raffles/${raffle.id}`, ctx.admin.cookie, {
      description: "Descripción nueva",
    });
    expect(text.statusCode, text.body).toBe(200);
    expect(text.json().lifecycle.state).toBe("closed");
  });
});

describe("comprar y revisar según el estado", () => {
  it("después del cierre la subida se rechaza con 409 en español, aunque el trabajo periódico no haya corrido", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const buyer = await signedInUser(ctx.t.app);
    expect((await upload(buyer.cookie, { id: raffle.id, price: 5 })).statusCode).toBe(201);
    await pastEndDate(raffle.id);
    const late = await upload(buyer.cookie, { id: raffle.id, price: 5 });
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toEqual({
      code: "SALES_CLOSED",
      message: "La venta de boletos para esta rifa está cerrada.",
    });
    // The raffle page already shows the close, with the count pending and the review deadline.
    const page = await detail(raffle.id);
    expect(page.lifecycle).toMatchObject({ state: "closed", pendingProofs: 1, salesOpen: false });
    expect(page.lifecycle.reviewDeadline).not.toBeNull();
    expect(page.status).toBe("closed");
  });

  it("aprobar y rechazar siguen permitidos mientras está cerrada; tras congelarse, no", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const buyer = await createUser(ctx.t.app);
    const a = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    const b = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    await pastEndDate(raffle.id);
    expect((await approve(a.id)).statusCode).toBe(200);
    expect((await raffleRow(db(), raffle.id)).status).toBe("closed");
    expect((await reject(b.id)).statusCode).toBe(200);
    expect((await raffleRow(db(), raffle.id)).status).toBe("frozen");
    expect(await auditCount(db(), raffle.id, "raffle.freeze")).toBe(1);

    // A proof still pending on a raffle frozen behind the service's back: the service refuses to review it.
    const other = await createRaffle(ctx, { totalTickets: 10 });
    const stuck = await insertProof(db(), { userId: buyer.id, raffleId: other.id });
    await setRaffleState(db(), other.id, "frozen");
    for (const response of [await approve(stuck.id), await reject(stuck.id)]) {
      expect(response.statusCode).toBe(409);
      expect(response.json().error).toEqual({
        code: "RAFFLE_FROZEN",
        message: "La lista de boletos de esta rifa está congelada: ya no admite cambios.",
      });
    }
    // Deleting an approved proof would give its tickets back: the database refuses it, answered as a 409.
    const deleted = await call(ctx.t, "DELETE", `/api/admin/proofs/${a.id}`, ctx.admin.cookie);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe("RAFFLE_FROZEN");
  });

  it("el sorteo solo se ofrece con la lista congelada: con pagos pendientes del cierre, 409 y nadie queda fuera", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const buyer = await createUser(ctx.t.app);
    const pending = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    await pastEndDate(raffle.id);
    const early = await call(ctx.t, "POST", `/api/raffles/${raffle.id}/draw`, undefined, {});
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe("RAFFLE_STATE");
    expect(early.json().error.message).toBe(
      "El sorteo se realiza cuando la lista de boletos quede congelada (después del cierre y de revisar los pagos pendientes).",
    );
    expect((await raffleRow(db(), raffle.id)).status).toBe("closed");
    // Approving the last pending proof freezes the list with that buyer's tickets in it: nobody is left
    // out. The draw then waits for the drand round the freeze named.
    expect((await approve(pending.id)).statusCode).toBe(200);
    expect((await raffleRow(db(), raffle.id)).status).toBe("frozen");
    const sold = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.status, "sold")));
    expect(sold.length).toBeGreaterThan(0);
    const record = (await call(ctx.t, "GET", `/api/raffles/${raffle.id}/record`)).json() as DrawRecord;
    const frozen = record.entries.find((e) => e.type === "frozen");
    if (frozen?.type !== "frozen") throw new Error("sin lista congelada");
    expect(frozen.data.tickets.map((x) => x.number)).toEqual(
      sold.map((x) => x.ticketNumber).sort((a, b) => a - b),
    );
    const draw = await call(ctx.t, "POST", `/api/raffles/${raffle.id}/draw`, undefined, {});
    expect(draw.statusCode).toBe(409);
    expect(draw.json().error.message).toMatch(/^La ronda \d+ de drand se publica el /);
  });
});

describe("ventana de revisión y trabajo periódico", () => {
  it("al vencer la ventana rechaza los pendientes con su motivo, avisa al comprador y congela", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10, title: "Rifa con ventana" });
    const buyer = await createUser(ctx.t.app, { fullName: "Lucía Vence" });
    const pending = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    await pastEndDate(raffle.id, 49);
    const now = new Date();
    // Closing and expiring happen in one pass: the close is dated at the end date, 49 h ago.
    expect(await sweepLifecycle(ctx.t.app.ctx, now)).toBeGreaterThanOrEqual(1);
    const [proof] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, pending.id));
    expect(proof?.status).toBe("rejected");
    expect(proof?.adminNotes).toMatch(/^La ventana de revisión de pagos de esta rifa terminó/);
    const [notice] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.type, "payment_rejected")));
    expect(notice?.message).toMatch(/^Tu pago para la rifa "Rifa con ventana" \(Pago Móvil, referencia REF-/);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.map((m) => m.subject).join(" ")).toMatch(/rechazado/i);
    const row = await raffleRow(db(), raffle.id);
    expect(row.status).toBe("frozen");
    expect(row.closeReason).toBe("end_date");
    expect(await auditCount(db(), pending.id, "proof.expire")).toBe(1);
  });

  it("aprobar después de la ventana: el pago ya venció (409) y el vencimiento queda guardado", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const buyer = await createUser(ctx.t.app);
    const late = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    await pastEndDate(raffle.id, 72);
    const response = await approve(late.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("PROOF_REJECTED");
    const [proof] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, late.id));
    expect(proof?.status).toBe("rejected");
    expect((await raffleRow(db(), raffle.id)).status).toBe("frozen");
  });

  it("tras un reinicio el estado sigue en la base y el trabajo retoma donde quedó", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const buyer = await createUser(ctx.t.app);
    await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    await pastEndDate(raffle.id);
    await sweepLifecycle(ctx.t.app.ctx);
    const closed = await raffleRow(db(), raffle.id);
    expect(closed.status).toBe("closed");
    // "Restart": a later pass (any instance, any time) reads only the database and continues.
    await sweepLifecycle(ctx.t.app.ctx, new Date(Date.now() + 10 * HOUR));
    expect((await raffleRow(db(), raffle.id)).status).toBe("closed");
    await sweepLifecycle(ctx.t.app.ctx, new Date(Date.now() + 48 * HOUR));
    const frozen = await raffleRow(db(), raffle.id);
    expect(frozen.status).toBe("frozen");
    expect(frozen.closedAt?.toISOString()).toBe(closed.closedAt?.toISOString());
    // Nothing is done twice.
    expect(await sweepLifecycle(ctx.t.app.ctx, new Date(Date.now() + 96 * HOUR))).toBe(0);
    expect(await auditCount(db(), raffle.id, "raffle.close")).toBe(1);
    expect(await auditCount(db(), raffle.id, "raffle.freeze")).toBe(1);
  });

  it("dos aprobaciones simultáneas de los últimos pendientes congelan una sola vez", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 20 });
    const buyers = await Promise.all([createUser(ctx.t.app), createUser(ctx.t.app)]);
    const proofs = await Promise.all(
      buyers.map((buyer) => insertProof(db(), { userId: buyer.id, raffleId: raffle.id })),
    );
    await pastEndDate(raffle.id);
    await sweepLifecycle(ctx.t.app.ctx);
    const responses = await Promise.all(proofs.map((proof) => approve(proof.id)));
    for (const response of responses) expect(response.statusCode, response.body).toBe(200);
    const row = await raffleRow(db(), raffle.id);
    expect(row.status).toBe("frozen");
    expect(row.soldTickets).toBe(4);
    expect(await auditCount(db(), raffle.id, "raffle.freeze")).toBe(1);
  });
});

describe("lo público lleva el estado del servidor", () => {
  it("catálogo y detalle: lifecycle con la ventana de revisión desde el principio; pendientes solo como número", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 10, title: "Rifa pública de estado" });
    const page = await detail(raffle.id);
    expect(page.lifecycle).toEqual({
      state: "active",
      label: RAFFLE_STATE_LABELS.active,
      salesOpen: true,
      closedAt: null,
      reviewWindowHours: 48,
      reviewDeadline: null,
      pendingProofs: 0,
      frozenAt: null,
      drawRound: null,
      drawRoundAt: null,
      recordAvailable: true,
      awaitingDecision: false,
    });
    const list = await call(ctx.t, "GET", "/api/raffles?status=all&q=estado");
    const item = (list.json().items as PublicRaffle[]).find((r) => r.id === raffle.id);
    expect(item?.lifecycle.state).toBe("active");
    const closedFilter = await call(ctx.t, "GET", "/api/raffles?status=closed");
    expect(closedFilter.statusCode).toBe(200);
    const [count] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(raffles)
      .where(eq(raffles.status, "closed"));
    expect(Number(count?.n)).toBeGreaterThanOrEqual(0);
  });
});
