import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../../test/admin-fixtures";
import { auditLog } from "../../../db/schema";

const ctx = useAdminTest();

const db = () => ctx.t.app.ctx.db;

describe("auditoría", () => {
  it("401 y 403; no hay rutas para modificarla", async () => {
    await expectAdminOnly(ctx, "GET", "/api/admin/audit");
    for (const method of ["PUT", "PATCH", "DELETE"] as const) {
      const response = await call(ctx.t, method, "/api/admin/audit", ctx.admin.cookie, {});
      expect(response.statusCode, method).toBe(404);
    }
  });

  it("lista de la más reciente a la más antigua, con filtros y nombre del actor", async () => {
    const first = await createRaffle(ctx, { title: "Auditada", totalTickets: 5 });
    await call(ctx.t, "PATCH", `/api/admin/raffles/${first.id}`, ctx.admin.cookie, { title: "Auditada 2" });
    await call(ctx.t, "POST", `/api/admin/users/${ctx.user.id}/notify`, ctx.admin.cookie, {
      title: "Hola",
      message: "Mensaje",
    });
    const response = await call(ctx.t, "GET", "/api/admin/audit", ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(body.items.map((i: { action: string }) => i.action)).toEqual([
      "user.notify",
      "raffle.update",
      "raffle.create",
    ]);
    expect(body.items[1]).toMatchObject({
      actorId: ctx.admin.id,
      actorName: "Admin Rifazo",
      entity: "raffle",
      entityId: first.id,
      before: expect.objectContaining({ title: "Auditada" }),
      after: expect.objectContaining({ title: "Auditada 2" }),
    });
    expect(body.items[1].ipAddress).toBeTruthy();
    const raffleOnly = await call(ctx.t, "GET", "/api/admin/audit?entity=raffle", ctx.admin.cookie);
    expect(raffleOnly.json().total).toBe(2);
    const byActor = await call(ctx.t, "GET", `/api/admin/audit?actorId=${ctx.user.id}`, ctx.admin.cookie);
    expect(byActor.json().total).toBe(0);
  });

  it("la tabla rechaza UPDATE y DELETE", async () => {
    await expect(db().update(auditLog).set({ action: "falsificada" })).rejects.toThrow();
    await expect(db().delete(auditLog)).rejects.toThrow();
    await expect(db().execute(sql`UPDATE audit_log SET action = 'x'`)).rejects.toThrow();
    const rows = await db().select().from(auditLog).where(eq(auditLog.action, "falsificada"));
    expect(rows).toHaveLength(0);
  });
});
