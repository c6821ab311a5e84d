// A vendedor's abonos (docs/decisions/0034-vendedores.md, "Abonos"): numbers apartados in the street with
// a first payment at least the raffle's minimum, further payments added to that sale by the same
// vendedor, cash approved as recorded within the cash limit (the ledger holds what was paid, not the
// price), the commission earned by the payment that completes it; an abono not completed by the freeze
// is released and refunded, its cash reversed.
import { createHmac, randomUUID } from "node:crypto";
import { RESERVATION_MESSAGES, sellerSaleInputSchema, sellerSaleSigningText } from "@rifazo/shared";
import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { paymentProofs, raffles, refunds, reservations, sellerLedger, tickets } from "../src/db/schema";
import { advanceNow } from "../src/modules/raffle-state";
import { call, createRaffle, useAdminTest } from "./admin-fixtures";
import { signedInUser } from "./helpers";
import { sellerOf } from "./seller-fixtures";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;

/** A chosen-number raffle at 5 USD a number that aparta with at least 3 USD, Bs at 40. */
async function abonoRaffle() {
  const raffle = await createRaffle(ctx, {
    numberMode: "chosen",
    totalTickets: 100,
    price: 5,
    paymentMethods: ["Pago Móvil", "Zelle"],
  });
  await db().update(raffles).set({ installmentMinimum: 3 }).where(eq(raffles.id, raffle.id));
  const rate = await call(ctx.t, "PUT", "/api/admin/settings/exchange-rate", ctx.admin.cookie, { rate: 40 });
  expect(rate.statusCode, rate.body).toBe(200);
  return raffle;
}

const sell = (cookie: string, body: Record<string, unknown>) =>
  call(ctx.t, "POST", "/api/seller/sales", cookie, body);

function firstAbono(raffleId: string, overrides: Record<string, unknown> = {}) {
  return {
    saleId: randomUUID(),
    raffleId,
    numbers: [7, 8],
    abono: true,
    buyerName: "María Pérez",
    buyerPhone: "0414-1234567",
    method: "efectivo_usd",
    amount: "4,00",
    ...overrides,
  };
}

async function ledgerOf(sellerId: string, raffleId: string) {
  const rows = await db()
    .select()
    .from(sellerLedger)
    .where(and(eq(sellerLedger.sellerId, sellerId), eq(sellerLedger.raffleId, raffleId)));
  const sum = (account: string) =>
    rows.filter((r) => r.account === account).reduce((s, r) => s + Number(r.amount), 0);
  return { cashHeld: Math.round(sum("cash_held") * 100) / 100, payable: 0 - sum("commission_payable") };
}

async function ticketStates(raffleId: string) {
  const rows = await db()
    .select({ n: tickets.ticketNumber, status: tickets.status, paymentId: tickets.paymentId })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), inArray(tickets.ticketNumber, [7, 8])));
  return rows.sort((a, b) => a.n - b.n);
}

