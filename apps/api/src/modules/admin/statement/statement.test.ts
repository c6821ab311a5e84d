// The raffle's statement (docs/decisions/0035-prizes-on-the-record.md): a drawn raffle with sales in both
// currencies, a refund paid and one owed, a vendedor's commission partly paid and a dollar prize paid in
// bolívares at the day's BCV rate (then corrected): every figure against hand-computed values, in the JSON,
// the CSV (both variants) and the XLSX (numbers as numbers).
import { type RaffleStatement, raffleStatementPaths, todayInVenezuela } from "@rifazo/shared";
import { parse } from "csv-parse/sync";
import { asc, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { closedRaffleWithSales, freezeAt, useDrawTestApp } from "../../../../test/draw-fixtures";
import { insertProof, insertRaffle } from "../../../../test/fixtures";
import { signedInUser } from "../../../../test/helpers";
import {
  cedulaPng,
  claimedAndAccepted,
  proofPdf,
  sendClaim,
  sendDelivery,
  sendJson,
} from "../../../../test/prize-fixtures";
import { prizeDeliveries, raffles, refunds, sellerLedger, sellers, winners } from "../../../db/schema";

const env = useDrawTestApp();
const db = () => env.t.app.ctx.db;
const DAY = 86_400_000;
const dayBefore = (days: number) => todayInVenezuela(new Date(Date.now() - days * DAY));

/** A vendedor's ledger entry, both legs (as the sellers module posts it). */
async function post(sellerId: string, raffleId: string, debit: string, credit: string, amount: number) {
  const entry = crypto.randomUUID();
  const base = { entry, sellerId, raffleId, currency: "USD", reason: "prueba" };
  await db()
    .insert(sellerLedger)
    .values([
      { ...base, account: debit, amount },
      { ...base, account: credit, amount: -amount },
    ]);
}

/**
 * Sales: the fixture's $16 (8 tickets, approved), Bs 730 at 36,5 (2 tickets), $4 (2 tickets, refund paid),
 * Bs 146 (1 ticket, refund owed); a proof under review and a rejected one count nowhere. A vendedor earned
 * $1,60 here and was paid $1,00 (and earned $5 in another raffle, not this one's). Level 1 is $100 cash,
 * paid Bs 3.650,00 at 36,5 then corrected to Bs 3.700,00; level 2, a moto, claimed but not delivered.
 */
async function raffleWithMoney() {
  const ctx = env.t.app.ctx;
  // As drawnRaffle (prize-fixtures.ts), with more sales written while the raffle is still on sale: they
  // hold no tickets, so every winner stays Ana's and the raffle's counter stays at the fixture's 8.
  const raffle = await closedRaffleWithSales(
    ctx,
    {
      levels: [
        { description: "USD 100 en efectivo", count: 1, cash: { currency: "USD", amount: 100 } },
        { description: "Moto Bera", count: 1 },
      ],
    },
    [{ userId: env.ana.id, numbers: [1, 2, 3, 5, 8, 13, 21, 34] }],
  );
  await db().update(raffles).set({ status: "active" }).where(eq(raffles.id, raffle.id));
  const buyer = env.beto.id;
  const approved = { userId: buyer, raffleId: raffle.id, status: "approved" } as const;
  await insertProof(db(), {
    ...approved,
    amount: 730,
    currency: "VES",
    exchangeRate: 36.5,
    quantityOfTickets: 2,
  });
  const refundedPaid = await insertProof(db(), {
    ...approved,
    amount: 4,
    currency: "USD",
    quantityOfTickets: 2,
  });
  const refundedOwed = await insertProof(db(), {
    ...approved,
    amount: 146,
    currency: "VES",
    exchangeRate: 36.5,
    quantityOfTickets: 1,
  });
  await insertProof(db(), { userId: buyer, raffleId: raffle.id, amount: 99, currency: "USD" });
  await insertProof(db(), { userId: buyer, raffleId: raffle.id, amount: 77, status: "rejected" });
  await db().update(raffles).set({ status: "closed" }).where(eq(raffles.id, raffle.id));
  await freezeAt(ctx, raffle.id, new Date(Date.now() - 10 * 60_000));
  const drawn = await sendJson(env, "POST", `/api/raffles/${raffle.id}/draw`);
  expect(drawn.statusCode, drawn.body).toBe(200);
  const current = await db()
    .select()
    .from(winners)
    .where(eq(winners.raffleId, raffle.id))
    .orderBy(asc(winners.prizeLevel), asc(winners.prizeIndex));
  const payTo = { method: "pago_movil" } as never;
  await db()
    .insert(refunds)
    .values([
      {
        proofId: refundedPaid.id,
        raffleId: raffle.id,
        userId: buyer,
        amount: 4,
        currency: "USD",
        paymentMethod: "zelle",
        payTo,
        status: "paid",
        paidAt: new Date(),
        paidReference: "ZL-1234",
      },
      {
        proofId: refundedOwed.id,
        raffleId: raffle.id,
        userId: buyer,
        amount: 146,
        currency: "VES",
        paymentMethod: "pago_movil",
        payTo,
      },
    ]);

  const vendor = await signedInUser(env.t.app, { fullName: "Vendedora Calle" });
  const [seller] = await db()
    .insert(sellers)
    .values({
      name: "Vendedora Calle",
      email: vendor.email,
      code: "VCALLE",
      status: "active",
      userId: vendor.id,
    })
    .returning();
  const sellerId = seller?.id as string;
  await post(sellerId, raffle.id, "commission_expense", "commission_payable", 1.6);
  await post(sellerId, raffle.id, "commission_payable", "commission_paid", 1);
  await post(sellerId, (await insertRaffle(db())).id, "commission_expense", "commission_payable", 5);

  const [cash, moto] = current;
  const day = dayBefore(2);
  const rate = await sendJson(env, "PUT", "/api/admin/settings/exchange-rate", env.admin.cookie, {
    rate: 36.5,
    date: day,
    source: "BCV",
  });
  expect(rate.statusCode, rate.body).toBe(200);
  await claimedAndAccepted(env, cash?.id as string, env.ana.cookie, env.admin.cookie, {
    payoutDetails: "Pago Móvil 0102, V-12345678, 0414-5550123",
  });
  const fields = { method: "pago_movil", deliveredOn: day, paidCurrency: "VES", paidAmount: "3.650,00" };
  const first = await sendDelivery(env, cash?.id as string, env.admin.cookie, fields, proofPdf("1"));
  expect(first.statusCode, first.body).toBe(201);
  const [delivered] = await db()
    .select()
    .from(prizeDeliveries)
    .where(eq(prizeDeliveries.winnerId, cash?.id as string));
  const corrected = await sendDelivery(
    env,
    cash?.id as string,
    env.admin.cookie,
    { ...fields, paidAmount: "3.700,00", corrects: delivered?.id },
    proofPdf("2"),
  );
  expect(corrected.statusCode, corrected.body).toBe(201);
  const claimed = await sendClaim(env, moto?.id as string, env.ana.cookie, {}, await cedulaPng());
  expect(claimed.statusCode, claimed.body).toBe(201);
  return { raffle, day, cash, moto };
}

describe("estado de cuenta de la rifa", () => {
  it("cada cifra, por moneda, como se calculó a mano; las descargas dicen lo mismo", async () => {
    const { raffle, day, cash, moto } = await raffleWithMoney();
    const paths = raffleStatementPaths(raffle.id);

    const response = await sendJson(env, "GET", paths.json, env.admin.cookie);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json() as RaffleStatement;
    expect(statement.raffle).toMatchObject({ id: raffle.id, currency: "USD" });
    expect(statement.tickets).toEqual({ total: 50, sold: 8, refunded: 3 });
    // $16 + $4 in dollars; Bs 730 + Bs 146 in bolívares: never converted nor added across.
    expect(statement.collected).toEqual({ usd: 20, ves: 876 });
    expect(statement.proofs).toBe(4);
    expect(statement.refunds).toEqual({ paid: { usd: 4, ves: 0 }, pending: { usd: 0, ves: 146 }, count: 2 });
    expect(statement.commissions).toEqual({
      earned: { usd: 1.6, ves: 0 },
      paid: { usd: 1, ves: 0 },
      owed: { usd: 0.6, ves: 0 },
      sellers: 1,
    });
    expect(statement.prizes.items).toEqual([
      {
        winnerId: cash?.id,
        level: 1,
        description: "USD 100 en efectivo",
        ticketNumber: expect.any(String),
        winnerName: expect.any(String),
        cash: { currency: "USD", amount: 100 },
        status: "delivered",
        statusText: `Entregado el ${day.split("-").reverse().join("/")}`,
        deliveredOn: day,
        // The correction replaces what it corrects.
        paid: { currency: "VES", amount: 3700, rate: 36.5, rateDate: day },
      },
      {
        winnerId: moto?.id,
        level: 2,
        description: "Moto Bera",
        ticketNumber: expect.any(String),
        winnerName: expect.any(String),
        cash: null,
        status: "claimed",
        statusText: "Reclamado",
        deliveredOn: null,
        paid: null,
      },
    ]);
    expect(statement.prizes.paid).toEqual({ usd: 0, ves: 3700 });
    // $20 − $4 − $1 − $0 = $15; Bs 876 − 0 − 0 − Bs 3.700 = −Bs 2.824.
    expect(statement.result).toEqual({ usd: 15, ves: -2824 });

    const csv = await sendJson(env, "GET", paths.csv, env.admin.cookie);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(csv.headers["content-disposition"]).toContain(
      `estado_de_cuenta_rifa_${raffle.id.slice(0, 8)}.csv`,
    );
    const text = csv.rawPayload.toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parse(text.slice(1), { record_delimiter: "\r\n" }) as string[][];
    expect(rows[0]).toEqual(["Sección", "Concepto", "Moneda", "Monto", "Tasa (Bs/USD)", "Fecha"]);
    const find = (section: string, concept: string, currency: string) =>
      rows.find((r) => r[0] === section && r[1] === concept && r[2] === currency)?.[3];
    expect(find("Ventas", "Cobrado (comprobantes aprobados)", "USD")).toBe("20");
    expect(find("Ventas", "Cobrado (comprobantes aprobados)", "VES")).toBe("876");
    expect(find("Reembolsos", "Reembolsos pagados", "USD")).toBe("4");
    expect(find("Reembolsos", "Reembolsos por pagar", "VES")).toBe("146");
    expect(find("Comisiones", "Comisiones pagadas", "USD")).toBe("1");
    expect(find("Comisiones", "Comisiones por pagar", "USD")).toBe("0.6");
    expect(find("Premios", "Premios en dinero pagados", "VES")).toBe("3700");
    const result = "Cobrado − reembolsos pagados − comisiones pagadas − premios pagados";
    expect(find("Resultado", result, "USD")).toBe("15");
    expect(find("Resultado", result, "VES")).toBe("-2824");
    const prizeRows = rows.filter((r) => r[0] === "Premios" && r[1]?.startsWith("Nivel"));
    expect(prizeRows).toHaveLength(2);
    expect(prizeRows[0]?.slice(2)).toEqual(["VES", "3700", "36.5", day]);
    expect(prizeRows[0]?.[1]).toContain("USD 100 en efectivo");
    // A prize in kind has no amount.
    expect(prizeRows[1]?.slice(2)).toEqual(["", "", "", ""]);
    expect(prizeRows[1]?.[1]).toContain("Moto Bera · boleto");

    const excelCsv = await sendJson(env, "GET", `${paths.csv}?variant=excel`, env.admin.cookie);
    const excelRows = parse(excelCsv.rawPayload.toString("utf8").slice(1), {
      delimiter: ";",
      record_delimiter: "\r\n",
    }) as string[][];
    const excelPrize = excelRows.find((r) => r[1]?.includes("USD 100 en efectivo"));
    expect(excelPrize?.slice(2)).toEqual(["VES", "3700,00", "36,5", day.split("-").reverse().join("/")]);

    const xlsx = await sendJson(env, "GET", paths.xlsx, env.admin.cookie);
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet("Estado de cuenta");
    const values = (sheet?.getSheetValues() ?? []).slice(1).map((row) => (row as unknown[]).slice(1));
    expect(values[0]).toEqual(["Sección", "Concepto", "Moneda", "Monto", "Tasa (Bs/USD)", "Fecha"]);
    const xlsxPrize = values.find((r) => String(r[1]).includes("USD 100 en efectivo"));
    expect(xlsxPrize?.slice(2, 5)).toEqual(["VES", 3700, 36.5]);
    expect(xlsxPrize?.[5]).toBeInstanceOf(Date);
    const xlsxResult = values.filter((r) => r[0] === "Resultado").map((r) => r[3]);
    expect(xlsxResult).toEqual([15, -2824]);
  });

  it("sin ventas ni vendedores: todo en cero; solo el administrador; 404 para una rifa que no existe", async () => {
    const empty = await insertRaffle(db(), { title: "Rifa vacía", totalTickets: 100 });
    const paths = raffleStatementPaths(empty.id);
    const statement = (await sendJson(env, "GET", paths.json, env.admin.cookie)).json() as RaffleStatement;
    const zero = { usd: 0, ves: 0 };
    expect(statement.collected).toEqual(zero);
    expect(statement.commissions).toEqual({ earned: zero, paid: zero, owed: zero, sellers: 0 });
    expect(statement.prizes).toEqual({ items: [], paid: zero });
    expect(statement.result).toEqual(zero);
    for (const url of [paths.json, paths.csv, paths.xlsx]) {
      expect((await sendJson(env, "GET", url)).statusCode).toBe(401);
      expect((await sendJson(env, "GET", url, env.ana.cookie)).statusCode).toBe(403);
    }
    for (const id of [crypto.randomUUID(), "no-es-un-id"]) {
      for (const url of Object.values(raffleStatementPaths(id))) {
        const missing = await sendJson(env, "GET", url, env.admin.cookie);
        expect(missing.statusCode).toBe(404);
        expect(missing.json().error.code).toBe("RAFFLE_NOT_FOUND");
      }
    }
  });
});
