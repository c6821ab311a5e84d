import { ADMIN_MESSAGES } from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof } from "../../../../test/fixtures";
import { createUser, signedInUser } from "../../../../test/helpers";
import { auditLog, mailOutbox, notifications, sessions, users } from "../../../db/schema";

const ctx = useAdminTest();

const db = () => ctx.t.app.ctx.db;

describe("guardia de usuarios", () => {
  it("401 y 403 en cada endpoint", async () => {
    const target = await createUser(ctx.t.app);
    await expectAdminOnly(ctx, "GET", "/api/admin/users");
    await expectAdminOnly(ctx, "POST", `/api/admin/users/${target.id}/suspend`);
    await expectAdminOnly(ctx, "POST", `/api/admin/users/${target.id}/reactivate`);
    await expectAdminOnly(ctx, "POST", `/api/admin/users/${target.id}/notify`, { title: "a", message: "b" });
    await expectAdminOnly(ctx, "POST", `/api/admin/users/${target.id}/email`, { subject: "a", body: "b" });
    await expectAdminOnly(ctx, "GET", `/api/admin/users/${target.id}/participations`);
    const [row] = await db().select().from(users).where(eq(users.id, target.id));
    expect(row?.status).toBe("active");
  });
});

describe("lista de usuarios", () => {
  it("10 por página, del registro más reciente, con boletos y comprobantes", async () => {
    const base = Date.UTC(2030, 0, 1);
    const created = [];
    for (let i = 0; i < 12; i++) {
      const u = await createUser(ctx.t.app, { fullName: `Cliente Paginado ${i}` });
      await db()
        .update(users)
        .set({ createdAt: new Date(base + i * 60_000) })
        .where(eq(users.id, u.id));
      created.push(u);
    }
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10 });
    const newest = created[11] as { id: string };
    const proof = await insertProof(db(), { userId: newest.id, raffleId, quantityOfTickets: 2 });
    await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);
    await insertProof(db(), { userId: newest.id, raffleId: null });

    const page1 = await call(ctx.t, "GET", "/api/admin/users?q=paginado", ctx.admin.cookie);
    expect(page1.statusCode, page1.body).toBe(200);
    const body = page1.json();
    expect(body).toMatchObject({ total: 12, page: 1, pageSize: 10 });
    expect(body.items).toHaveLength(10);
    expect(body.items[0]).toMatchObject({
      id: newest.id,
      fullName: "Cliente Paginado 11",
      role: "user",
      status: "active",
      level: "Plata",
      points: 1000,
      totalTicketsPurchased: 2,
      totalPaymentProofs: 2,
      registrationDate: new Date(base + 11 * 60_000).toISOString(),
    });
    const page2 = await call(ctx.t, "GET", "/api/admin/users?q=paginado&page=2", ctx.admin.cookie);
    expect(page2.json().items.map((u: { fullName: string }) => u.fullName)).toEqual([
      "Cliente Paginado 1",
      "Cliente Paginado 0",
    ]);
    const all = await call(ctx.t, "GET", "/api/admin/users", ctx.admin.cookie);
    expect(all.json().items).toHaveLength(10);
  });
});

