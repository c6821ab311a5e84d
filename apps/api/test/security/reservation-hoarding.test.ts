// Reservation hoarding (decision 0019): a hold is scarce. Cancelling and holding again keeps the first
// expiry; a hold that ends without a proof (cancelled or expired) is followed by a pause as long as the
// raffle's reservation minutes; holds started per account (rolling hour) and per client address (the app's
// limiter) are capped, in the reservation's transaction so parallel requests cannot slip past; the
// organiser sees who holds what and may release a hold (audited). The rejection path still lets a buyer
// send a new proof or hold again. Time moves through the services' `now` (and the limiter's window row),
// never by waiting. Runs on PGlite and, with TEST_DATABASE_URL, on PostgreSQL (where the races are real).
import { randomBytes } from "node:crypto";
import {
  MAX_HOLDS_PER_ACCOUNT_PER_HOUR,
  RESERVATION_MESSAGES,
  type Reservation,
  type SessionUser,
} from "@rifazo/shared";
import { and, eq, inArray, like, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { auditLog, notifications, rateLimits, reservations, tickets } from "../../src/db/schema";
import { AppError } from "../../src/lib/errors";
import { RATE_RULES } from "../../src/lib/rate-limit";
import { cancelReservation, reserve, sweepExpiredReservations } from "../../src/modules/purchases/service";
import { insertRaffle } from "../fixtures";
import { createUser, nextIp, signedInUser, type TestApp } from "../helpers";
import { multipartBody } from "../multipart";
import { buyerSession } from "../session-user";
import { useTestApp } from "./lifecycle";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let admin: SignedIn;
let png: Buffer;

const MINUTE = 60_000;

useTestApp(async (app) => {
  t = app;
  admin = await signedInUser(t.app, { role: "admin" });
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 8, b: 7 } } })
    .png()
    .toBuffer();
});

async function raffleWithTickets(values: Parameters<typeof insertRaffle>[1] = {}) {
  const raffle = await insertRaffle(t.app.ctx.db, {
    price: 5,
    totalTickets: 100,
    numberMode: "chosen",
    reservationMinutes: 15,
    endDate: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    ...values,
  });
  await t.app.ctx.db.execute(
    sql`INSERT INTO tickets (raffle_id, ticket_number) SELECT ${raffle.id}::uuid, n FROM generate_series(0, ${raffle.totalTickets - 1}) n`,
  );
  await t.app.ctx.db.execute(sql`UPDATE raffles SET tickets_generated = true WHERE id = ${raffle.id}::uuid`);
  return raffle;
}

const sessionUserOf = (user: { id: string; email: string }) =>
  buyerSession({ ...user, fullName: "Comprador" });

/** A buyer the services are called for directly (no session needed). */
async function buyer(): Promise<SignedIn & { session: SessionUser }> {
  const user = await signedInUser(t.app);
  return { ...user, session: sessionUserOf(user) };
}

/** A buyer without a session, for the many accounts of the per-address rules (services only). */
async function quickBuyer(): Promise<{ id: string; session: SessionUser }> {
  const user = await createUser(t.app);
  return { id: user.id, session: sessionUserOf(user) };
}

/** The service as POST /api/raffles/:id/reservations calls it, at a chosen moment. */
async function holdAt(
  who: { session: SessionUser },
  raffleId: string,
  numbers: number[],
  now: Date,
  ip = nextIp(),
): Promise<Reservation> {
  return (await reserve(t.app.ctx, who.session, raffleId, { numbers }, undefined, now, { ip })).reservation;
}

/** The refusal of a hold at a chosen moment (fails when the hold is made). */
async function refusalAt(
  who: { session: SessionUser },
  raffleId: string,
  numbers: number[],
  now: Date,
  ip = nextIp(),
): Promise<AppError> {
  const error = await reserve(t.app.ctx, who.session, raffleId, { numbers }, undefined, now, { ip }).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) throw new Error(`se esperaba un rechazo, no ${String(error)}`);
  return error;
}

