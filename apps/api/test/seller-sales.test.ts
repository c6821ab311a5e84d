// Sales recorded by a vendedor (docs/decisions/0034-vendedores.md): a purchase record of channel 'seller',
// priced by the server; cash approved when recorded within the credit limit, other methods reviewed.
import { createHmac, randomUUID } from "node:crypto";
import { sellerSaleInputSchema, sellerSaleSigningText } from "@rifazo/shared";
import { RECORD_CHECK_NAMES } from "@rifazo/shared/domain/draw-record/verification";
import { verifyRecord } from "@rifazo/shared/domain/draw-record/verify";
import { ownerTag } from "@rifazo/shared/domain/owner-tag";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  paymentProofs,
  raffles,
  refunds,
  reservations,
  sellerLedger,
  sellers,
  tickets,
} from "../src/db/schema";
import { call, createRaffle, useAdminTest } from "./admin-fixtures";
import { freezeAt, recordOf } from "./draw-fixtures";
import { signedInUser, signIn } from "./helpers";
import { sellerOf as sellerOfFixture } from "./seller-fixtures";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;

const sellerOf = (raffleId: string, terms: { creditLimit?: number; commission?: number } = {}) =>
  sellerOfFixture(ctx, raffleId, terms);

function saleBody(raffleId: string, overrides: Record<string, unknown> = {}) {
  return {
    saleId: randomUUID(),
    raffleId,
    buyerName: "María Pérez",
    buyerPhone: "0414-1234567",
    method: "efectivo_usd",
    amount: "10,00",
    ...overrides,
  };
}

const sell = (cookie: string, body: Record<string, unknown>) =>
  call(ctx.t, "POST", "/api/seller/sales", cookie, body);

async function ledgerOf(sellerId: string, raffleId: string) {
  const rows = await db()
    .select()
    .from(sellerLedger)
    .where(and(eq(sellerLedger.sellerId, sellerId), eq(sellerLedger.raffleId, raffleId)));
  const sum = (account: string) =>
    rows.filter((r) => r.account === account).reduce((s, r) => s + r.amount, 0);
  return { rows, cashHeld: sum("cash_held"), payable: 0 - sum("commission_payable") };
}

async function area(cookie: string, raffleId: string) {
  const me = await call(ctx.t, "GET", "/api/seller/me", cookie);
  expect(me.statusCode, me.body).toBe(200);
  return (me.json().raffles as Array<Record<string, unknown>>).find((r) => r.raffleId === raffleId);
}

