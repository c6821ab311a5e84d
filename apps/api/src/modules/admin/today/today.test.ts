import { type Revenue, TIME_ZONE } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, expectAdminOnly, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof, insertRaffle } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import { raffles, refunds, reservations, users } from "../../../db/schema";
import { sweepLifecycle } from "../../lifecycle/service";
import { lastDays } from "./service";

const ctx = useAdminTest();

/** A Revenue from [usd, ves] pairs: collected, refunded (paid or owed), still owed. */
function revenue(collected: number[], refunded: number[], owed: number[], proofs: number): Revenue {
  const pair = ([usd = 0, ves = 0]: number[]) => ({ usd, ves });
  const [cu = 0, cv = 0] = collected;
  const [ru = 0, rv = 0] = refunded;
  return {
    collected: pair(collected),
    refunded: pair(refunded),
    refundPending: pair(owed),
    net: { usd: Math.round((cu - ru) * 100) / 100, ves: Math.round((cv - rv) * 100) / 100 },
    proofs,
  };
}
const db = () => ctx.t.app.ctx.db;

const minutes = (n: number) => new Date(Date.now() + n * 60_000);
const caracasDay = (date: Date) => new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE }).format(date);

async function reservation(raffleId: string, userId: string, status: string, expiresAt: Date, quantity = 2) {
  const [row] = await db()
    .insert(reservations)
    .values({
      raffleId,
      userId,
      status,
      quantity,
      expiresAt,
      unitPrice: 5,
      currency: "USD",
      pricing: {} as never,
    })
    .returning();
  return row?.id as string;
}

