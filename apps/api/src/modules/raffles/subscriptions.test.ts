import { RAFFLE_MESSAGES } from "@rifazo/shared";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "../../../test/admin-fixtures";
import { insertRaffle } from "../../../test/fixtures";
import { createTestApp, createUser, signedInUser, type TestApp } from "../../../test/helpers";
import { events, mailOutbox, notifications, raffleSubscriptions, raffles, users } from "../../db/schema";
import { notifyRaffleOpened } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe("aviso de rifas próximas (suscripciones)", () => {
  it("un visitante recibe 401 con el mensaje para iniciar sesión", async () => {
    const raffle = await insertRaffle(t.app.ctx.db, { status: "upcoming" });
    for (const [method, url] of [
      ["PUT", `/api/raffles/${raffle.id}/subscription`],
      ["DELETE", `/api/raffles/${raffle.id}/subscription`],
      ["GET", "/api/raffles/subscriptions"],
    ] as const) {
      const response = await call(t, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toEqual({
        code: "UNAUTHENTICATED",
        message: RAFFLE_MESSAGES.subscribeSignIn,
      });
    }
  });

  it("un usuario se suscribe (idempotente), ve sus ids y se da de baja", async () => {
    const db = t.app.ctx.db;
    const user = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const first = await insertRaffle(db, { status: "upcoming" });
    const second = await insertRaffle(db, { status: "upcoming" });

    for (let i = 0; i < 2; i++) {
      const response = await call(t, "PUT", `/api/raffles/${first.id}/subscription`, user.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true, subscribed: true });
    }
    await call(t, "PUT", `/api/raffles/${second.id}/subscription`, user.cookie);
    await call(t, "PUT", `/api/raffles/${second.id}/subscription`, other.cookie);

    const mine = await call(t, "GET", "/api/raffles/subscriptions", user.cookie);
    expect(mine.headers["cache-control"]).toBe("no-store");
    expect(new Set(mine.json().raffleIds)).toEqual(new Set([first.id, second.id]));
    expect((await call(t, "GET", "/api/raffles/subscriptions", other.cookie)).json()).toEqual({
      raffleIds: [second.id],
    });

    const removed = await call(t, "DELETE", `/api/raffles/${second.id}/subscription`, user.cookie);
    expect(removed.json()).toEqual({ ok: true, subscribed: false });
    expect((await call(t, "GET", "/api/raffles/subscriptions", user.cookie)).json()).toEqual({
      raffleIds: [first.id],
    });
    // Removing one's own subscription leaves the other user's in place.
    expect((await call(t, "GET", "/api/raffles/subscriptions", other.cookie)).json().raffleIds).toEqual([
      second.id,
    ]);
    expect((await call(t, "DELETE", `/api/raffles/${second.id}/subscription`, user.cookie)).statusCode).toBe(
      200,
    );
  });

  it("404 para rifas desconocidas y 409 si la rifa ya no es próxima", async () => {
    const user = await signedInUser(t.app);
    const unknown = await call(
      t,
      "PUT",
      "/api/raffles/00000000-0000-4000-8000-000000000000/subscription",
      user.cookie,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe("Rifa no encontrada.");
    expect((await call(t, "PUT", "/api/raffles/basura/subscription", user.cookie)).statusCode).toBe(404);
    const active = await insertRaffle(t.app.ctx.db, { status: "active" });
    const conflict = await call(t, "PUT", `/api/raffles/${active.id}/subscription`, user.cookie);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.message).toBe(RAFFLE_MESSAGES.subscribeNotUpcoming);
  });
});