function reserveHttp(cookie: string, raffleId: string, body: object, ip: string) {
  return t.app.inject({
    method: "POST",
    url: `/api/raffles/${raffleId}/reservations`,
    headers: { cookie },
    payload: body,
    remoteAddress: ip,
  });
}

const multipart = (fields: Record<string, string>) =>
  multipartBody(fields, { name: "pago.png", type: "image/png", data: png });

async function reservationRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(reservations).where(eq(reservations.id, id));
  if (!row) throw new Error("sin reserva");
  return row;
}

describe("acaparamiento: el tiempo de una reserva no se alarga", () => {
  it("cancelar y reservar otra vez conserva el vencimiento de la primera reserva", async () => {
    const raffle = await raffleWithTickets();
    const who = await buyer();
    const t0 = new Date();
    const first = await holdAt(who, raffle.id, [1, 2], t0);
    const firstExpiry = Date.parse(first.expiresAt);
    expect(firstExpiry - t0.getTime()).toBe(15 * MINUTE);

    // Cycle after cycle (the audit saw 30 in 9 s), the expiry never moves.
    let current = first;
    for (let minute = 1; minute <= 5; minute++) {
      const at = new Date(t0.getTime() + minute * MINUTE);
      await cancelReservation(t.app.ctx, who.session, current.id, at);
      current = await holdAt(who, raffle.id, [1, 2], new Date(at.getTime() + 1000));
      expect(Date.parse(current.expiresAt)).toBe(firstExpiry);
    }
    expect((await reservationRow(current.id)).expiresAt.getTime()).toBe(firstExpiry);
  });

  it("la pausa tras una cancelación propia: al terminar su tiempo, otra reserva espera otro tanto, y el doble cada vez", async () => {
    const raffle = await raffleWithTickets();
    const who = await buyer();
    const t0 = new Date();
    const first = await holdAt(who, raffle.id, [10, 11], t0);
    await cancelReservation(t.app.ctx, who.session, first.id, new Date(t0.getTime() + MINUTE));

    // Past the first hold's time: refused until 15 more minutes have passed, saying until when.
    const after = new Date(t0.getTime() + 16 * MINUTE);
    const refused = await refusalAt(who, raffle.id, [10, 11], after);
    const until = new Date(t0.getTime() + 30 * MINUTE);
    expect(refused.code).toBe("HOLD_COOLDOWN");
    expect(refused.status).toBe(429);
    expect(refused.message).toBe(RESERVATION_MESSAGES.holdCooldown(until));
    expect(refused.message).toMatch(/Podrás reservar de nuevo a partir de las \d{1,2}:\d{2}/);
    expect(refused.details).toEqual({ retryAt: until.toISOString() });
    expect(refused.retryAfter).toBe(14 * 60);
    // Nothing was held by the refusal; another buyer takes the numbers meanwhile.
    const other = await buyer();
    await holdAt(other, raffle.id, [10, 11], after);

    // Once the pause is over, a new hold with a full new time.
    const later = new Date(until.getTime() + 1000);
    const again = await holdAt(who, raffle.id, [12, 13], later);
    expect(Date.parse(again.expiresAt) - later.getTime()).toBe(15 * MINUTE);

    // That one lapses too: the next pause is twice as long (30 minutes), then 60.
    const secondEnd = Date.parse(again.expiresAt);
    const second = await refusalAt(who, raffle.id, [12, 13], new Date(secondEnd + 1000));
    expect(second.details).toEqual({ retryAt: new Date(secondEnd + 30 * MINUTE).toISOString() });
    const third = await holdAt(who, raffle.id, [14, 15], new Date(secondEnd + 30 * MINUTE));
    const thirdEnd = Date.parse(third.expiresAt);
    await cancelReservation(t.app.ctx, who.session, third.id, new Date(thirdEnd - MINUTE));
    const pause = await refusalAt(who, raffle.id, [14, 15], new Date(thirdEnd + 1000));
    expect(pause.details).toEqual({ retryAt: new Date(thirdEnd + 60 * MINUTE).toISOString() });
  });

  it("la pausa tras un vencimiento (la reserva vence sin comprobante)", async () => {
    const raffle = await raffleWithTickets({ reservationMinutes: 20 });
    const who = await buyer();
    const t0 = new Date();
    const first = await holdAt(who, raffle.id, [20, 21], t0);
    // The hold runs out and the expiry job releases it.
    const expired = new Date(t0.getTime() + 20 * MINUTE + 1000);
    expect(await sweepExpiredReservations(t.app.ctx, expired)).toBeGreaterThanOrEqual(1);
    const refused = await refusalAt(who, raffle.id, [20, 21], expired);
    expect(refused.code).toBe("HOLD_COOLDOWN");
    expect(refused.details).toEqual({ retryAt: new Date(t0.getTime() + 40 * MINUTE).toISOString() });
    expect((await reservationRow(first.id)).status).toBe("expired");
    // The numbers were freed for everybody else.
    const other = await buyer();
    expect((await holdAt(other, raffle.id, [20, 21], expired)).numbers).toEqual(["20", "21"]);
    // After the pause the buyer holds again.
    const again = await holdAt(who, raffle.id, [22, 23], new Date(t0.getTime() + 40 * MINUTE));
    expect(again.status).toBe("active");
  });

  it("la pausa es por rifa: en otra rifa el comprador reserva de inmediato", async () => {
    const one = await raffleWithTickets();
    const two = await raffleWithTickets();
    const who = await buyer();
    const t0 = new Date();
    const first = await holdAt(who, one.id, [1, 2], t0);
    await cancelReservation(t.app.ctx, who.session, first.id, new Date(t0.getTime() + 15 * MINUTE));
    const after = new Date(t0.getTime() + 16 * MINUTE);
    expect((await refusalAt(who, one.id, [1, 2], after)).code).toBe("HOLD_COOLDOWN");
    expect((await holdAt(who, two.id, [1, 2], after)).status).toBe("active");
  });

  it("un comprobante rechazado no deja pausa: el comprador envía otro, o cancela y reserva de nuevo", async () => {
    const raffle = await raffleWithTickets({ reservationMinutes: 15 });
    const who = await buyer();
    const created = await reserveHttp(who.cookie, raffle.id, { numbers: [40, 41] }, nextIp());
    expect(created.statusCode, created.body).toBe(201);
    const reservation = created.json() as Reservation;
    const fields = {
      raffleId: raffle.id,
      reservationId: reservation.id,
      paymentMethod: "zelle",
      currency: "USD",
      amount: "10",
    };
    const send = () => {
      const body = multipart({ ...fields, transactionRef: `REF-${randomBytes(5).toString("hex")}` });
      return t.app.inject({
        method: "POST",
        url: "/api/proofs",
        payload: body.payload,
        headers: { ...body.headers, cookie: who.cookie },
      });
    };
    const proof = await send();
    expect(proof.statusCode, proof.body).toBe(201);
    const rejected = await t.app.inject({
      method: "POST",
      url: `/api/admin/proofs/${proof.json().id}/reject`,
      headers: { cookie: admin.cookie },
      payload: { adminNotes: "La referencia no aparece." },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    // A new proof for the same reservation is still accepted.
    expect((await reservationRow(reservation.id)).status).toBe("rejected");
    const second = await send();
    expect(second.statusCode, second.body).toBe(201);
    const again = await t.app.inject({
      method: "POST",
      url: `/api/admin/proofs/${second.json().id}/reject`,
      headers: { cookie: admin.cookie },
      payload: { adminNotes: "Tampoco aparece." },
    });
    expect(again.statusCode, again.body).toBe(200);
    // Or the buyer gives that purchase up and starts another one at once, with a full time.
    await cancelReservation(t.app.ctx, who.session, reservation.id);
    const now = new Date();
    const fresh = await holdAt(who, raffle.id, [42, 43], now);
    expect(Date.parse(fresh.expiresAt) - now.getTime()).toBe(15 * MINUTE);
  });
});

describe("acaparamiento: reservas por cuenta y por dirección", () => {
  it(`una cuenta inicia como mucho ${MAX_HOLDS_PER_ACCOUNT_PER_HOUR} reservas en una hora móvil`, async () => {
    const who = await buyer();
    const raffles = await Promise.all(
      Array.from({ length: MAX_HOLDS_PER_ACCOUNT_PER_HOUR + 1 }, () => raffleWithTickets()),
    );
    const t0 = new Date();
    for (const [i, raffle] of raffles.slice(0, MAX_HOLDS_PER_ACCOUNT_PER_HOUR).entries()) {
      await holdAt(who, raffle.id, [1, 2], new Date(t0.getTime() + i * MINUTE));
    }
    const last = raffles[MAX_HOLDS_PER_ACCOUNT_PER_HOUR]?.id as string;
    const at = new Date(t0.getTime() + 30 * MINUTE);
    const refused = await refusalAt(who, last, [1, 2], at);
    expect(refused.code).toBe("TOO_MANY_HOLDS");
    // Rolling: the first hold leaves the hour at t0 + 60 min, and one more is allowed then.
    const free = new Date(t0.getTime() + 60 * MINUTE);
    expect(refused.message).toBe(RESERVATION_MESSAGES.tooManyHolds(free));
    expect(refused.details).toEqual({ retryAt: free.toISOString() });
    expect((await refusalAt(who, last, [1, 2], new Date(free.getTime() - 1000))).code).toBe("TOO_MANY_HOLDS");
    expect((await holdAt(who, last, [1, 2], new Date(free.getTime() + 1000))).status).toBe("active");
  });

  it("una dirección inicia como mucho las reservas de su regla por ventana; luego vuelve a poder", async () => {
    const raffle = await raffleWithTickets({
      numberMode: "random",
      totalTickets: 500,
      maxTicketsPerBuyer: 2,
    });
    const ip = nextIp();
    const max = RATE_RULES.holdsPerIp.max;
    const buyers = await Promise.all(Array.from({ length: max }, () => quickBuyer()));
    for (const who of buyers) {
      await reserve(t.app.ctx, who.session, raffle.id, { quantity: 2 }, undefined, new Date(), { ip });
    }
    // The route keys the rule on the request's trusted address.
    const last = await signedInUser(t.app);
    const refused = await reserveHttp(last.cookie, raffle.id, { quantity: 2 }, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe("TOO_MANY_HOLDS_FROM_ADDRESS");
    expect(refused.json().error.message).toMatch(/desde tu conexión.*a partir de las \d{1,2}:\d{2}/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(59 * 60);
    // Refused attempts are not counted: the counter stays at the rule's maximum.
    const [counter] = await t.app.ctx.db
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, `rl:hold:ip:${ip}`));
    expect(counter?.count).toBe(max);
    // Another address is not affected.
    const elsewhere = await reserveHttp(last.cookie, raffle.id, { quantity: 2 }, nextIp());
    expect(elsewhere.statusCode).toBe(201);
    await t.app.inject({
      method: "DELETE",
      url: `/api/reservations/${elsewhere.json().id}`,
      headers: { cookie: last.cookie },
    });

    // The hour passes (the limiter's window is the database's: its row is moved, as rate-limit.test does).
    await t.app.ctx.db
      .update(rateLimits)
      .set({ windowEndsAt: sql`now() - interval '1 second'` })
      .where(eq(rateLimits.key, `rl:hold:ip:${ip}`));
    expect((await reserveHttp(last.cookie, raffle.id, { quantity: 2 }, ip)).statusCode).toBe(201);
  });

  it("peticiones en paralelo de una cuenta no pasan del máximo por hora", async () => {
    const who = await buyer();
    const raffles = await Promise.all(Array.from({ length: 20 }, () => raffleWithTickets()));
    const responses = await Promise.all(
      raffles.map((raffle) => reserveHttp(who.cookie, raffle.id, { numbers: [5, 6] }, nextIp())),
    );
    const won = responses.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(MAX_HOLDS_PER_ACCOUNT_PER_HOUR);
    for (const response of responses.filter((r) => r.statusCode !== 201)) {
      expect(response.statusCode).toBe(429);
      expect(response.json().error.code).toBe("TOO_MANY_HOLDS");
    }
    const rows = await t.app.ctx.db.select().from(reservations).where(eq(reservations.userId, who.id));
    expect(rows).toHaveLength(MAX_HOLDS_PER_ACCOUNT_PER_HOUR);
  });

  it("peticiones en paralelo desde una dirección no pasan de su regla", async () => {
    // Four raffles, so the requests queue only on the address's counter, not on one raffle's lock too
    // (the app's pool of connections would time out on a busy machine).
    const raffles = await Promise.all(
      [0, 1, 2, 3].map(() =>
        raffleWithTickets({ numberMode: "random", totalTickets: 500, maxTicketsPerBuyer: 2 }),
      ),
    );
    const ip = nextIp();
    const max = RATE_RULES.holdsPerIp.max;
    const buyers = await Promise.all(Array.from({ length: max + 6 }, () => quickBuyer()));
    const outcomes = await Promise.all(
      buyers.map((who, i) => {
        const raffleId = (raffles[i % raffles.length] as { id: string }).id;
        return reserve(t.app.ctx, who.session, raffleId, { quantity: 2 }, undefined, new Date(), { ip }).then(
          () => "ok",
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        );
      }),
    );
    expect(outcomes.filter((o) => o === "ok")).toHaveLength(max);
    expect(outcomes.filter((o) => o !== "ok")).toEqual(Array(6).fill("TOO_MANY_HOLDS_FROM_ADDRESS"));
    const held = await t.app.ctx.db
      .select()
      .from(reservations)
      .where(
        and(
          inArray(
            reservations.raffleId,
            raffles.map((raffle) => raffle.id),
          ),
          eq(reservations.status, "active"),
        ),
      );
    expect(held).toHaveLength(max);
  });

  it("peticiones en paralelo de cancelar y reservar no alargan el tiempo ni saltan la pausa", async () => {
    const raffle = await raffleWithTickets();
    const who = await buyer();
    const first = await reserveHttp(who.cookie, raffle.id, { numbers: [70, 71] }, nextIp());
    expect(first.statusCode, first.body).toBe(201);
    const expiry = (first.json() as Reservation).expiresAt;
    const cancel = await t.app.inject({
      method: "DELETE",
      url: `/api/reservations/${first.json().id}`,
      headers: { cookie: who.cookie },
    });
    expect(cancel.statusCode).toBe(204);
    const responses = await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        reserveHttp(who.cookie, raffle.id, { numbers: [72 + 2 * i, 73 + 2 * i] }, nextIp()),
      ),
    );
    const won = responses.filter((r) => r.statusCode === 201);
    expect(won).toHaveLength(1);
    expect((won[0] as (typeof won)[number]).json<Reservation>().expiresAt).toBe(expiry);
    expect(
      responses
        .filter((r) => r.statusCode !== 201)
        .every((r) => r.json().error.code === "RESERVATION_ACTIVE"),
    ).toBe(true);
  });
});