describe("hoy", () => {
  it("401 y 403", async () => {
    await expectAdminOnly(ctx, "GET", "/api/admin/today");
  });

  it("sin datos: ceros y 14 días vacíos", async () => {
    const response = await call(ctx.t, "GET", "/api/admin/today", ctx.admin.cookie);
    expect(response.statusCode).toBe(200);
    const today = response.json();
    expect(today.pendingProofs).toEqual({ count: 0, oldestAt: null });
    expect(today.expiringReservations).toEqual([]);
    expect(today.closingRaffles).toEqual([]);
    expect(today.refundsToPay).toEqual({ count: 0, totalUsd: 0, totalVes: 0 });
    expect(today.salesPerDay).toHaveLength(14);
    expect(today.salesPerDay.at(-1)).toEqual({
      day: caracasDay(new Date()),
      revenue: revenue([0, 0], [0, 0], [0, 0], 0),
      proofs: 0,
    });
  });

  it("lo que necesita al organizador: pendientes, reservas por vencer, rifas por cerrar, reembolsos y ventas", async () => {
    const buyer = await createUser(ctx.t.app, { fullName: "María Pérez" });
    await db().update(users).set({ phone: "0414-1234567" }).where(eq(users.id, buyer.id));

    const closing = await insertRaffle(db(), {
      title: "Cierra pronto",
      totalTickets: 100,
      soldTickets: 3,
      minTickets: 50,
      endDate: minutes(180),
    });
    const later = await insertRaffle(db(), { title: "Cierra pasado mañana", endDate: minutes(30 * 60) });
    await insertRaffle(db(), { title: "Ya cerró", endDate: minutes(-10) });
    await insertRaffle(db(), {
      title: "Cancelada",
      status: "cancelled",
      endDate: minutes(60),
    });

    // Proofs under review: the oldest is reported.
    const oldest = new Date("2026-01-02T10:00:00Z");
    await insertProof(db(), { userId: buyer.id, raffleId: closing.id, createdAt: oldest });
    await insertProof(db(), { userId: buyer.id, raffleId: closing.id });

    // Approved sales: today 10 USD (no rate) + 730 Bs at 36.5 (= 20 USD); yesterday 5 USD (rate 40) + 1 USD
    // (legacy "verified"); 20 days ago, out.
    const approved = (values: Parameters<typeof insertProof>[1]) =>
      insertProof(db(), { status: "approved", ...values });
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
    const approvals: Array<Omit<Parameters<typeof insertProof>[1], "userId">> = [
      { raffleId: closing.id, amount: 10, currency: "USD", reviewedAt: now },
      { raffleId: closing.id, amount: 730, currency: "VES", exchangeRate: 36.5, reviewedAt: now },
      { raffleId: later.id, amount: 5, currency: "USD", exchangeRate: 40, reviewedAt: daysAgo(1) },
      // The legacy "verified" status is an approval too.
      { raffleId: later.id, amount: 1, currency: "USD", status: "verified", reviewedAt: daysAgo(1) },
      { raffleId: later.id, amount: 99, currency: "USD", reviewedAt: daysAgo(20) },
    ];
    for (const values of approvals) await approved({ userId: buyer.id, ...values });

    const soon = await reservation(closing.id, buyer.id, "active", minutes(30), 3);
    const rejected = await reservation(later.id, buyer.id, "rejected", minutes(50));
    await reservation(closing.id, buyer.id, "active", minutes(120));
    await reservation(closing.id, buyer.id, "submitted", minutes(10));
    await reservation(closing.id, buyer.id, "active", minutes(-5));

    const refundProof = async (amount: number, currency: "USD" | "VES") =>
      insertProof(db(), { userId: buyer.id, raffleId: later.id, amount, currency, status: "approved" });
    const payTo = { method: "pago_movil" } as never;
    for (const [amount, currency] of [
      [15, "USD"],
      [365.5, "VES"],
      [2.25, "USD"],
    ] as const) {
      const proof = await refundProof(amount, currency);
      await db().insert(refunds).values({
        proofId: proof.id,
        raffleId: later.id,
        userId: buyer.id,
        amount,
        currency,
        paymentMethod: "pago_movil",
        payTo,
      });
    }
    const paidProof = await refundProof(99, "USD");
    await db().insert(refunds).values({
      proofId: paidProof.id,
      raffleId: later.id,
      userId: buyer.id,
      amount: 99,
      currency: "USD",
      paymentMethod: "pago_movil",
      payTo,
      status: "paid",
      paidAt: now,
      paidReference: "0001234",
    });

    const response = await call(ctx.t, "GET", "/api/admin/today", ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const today = response.json();

    expect(today.pendingProofs).toEqual({ count: 2, oldestAt: oldest.toISOString() });
    expect(today.expiringReservations).toEqual([
      {
        id: soon,
        raffleId: closing.id,
        raffleTitle: "Cierra pronto",
        buyerName: "María Pérez",
        buyerPhone: "0414-1234567",
        quantity: 3,
        expiresAt: expect.any(String),
        status: "active",
      },
      expect.objectContaining({ id: rejected, raffleTitle: "Cierra pasado mañana", status: "rejected" }),
    ]);
    expect(today.closingRaffles).toEqual([
      {
        id: closing.id,
        title: "Cierra pronto",
        endDate: closing.endDate?.toISOString(),
        soldTickets: 3,
        totalTickets: 100,
        minTickets: 50,
      },
    ]);
    expect(today.refundsToPay).toEqual({ count: 3, totalUsd: 17.25, totalVes: 365.5 });

    const days = today.salesPerDay as { day: string; revenue: Revenue; proofs: number }[];
    expect(days.map((d) => d.day)).toEqual(lastDays(caracasDay(now), 14));
    // Today: 10 USD (no rate: USD only) + 730 Bs at 36.5; the four refunds were created today (15 + 2.25
    // + 99 USD without rate, 365.5 Bs without rate), 99 of them paid.
    expect(days.at(-1)).toEqual({
      day: caracasDay(now),
      revenue: revenue([30, 730], [116.25, 365.5], [17.25, 365.5], 2),
      proofs: 2,
    });
    // The dollar payment that carried a frozen rate counts in Bs too: 5 × 40; the other has no rate.
    expect(days.at(-2)).toEqual({
      day: caracasDay(new Date(now.getTime() - 86_400_000)),
      revenue: revenue([6, 200], [0, 0], [0, 0], 2),
      proofs: 2,
    });
    expect(days.slice(0, -2).every((d) => d.proofs === 0 && d.revenue.net.usd === 0)).toBe(true);
  });

  it("rifas cerradas bajo su mínimo que esperan la decisión, con vendidos, mínimo y desde cuándo", async () => {
    const ended = minutes(-90);
    const below = await insertRaffle(db(), {
      title: "No llegó al mínimo",
      totalTickets: 100,
      soldTickets: 12,
      minTickets: 40,
      endDate: ended,
      maxExtensions: 2,
      extensionsUsed: 1,
    });
    await insertRaffle(db(), {
      title: "Llegó al mínimo",
      totalTickets: 100,
      soldTickets: 40,
      minTickets: 40,
      endDate: ended,
    });
    await insertRaffle(db(), { title: "Sin mínimo", totalTickets: 100, soldTickets: 1, endDate: ended });
    // Its countdown ended below the minimum three hours ago: closed, it can only be cancelled.
    const byPercentage = await insertRaffle(db(), {
      title: "Por porcentaje bajo el mínimo",
      activationType: "percentage",
      activationPercentage: 80,
      status: "closed",
      closedAt: minutes(-180),
      closeReason: "countdown_ended",
      totalTickets: 10,
      soldTickets: 8,
      minTickets: 10,
    });
    // The lifecycle closes the date raffles whose end date passed.
    await sweepLifecycle(ctx.t.app.ctx);
    const closed = await db().select().from(raffles).where(eq(raffles.id, below.id));
    expect(closed[0]?.status).toBe("closed");

    const response = await call(ctx.t, "GET", "/api/admin/today", ctx.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const waiting = response.json().awaitingDecision;
    // The longest waiting first.
    expect(waiting).toEqual([
      expect.objectContaining({ id: byPercentage.id, soldTickets: 8, minTickets: 10, extendable: false }),
      {
        id: below.id,
        title: "No llegó al mínimo",
        soldTickets: 12,
        minTickets: 40,
        closedAt: ended.toISOString(),
        extendable: true,
        extensionsUsed: 1,
        maxExtensions: 2,
      },
    ]);

    // Extended through the existing action, it is on sale again and leaves the list.
    const extended = await call(ctx.t, "POST", `/api/admin/raffles/${below.id}/extend`, ctx.admin.cookie, {
      endDate: minutes(7 * 24 * 60).toISOString(),
    });
    expect(extended.statusCode, extended.body).toBe(200);
    const after = (await call(ctx.t, "GET", "/api/admin/today", ctx.admin.cookie)).json();
    expect(after.awaitingDecision.map((r: { id: string }) => r.id)).toEqual([byPercentage.id]);
  });

  it("los días se cuentan por calendario", () => {
    expect(lastDays("2026-03-02", 3)).toEqual(["2026-02-28", "2026-03-01", "2026-03-02"]);
  });
});
