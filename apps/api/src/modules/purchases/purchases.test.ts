// Purchases with reservations (decision 0014): who may reserve, races for the same numbers and the last
// tickets, the buyer's cap, expiry exact across a restart, payment of a reservation in bolívares at its
// frozen rate, approval of exactly the chosen numbers, rejection and a new proof. Runs on PGlite and, with
// TEST_DATABASE_URL, on PostgreSQL (where the races are real).
import { randomBytes } from "node:crypto";
import {
  bitmapFromBase64,
  formatDateTime,
  isTaken,
  type NumbersAvailability,
  type PriceQuote,
  REJECTION_RETRY_MINUTES,
  RESERVATION_MESSAGES,
  type Reservation,
} from "@rifazo/shared";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type insertRaffle,
  insertRaffleWithTickets,
  putSetting,
  setRaffleState,
  soldNumbers,
} from "../../../test/fixtures";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import { multipartBody } from "../../../test/multipart";
import { buildApp } from "../../app";
import { mailOutbox, notifications, raffles, reservations, settings, tickets, users } from "../../db/schema";
import { lifecycleRefusal } from "../../lib/errors";
import { advanceNow } from "../raffle-state";
import { scheduleReservationExpiry } from "./service";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let admin: SignedIn;
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, { role: "admin" });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
    .png()
    .toBuffer();
  // 15 USD at this rate is Bs. 1.194,56 (15 × 79,6373 = 1.194,5595).
  const rate = { rate: 79.6373, date: "2026-11-25", source: "BCV" };
  await putSetting(t.app.ctx.db, "exchange_rate", rate);
  const accounts = {
    pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
    zelle: { email: "pagos@rifazo.com", name: "Rifazo LLC" },
    binance: null,
    transfer: {
      bank: "0105 - Mercantil",
      accountNumber: "01050000000000000001",
      holder: "Rifazo C.A.",
      idNumber: "J-12345678-9",
    },
  };
  await putSetting(t.app.ctx.db, "payment_accounts", accounts);
});
afterAll(async () => {
  await t?.close();
});

function raffleWithTickets(values: Parameters<typeof insertRaffle>[1] = {}) {
  return insertRaffleWithTickets(t.app.ctx.db, values);
}

function reserve(cookie: string | undefined, raffleId: string, body: unknown) {
  return t.app.inject({
    method: "POST",
    url: `/api/raffles/${raffleId}/reservations`,
    headers: cookie ? { cookie } : {},
    payload: body as object,
  });
}

function get(url: string, cookie?: string) {
  return t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

/** The fields of a 10 USD Zelle payment of the reservation (two numbers at 5). */
function zelleFor(raffleId: string, reservationId: string) {
  return { raffleId, reservationId, paymentMethod: "zelle", currency: "USD", amount: "10" };
}

/** The fields of a 10 USD payment of two tickets sent without a reservation. */
function directFor(raffleId: string, paymentMethod: string) {
  return { raffleId, paymentMethod, currency: "USD", amount: "10", quantity: 2 };
}

/** The administrator rejects the proof with the reason; the rejection must go through. */
async function rejectProof(id: string, adminNotes: string) {
  const rejected = await t.app.inject({
    method: "POST",
    url: `/api/admin/proofs/${id}/reject`,
    headers: { cookie: admin.cookie },
    payload: { adminNotes },
  });
  expect(rejected.statusCode, rejected.body).toBe(200);
}

const ref = () => `REF-${randomBytes(5).readUIntBE(0, 5)}`;

function pay(cookie: string, fields: Record<string, string | number | undefined>) {
  const body = multipartBody(
    { transactionRef: ref(), ...fields },
    { name: "pago.png", type: "image/png", data: png },
  );
  return t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

async function reservationRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(reservations).where(eq(reservations.id, id));
  if (!row) throw new Error("sin reserva");
  return row;
}

async function ticketStates(raffleId: string, numbers: number[]) {
  const rows = await t.app.ctx.db
    .select({ n: tickets.ticketNumber, status: tickets.status, reservationId: tickets.reservationId })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), inArray(tickets.ticketNumber, numbers)));
  return rows.sort((a, b) => a.n - b.n);
}

