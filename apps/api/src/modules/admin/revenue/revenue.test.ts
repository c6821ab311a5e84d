// Every screen that shows money agrees with one ledger: what buyers paid (combos and discounts as
// charged, Bs at the rate frozen with the purchase) minus what was refunded for a cancelled raffle
// (docs/decisions/0016-raffles-that-do-not-sell.md). Price × tickets sold would say otherwise.
import type { AdminRaffle, AdminStats, AdminToday, MoneyPair, Revenue } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, useAdminTest } from "../../../../test/admin-fixtures";
import { insertProof } from "../../../../test/fixtures";
import { createUser } from "../../../../test/helpers";
import { multipartBody } from "../../../../test/multipart";
import { refunds, reservations } from "../../../db/schema";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;

interface Entry {
  raffle: "moto" | "cancelled";
  usd: number;
  ves: number;
  refund?: "pending" | "paid";
}

const cents = (n: number) => Math.round(n * 100) / 100;
const sum = (entries: Entry[], pick: (e: Entry) => boolean): MoneyPair => ({
  usd: cents(entries.filter(pick).reduce((s, e) => s + e.usd, 0)),
  ves: cents(entries.filter(pick).reduce((s, e) => s + e.ves, 0)),
});
function expected(entries: Entry[]): Revenue {
  const collected = sum(entries, () => true);
  const refunded = sum(entries, (e) => e.refund !== undefined);
  return {
    collected,
    refunded,
    refundPending: sum(entries, (e) => e.refund === "pending"),
    net: { usd: cents(collected.usd - refunded.usd), ves: cents(collected.ves - refunded.ves) },
    proofs: entries.length,
  };
}

async function approve(proofId: string) {
  const response = await call(ctx.t, "POST", `/api/admin/proofs/${proofId}/approve`, ctx.admin.cookie);
  expect(response.statusCode, response.body).toBe(200);
}

function paidForm(reference: string) {
  const { payload, headers } = multipartBody({ reference });
  return { payload, headers: { ...headers, cookie: ctx.admin.cookie } };
}

