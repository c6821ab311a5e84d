// Abonos (docs/decisions/0034-vendedores.md): numbers apartados with a first payment at least the raffle's
// minimum, paid in parts before the close; the approval that completes the price sells them, earlier ones
// leave the purchase `partial` (held whatever its timer says); at the freeze an abono not completed is
// released and its payments refunded. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.
import { randomBytes } from "node:crypto";
import { RESERVATION_MESSAGES, type Reservation } from "@rifazo/shared";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  mailOutbox,
  notifications,
  paymentProofs,
  raffles,
  refunds,
  reservations,
  tickets,
} from "../src/db/schema";
import { sweepExpiredReservations } from "../src/modules/purchases/expiry";
import { advanceNow } from "../src/modules/raffle-state";
import { insertRaffleWithTickets, putSetting } from "./fixtures";
import { createTestApp, signedInUser, type TestApp } from "./helpers";
import { multipartBody, tinyPng } from "./multipart";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let admin: SignedIn;
let png: Buffer;
const RATE = 40;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, { role: "admin" });
  png = await tinyPng();
  await putSetting(t.app.ctx.db, "exchange_rate", { rate: RATE, date: "2026-11-25", source: "BCV" });
  await putSetting(t.app.ctx.db, "payment_accounts", {
    pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
    zelle: { email: "pagos@rifazo.com", name: "Rifazo LLC" },
    binance: null,
    transfer: null,
  });
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.app.ctx.db;
const ref = () => `AB-${randomBytes(5).readUIntBE(0, 5)}`;

/** A chosen-number raffle at 5 USD a number that aparta with at least 3 USD. */
function abonoRaffle(values: Parameters<typeof insertRaffleWithTickets>[1] = {}) {
  return insertRaffleWithTickets(db(), {
    numberMode: "chosen",
    totalTickets: 100,
    installmentMinimum: 3,
    paymentMethods: ["Pago Móvil", "Zelle"],
    ...values,
  });
}

function reserve(cookie: string, raffleId: string, body: unknown) {
  return t.app.inject({
    method: "POST",
    url: `/api/raffles/${raffleId}/reservations`,
    headers: { cookie },
    payload: body as object,
  });
}