describe("venta en efectivo", () => {
  it("queda pagada al registrarla: números vendidos sin cuenta, recibo, efectivo y comisión en el libro", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 100, price: 5 });
    const { account, sellerId } = await sellerOf(raffle.id, { creditLimit: 50, commission: 10 });
    const body = saleBody(raffle.id, { numbers: [7, 42], buyerIdNumber: "v 12.345.678" });
    const response = await sell(account.cookie, body);
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    expect(sale).toMatchObject({
      saleId: body.saleId,
      raffleId: raffle.id,
      status: "approved",
      method: "efectivo_usd",
      reference: null,
      amount: 10,
      currency: "USD",
      quantity: 2,
      numbers: ["07", "42"],
      buyerName: "María Pérez",
      buyerPhone: "+584141234567",
      buyerIdNumber: "V-12345678",
    });
    expect(sale.receiptPath).toMatch(/^\/recibo\/[A-Za-z0-9_-]{43}$/);

    // The tickets are sold to the purchase, with no account yet.
    const sold = await db().select().from(tickets).where(eq(tickets.paymentId, sale.id));
    expect(sold.map((t) => [t.ticketNumber, t.status, t.userId]).sort()).toEqual([
      [42, "sold", null],
      [7, "sold", null],
    ]);
    const [proof] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, sale.id));
    expect(proof).toMatchObject({ channel: "seller", sellerId, userId: null, status: "approved" });
    expect(proof?.reviewedBy).toBe(account.id);
    expect(proof?.proofImagePath).toBeNull();
    // The approval is the vendedor's, on the record.
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "proof.approve"), eq(auditLog.entityId, sale.id)));
    expect(audit?.actorId).toBe(account.id);

    // The receipt opens for anyone with the link, with the buyer's name and numbers.
    const receipt = await call(ctx.t, "GET", `/api/receipts/${sale.receiptPath.slice("/recibo/".length)}`);
    expect(receipt.statusCode, receipt.body).toBe(200);
    expect(receipt.json()).toMatchObject({ buyerName: "María P.", numbers: ["07", "42"] });

    // Ledger: the vendedor holds the cash; the commission is 10 % of 10.
    const ledger = await ledgerOf(sellerId, raffle.id);
    expect(ledger.cashHeld).toBe(10);
    expect(ledger.payable).toBe(1);
    const mine = await area(account.cookie, raffle.id);
    expect(mine).toMatchObject({
      cashHeld: 10,
      commissionOwed: 1,
      creditLimit: 50,
      numberMode: "chosen",
      // Sold whole only: no abono offered in the sale form.
      installmentMinimum: null,
    });
    expect(mine?.saleMethods).toContain("efectivo_usd");
    // The link's count does not take the vendedor's own recorded sales.
    expect(mine?.linkTickets).toEqual({ approved: 0, underReview: 0 });
    const admin = await call(ctx.t, "GET", `/api/admin/sellers/${sellerId}`, ctx.admin.cookie);
    expect(admin.json().raffles[0]).toMatchObject({ cashHeld: 10, commissionOwed: 1 });
    // The report per vendedor and raffle says it too: earned, paid, owed, cash to hand over.
    const csv = await call(ctx.t, "GET", "/api/admin/exports/sellers.csv", ctx.admin.cookie);
    const row = csv.body.split("\r\n").find((line) => line.includes(`"${admin.json().code}"`));
    expect(row).toContain(",1,0,1,10,");

    // The organiser finds who holds a number (an external lottery's winner) among the vendedor's sales too.
    const holders = await call(
      ctx.t,
      "GET",
      `/api/admin/raffles/${raffle.id}/sold-tickets`,
      ctx.admin.cookie,
    );
    expect(holders.statusCode, holders.body).toBe(200);
    expect(holders.json().items).toEqual([
      { ticketNumber: "07", buyerName: "María Pérez", userId: null },
      { ticketNumber: "42", buyerName: "María Pérez", userId: null },
    ]);

    // The same sale sent again answers with the first one and writes nothing.
    const again = await sell(account.cookie, body);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(sale.id);
    const rows = await db().select().from(paymentProofs).where(eq(paymentProofs.sellerId, sellerId));
    expect(rows).toHaveLength(1);

    const list = await call(ctx.t, "GET", "/api/seller/sales", account.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((s: { id: string }) => s.id)).toEqual([sale.id]);
  });

  it("el límite de efectivo se respeta, también con dos ventas a la vez; la entrega de efectivo lo libera", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100, price: 5 });
    const { account, sellerId } = await sellerOf(raffle.id, { creditLimit: 10 });
    const one = (quantity: number) =>
      sell(account.cookie, saleBody(raffle.id, { quantity, amount: `${quantity * 5},00` }));
    // Two sales of 10 at once against a limit of 10: exactly one passes.
    const [a, b] = await Promise.all([one(2), one(2)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().error).toMatchObject({ code: "SELLER_CREDIT_LIMIT" });
    expect(refused.json().error.message).toContain("te quedan $0,00");
    // Nothing of the refused one stays: one purchase, one reservation, two tickets sold.
    expect(await db().select().from(paymentProofs).where(eq(paymentProofs.sellerId, sellerId))).toHaveLength(
      1,
    );
    expect(await db().select().from(reservations).where(eq(reservations.sellerId, sellerId))).toHaveLength(1);
    const sold = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.status, "sold")));
    expect(sold).toHaveLength(2);

    // Handing over more than held is refused; the cash held, accepted.
    const settle = (amount: string) =>
      call(
        ctx.t,
        "POST",
        `/api/admin/sellers/${sellerId}/raffles/${raffle.id}/settlements`,
        ctx.admin.cookie,
        { kind: "cash", amount, method: "efectivo" },
      );
    const tooMuch = await settle("10,01");
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toContain("$10,00");
    const handed = await settle("10,00");
    expect(handed.statusCode, handed.body).toBe(201);
    expect(handed.json().settlements[0]).toMatchObject({ kind: "cash", amount: 10 });
    expect(handed.json().raffles[0]).toMatchObject({ cashHeld: 0 });
    expect((await ledgerOf(sellerId, raffle.id)).cashHeld).toBe(0);
    // The commission is still owed: handing over cash is not paying it.
    expect(handed.json().raffles[0].commissionOwed).toBe(1);
    const next = await one(2);
    expect(next.statusCode, next.body).toBe(201);
  });
});