describe("suspender y reactivar", () => {
  it("la suspensión cierra todas las sesiones y queda auditada; reactivar la revierte", async () => {
    const target = await signedInUser(ctx.t.app, { fullName: "Cuenta Suspendible" });
    // A second browser of the same person.
    const second = await call(ctx.t, "POST", "/api/account/login", undefined, {
      email: target.email,
      password: target.password,
    });
    expect(second.statusCode).toBe(200);
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(2);

    const response = await call(ctx.t, "POST", `/api/admin/users/${target.id}/suspend`, ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ id: target.id, status: "inactive" });
    expect(await db().select().from(sessions).where(eq(sessions.userId, target.id))).toHaveLength(0);
    // The ended session is not "signed out" but "suspended": its browser is told why.
    const me = await call(ctx.t, "GET", "/api/account/me", target.cookie);
    expect(me.statusCode).toBe(403);
    expect(me.json().error.code).toBe("ACCOUNT_SUSPENDED");
    const login = await call(ctx.t, "POST", "/api/account/login", undefined, {
      email: target.email,
      password: target.password,
    });
    expect(login.json().error.code).toBe("ACCOUNT_SUSPENDED");

    const reactivated = await call(
      ctx.t,
      "POST",
      `/api/admin/users/${target.id}/reactivate`,
      ctx.admin.cookie,
    );
    expect(reactivated.json()).toMatchObject({ status: "active" });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, target.id)))
      .orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(["user.suspend", "user.reactivate"]);
    expect(audit[0]).toMatchObject({
      actorId: ctx.admin.id,
      before: { status: "active" },
      after: { status: "inactive", sessionsEnded: 2 },
    });
  });

  it("un administrador no puede suspenderse a sí mismo; usuario desconocido 404", async () => {
    const self = await call(ctx.t, "POST", `/api/admin/users/${ctx.admin.id}/suspend`, ctx.admin.cookie);
    expect(self.statusCode).toBe(409);
    expect(self.json().error.message).toBe(ADMIN_MESSAGES.cannotSuspendSelf);
    const missing = await call(ctx.t, "POST", "/api/admin/users/no_existe/suspend", ctx.admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(ADMIN_MESSAGES.userNotFound);
  });
});

describe("notificar y escribir", () => {
  it("la notificación exige título y mensaje y llega como admin_message", async () => {
    const target = await createUser(ctx.t.app);
    for (const body of [{}, { title: " ", message: "Hola" }, { title: "Hola" }]) {
      const response = await call(
        ctx.t,
        "POST",
        `/api/admin/users/${target.id}/notify`,
        ctx.admin.cookie,
        body,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe("El título y el mensaje son obligatorios.");
    }
    const response = await call(ctx.t, "POST", `/api/admin/users/${target.id}/notify`, ctx.admin.cookie, {
      title: " Aviso ",
      message: "Tu premio está listo.",
    });
    expect(response.statusCode, response.body).toBe(200);
    const [row] = await db().select().from(notifications).where(eq(notifications.userId, target.id));
    expect(row).toMatchObject({
      type: "admin_message",
      title: "Aviso",
      message: "Tu premio está listo.",
      isRead: false,
    });
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, target.id), eq(auditLog.action, "user.notify")));
    expect(audit?.actorId).toBe(ctx.admin.id);
  });

  it("el correo manual se envía de verdad por la cola de salida", async () => {
    const target = await createUser(ctx.t.app, { fullName: "Destinatario Real" });
    const invalid = await call(ctx.t, "POST", `/api/admin/users/${target.id}/email`, ctx.admin.cookie, {
      subject: "x",
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(ADMIN_MESSAGES.emailRequired);
    const response = await call(ctx.t, "POST", `/api/admin/users/${target.id}/email`, ctx.admin.cookie, {
      subject: "Entrega de tu premio",
      body: "Hola, te esperamos el lunes.",
    });
    expect(response.statusCode, response.body).toBe(200);
    await ctx.t.app.ctx.mail.drain();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, target.email));
    expect(mail).toMatchObject({ subject: "Entrega de tu premio", status: "sent" });
    expect(mail?.text).toContain("te esperamos el lunes");
    expect(response.json().messageId).toBe(mail?.id);
  });
});

describe("participaciones", () => {
  it("una fila por comprobante con rifa, estado y boletos", async () => {
    const buyer = await createUser(ctx.t.app);
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Participación", totalTickets: 10 });
    const approved = await insertProof(db(), { userId: buyer.id, raffleId, quantityOfTickets: 3 });
    await call(ctx.t, "POST", `/api/admin/proofs/${approved.id}/approve`, ctx.admin.cookie);
    const general = await insertProof(db(), {
      userId: buyer.id,
      raffleId: null,
      createdAt: new Date(Date.UTC(2020, 0, 1)),
    });
    const response = await call(
      ctx.t,
      "GET",
      `/api/admin/users/${buyer.id}/participations`,
      ctx.admin.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const items = response.json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({
      raffleId,
      raffleName: "Rifa Participación",
      proofStatus: "approved",
      paymentProofId: approved.id,
    });
    expect(items[0].tickets).toHaveLength(3);
    expect(items[1]).toMatchObject({
      raffleId: null,
      raffleName: "Pago General",
      paymentProofId: general.id,
      tickets: [],
    });
  });
});
