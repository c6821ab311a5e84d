import { type AppNotification, NOTIFICATION_MESSAGES, type NotificationList } from "@rifazo/shared";
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import { events, notifications } from "../../db/schema";
import { createNotifications } from "./service";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let user: SignedIn;
let other: SignedIn;
let admin: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  [user, other, admin] = await Promise.all([
    signedInUser(t.app),
    signedInUser(t.app),
    signedInUser(t.app, { role: "admin" }),
  ]);
});
afterAll(async () => {
  await t?.close();
});

function call(method: "GET" | "PATCH" | "POST", url: string, cookie?: string) {
  return t.app.inject({ method, url, headers: cookie ? { cookie } : {} });
}

async function notify(userId: string, count: number, start = Date.UTC(2026, 0, 1)) {
  const rows = await createNotifications(
    t.app.ctx,
    t.app.ctx.db,
    Array.from({ length: count }, (_, i) => ({
      userId,
      title: i === 0 ? "   " : `Aviso ${i}`,
      message: `Mensaje ${i}`,
      type: i % 2 === 0 ? ("payment_approved" as const) : ("admin_message" as const),
      linkTo: i % 2 === 0 ? "/perfil/pagos" : null,
    })),
  );
  // Distinct, increasing creation times so "newest first" is well defined.
  for (const [i, row] of rows.entries()) {
    await t.app.ctx.db
      .update(notifications)
      .set({ createdAt: new Date(start + i * 60_000) })
      .where(eq(notifications.id, row.id));
  }
  return rows;
}

async function isRead(id: string) {
  const [row] = await t.app.ctx.db.select().from(notifications).where(eq(notifications.id, id));
  return row?.isRead;
}

describe("notificaciones", () => {
  it("anónimo: 401 en todas las rutas", async () => {
    for (const [method, url] of [
      ["GET", "/api/notifications"],
      ["PATCH", "/api/notifications/7d4a3a5e-8f7b-4a8e-9a43-2a1b0c9d8e7f/read"],
      ["POST", "/api/notifications/read-all"],
    ] as const) {
      const response = await call(method, url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().error.code).toBe("UNAUTHENTICATED");
    }
  });

  it("lista solo las propias, las 50 más nuevas primero, con el total sin leer", async () => {
    const mine = await notify(user.id, 55);
    await notify(other.id, 3);
    const response = await call("GET", "/api/notifications", user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json() as NotificationList;
    expect(body.items).toHaveLength(50);
    expect(body.unreadCount).toBe(55);
    expect(body.items.map((n) => n.id)).toEqual(
      [...mine]
        .reverse()
        .slice(0, 50)
        .map((n) => n.id),
    );
    const last = body.items.at(-1) as AppNotification;
    expect(last).toMatchObject({ message: "Mensaje 5", type: "admin_message", linkTo: null, isRead: false });
    // A blank title is shown with the default one.
    const first = mine[0];
    const [stored] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(eq(notifications.id, first?.id ?? ""));
    expect(stored?.title).toBe(NOTIFICATION_MESSAGES.defaultTitle);
  });

  it("un administrador recibe siempre una lista vacía", async () => {
    await notify(admin.id, 2);
    const response = await call("GET", "/api/notifications", admin.cookie);
    expect(response.json()).toEqual({ items: [], unreadCount: 0 });
  });

  it("marca como leída solo una notificación propia; la de otro usuario no existe", async () => {
    const [own] = await notify(user.id, 1, Date.UTC(2026, 5, 1));
    const [theirs] = await notify(other.id, 1, Date.UTC(2026, 5, 1));
    const ownId = own?.id ?? "";
    const theirId = theirs?.id ?? "";

    const ok = await call("PATCH", `/api/notifications/${ownId}/read`, user.cookie);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ ok: true, id: ownId, isRead: true });
    expect(await isRead(ownId)).toBe(true);
    // Repeating it is harmless.
    expect((await call("PATCH", `/api/notifications/${ownId}/read`, user.cookie)).statusCode).toBe(200);

    for (const id of [theirId, "7d4a3a5e-8f7b-4a8e-9a43-2a1b0c9d8e7f", "no-uuid"]) {
      const refused = await call("PATCH", `/api/notifications/${id}/read`, user.cookie);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        error: { code: "NOT_FOUND", message: NOTIFICATION_MESSAGES.notFound },
      });
    }
    expect(await isRead(theirId)).toBe(false);

    // Other open tabs of the user hear about it; nobody else does.
    const [event] = await t.app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.topic, "notification"), eq(events.userId, user.id)))
      .orderBy(desc(events.id))
      .limit(1);
    expect(event?.payload).toEqual({ type: "notification.read", id: ownId });
  });

  it("marca todas las propias como leídas sin tocar las de otros", async () => {
    const otherUnreadBefore = (await call("GET", "/api/notifications", other.cookie)).json().unreadCount;
    expect(otherUnreadBefore).toBeGreaterThan(0);
    const before = (await call("GET", "/api/notifications", user.cookie)).json() as NotificationList;
    const response = await call("POST", "/api/notifications/read-all", user.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, updated: before.unreadCount });
    const after = (await call("GET", "/api/notifications", user.cookie)).json() as NotificationList;
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((n) => n.isRead)).toBe(true);
    expect((await call("GET", "/api/notifications", other.cookie)).json().unreadCount).toBe(
      otherUnreadBefore,
    );
    // Nothing left to mark.
    expect((await call("POST", "/api/notifications/read-all", user.cookie)).json()).toEqual({
      ok: true,
      updated: 0,
    });
  });
});