describe("notifyRaffleOpened", () => {
  it("notifica una sola vez a cada suscriptor: notificación, correo, evento y notified_at", async () => {
    const db = t.app.ctx.db;
    const raffle = await insertRaffle(db, { status: "upcoming", title: "Moto <Bera> & casco" });
    const ana = await createUser(t.app, { fullName: "Ana" });
    const luis = await createUser(t.app, { fullName: "Luis" });
    const suspended = await createUser(t.app, { status: "inactive" });
    const admin = await createUser(t.app, { role: "admin" });
    const bystander = await createUser(t.app);
    for (const user of [ana, luis, suspended, admin]) {
      await db.insert(raffleSubscriptions).values({ userId: user.id, raffleId: raffle.id });
    }
    const run = () => db.transaction((tx) => notifyRaffleOpened(t.app.ctx, tx, raffle.id));

    // Still upcoming: nobody is told anything.
    expect(await run()).toBe(0);

    await db.update(raffles).set({ status: "active" }).where(eq(raffles.id, raffle.id));
    expect(await run()).toBe(2);

    const recipients = [ana.id, luis.id, suspended.id, admin.id, bystander.id];
    const created = await db.select().from(notifications).where(inArray(notifications.userId, recipients));
    expect(created.map((n) => n.userId).sort()).toEqual([ana.id, luis.id].sort());
    for (const n of created) {
      expect(n).toMatchObject({
        type: "other",
        title: "¡Ya está activa!",
        linkTo: `/rifas/${raffle.id}`,
        isRead: false,
      });
      expect(n.message).toContain("Moto <Bera> & casco");
    }

    const mails = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [ana.email, luis.email, suspended.email, admin.email]));
    expect(mails.map((m) => m.to).sort()).toEqual([ana.email, luis.email].sort());
    for (const mail of mails) {
      expect(mail.subject).toContain("¡Ya está activa!");
      expect(mail.html).toContain("Moto &lt;Bera&gt; &amp; casco");
      expect(mail.html).not.toContain("<Bera>");
      expect(mail.text).toContain(`http://localhost:3000/rifas/${raffle.id}`);
    }

    const published = await db.select().from(events).where(eq(events.topic, "notification"));
    const forRaffle = published.filter((e) => created.some((n) => n.id === (e.payload as { id: string }).id));
    expect(forRaffle).toHaveLength(2);
    for (const event of forRaffle) {
      expect(event.payload).toMatchObject({ type: "notification.created", notificationType: "other" });
      expect([ana.id, luis.id]).toContain(event.userId);
    }

    const subs = await db
      .select()
      .from(raffleSubscriptions)
      .where(eq(raffleSubscriptions.raffleId, raffle.id));
    expect(subs.every((s) => s.notifiedAt !== null)).toBe(true);

    // A second call (e.g. the status saved twice) tells nobody again.
    expect(await run()).toBe(0);
    const after = await db.select().from(notifications).where(inArray(notifications.userId, recipients));
    expect(after).toHaveLength(2);
    const mailsAfter = await db
      .select()
      .from(mailOutbox)
      .where(inArray(mailOutbox.to, [ana.email, luis.email]));
    expect(mailsAfter).toHaveLength(2);
  });

  it("solo avisa a quien se suscribió después del primer aviso, y nada se guarda si la transacción falla", async () => {
    const db = t.app.ctx.db;
    const raffle = await insertRaffle(db, { status: "active" });
    const early = await createUser(t.app);
    const late = await createUser(t.app);
    await db.insert(raffleSubscriptions).values({ userId: early.id, raffleId: raffle.id });
    expect(await db.transaction((tx) => notifyRaffleOpened(t.app.ctx, tx, raffle.id))).toBe(1);

    await db.insert(raffleSubscriptions).values({ userId: late.id, raffleId: raffle.id });
    await expect(
      db.transaction(async (tx) => {
        await notifyRaffleOpened(t.app.ctx, tx, raffle.id);
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    const [pending] = await db
      .select()
      .from(raffleSubscriptions)
      .where(and(eq(raffleSubscriptions.userId, late.id), eq(raffleSubscriptions.raffleId, raffle.id)));
    expect(pending?.notifiedAt).toBeNull();
    expect(await db.select().from(notifications).where(eq(notifications.userId, late.id))).toHaveLength(0);

    expect(await db.transaction((tx) => notifyRaffleOpened(t.app.ctx, tx, raffle.id))).toBe(1);
    expect(await db.select().from(notifications).where(eq(notifications.userId, late.id))).toHaveLength(1);
    expect(await db.select().from(notifications).where(eq(notifications.userId, early.id))).toHaveLength(1);
    // Unknown or malformed ids are a no-op rather than an error inside the caller's transaction.
    expect(await db.transaction((tx) => notifyRaffleOpened(t.app.ctx, tx, "no-es-un-uuid"))).toBe(0);
    const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, late.id));
    expect(row?.status).toBe("active");
  });
});