describe("reservas: quién puede reservar", () => {
  it("visitante 401, administrador 403, comprador 201; otro usuario 404 en la reserva ajena", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen" });
    const buyer = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    expect((await reserve(undefined, raffle.id, { numbers: [1, 2] })).statusCode).toBe(401);
    expect((await reserve(admin.cookie, raffle.id, { numbers: [1, 2] })).statusCode).toBe(403);

    const created = await reserve(buyer.cookie, raffle.id, { numbers: [42, 7] });
    expect(created.statusCode, created.body).toBe(201);
    const reservation = created.json() as Reservation;
    expect(reservation).toMatchObject({
      raffleId: raffle.id,
      numberMode: "chosen",
      status: "active",
      quantity: 2,
      numbers: ["07", "42"],
      pricing: { total: 10, applied: "none" },
      exchangeRate: { rate: 79.6373 },
    });
    const pagoMovil = reservation.methods.find((m) => m.method === "pago_movil");
    expect(pagoMovil).toMatchObject({ currency: "VES", amount: 796.37, available: true });
    expect(pagoMovil?.fields).toEqual([
      { label: "Banco", value: "0102 - Banco de Venezuela", copy: "0102 - Banco de Venezuela" },
      // Copied as banks' Pago Móvil forms take them: no dashes.
      { label: "Teléfono", value: "0414-1234567", copy: "04141234567" },
      { label: "Cédula/RIF", value: "V-12345678", copy: "12345678" },
    ]);
    expect(reservation.methods.find((m) => m.method === "zelle")).toMatchObject({
      currency: "USD",
      amount: 10,
    });

    expect((await get(`/api/reservations/${reservation.id}`, buyer.cookie)).statusCode).toBe(200);
    expect((await get(`/api/reservations/${reservation.id}`, admin.cookie)).statusCode).toBe(200);
    const foreign = await get(`/api/reservations/${reservation.id}`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.code).toBe("RESERVATION_NOT_FOUND");
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/reservations/${reservation.id}`,
          headers: { cookie: other.cookie },
        })
      ).statusCode,
    ).toBe(404);
    expect((await get("/api/reservations")).statusCode).toBe(401);
    const mine = (await get("/api/reservations", buyer.cookie)).json() as { items: Reservation[] };
    expect(mine.items.map((item) => item.id)).toEqual([reservation.id]);

    // The grid sees both numbers taken; a second reservation of the same buyer is refused with its id.
    const numbers = (await get(`/api/raffles/${raffle.id}/numbers`)).json() as NumbersAvailability;
    expect(numbers.taken).toBe(2);
    const bitmap = bitmapFromBase64(numbers.bitmap, numbers.totalTickets);
    expect([7, 42, 8].map((n) => isTaken(bitmap, n))).toEqual([true, true, false]);
    const again = await reserve(buyer.cookie, raffle.id, { numbers: [8, 9] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: "RESERVATION_ACTIVE",
      details: { reservationId: reservation.id },
    });

    // The owner cancels: the numbers are free at once.
    const cancelled = await t.app.inject({
      method: "DELETE",
      url: `/api/reservations/${reservation.id}`,
      headers: { cookie: buyer.cookie },
    });
    expect(cancelled.statusCode).toBe(204);
    expect(await ticketStates(raffle.id, [7, 42])).toEqual([
      { n: 7, status: "available", reservationId: null },
      { n: 42, status: "available", reservationId: null },
    ]);
    expect(((await get(`/api/raffles/${raffle.id}/numbers`)).json() as NumbersAvailability).taken).toBe(0);
  });

  it("una reserva repetida con la misma Idempotency-Key devuelve la primera (200), sin retener dos veces", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen" });
    const buyer = await signedInUser(t.app);
    const send = () =>
      t.app.inject({
        method: "POST",
        url: `/api/raffles/${raffle.id}/reservations`,
        headers: { cookie: buyer.cookie, "idempotency-key": `reserva-${raffle.id}` },
        payload: { numbers: [60, 61] },
      });
    const first = await send();
    const second = await send();
    expect([first.statusCode, second.statusCode]).toEqual([201, 200]);
    expect(second.json().id).toBe(first.json().id);
    const rows = await t.app.ctx.db.select().from(reservations).where(eq(reservations.raffleId, raffle.id));
    expect(rows).toHaveLength(1);
  });

  it("valida el modo: elegidos exigen números; al azar, cantidad; mínimo 2 boletos; rifa cerrada 409", async () => {
    const chosen = await raffleWithTickets({ numberMode: "chosen" });
    const random = await raffleWithTickets();
    const buyer = await signedInUser(t.app);
    const noNumbers = await reserve(buyer.cookie, chosen.id, { quantity: 3 });
    expect(noNumbers.json().error.code).toBe("CHOOSE_NUMBERS");
    expect((await reserve(buyer.cookie, chosen.id, { numbers: [1, 1] })).json().error.message).toBe(
      RESERVATION_MESSAGES.duplicateNumbers,
    );
    expect((await reserve(buyer.cookie, chosen.id, { numbers: [1, 100] })).json().error.message).toBe(
      RESERVATION_MESSAGES.invalidNumber,
    );
    expect((await reserve(buyer.cookie, chosen.id, { numbers: [1] })).json().error.code).toBe("MIN_PURCHASE");
    expect((await reserve(buyer.cookie, random.id, { numbers: [1, 2] })).json().error.code).toBe(
      "NUMBERS_NOT_ALLOWED",
    );
    const closed = await raffleWithTickets({ endDate: new Date(Date.now() - 60_000) });
    const refused = await reserve(buyer.cookie, closed.id, { quantity: 2 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe("SALES_CLOSED");
    // The database refuses a reservation for a raffle not on sale whatever the code does (RZ002).
    await setRaffleState(t.app.ctx.db, closed.id, "closed");
    const refusedByDb = await t.app.ctx.db
      .insert(reservations)
      .values({
        raffleId: closed.id,
        userId: buyer.id,
        quantity: 2,
        expiresAt: new Date(),
        unitPrice: 5,
        currency: "USD",
        pricing: {} as never,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(lifecycleRefusal(refusedByDb)?.code).toBe("SALES_CLOSED");
  });

  it("cotiza con combos o con el descuento del nivel del comprador (el mejor de los dos)", async () => {
    const raffle = await raffleWithTickets({ price: 3, combos: [{ quantity: 5, price: 12 }] });
    const visitor = (await get(`/api/raffles/${raffle.id}/quote?quantity=5`)).json() as PriceQuote;
    expect(visitor).toMatchObject({ subtotal: 15, total: 12, applied: "combo", levelDiscountPercent: 0 });
    const oro = await signedInUser(t.app);
    await t.app.ctx.db.update(users).set({ rifazoLevel: "Oro" }).where(eq(users.id, oro.id));
    const three = (await get(`/api/raffles/${raffle.id}/quote?quantity=3`, oro.cookie)).json() as PriceQuote;
    expect(three).toMatchObject({
      subtotal: 9,
      total: 8.1,
      applied: "level",
      levelName: "Oro",
      levelDiscountPercent: 10,
    });
    const reserved = (await reserve(oro.cookie, raffle.id, { quantity: 3 })).json() as Reservation;
    expect(reserved.pricing.total).toBe(8.1);
  });

  it('lee la cantidad de la cotización como todo número es-VE ("1.000" son mil) y rechaza decimales', async () => {
    const raffle = await raffleWithTickets({ price: 3, totalTickets: 2000 });
    const thousand = await get(`/api/raffles/${raffle.id}/quote?quantity=1.000`);
    expect(thousand.statusCode, thousand.body).toBe(200);
    expect(thousand.json()).toMatchObject({ quantity: 1000, subtotal: 3000 });
    for (const quantity of ["2,5", "0", "abc"]) {
      const refused = await get(`/api/raffles/${raffle.id}/quote?quantity=${encodeURIComponent(quantity)}`);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(RESERVATION_MESSAGES.quantityInvalid);
    }
  });
});

describe("reservas: carreras", () => {
  it("20 reservas simultáneas de los mismos números: gana exactamente una, las demás ven cuáles se tomaron", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen", maxTicketsPerBuyer: 10 });
    const buyers = await Promise.all(Array.from({ length: 20 }, () => signedInUser(t.app)));
    const responses = await Promise.all(
      buyers.map((b) => reserve(b.cookie, raffle.id, { numbers: [10, 11, 12] })),
    );
    const won = responses.filter((r) => r.statusCode === 201);
    const lost = responses.filter((r) => r.statusCode === 409);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(19);
    for (const response of lost) {
      expect(response.json().error).toMatchObject({
        code: "NUMBERS_TAKEN",
        details: { taken: ["10", "11", "12"] },
      });
    }
    const winner = won[0]?.json() as Reservation;
    const states = await ticketStates(raffle.id, [10, 11, 12]);
    expect(states.every((s) => s.status === "reserved" && s.reservationId === winner.id)).toBe(true);
    const rows = await t.app.ctx.db.select().from(reservations).where(eq(reservations.raffleId, raffle.id));
    expect(rows).toHaveLength(1);
  });

  it("las reservas por cantidad nunca retienen más boletos de los que quedan", async () => {
    const raffle = await raffleWithTickets({ totalTickets: 20, maxTicketsPerBuyer: 4 });
    const buyers = await Promise.all(Array.from({ length: 15 }, () => signedInUser(t.app)));
    const responses = await Promise.all(buyers.map((b) => reserve(b.cookie, raffle.id, { quantity: 2 })));
    expect(responses.filter((r) => r.statusCode === 201)).toHaveLength(10);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.json().error.code === "INSUFFICIENT_TICKETS")).toBe(true);
    const rows = await t.app.ctx.db
      .select({ quantity: reservations.quantity })
      .from(reservations)
      .where(and(eq(reservations.raffleId, raffle.id), eq(reservations.status, "active")));
    expect(rows.reduce((sum, row) => sum + row.quantity, 0)).toBe(20);
  });

  it("el máximo por persona cuenta las reservas vigentes", async () => {
    const raffle = await raffleWithTickets({ maxTicketsPerBuyer: 4 });
    const buyer = await signedInUser(t.app);
    const first = (await reserve(buyer.cookie, raffle.id, { quantity: 3 })).json() as Reservation;
    const paid = await pay(buyer.cookie, {
      raffleId: raffle.id,
      reservationId: first.id,
      paymentMethod: "zelle",
      amount: "15",
      currency: "USD",
    });
    expect(paid.statusCode, paid.body).toBe(201);
    // 3 under review + 2 more passes the cap of 4, whether reserved first or sent with a proof directly.
    const over = await reserve(buyer.cookie, raffle.id, { quantity: 2 });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("TICKET_CAP_REACHED");
    const direct = await pay(buyer.cookie, directFor(raffle.id, "zelle"));
    expect(direct.statusCode, direct.body).toBe(409);
    expect(direct.json().error.code).toBe("TICKET_CAP_REACHED");
    const allowance = await get(`/api/proofs/allowance?raffleId=${raffle.id}`, buyer.cookie);
    expect(allowance.json()).toMatchObject({ ticketsHeld: 3, ticketsAllowed: 1 });
  });
});

describe("reservas: vencimiento", () => {
  it("al arrancar, una instancia nueva libera lo vencido mientras estaba apagada, avisa y no toca lo vigente", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen" });
    const late = await signedInUser(t.app);
    const onTime = await signedInUser(t.app);
    const expired = (await reserve(late.cookie, raffle.id, { numbers: [20, 21] })).json() as Reservation;
    const current = (await reserve(onTime.cookie, raffle.id, { numbers: [30, 31] })).json() as Reservation;
    await t.app.ctx.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(reservations.id, expired.id));
    // Reads never count it as held, even before any job ran.
    const bitmap = (await get(`/api/raffles/${raffle.id}/numbers`)).json() as NumbersAvailability;
    expect(bitmap.taken).toBe(2);
    // Paying it now is refused: it expired, although nothing released it yet.
    const tooLate = await pay(late.cookie, {
      raffleId: raffle.id,
      reservationId: expired.id,
      paymentMethod: "zelle",
      amount: "10,00",
      currency: "USD",
    });
    expect(tooLate.statusCode, tooLate.body).toBe(409);
    expect(tooLate.json().error.code).toBe("RESERVATION_EXPIRED");

    // "Restart": a second app instance on the same database releases at start, before it serves.
    const restarted = await buildApp({ config: t.config, database: t.testDb.database });
    scheduleReservationExpiry(restarted, 60_000);
    await restarted.ready();
    try {
      expect((await reservationRow(expired.id)).status).toBe("expired");
      expect((await reservationRow(expired.id)).releasedAt).not.toBeNull();
      expect((await reservationRow(current.id)).status).toBe("active");
      expect(await ticketStates(raffle.id, [20, 21, 30])).toEqual([
        { n: 20, status: "available", reservationId: null },
        { n: 21, status: "available", reservationId: null },
        { n: 30, status: "reserved", reservationId: current.id },
      ]);
      const told = await t.app.ctx.db.select().from(notifications).where(eq(notifications.userId, late.id));
      expect(told.map((n) => n.message)).toContain(RESERVATION_MESSAGES.expiredNotice(raffle.title));
      const mails = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, late.email));
      expect(mails.length).toBe(1);
    } finally {
      await restarted.close();
    }
    // The current one converts right up to its expiry: paid with a minute left, it is submitted.
    await t.app.ctx.db
      .update(reservations)
      .set({ expiresAt: new Date(Date.now() + 60_000) })
      .where(eq(reservations.id, current.id));
    const paid = await pay(onTime.cookie, zelleFor(raffle.id, current.id));
    expect(paid.statusCode, paid.body).toBe(201);
    expect((await reservationRow(current.id)).status).toBe("submitted");
  });
});

describe("reservas: cierre y congelación", () => {
  it("al congelarse la rifa, las reservas que esperan comprobante terminan y sus números quedan libres", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen" });
    const buyer = await signedInUser(t.app);
    const reservation = (await reserve(buyer.cookie, raffle.id, { numbers: [50, 51] })).json() as Reservation;
    await t.app.ctx.db
      .update(raffles)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(raffles.id, raffle.id));
    // Sales closed: nothing is pending, so the raffle closes and freezes in one step.
    expect(await advanceNow(t.app.ctx, raffle.id)).toBe("frozen");
    expect((await reservationRow(reservation.id)).status).toBe("expired");
    expect(await ticketStates(raffle.id, [50, 51])).toEqual([
      { n: 50, status: "available", reservationId: null },
      { n: 51, status: "available", reservationId: null },
    ]);
    const late = await reserve(buyer.cookie, raffle.id, { numbers: [52, 53] });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe("SALES_CLOSED");
  });
});

describe("reservas: pago, aprobación y rechazo", () => {
  it('paga en bolívares a la tasa congelada ("1.194,56"), y la aprobación vende exactamente los números elegidos', async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen" });
    const buyer = await signedInUser(t.app);
    const reservation = (
      await reserve(buyer.cookie, raffle.id, { numbers: [99, 7, 42] })
    ).json() as Reservation;
    expect(reservation.methods.find((m) => m.method === "pago_movil")?.amount).toBe(1194.56);
    // A new rate published after reserving changes nothing for this purchase.
    await t.app.ctx.db
      .update(settings)
      .set({ value: { rate: 90, date: "2026-11-26", source: "BCV" } })
      .where(eq(settings.key, "exchange_rate"));
    try {
      const base = {
        raffleId: raffle.id,
        reservationId: reservation.id,
        paymentMethod: "pago_movil",
        currency: "VES",
      };
      const wrong = await pay(buyer.cookie, { ...base, amount: "1.350,00" });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error).toMatchObject({
        code: "AMOUNT_MISMATCH",
        message: RESERVATION_MESSAGES.amountMismatch("Bs. 1.194,56"),
      });
      const usd = await pay(buyer.cookie, { ...base, currency: "USD", amount: "15" });
      expect(usd.json().error.code).toBe("CURRENCY_MISMATCH");
      const ok = await pay(buyer.cookie, { ...base, amount: "1.194,56" });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({
        amount: 1194.56,
        currency: "VES",
        exchangeRate: 79.6373,
        quantityOfTickets: 3,
      });

      const approved = await t.app.inject({
        method: "POST",
        url: `/api/admin/proofs/${ok.json().id}/approve`,
        headers: { cookie: admin.cookie },
      });
      expect(approved.statusCode, approved.body).toBe(200);
      expect(approved.json().tickets).toEqual(["07", "42", "99"]);
      expect(await soldNumbers(t.app.ctx.db, raffle.id)).toEqual([7, 42, 99]);
      expect((await reservationRow(reservation.id)).status).toBe("approved");
      const view = (await get(`/api/reservations/${reservation.id}`, buyer.cookie)).json() as Reservation;
      expect(view).toMatchObject({ status: "approved", numbers: ["07", "42", "99"], methods: [] });
    } finally {
      await t.app.ctx.db
        .update(settings)
        .set({ value: { rate: 79.6373, date: "2026-11-25", source: "BCV" } })
        .where(eq(settings.key, "exchange_rate"));
    }
  });

  it("un rechazo retiene los números otra vez y admite un comprobante nuevo con el motivo a la vista", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen", reservationMinutes: 30 });
    const buyer = await signedInUser(t.app);
    const reservation = (await reserve(buyer.cookie, raffle.id, { numbers: [3, 4] })).json() as Reservation;
    const base = zelleFor(raffle.id, reservation.id);
    const first = await pay(buyer.cookie, base);
    expect(first.statusCode, first.body).toBe(201);
    await rejectProof(first.json().id, "La referencia no aparece en el banco.");
    const row = await reservationRow(reservation.id);
    expect(row.status).toBe("rejected");
    expect(row.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect((await ticketStates(raffle.id, [3, 4])).every((s) => s.status === "reserved")).toBe(true);
    const view = (await get(`/api/reservations/${reservation.id}`, buyer.cookie)).json() as Reservation;
    expect(view).toMatchObject({
      status: "rejected",
      rejectionReason: "La referencia no aparece en el banco.",
    });
    const second = await pay(buyer.cookie, base);
    expect(second.statusCode, second.body).toBe(201);
    expect((await reservationRow(reservation.id)).status).toBe("submitted");
  });

  it("tras un rechazo, los mismos números esperan al menos 30 minutos y el aviso dice hasta cuándo", async () => {
    const raffle = await raffleWithTickets({ numberMode: "chosen", reservationMinutes: 5 });
    const buyer = await signedInUser(t.app);
    const reservation = (await reserve(buyer.cookie, raffle.id, { numbers: [8, 9] })).json() as Reservation;
    const proof = await pay(buyer.cookie, zelleFor(raffle.id, reservation.id));
    expect(proof.statusCode, proof.body).toBe(201);
    const before = Date.now();
    await rejectProof(proof.json().id, "Monto incompleto");
    const row = await reservationRow(reservation.id);
    // The raffle holds for 5 minutes; a rejection leaves 30 (REJECTION_RETRY_MINUTES).
    expect(row.expiresAt.getTime()).toBeGreaterThanOrEqual(before + REJECTION_RETRY_MINUTES * 60_000);
    expect(row.expiresAt.getTime()).toBeLessThan(Date.now() + (REJECTION_RETRY_MINUTES + 1) * 60_000);
    const [notice] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.type, "payment_rejected")));
    expect(notice?.message).toContain("Motivo: Monto incompleto.");
    expect(notice?.message).toContain(
      `Tus números siguen apartados para ti hasta el ${formatDateTime(row.expiresAt)}`,
    );
    const [mail] = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mail?.text).toContain(formatDateTime(row.expiresAt));
  });

  it("rechaza un método que la rifa no acepta; una rifa de números elegidos exige la reserva", async () => {
    const zelleOnly = await raffleWithTickets({ paymentMethods: ["Zelle"] });
    const buyer = await signedInUser(t.app);
    const reservation = (await reserve(buyer.cookie, zelleOnly.id, { quantity: 2 })).json() as Reservation;
    expect(reservation.methods.map((m) => m.method)).toEqual(["zelle"]);
    const refused = await pay(buyer.cookie, {
      raffleId: zelleOnly.id,
      reservationId: reservation.id,
      paymentMethod: "pago_movil",
      currency: "VES",
      amount: "796,37",
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("METHOD_NOT_ACCEPTED");
    const implicit = await pay(buyer.cookie, directFor(zelleOnly.id, "binance"));
    expect(implicit.json().error.code).toBe("METHOD_NOT_ACCEPTED");

    const chosen = await raffleWithTickets({ numberMode: "chosen" });
    const noReservation = await pay(buyer.cookie, directFor(chosen.id, "zelle"));
    expect(noReservation.statusCode).toBe(409);
    expect(noReservation.json().error.code).toBe("CHOOSE_NUMBERS");
  });
});

describe("reservas: reglas de venta de la rifa (administración)", () => {
  const form = (overrides: Record<string, unknown> = {}) => ({
    title: "Moto con combos",
    price: 3,
    currency: "USD",
    totalTickets: 100,
    status: "active",
    activationType: "date",
    endDate: "2031-06-01T20:00:00.000Z",
    prizeLevels: [{ description: "Moto", winnerCount: 1 }],
    numberMode: "chosen",
    reservationMinutes: 20,
    combos: [{ quantity: 5, price: "12,00" }],
    ...overrides,
  });
  const admin$ = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload: payload as object });

  it("guarda modo, minutos y combos, los publica, y los fija tras la primera reserva", async () => {
    const badCombo = await admin$(
      "POST",
      "/api/admin/raffles",
      form({ combos: [{ quantity: 5, price: 15 }] }),
    );
    expect(badCombo.statusCode).toBe(400);
    expect(badCombo.json().error.fields["combos.0.price"]).toBe(
      "Cada combo debe costar menos que sus boletos al precio normal.",
    );
    const badMinutes = await admin$("POST", "/api/admin/raffles", form({ reservationMinutes: 3 }));
    expect(badMinutes.json().error.fields.reservationMinutes).toMatch(/entre 5 y 120/);

    const created = await admin$("POST", "/api/admin/raffles", form());
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({
      numberMode: "chosen",
      reservationMinutes: 20,
      combos: [{ quantity: 5, price: 12 }],
      acceptedMethods: ["pago_movil", "zelle", "binance"],
    });
    const { waitForTicketPools } = await import("../admin/raffles/ticket-pool");
    await waitForTicketPools(t.app.ctx);
    expect((await get(`/api/raffles/${id}`)).json()).toMatchObject({
      numberMode: "chosen",
      reservationMinutes: 20,
    });

    // Before any reservation the organiser may still change them.
    expect((await admin$("PATCH", `/api/admin/raffles/${id}`, { combos: [] })).statusCode).toBe(200);
    const buyer = await signedInUser(t.app);
    const reservation = (await reserve(buyer.cookie, id, { numbers: [1, 2] })).json() as Reservation;
    expect(new Date(reservation.expiresAt).getTime() - new Date(reservation.serverNow).getTime()).toBe(
      20 * 60_000,
    );
    expect((await get(`/api/raffles/${id}`)).json()).toMatchObject({ pendingTickets: 2, remaining: 98 });
    // The administrator's view counts it as the public detail does: the sale rules are locked, and a raffle
    // with buyers is cancelled, never deleted.
    expect((await admin$("GET", `/api/admin/raffles/${id}`)).json()).toMatchObject({
      pendingTickets: 2,
      hasSales: true,
    });
    const priceChange = await admin$("PATCH", `/api/admin/raffles/${id}`, { price: 4 });
    expect(priceChange.statusCode).toBe(409);
    expect(priceChange.json().error.code).toBe("RAFFLE_LOCKED");
    const deleted = await admin$("DELETE", `/api/admin/raffles/${id}`);
    expect(deleted.statusCode).toBe(409);
    expect(deleted.json().error.code).toBe("RAFFLE_HAS_SALES");
    const locked = await admin$("PATCH", `/api/admin/raffles/${id}`, { numberMode: "random" });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error.code).toBe("PURCHASE_RULES_LOCKED");
    expect((await admin$("PATCH", `/api/admin/raffles/${id}`, { reservationMinutes: 30 })).statusCode).toBe(
      200,
    );
  });

  it("la cuenta para transferencias se valida, se guarda y se publica", async () => {
    const saveAccounts = (payload: object) =>
      t.app.inject({
        method: "PUT",
        url: "/api/admin/settings/payment-accounts",
        headers: { cookie: admin.cookie },
        payload,
      });
    const base = { pagoMovil: null, zelle: null, binance: null };
    const bad = await saveAccounts({
      ...base,
      transfer: { bank: "Mercantil", accountNumber: "123", holder: "Rifazo", idNumber: "J-123456789" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("El número de cuenta debe tener 20 dígitos.");
    const transfer = {
      bank: "0105 - Mercantil",
      accountNumber: "0105-0000-00-0000000001",
      holder: "Rifazo C.A.",
      idNumber: "j-123456789",
    };
    const saved = await saveAccounts({ ...base, transfer });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().transfer).toEqual({
      ...transfer,
      accountNumber: "01050000000000000001",
      idNumber: "J-123456789",
    });
    // A form without the field keeps the saved account.
    const kept = await saveAccounts(base);
    expect(kept.json().transfer?.accountNumber).toBe("01050000000000000001");
    expect((await get("/api/settings/public")).json().paymentAccounts.transfer.bank).toBe("0105 - Mercantil");
  });
});
