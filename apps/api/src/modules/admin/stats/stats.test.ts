import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import { tickets, users } from "../../../db/schema";

const ctx = useAdminTest();

const db = () => ctx.t.app.ctx.db;

describe("estadísticas", () => {
  it("401 y 403", async () => {
    await expectAdminOnly(ctx, "GET", "/api/admin/stats");
  });

  it("usuarios, registros de hoy (hora de Venezuela), ingresos, rifas, comprobantes y ventas por día", async () => {
    const old = await createUser(ctx.t.app);
    await db()
      .update(users)
      .set({ createdAt: new Date(Date.now() - 3 * 86_400_000) })
      .where(eq(users.id, old.id));
    const usd = await createRaffle(ctx, { title: "USD", price: 2.5, totalTickets: 10 });
    const ves = await createRaffle(ctx, {
      title: "VES",
      price: 100,
      currency: "VES",
      totalTickets: 10,
    });
    const buyer = await createUser(ctx.t.app);
    const a = await insertProof(db(), {
      userId: buyer.id,
      raffleId: usd.id,
      quantityOfTickets: 3,
      amount: 7.5,
    });
    const b = await insertProof(db(), {
      userId: buyer.id,
      raffleId: ves.id,
      quantityOfTickets: 2,
      amount: 200,
      currency: "VES",
      exchangeRate: 40,
    });
    await insertProof(db(), { userId: buyer.id, raffleId: usd.id, status: "rejected" });
    await insertProof(db(), { userId: buyer.id, raffleId: usd.id });
    for (const proof of [a, b])
      await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);
    // One of the USD sales happened two days ago.
    const [first] = await db().select().from(tickets).where(eq(tickets.paymentId, a.id)).limit(1);
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await db()
      .update(tickets)
      .set({ soldAt: twoDaysAgo })
      .where(eq(tickets.id, first?.id as string));

    const response = await call(ctx.t, "GET", "/api/admin/stats", ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const stats = response.json();
    // Users only (the administrator is staff): ctx.user, old, buyer.
    expect(stats.totalUsers).toBe(3);
    expect(stats.registeredToday).toBe(2);
    // 7.5 USD (no rate) and 200 Bs at 40 (= 5 USD).
    expect(stats.revenue).toMatchObject({ collected: { usd: 12.5, ves: 200 }, net: { usd: 12.5, ves: 200 } });
    expect(stats.totalRaffles).toBe(2);
    expect(stats.rafflesByStatus).toEqual({
      upcoming: 0,
      active: 2,
      closed: 0,
      frozen: 0,
      finished: 0,
      cancelled: 0,
    });
    expect(stats.proofsByStatus).toEqual({ pending: 1, approved: 2, verified: 0, rejected: 1 });
    expect(stats.ticketsSold).toBe(5);
    expect(stats.revenueByRaffle).toContainEqual(
      expect.objectContaining({
        id: usd.id,
        soldTickets: 3,
        revenue: expect.objectContaining({ collected: { usd: 7.5, ves: 0 } }),
        currency: "USD",
      }),
    );
    const day = (date: Date) =>
      new Intl.DateTimeFormat("en-CA", { timeZone: "America/Caracas", dateStyle: "short" }).format(date);
    const total = stats.salesByDay.reduce((sum: number, d: { count: number }) => sum + d.count, 0);
    expect(total).toBe(5);
    expect(stats.salesByDay[0]).toEqual({ date: day(twoDaysAgo), count: 1 });

    const onlyUsd = await call(ctx.t, "GET", `/api/admin/stats?raffleId=${usd.id}`, ctx.admin.cookie);
    expect(onlyUsd.json().salesByDay).toEqual([
      { date: day(twoDaysAgo), count: 1 },
      { date: day(new Date()), count: 2 },
    ]);
    const bad = await call(ctx.t, "GET", "/api/admin/stats?raffleId=x", ctx.admin.cookie);
    expect(bad.statusCode).toBe(400);
  });
});