describe("acaparamiento: la vista del organizador", () => {
  it("lista quién retiene qué (nombre, correo, cuántos, desde, hasta, reservas en la hora) y libera una, auditada", async () => {
    const raffle = await raffleWithTickets();
    const hoarder = await signedInUser(t.app, { fullName: "Acaparador Uno" });
    const honest = await signedInUser(t.app, { fullName: "Compradora Dos" });
    const first = await reserveHttp(hoarder.cookie, raffle.id, { numbers: [1, 2, 3] }, nextIp());
    expect(first.statusCode, first.body).toBe(201);
    await t.app.inject({
      method: "DELETE",
      url: `/api/reservations/${first.json().id}`,
      headers: { cookie: hoarder.cookie },
    });
    const second = await reserveHttp(hoarder.cookie, raffle.id, { numbers: [4, 5, 6, 7] }, nextIp());
    expect(second.statusCode, second.body).toBe(201);
    const mine = await reserveHttp(honest.cookie, raffle.id, { numbers: [50, 51] }, nextIp());
    expect(mine.statusCode, mine.body).toBe(201);

    const view = await t.app.inject({
      method: "GET",
      url: `/api/admin/raffles/${raffle.id}/holds`,
      headers: { cookie: admin.cookie },
    });
    expect(view.statusCode, view.body).toBe(200);
    const body = view.json();
    expect(body).toMatchObject({ raffleId: raffle.id, heldTickets: 6, maxHoldsPerHour: 8 });
    expect(body.items).toHaveLength(2);
    expect(body.items[0]).toMatchObject({
      reservationId: second.json().id,
      userId: hoarder.id,
      buyerName: "Acaparador Uno",
      buyerEmail: hoarder.email,
      status: "active",
      quantity: 4,
      numbers: ["04", "05", "06", "07"],
      // Since the first hold of this hold time; until its (unchanged) expiry; two holds this hour.
      since: first.json().createdAt,
      expiresAt: first.json().expiresAt,
      holdsLastHour: 2,
      releasable: true,
    });
    expect(body.items[1]).toMatchObject({ buyerName: "Compradora Dos", quantity: 2, holdsLastHour: 1 });

    // Released by the organiser: the numbers are free, the buyer is told, the release is audited, and the
    // buyer's hold time is over (the pause starts now, no new hold on the old clock).
    const released = await t.app.inject({
      method: "POST",
      url: `/api/admin/reservations/${second.json().id}/release`,
      headers: { cookie: admin.cookie },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect((await reservationRow(second.json().id)).status).toBe("cancelled");
    const freed = await t.app.ctx.db
      .select({ status: tickets.status })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffle.id), sql`${tickets.ticketNumber} IN (4, 5, 6, 7)`));
    expect(freed.every((row) => row.status === "available")).toBe(true);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "reservation.release"), eq(auditLog.entityId, second.json().id)));
    expect(audit).toMatchObject({ actorId: admin.id, entity: "reservation" });
    expect(audit?.before).toMatchObject({ userId: hoarder.id, quantity: 4, status: "active" });
    const told = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, hoarder.id), like(notifications.message, "%liberó%")));
    expect(told).toHaveLength(1);
    const again = await reserveHttp(hoarder.cookie, raffle.id, { numbers: [4, 5] }, nextIp());
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe("HOLD_COOLDOWN");

    const list = (
      await t.app.inject({
        method: "GET",
        url: `/api/admin/raffles/${raffle.id}/holds`,
        headers: { cookie: admin.cookie },
      })
    ).json();
    expect(list.items.map((item: { buyerName: string }) => item.buyerName)).toEqual(["Compradora Dos"]);
    // Releasing it again: it no longer holds anything.
    const twice = await t.app.inject({
      method: "POST",
      url: `/api/admin/reservations/${second.json().id}/release`,
      headers: { cookie: admin.cookie },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("RESERVATION_NOT_ACTIVE");
  });

  it("solo el administrador ve y libera; el comprador no", async () => {
    const raffle = await raffleWithTickets();
    const who = await signedInUser(t.app);
    const held = await reserveHttp(who.cookie, raffle.id, { numbers: [8, 9] }, nextIp());
    expect(held.statusCode).toBe(201);
    const url = `/api/admin/raffles/${raffle.id}/holds`;
    expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: "GET", url, headers: { cookie: who.cookie } })).statusCode).toBe(
      403,
    );
    const release = `/api/admin/reservations/${held.json().id}/release`;
    expect((await t.app.inject({ method: "POST", url: release })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: "POST", url: release, headers: { cookie: who.cookie } })).statusCode,
    ).toBe(403);
    expect((await reservationRow(held.json().id)).status).toBe("active");
    const unknown = await t.app.inject({
      method: "POST",
      url: "/api/admin/reservations/00000000-0000-4000-8000-000000000000/release",
      headers: { cookie: admin.cookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