describe("abonos de un vendedor", () => {
  it("aparta con efectivo, suma un Pago Móvil y, al aprobarlo, vende los números con su comisión", async () => {
    const raffle = await abonoRaffle();
    const { account, sellerId } = await sellerOf(ctx, raffle.id, { creditLimit: 50, commission: 10 });
    const body = firstAbono(raffle.id);
    const first = await sell(account.cookie, body);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      status: "approved",
      amount: 4,
      numbers: ["07", "08"],
      abono: { saleId: body.saleId, total: 10, paid: 4, remaining: 6, currency: "USD", complete: false },
    });
    expect((await ticketStates(raffle.id)).map((t) => t.status)).toEqual(["reserved", "reserved"]);
    // The vendedor holds the 4 dollars collected, not the price; no commission before it is paid whole.
    expect(await ledgerOf(sellerId, raffle.id)).toEqual({ cashHeld: 4, payable: 0 });

    // The rest by Pago Móvil in bolívares at today's rate: 6 × 40 = 240,00, added to the same sale.
    const rest = { ...firstAbono(raffle.id), saleId: randomUUID(), abono: undefined, numbers: undefined };
    const more = await sell(account.cookie, {
      ...rest,
      abonoOf: body.saleId,
      method: "pago_movil",
      reference: "0102-77771234",
      amount: "240,00",
    });
    expect(more.statusCode, more.body).toBe(201);
    expect(more.json()).toMatchObject({
      status: "pending",
      currency: "VES",
      abono: { paid: 4, remaining: 6 },
    });
    const again = await sell(account.cookie, {
      ...rest,
      saleId: randomUUID(),
      abonoOf: body.saleId,
      amount: "1,00",
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe("ABONO_UNDER_REVIEW");

    const approved = await call(
      ctx.t,
      "POST",
      `/api/admin/proofs/${more.json().id}/approve`,
      ctx.admin.cookie,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await ticketStates(raffle.id)).toEqual([
      { n: 7, status: "sold", paymentId: more.json().id },
      { n: 8, status: "sold", paymentId: more.json().id },
    ]);
    expect(await ledgerOf(sellerId, raffle.id)).toEqual({ cashHeld: 4, payable: 1 });
    const list = await call(ctx.t, "GET", "/api/seller/sales", account.cookie);
    const items = list.json().items as Array<{ saleId: string; abono: { complete: boolean; paid: number } }>;
    expect(items.map((s) => s.abono)).toEqual([
      expect.objectContaining({ saleId: body.saleId, paid: 10, complete: true }),
      expect.objectContaining({ saleId: body.saleId, paid: 10, complete: true }),
    ]);
    // A sale paid whole takes no more payments.
    const paid = await sell(account.cookie, {
      ...rest,
      saleId: randomUUID(),
      abonoOf: body.saleId,
      amount: "1,00",
    });
    expect(paid.statusCode).toBe(409);
    expect(paid.json().error.code).toBe("ABONO_PAID");
  });

  it("el comprador reclama la compra desde el recibo de su primer abono: todos sus pagos y sus números", async () => {
    const raffle = await abonoRaffle();
    const { account } = await sellerOf(ctx, raffle.id, { creditLimit: 50 });
    const buyer = await signedInUser(ctx.t.app);
    const body = firstAbono(raffle.id, { buyerEmail: buyer.email });
    const first = await sell(account.cookie, body);
    expect(first.statusCode, first.body).toBe(201);
    const rest = await sell(account.cookie, {
      ...firstAbono(raffle.id),
      saleId: randomUUID(),
      numbers: undefined,
      abono: undefined,
      abonoOf: body.saleId,
      amount: "6,00",
    });
    expect(rest.statusCode, rest.body).toBe(201);
    const token = (first.json().receiptPath as string).slice("/recibo/".length);
    const claimed = await call(ctx.t, "POST", `/api/receipts/${token}/claim`, buyer.cookie);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json().tickets).toEqual(["07", "08"]);
    const proofs = await db().select().from(paymentProofs).where(eq(paymentProofs.raffleId, raffle.id));
    expect(proofs.map((p) => p.userId)).toEqual([buyer.id, buyer.id]);
    expect((await ticketStates(raffle.id)).map((t) => t.status)).toEqual(["sold", "sold"]);
    const owners = await db()
      .select({ userId: tickets.userId })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.status, "sold")));
    expect(owners).toEqual([{ userId: buyer.id }, { userId: buyer.id }]);
  });

  it("rechaza un primer abono bajo el mínimo, un abono en una rifa sin abonos y el abono de la venta de otro", async () => {
    const raffle = await abonoRaffle();
    const { account } = await sellerOf(ctx, raffle.id);
    const low = await sell(account.cookie, firstAbono(raffle.id, { amount: "2,00" }));
    expect(low.statusCode).toBe(400);
    expect(low.json().error.message).toBe(RESERVATION_MESSAGES.abonoBelowMinimum("$3,00"));
    expect(await db().select().from(reservations).where(eq(reservations.raffleId, raffle.id))).toEqual([]);

    const whole = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 100, price: 5 });
    const seller = await sellerOf(ctx, whole.id);
    const refused = await sell(seller.account.cookie, firstAbono(whole.id));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe("ABONO_NOT_ALLOWED");

    const mine = firstAbono(raffle.id);
    expect((await sell(account.cookie, mine)).statusCode).toBe(201);
    const other = await sellerOf(ctx, raffle.id, { name: "Otro Vendedor" });
    const theirs = await sell(other.account.cookie, {
      ...firstAbono(raffle.id),
      numbers: undefined,
      abono: undefined,
      abonoOf: mine.saleId,
      amount: "1,00",
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("un abono guardado sin señal lleva su venta en la firma", async () => {
    const raffle = await abonoRaffle();
    const { account } = await sellerOf(ctx, raffle.id);
    const first = firstAbono(raffle.id);
    expect((await sell(account.cookie, first)).statusCode).toBe(201);
    const me = await call(ctx.t, "GET", "/api/seller/me", account.cookie);
    // The area tells the sale form the raffle's minimum, so it can offer «Apartar con abono».
    expect(me.json().raffles[0]).toMatchObject({ raffleId: raffle.id, installmentMinimum: 3 });
    const key = me.json().saleKey as string;
    const queued = {
      ...firstAbono(raffle.id),
      saleId: randomUUID(),
      numbers: undefined,
      abono: undefined,
      abonoOf: first.saleId,
      amount: "2,00",
      recordedAt: new Date().toISOString(),
    };
    const sign = (body: Record<string, unknown>) =>
      createHmac("sha256", Buffer.from(key, "base64url"))
        .update(sellerSaleSigningText(sellerSaleInputSchema.parse(body)))
        .digest("base64url");
    // Signed for another sale it adds to: refused; signed for this one: recorded.
    const forged = await sell(account.cookie, {
      ...queued,
      signature: sign({ ...queued, abonoOf: randomUUID() }),
    });
    expect(forged.statusCode).toBe(403);
    const signed = await sell(account.cookie, { ...queued, signature: sign(queued) });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(signed.json().abono).toMatchObject({ paid: 6, remaining: 4 });
  });

  it("al congelarse sin completar, se libera, se reembolsa sin cuenta y el efectivo vuelve al vendedor", async () => {
    const raffle = await abonoRaffle();
    const { account, sellerId } = await sellerOf(ctx, raffle.id, { creditLimit: 50 });
    const first = await sell(account.cookie, firstAbono(raffle.id));
    expect(first.statusCode, first.body).toBe(201);
    await db()
      .update(raffles)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(eq(raffles.id, raffle.id));
    expect(await advanceNow(ctx.t.app.ctx, raffle.id)).toBe("frozen");
    expect((await ticketStates(raffle.id)).map((t) => t.status)).toEqual(["available", "available"]);
    const refunded = await db().select().from(refunds).where(eq(refunds.raffleId, raffle.id));
    expect(refunded.map((r) => [r.proofId, r.userId, Number(r.amount)])).toEqual([
      [first.json().id, null, 4],
    ]);
    // The vendedor pays the buyer back from the cash they held: it no longer counts against them.
    expect(await ledgerOf(sellerId, raffle.id)).toEqual({ cashHeld: 0, payable: 0 });
  });
});