describe("ingresos: cobrado, reembolsado y neto, iguales en cada pantalla", () => {
  it("estadísticas, Hoy, la página de la rifa y la exportación suman el mismo libro", async () => {
    const buyer = await createUser(ctx.t.app);
    // Moto: $3 per ticket, 5 for $12. Price × sold (8 tickets) would say $24.
    const moto = await createRaffle(ctx, {
      title: "Moto",
      price: 3,
      totalTickets: 100,
      combos: [{ quantity: 5, price: "12,00" }],
    });
    const cancelled = await createRaffle(ctx, { title: "Cancelada", price: 5, totalTickets: 50 });

    // A combo of 5 paid in dollars; its reservation froze the rate (40 Bs per USD) and the total.
    const [held] = await db()
      .insert(reservations)
      .values({
        raffleId: moto.id,
        userId: buyer.id,
        status: "submitted",
        quantity: 5,
        expiresAt: new Date(Date.now() + 3_600_000),
        unitPrice: 3,
        currency: "USD",
        pricing: { total: 12 } as never,
        exchangeRate: 40,
        exchangeRateAt: new Date(),
      })
      .returning();
    const combo = await insertProof(db(), {
      userId: buyer.id,
      raffleId: moto.id,
      reservationId: held?.id,
      amount: 12,
      currency: "USD",
      quantityOfTickets: 5,
    });
    // 3 tickets with a 10 % level discount ($8.10), paid in Bs at the frozen 50: Bs 405.
    const bs = await insertProof(db(), {
      userId: buyer.id,
      raffleId: moto.id,
      amount: 405,
      currency: "VES",
      exchangeRate: 50,
      quantityOfTickets: 3,
    });
    // Neither counts: one under review, one rejected.
    await insertProof(db(), { userId: buyer.id, raffleId: moto.id, amount: 99 });
    await insertProof(db(), { userId: buyer.id, raffleId: moto.id, amount: 77, status: "rejected" });
    // The cancelled raffle: $10 by Zelle (refund paid) and Bs 500 at 50 (refund still owed).
    const zelle = await insertProof(db(), {
      userId: buyer.id,
      raffleId: cancelled.id,
      amount: 10,
      currency: "USD",
      paymentMethod: "zelle",
    });
    const owed = await insertProof(db(), {
      userId: buyer.id,
      raffleId: cancelled.id,
      amount: 500,
      currency: "VES",
      exchangeRate: 50,
    });
    for (const proof of [combo, bs, zelle, owed]) await approve(proof.id);
    const cancel = await call(ctx.t, "POST", `/api/admin/raffles/${cancelled.id}/cancel`, ctx.admin.cookie, {
      reason: "No se alcanzó el mínimo de boletos.",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const [zelleRefund] = await db().select().from(refunds).where(eq(refunds.proofId, zelle.id));
    const paid = await ctx.t.app.inject({
      method: "POST",
      url: `/api/admin/refunds/${zelleRefund?.id}/paid`,
      ...paidForm("ZL-778899"),
    });
    expect(paid.statusCode, paid.body).toBe(200);

    const ledger: Entry[] = [
      { raffle: "moto", usd: 12, ves: 480 },
      { raffle: "moto", usd: 8.1, ves: 405 },
      { raffle: "cancelled", usd: 10, ves: 0, refund: "paid" },
      { raffle: "cancelled", usd: 10, ves: 500, refund: "pending" },
    ];
    const total = expected(ledger);
    const motoRevenue = expected(ledger.filter((e) => e.raffle === "moto"));
    const cancelledRevenue = expected(ledger.filter((e) => e.raffle === "cancelled"));
    // The ledger itself, written out once.
    expect(total).toEqual({
      collected: { usd: 40.1, ves: 1385 },
      refunded: { usd: 20, ves: 500 },
      refundPending: { usd: 10, ves: 500 },
      net: { usd: 20.1, ves: 885 },
      proofs: 4,
    });
    expect(cancelledRevenue.net).toEqual({ usd: 0, ves: 0 });

    // Statistics.
    const stats = (await call(ctx.t, "GET", "/api/admin/stats", ctx.admin.cookie)).json() as AdminStats;
    expect(stats.revenue).toEqual(total);
    const byId = new Map(stats.revenueByRaffle.map((row) => [row.id, row]));
    expect(byId.get(moto.id)?.revenue).toEqual(motoRevenue);
    expect(byId.get(moto.id)?.soldTickets).toBe(8);
    expect(byId.get(cancelled.id)?.revenue).toEqual(cancelledRevenue);

    // Hoy: everything was approved and refunded today, so today's row is the whole ledger.
    const today = (await call(ctx.t, "GET", "/api/admin/today", ctx.admin.cookie)).json() as AdminToday;
    expect(today.salesPerDay.at(-1)?.revenue).toEqual(total);
    expect(today.salesPerDay.slice(0, -1).every((d) => d.revenue.proofs === 0)).toBe(true);

    // The raffle's admin page (and the admin list).
    for (const [id, revenue] of [
      [moto.id, motoRevenue],
      [cancelled.id, cancelledRevenue],
    ] as const) {
      const page = await call(ctx.t, "GET", `/api/admin/raffles/${id}`, ctx.admin.cookie);
      expect((page.json() as AdminRaffle).revenue).toEqual(revenue);
    }
    const list = (await call(ctx.t, "GET", "/api/admin/raffles", ctx.admin.cookie)).json() as {
      items: AdminRaffle[];
    };
    expect(list.items.find((r) => r.id === moto.id)?.revenue).toEqual(motoRevenue);

    // The raffles export: collected, refunded and net in USD and Bs.
    const csv = await call(ctx.t, "GET", "/api/admin/exports/raffles.csv", ctx.admin.cookie);
    const rows = csv.rawPayload
      .subarray(3)
      .toString("utf8")
      .trim()
      .split(/\r?\n/)
      // The titles here have no commas: a plain split reads the file.
      .map((line) => line.split(",").map((cell) => cell.replace(/^"|"$/g, "")));
    const header = rows[0] ?? [];
    const column = (name: string) => header.indexOf(name);
    expect(column("Ingreso Estimado")).toBe(-1);
    for (const [id, revenue] of [
      [moto.id, motoRevenue],
      [cancelled.id, cancelledRevenue],
    ] as const) {
      const row = rows.find((r) => r[0] === id) ?? [];
      const money = (name: string) => Number(row[column(name)]);
      expect(money("Ingresos Cobrados (USD)")).toBe(revenue.collected.usd);
      expect(money("Ingresos Cobrados (Bs)")).toBe(revenue.collected.ves);
      expect(money("Reembolsado (USD)")).toBe(revenue.refunded.usd);
      expect(money("Reembolsado (Bs)")).toBe(revenue.refunded.ves);
      expect(money("Neto (USD)")).toBe(revenue.net.usd);
      expect(money("Neto (Bs)")).toBe(revenue.net.ves);
    }
    // The proofs export names the refunded purchases' state as every screen does.
    const proofsCsv = await call(ctx.t, "GET", "/api/admin/exports/proofs.csv", ctx.admin.cookie);
    const proofRows = proofsCsv.rawPayload
      .subarray(3)
      .toString("utf8")
      .trim()
      .split(/\r?\n/)
      .map((line) => line.split(",").map((cell) => cell.replace(/^"|"$/g, "")));
    const state = (id: string) =>
      proofRows.find((r) => r[0] === id)?.[(proofRows[0] ?? []).indexOf("Estado")];
    expect(state(zelle.id)).toBe("Reembolsado");
    expect(state(owed.id)).toBe("Reembolso pendiente");
    expect(state(combo.id)).toBe("Aprobado");
  });
});