describe("venta por Pago Móvil", () => {
  it("espera la revisión del organizador, sin archivo; aprobada, vende y paga comisión", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 100, price: 5 });
    const rate = await call(ctx.t, "PUT", "/api/admin/settings/exchange-rate", ctx.admin.cookie, {
      rate: 40,
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const { account, sellerId } = await sellerOf(raffle.id);
    const base = { numbers: [3, 8], method: "pago_movil", reference: "0102-55551234" };

    // The amount comes from the server: Bs 400,00 for 2 × $5 at 40.
    const wrong = await sell(account.cookie, saleBody(raffle.id, { ...base, amount: "150,00" }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields.amount).toContain("Bs");
    const noRef = await sell(
      account.cookie,
      saleBody(raffle.id, { ...base, reference: "", amount: "400,00" }),
    );
    expect(noRef.statusCode).toBe(400);
    expect(noRef.json().error.fields.reference).toBe(
      "Escribe la referencia del pago (el efectivo no la lleva).",
    );
    expect(await db().select().from(paymentProofs).where(eq(paymentProofs.sellerId, sellerId))).toEqual([]);

    const response = await sell(account.cookie, saleBody(raffle.id, { ...base, amount: "400,00" }));
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    expect(sale).toMatchObject({
      status: "pending",
      numbers: ["03", "08"],
      currency: "VES",
      receiptPath: null,
    });
    // Held, not sold; the organiser sees it in the inbox with its vendedor and no file.
    const inbox = await call(ctx.t, "GET", `/api/admin/proofs?proofId=${sale.id}`, ctx.admin.cookie);
    expect(inbox.statusCode, inbox.body).toBe(200);
    expect(inbox.json().items[0]).toMatchObject({
      userId: null,
      buyerName: "María Pérez",
      buyerEmail: null,
      buyerPhone: "+584141234567",
      seller: { id: sellerId, name: "Vendedora Calle" },
      file: null,
      expected: { amount: 400, currency: "VES" },
      flags: [],
    });
    const file = await call(ctx.t, "GET", `/api/proofs/${sale.id}/file`, ctx.admin.cookie);
    expect(file.statusCode).toBe(404);
    // The same reference cannot be used again.
    const copy = await sell(
      account.cookie,
      saleBody(raffle.id, { ...base, numbers: [4, 5], amount: "400,00" }),
    );
    expect(copy.statusCode).toBe(409);
    expect(copy.json().error.code).toBe("DUPLICATE_REFERENCE");

    const approved = await call(ctx.t, "POST", `/api/admin/proofs/${sale.id}/approve`, ctx.admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().tickets).toEqual(["03", "08"]);
    const list = await call(ctx.t, "GET", "/api/seller/sales", account.cookie);
    expect(list.json().items[0]).toMatchObject({ status: "approved", numbers: ["03", "08"] });
    expect(list.json().items[0].receiptPath).toMatch(/^\/recibo\//);
    const ledger = await ledgerOf(sellerId, raffle.id);
    expect(ledger.payable).toBe(1);
    // Not cash: the vendedor holds nothing for the organiser.
    expect(ledger.cashHeld).toBe(0);
  });

  it("rechazada, sus números quedan libres de inmediato", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 100, price: 5 });
    const { account } = await sellerOf(raffle.id);
    const response = await sell(
      account.cookie,
      saleBody(raffle.id, { numbers: [9, 10], method: "zelle", reference: "ZL-778899", amount: "10,00" }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const sale = response.json();
    const rejected = await call(ctx.t, "POST", `/api/admin/proofs/${sale.id}/reject`, ctx.admin.cookie, {
      adminNotes: "No llegó",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const [ticket] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.ticketNumber, 9)));
    expect(ticket?.status).toBe("available");
    const list = await call(ctx.t, "GET", "/api/seller/sales", account.cookie);
    expect(list.json().items[0]).toMatchObject({ status: "rejected", numbers: [] });
  });
});