function pay(
  cookie: string,
  raffleId: string,
  reservationId: string,
  amount: string,
  method: "zelle" | "pago_movil" = "zelle",
) {
  const body = multipartBody(
    {
      raffleId,
      reservationId,
      paymentMethod: method,
      currency: method === "zelle" ? "USD" : "VES",
      amount,
      transactionRef: ref(),
    },
    { name: "pago.png", type: "image/png", data: png },
  );
  return t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

async function review(proofId: string, action: "approve" | "reject") {
  const response = await t.app.inject({
    method: "POST",
    url: `/api/admin/proofs/${proofId}/${action}`,
    headers: { cookie: admin.cookie },
    payload: action === "reject" ? { adminNotes: "No llegó." } : {},
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function mine(cookie: string, id: string): Promise<Reservation> {
  const response = await t.app.inject({ method: "GET", url: `/api/reservations/${id}`, headers: { cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Reservation;
}

async function statusOf(id: string) {
  const [row] = await db().select().from(reservations).where(eq(reservations.id, id));
  return row?.status;
}

async function ticketStates(raffleId: string, numbers: number[]) {
  const rows = await db()
    .select({ n: tickets.ticketNumber, status: tickets.status, paymentId: tickets.paymentId })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), inArray(tickets.ticketNumber, numbers)));
  return rows.sort((a, b) => a.n - b.n);
}

/** A buyer with an abono of [7, 42] (10 USD) and a first payment of 4 USD approved. */
async function partlyPaid(values: Parameters<typeof insertRaffleWithTickets>[1] = {}) {
  const raffle = await abonoRaffle(values);
  const buyer = await signedInUser(t.app);
  const held = await reserve(buyer.cookie, raffle.id, { numbers: [7, 42], abono: true });
  expect(held.statusCode, held.body).toBe(201);
  const reservation = held.json() as Reservation;
  const first = await pay(buyer.cookie, raffle.id, reservation.id, "4");
  expect(first.statusCode, first.body).toBe(201);
  await review(first.json().id, "approve");
  return { raffle, buyer, reservation, firstId: first.json().id as string };
}

describe("abonos: apartar y pagar en partes", () => {
  it("una rifa sin abonos los rechaza; el primero debe llegar al mínimo y ninguno pasar lo que falta", async () => {
    const whole = await insertRaffleWithTickets(db(), { numberMode: "chosen", totalTickets: 100 });
    const buyer = await signedInUser(t.app);
    const refused = await reserve(buyer.cookie, whole.id, { numbers: [1, 2], abono: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: "ABONO_NOT_ALLOWED",
      message: RESERVATION_MESSAGES.abonoNotAllowed,
    });
    expect(await db().select().from(reservations).where(eq(reservations.raffleId, whole.id))).toEqual([]);

    const raffle = await abonoRaffle();
    const held = (
      await reserve(buyer.cookie, raffle.id, { numbers: [3, 4], abono: true })
    ).json() as Reservation;
    expect(held).toMatchObject({ kind: "abono", status: "active" });
    expect(held.abono).toMatchObject({ total: 10, paid: 0, remaining: 10, minimum: 3, payments: [] });
    const zelle = held.methods.find((m) => m.method === "zelle");
    expect(zelle).toMatchObject({ amount: 10, minimum: 3, currency: "USD" });
    // Pago Móvil in bolívares at today's rate: at least 120,00 and at most 400,00.
    expect(held.methods.find((m) => m.method === "pago_movil")).toMatchObject({ amount: 400, minimum: 120 });

    const low = await pay(buyer.cookie, raffle.id, held.id, "2,99");
    expect(low.statusCode).toBe(400);
    expect(low.json().error).toMatchObject({
      code: "ABONO_AMOUNT",
      message: RESERVATION_MESSAGES.abonoBelowMinimum("$3,00"),
    });
    const high = await pay(buyer.cookie, raffle.id, held.id, "10,01");
    expect(high.json().error.code).toBe("ABONO_AMOUNT");
    expect(await db().select().from(paymentProofs).where(eq(paymentProofs.reservationId, held.id))).toEqual(
      [],
    );
    expect(await statusOf(held.id)).toBe("active");
  });

  it("un abono aprobado deja la compra apartada sin vender; el que completa vende los números, a sí mismo", async () => {
    const { raffle, buyer, reservation, firstId } = await partlyPaid();
    expect(await statusOf(reservation.id)).toBe("partial");
    expect(await ticketStates(raffle.id, [7, 42])).toEqual([
      { n: 7, status: "reserved", paymentId: null },
      { n: 42, status: "reserved", paymentId: null },
    ]);
    const [notice] = await db().select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(notice?.message).toContain("Llevas pagado $4,00 de $10,00; faltan $6,00 antes del cierre");
    const [raffleRow] = await db().select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(raffleRow?.soldTickets).toBe(0);

    // Held whatever its 15-minute timer says: the sweep a day later leaves it alone.
    await sweepExpiredReservations(t.app.ctx, new Date(Date.now() + 24 * 3_600_000));
    expect(await statusOf(reservation.id)).toBe("partial");

    const view = await mine(buyer.cookie, reservation.id);
    expect(view).toMatchObject({ status: "partial", statusLabel: "Apartado con abono" });
    expect(view.abono).toMatchObject({ paid: 4, remaining: 6 });
    expect(view.abono?.payments.map((p) => [p.id, p.status])).toEqual([[firstId, "approved"]]);
    expect(view.methods.find((m) => m.method === "zelle")).toMatchObject({ amount: 6, minimum: 0.01 });

    // The rest in bolívares at today's rate (6 × 40 = 240,00), one payment at a time.
    const rest = await pay(buyer.cookie, raffle.id, reservation.id, "240,00", "pago_movil");
    expect(rest.statusCode, rest.body).toBe(201);
    const again = await pay(buyer.cookie, raffle.id, reservation.id, "1");
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ABONO_UNDER_REVIEW");
    await review(rest.json().id, "approve");

    expect(await statusOf(reservation.id)).toBe("approved");
    expect(await ticketStates(raffle.id, [7, 42])).toEqual([
      { n: 7, status: "sold", paymentId: rest.json().id },
      { n: 42, status: "sold", paymentId: rest.json().id },
    ]);
    const [after] = await db().select().from(raffles).where(eq(raffles.id, raffle.id));
    expect(after?.soldTickets).toBe(2);
    const done = await mine(buyer.cookie, reservation.id);
    expect(done.numbers).toEqual(["07", "42"]);
    expect(done.abono).toMatchObject({ paid: 10, remaining: 0 });
  });

  it("un abono rechazado deja la compra apartada; otro comprador no toma esos números", async () => {
    const { raffle, buyer, reservation } = await partlyPaid();
    const second = await pay(buyer.cookie, raffle.id, reservation.id, "2");
    expect(second.statusCode, second.body).toBe(201);
    await review(second.json().id, "reject");
    expect(await statusOf(reservation.id)).toBe("partial");
    const other = await signedInUser(t.app);
    const taken = await reserve(other.cookie, raffle.id, { numbers: [7] });
    expect(taken.statusCode).toBe(409);
  });

  it("un pago de un abono con otros no se elimina solo", async () => {
    const { raffle, buyer, reservation, firstId } = await partlyPaid();
    const second = await pay(buyer.cookie, raffle.id, reservation.id, "2");
    expect(second.statusCode, second.body).toBe(201);
    // Part of the price is what an abono pays: the inbox does not call it a different amount.
    const inbox = await t.app.inject({
      method: "GET",
      url: "/api/admin/proofs?status=pending",
      headers: { cookie: admin.cookie },
    });
    const item = (inbox.json().items as Array<{ id: string; flags: string[]; expected: unknown }>).find(
      (p) => p.id === second.json().id,
    );
    expect(item).toMatchObject({ flags: [], expected: null });
    const mismatches = await t.app.inject({
      method: "GET",
      url: "/api/admin/proofs?flag=amount_mismatch",
      headers: { cookie: admin.cookie },
    });
    expect(mismatches.json().items.map((p: { id: string }) => p.id)).not.toContain(second.json().id);
    const response = await t.app.inject({
      method: "DELETE",
      url: `/api/admin/proofs/${firstId}`,
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe("ABONO_PAYMENT_DELETE");
    expect(await db().select().from(paymentProofs).where(eq(paymentProofs.id, firstId))).toHaveLength(1);
  });
});

describe("abonos: el cierre", () => {
  it("al congelarse, un abono sin completar libera sus números y se reembolsa lo abonado", async () => {
    const { raffle, buyer, reservation, firstId } = await partlyPaid();
    await db()
      .update(raffles)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(raffles.id, raffle.id));
    // A payment after the close is refused: sales are closed.
    const late = await pay(buyer.cookie, raffle.id, reservation.id, "6");
    expect(late.statusCode).toBe(409);
    expect(await advanceNow(t.app.ctx, raffle.id)).toBe("frozen");

    expect(await statusOf(reservation.id)).toBe("expired");
    expect(await ticketStates(raffle.id, [7, 42])).toEqual([
      { n: 7, status: "available", paymentId: null },
      { n: 42, status: "available", paymentId: null },
    ]);
    const refunded = await db().select().from(refunds).where(eq(refunds.raffleId, raffle.id));
    expect(refunded.map((r) => [r.proofId, r.userId, Number(r.amount), r.currency])).toEqual([
      [firstId, buyer.id, 4, "USD"],
    ]);
    const told = await db().select().from(notifications).where(eq(notifications.userId, buyer.id));
    expect(told.map((n) => n.title)).toContain("Abono sin completar");
    // By email too: the refund may ask for the buyer's payout data by a date.
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.map((m) => m.subject)).toContain(`Tu abono en "${raffle.title}" no se completó`);
  });

  it("una rifa cancelada devuelve cada abono aprobado", async () => {
    const { raffle, reservation, firstId } = await partlyPaid();
    const cancelled = await t.app.inject({
      method: "POST",
      url: `/api/admin/raffles/${raffle.id}/cancel`,
      headers: { cookie: admin.cookie },
      payload: { reason: "El premio no llegó a tiempo." },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await statusOf(reservation.id)).toBe("cancelled");
    const refunded = await db().select().from(refunds).where(eq(refunds.raffleId, raffle.id));
    expect(refunded.map((r) => r.proofId)).toEqual([firstId]);
  });

  it("el mínimo de los abonos queda fijo desde la primera reserva (también en la base de datos)", async () => {
    const { raffle } = await partlyPaid();
    await expect(
      db().update(raffles).set({ installmentMinimum: 1 }).where(eq(raffles.id, raffle.id)),
    ).rejects.toThrow();
  });
});