describe("reglas", () => {
  it("solo un vendedor activo con la rifa asignada; números tomados; método no aceptado; todo en español", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 100, price: 5 });
    const other = await createRaffle(ctx, { totalTickets: 100, price: 5 });
    const { account, sellerId } = await sellerOf(raffle.id);
    const buyer = await signedInUser(ctx.t.app, { fullName: "Comprador" });
    const body = () => saleBody(raffle.id, { numbers: [1, 2], amount: "10,00" });

    expect((await call(ctx.t, "POST", "/api/seller/sales", undefined, body())).statusCode).toBe(401);
    const notSeller = await sell(buyer.cookie, body());
    expect(notSeller.statusCode).toBe(403);
    expect(notSeller.json().error.code).toBe("NOT_A_SELLER");
    const admin = await sell(ctx.admin.cookie, body());
    expect(admin.statusCode).toBe(403);
    const notAssigned = await sell(account.cookie, saleBody(other.id, { quantity: 2, amount: "10,00" }));
    expect(notAssigned.statusCode).toBe(403);
    expect(notAssigned.json().error).toMatchObject({
      code: "SELLER_NOT_ASSIGNED",
      message: "No tienes esta rifa asignada para vender.",
    });
    const badPhone = await sell(account.cookie, { ...body(), buyerPhone: "123" });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.fields.buyerPhone).toBe(
      "Escribe el celular del comprador, por ejemplo 0414-1234567.",
    );
    // The raffle does not accept transfers.
    const method = await sell(account.cookie, { ...body(), method: "transferencia", reference: "123456" });
    expect(method.statusCode).toBe(400);
    expect(method.json().error.code).toBe("METHOD_NOT_ACCEPTED");

    const first = await sell(account.cookie, body());
    expect(first.statusCode, first.body).toBe(201);
    const taken = await sell(account.cookie, body());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.code).toBe("NUMBERS_TAKEN");

    // Suspended: refused at the next sale, nothing written.
    await db()
      .update(sellers)
      .set({ status: "suspended", suspendedAt: new Date() })
      .where(eq(sellers.id, sellerId));
    const suspended = await sell(account.cookie, saleBody(raffle.id, { numbers: [3, 4], amount: "10,00" }));
    expect(suspended.statusCode).toBe(403);
    expect(suspended.json().error.code).toBe("SELLER_SUSPENDED");
    expect(await db().select().from(paymentProofs).where(eq(paymentProofs.sellerId, sellerId))).toHaveLength(
      1,
    );
  });

  it("el tope por comprador cuenta su celular en todos los canales: cuenta en línea y ventas de vendedores", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100, price: 5, maxTicketsPerBuyer: 4 });
    const { account } = await sellerOf(raffle.id);
    // An account whose phone was typed with spaces and the +58 prefix: the same celular.
    const buyer = await signedInUser(ctx.t.app, { fullName: "Ana Tope", phone: "+58 414 123 4567" });
    const reserve = () =>
      call(ctx.t, "POST", `/api/raffles/${raffle.id}/reservations`, buyer.cookie, { quantity: 2 });
    const online = await reserve();
    expect(online.statusCode, online.body).toBe(201);
    const sale = () => sell(account.cookie, saleBody(raffle.id, { quantity: 2, amount: "10,00" }));
    expect((await sale()).statusCode).toBe(201);
    const over = await sale();
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("TICKET_CAP_REACHED");
    // The account's next purchase counts the vendedor's sale to its celular: 2 left, not 4.
    const cancelled = await call(ctx.t, "DELETE", `/api/reservations/${online.json().id}`, buyer.cookie);
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const three = await call(ctx.t, "POST", `/api/raffles/${raffle.id}/reservations`, buyer.cookie, {
      quantity: 3,
    });
    expect(three.statusCode).toBe(409);
    expect(three.json().error.code).toBe("TICKET_CAP_REACHED");
    expect((await reserve()).statusCode).toBe(201);
  });

  it("dos vendedores con el mismo número a la vez: uno lo vende, el otro recibe NUMBERS_TAKEN", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 100, price: 5 });
    const first = await sellerOf(raffle.id);
    const second = await sellerOf(raffle.id);
    const body = () => saleBody(raffle.id, { numbers: [55, 56], amount: "10,00" });
    const answers = await Promise.all([
      sell(first.account.cookie, body()),
      sell(second.account.cookie, body()),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const sold = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffle.id), eq(tickets.ticketNumber, 55)));
    expect(sold[0]?.status).toBe("sold");
  });

  it("una rifa cancelada devuelve la venta: reembolso sin cuenta, efectivo y comisión revertidos", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100, price: 5 });
    const { account, sellerId } = await sellerOf(raffle.id);
    const sale = await sell(account.cookie, saleBody(raffle.id, { quantity: 2, amount: "10,00" }));
    expect(sale.statusCode, sale.body).toBe(201);
    const cancelled = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/cancel`, ctx.admin.cookie, {
      reason: "El premio no llegó a tiempo.",
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const [refund] = await db().select().from(refunds).where(eq(refunds.proofId, sale.json().id));
    expect(refund).toMatchObject({ userId: null, amount: 10 });
    expect(refund?.payTo).toMatchObject({ name: "María Pérez", email: null, phone: "+584141234567" });
    const ledger = await ledgerOf(sellerId, raffle.id);
    expect(ledger.cashHeld).toBe(0);
    expect(ledger.payable).toBe(0);
    const list = await call(ctx.t, "GET", "/api/seller/sales", account.cookie);
    expect(list.json().items[0]).toMatchObject({ status: "cancelled" });
  });
});

describe("el mismo sorteo", () => {
  it("los boletos del vendedor entran a la lista congelada con sus etiquetas, y su huella se verifica", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 10, price: 5 });
    const { account } = await sellerOf(raffle.id);
    const sale = await sell(account.cookie, saleBody(raffle.id, { numbers: [2, 5], amount: "10,00" }));
    expect(sale.statusCode, sale.body).toBe(201);
    const [proof] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, sale.json().id));
    const now = new Date();
    await db().update(raffles).set({ status: "closed", closedAt: now }).where(eq(raffles.id, raffle.id));
    await freezeAt(ctx.t.app.ctx, raffle.id, now);
    const record = await recordOf(ctx.t, raffle.id);
    const frozen = record.entries.find((entry) => entry.type === "frozen");
    const listed = frozen?.type === "frozen" ? frozen.data.tickets : [];
    const secret = proof?.receiptSecret as string;
    expect(listed).toEqual([
      { number: 2, tag: await ownerTag(secret, raffle.id, 2) },
      { number: 5, tag: await ownerTag(secret, raffle.id, 5) },
    ]);
    // The outside verifier recomputes the list's hash from the entry (the draw itself needs the relays of
    // the draw tests; the record's drand checks are theirs).
    const verification = await verifyRecord(record);
    const listCheck = verification.checks.find((c) => c.name === RECORD_CHECK_NAMES.listHash);
    expect(listCheck?.ok, JSON.stringify(listCheck)).toBe(true);
  });
});

describe("ventas guardadas sin señal", () => {
  /** The body the device queues: recordedAt, and its signature with the session's sale key. */
  function queued(body: Record<string, unknown>, saleKey: string) {
    const withTime = { ...body, recordedAt: new Date(Date.now() - 60_000).toISOString() };
    const text = sellerSaleSigningText(sellerSaleInputSchema.parse(withTime));
    const signature = createHmac("sha256", Buffer.from(saleKey, "base64url"))
      .update(text)
      .digest("base64url");
    return { ...withTime, signature };
  }
  const saleKeyOf = async (cookie: string) => {
    const me = await call(ctx.t, "GET", "/api/seller/me", cookie);
    expect(me.statusCode, me.body).toBe(200);
    return me.json().saleKey as string;
  };

  it("se aceptan firmadas en su sesión; de otra sesión, o sin firma, se rechazan; reenviadas, dan la primera", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100, price: 5 });
    const { account, sellerId } = await sellerOf(raffle.id);
    const key = await saleKeyOf(account.cookie);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const first = queued(saleBody(raffle.id, { quantity: 2, amount: "10,00" }), key);
    const synced = await sell(account.cookie, first);
    expect(synced.statusCode, synced.body).toBe(201);

    // Another session of the same vendedor has another key: a queue signed before is refused there...
    const other = await signIn(ctx.t.app, account.email, account.password);
    expect(await saleKeyOf(other)).not.toBe(key);
    const copied = queued(saleBody(raffle.id, { quantity: 2, amount: "10,00" }), key);
    const refused = await sell(other, copied);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("SELLER_SALE_SESSION");
    // ...a tampered one too (the amount is signed), and one without its signature is a 400.
    const tampered = await sell(account.cookie, {
      ...queued(saleBody(raffle.id, { quantity: 2, amount: "10,00" }), key),
      buyerName: "Otro Nombre",
    });
    expect(tampered.json().error?.code).toBe("SELLER_SALE_SESSION");
    const { signature: _omitted, ...unsigned } = copied;
    const bare = await sell(account.cookie, unsigned);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().error.fields.signature).toBe(
      "Esta venta guardada sin conexión no trae su firma. Vuelve a registrarla.",
    );
    expect(await db().select().from(paymentProofs).where(eq(paymentProofs.sellerId, sellerId))).toHaveLength(
      1,
    );
    // A sale already recorded, sent again from the other session, answers with the first one.
    const again = await sell(other, first);
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(synced.json().id);
  });

  it("firmada antes de una suspensión y enviada después: rechazada con el motivo", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100, price: 5 });
    const { account, sellerId } = await sellerOf(raffle.id);
    const body = queued(
      saleBody(raffle.id, { quantity: 2, amount: "10,00" }),
      await saleKeyOf(account.cookie),
    );
    const suspended = await call(ctx.t, "POST", `/api/admin/sellers/${sellerId}/suspend`, ctx.admin.cookie);
    expect(suspended.statusCode, suspended.body).toBe(200);
    const refused = await sell(account.cookie, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: "SELLER_SUSPENDED",
      message:
        "Tu cuenta de vendedor está suspendida: no puedes vender. Habla con el organizador para aclararlo.",
    });
    expect(await db().select().from(paymentProofs).where(eq(paymentProofs.sellerId, sellerId))).toEqual([]);
  });
});
