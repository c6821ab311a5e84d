// A vendedor's sale for a buyer without an account (docs/decisions/0034-vendedores.md, slice 4): the
// receipt link mailed to the email the vendedor wrote down once the sale is paid, and the buyer claiming
// the sale into the account confirmed with that email.
import { randomUUID } from "node:crypto";
import { POINTS_PER_CURRENCY_UNIT } from "@rifazo/shared";
import { ownerTag } from "@rifazo/shared/domain/owner-tag";
import { and, eq, like, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  mailOutbox,
  paymentProofs,
  pointsHistory,
  raffles,
  reservations,
  tickets,
  users,
} from "../src/db/schema";
import { call, createRaffle, useAdminTest } from "./admin-fixtures";
import { freezeAt, recordOf } from "./draw-fixtures";
import { insertProof } from "./fixtures";
import { signedInUser } from "./helpers";
import { sellerOf as sellerOfFixture } from "./seller-fixtures";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
const PUBLIC_URL = "http://localhost:3000";

/** An active vendedor allowed to sell `raffleId` (cash up to 1000). */
const sellerOf = (raffleId: string, name = "Vendedora Calle") =>
  sellerOfFixture(ctx, raffleId, { name, creditLimit: 1000 });

let phones = 0;
/** A sale of 2 tickets at $5 by `cookie`, to a celular of its own unless given. */
async function sell(cookie: string, raffleId: string, overrides: Record<string, unknown> = {}) {
  phones += 1;
  const response = await call(ctx.t, "POST", "/api/seller/sales", cookie, {
    saleId: randomUUID(),
    raffleId,
    buyerName: "María Pérez",
    buyerPhone: `0412-${String(7_000_000 + phones)}`,
    method: "efectivo_usd",
    amount: "10,00",
    quantity: 2,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; receiptPath: string | null; numbers: string[] };
}

const tokenOfPath = (path: string | null) => (path ?? "").slice("/recibo/".length);
const claim = (token: string, cookie?: string) => call(ctx.t, "POST", `/api/receipts/${token}/claim`, cookie);
const mailsTo = (email: string) => db().select().from(mailOutbox).where(eq(mailOutbox.to, email));

/** Everything a claim writes, to show a refusal wrote none of it. */
async function claimState(proofId: string) {
  const [proof] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, proofId));
  const sold = await db().select().from(tickets).where(eq(tickets.paymentId, proofId));
  const [reservation] = await db()
    .select()
    .from(reservations)
    .where(eq(reservations.id, proof?.reservationId ?? randomUUID()));
  const points = await db().select().from(pointsHistory).where(eq(pointsHistory.paymentProofId, proofId));
  const audits = await db().select().from(auditLog).where(eq(auditLog.action, "receipt.claim"));
  return {
    proof: { userId: proof?.userId, claimedAt: proof?.claimedAt, secret: proof?.receiptSecret },
    tickets: sold.map((t) => t.userId),
    reservation: reservation?.userId,
    points: points.length,
    audits: audits.length,
  };
}

describe("el recibo por correo", () => {
  it("una venta en efectivo con correo lo envía al registrarla, una sola vez, con enlace, rifa, números y vendedor", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 100, title: "Moto Ñandú" });
    const { account } = await sellerOf(raffle.id, "Pedro Vendedor");
    const sale = await sell(account.cookie, raffle.id, {
      numbers: [7, 42],
      quantity: undefined,
      buyerEmail: "  Maria.Perez@Example.COM ",
    });
    const [proof] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, sale.id));
    expect(proof?.buyerEmail).toBe("maria.perez@example.com");
    const mails = await mailsTo("maria.perez@example.com");
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('Tu recibo de la rifa "Moto Ñandú"');
    expect(mail?.text).toContain(`${PUBLIC_URL}${sale.receiptPath}`);
    expect(mail?.text).toContain("Tus números: 07, 42.");
    expect(mail?.text).toContain("Pedro Vendedor registró tu compra");
    expect(mail?.html).toContain(`href="${PUBLIC_URL}${sale.receiptPath}"`);
    // The email names no account: the buyer may have none.
    expect(mail?.text).not.toContain("por tu cuenta en Rifazo");

    // Sent again (a retry of the same sale), nothing more is queued.
    const again = await call(ctx.t, "POST", "/api/seller/sales", account.cookie, {
      saleId: proof?.saleId,
      raffleId: raffle.id,
      buyerName: "María Pérez",
      buyerPhone: proof?.buyerPhone,
      buyerEmail: "maria.perez@example.com",
      method: "efectivo_usd",
      amount: "10,00",
      numbers: [7, 42],
    });
    expect(again.statusCode).toBe(200);
    expect(await mailsTo("maria.perez@example.com")).toHaveLength(1);
  });

  it("una venta por Pago Móvil lo envía cuando el organizador la aprueba en la bandeja, no antes ni dos veces", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100 });
    const { account } = await sellerOf(raffle.id);
    const email = `zelle.${randomUUID().slice(0, 8)}@example.com`;
    const sale = await sell(account.cookie, raffle.id, {
      method: "zelle",
      reference: `ZL-${randomUUID().slice(0, 8)}`,
      buyerEmail: email,
    });
    expect(sale.receiptPath).toBeNull();
    expect(await mailsTo(email)).toEqual([]);
    // The organiser sees the address whole in the inbox; the receipt only ever masks it.
    const inbox = await call(ctx.t, "GET", `/api/admin/proofs?proofId=${sale.id}`, ctx.admin.cookie);
    expect(inbox.json().items[0]).toMatchObject({ userId: null, buyerEmail: email });
    const approve = () => call(ctx.t, "POST", `/api/admin/proofs/${sale.id}/approve`, ctx.admin.cookie);
    expect((await approve()).statusCode).toBe(200);
    expect((await approve()).json().alreadyApproved).toBe(true);
    const [proof] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, sale.id));
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${PUBLIC_URL}/recibo/${proof?.receiptToken}`);
  });

  it("sin correo no se envía nada a nadie", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100 });
    const { account } = await sellerOf(raffle.id);
    const sale = await sell(account.cookie, raffle.id, { buyerEmail: "" });
    const token = tokenOfPath(sale.receiptPath);
    const [proof] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, sale.id));
    expect(proof?.buyerEmail).toBeNull();
    expect(
      await db()
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.text, `%${token}%`)),
    ).toEqual([]);
    // Nothing to claim either: the receipt offers nothing, the claim is refused.
    const buyer = await signedInUser(ctx.t.app);
    const receipt = await call(ctx.t, "GET", `/api/receipts/${token}`, buyer.cookie);
    expect(receipt.json().claim).toBeNull();
    const refused = await claim(token, buyer.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe("RECEIPT_CLAIM_NOT_ALLOWED");
  });
});

describe("reclamar en mi cuenta", () => {
  it("pone la cuenta en la compra, sus boletos y su reserva, acredita los puntos una vez y lo audita", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 100 });
    const { account: vendedor } = await sellerOf(raffle.id);
    const buyer = await signedInUser(ctx.t.app, { fullName: "Ana Reclama" });
    const sale = await sell(vendedor.cookie, raffle.id, {
      numbers: [3, 9],
      quantity: undefined,
      buyerEmail: buyer.email.toUpperCase(),
      buyerPhone: "0414-9990001",
    });
    const token = tokenOfPath(sale.receiptPath);

    // Visitors are offered to sign in, with the email masked; the address and the celular never show.
    const asVisitor = await call(ctx.t, "GET", `/api/receipts/${token}`);
    const hint = `${buyer.email.slice(0, 1)}***@example.com`;
    expect(asVisitor.json().claim).toEqual({
      claimable: false,
      claimedByYou: false,
      emailHint: hint,
      reason: `Inicia sesión o crea una cuenta con el correo ${hint} para reclamar estos boletos en tu cuenta.`,
    });
    expect(asVisitor.body).not.toContain(buyer.email);
    expect(asVisitor.body).not.toContain("9990001");
    const offered = await call(ctx.t, "GET", `/api/receipts/${token}`, buyer.cookie);
    expect(offered.json().claim).toEqual({ claimable: true, claimedByYou: false, emailHint: hint });
    const receiptCode = offered.json().receiptCode;

    const claimed = await claim(token, buyer.cookie);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toEqual({
      proofId: sale.id,
      raffleId: raffle.id,
      tickets: ["03", "09"],
      pointsAwarded: 10 * POINTS_PER_CURRENCY_UNIT,
      alreadyClaimed: false,
    });
    const state = await claimState(sale.id);
    expect(state.proof.userId).toBe(buyer.id);
    expect(state.proof.claimedAt).toBeInstanceOf(Date);
    expect(state.tickets).toEqual([buyer.id, buyer.id]);
    expect(state.reservation).toBe(buyer.id);
    const ledger = await db().select().from(pointsHistory).where(eq(pointsHistory.paymentProofId, sale.id));
    expect(ledger.map((row) => [row.userId, row.pointsChange])).toEqual([
      [buyer.id, 10 * POINTS_PER_CURRENCY_UNIT],
    ]);
    const [profile] = await db().select().from(users).where(eq(users.id, buyer.id));
    expect(profile?.rifazoPoints).toBe(10 * POINTS_PER_CURRENCY_UNIT);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "receipt.claim"), eq(auditLog.entityId, sale.id)));
    expect(audit).toMatchObject({ actorId: buyer.id, entity: "payment_proof" });
    expect(audit?.after).toMatchObject({ userId: buyer.id, tickets: ["03", "09"], points: 1000 });

    // Mis boletos: the purchase and its numbers are the account's; the receipt says so, code unchanged.
    const mine = await call(ctx.t, "GET", "/api/proofs/mine", buyer.cookie);
    expect(JSON.stringify(mine.json())).toContain(sale.id);
    const own = await call(ctx.t, "GET", `/api/raffles/${raffle.id}/numbers/mine`, buyer.cookie);
    expect(own.json()).toMatchObject({ owned: [3, 9] });
    const after = await call(ctx.t, "GET", `/api/receipts/${token}`, buyer.cookie);
    expect(after.json().claim).toEqual({ claimable: false, claimedByYou: true, emailHint: hint });
    expect(after.json().receiptCode).toBe(receiptCode);
    // Anyone else with the link sees no offer (and no address).
    expect((await call(ctx.t, "GET", `/api/receipts/${token}`)).json().claim).toBeNull();

    // The same account again: the same answer, nothing credited twice.
    const twice = await claim(token, buyer.cookie);
    expect(twice.statusCode).toBe(200);
    expect(twice.json()).toMatchObject({ alreadyClaimed: true, pointsAwarded: 0, tickets: ["03", "09"] });
    expect(
      await db().select().from(pointsHistory).where(eq(pointsHistory.paymentProofId, sale.id)),
    ).toHaveLength(1);

    // Another account, even with the token: 409, nothing changes.
    const before = await claimState(sale.id);
    const other = await signedInUser(ctx.t.app);
    const taken = await claim(token, other.cookie);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toEqual({
      code: "RECEIPT_ALREADY_CLAIMED",
      message: "Estos boletos ya están en otra cuenta.",
    });
    expect(await claimState(sale.id)).toEqual(before);
  });

  it("se rechaza sin sesión, sin correo confirmado, con otro correo y al propio vendedor; nada queda a medias", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100 });
    const { account: vendedor } = await sellerOf(raffle.id);
    const email = `rechazos.${randomUUID().slice(0, 8)}@example.com`;
    const sale = await sell(vendedor.cookie, raffle.id, { buyerEmail: email });
    const token = tokenOfPath(sale.receiptPath);
    const before = await claimState(sale.id);

    const visitor = await claim(token);
    expect(visitor.statusCode).toBe(401);
    // Signed in, then the email is no longer confirmed (the session reads the profile fresh).
    const unconfirmed = await signedInUser(ctx.t.app, { email });
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, unconfirmed.id));
    const notVerified = await claim(token, unconfirmed.cookie);
    expect(notVerified.statusCode).toBe(403);
    expect(notVerified.json().error.code).toBe("EMAIL_NOT_VERIFIED");
    const stranger = await signedInUser(ctx.t.app);
    const otherEmail = await claim(token, stranger.cookie);
    expect(otherEmail.statusCode).toBe(403);
    expect(otherEmail.json().error).toEqual({
      code: "RECEIPT_CLAIM_NOT_ALLOWED",
      message: `Este recibo solo se puede reclamar desde una cuenta confirmada con el correo que anotó el vendedor (r***@example.com).`,
    });
    const strangerView = await call(ctx.t, "GET", `/api/receipts/${token}`, stranger.cookie);
    expect(strangerView.json().claim).toMatchObject({
      claimable: false,
      reason: otherEmail.json().error.message,
    });

    // The vendedor wrote their own email down: still never theirs to claim.
    const ownSale = await sell(vendedor.cookie, raffle.id, { buyerEmail: vendedor.email });
    const own = await claim(tokenOfPath(ownSale.receiptPath), vendedor.cookie);
    expect(own.statusCode).toBe(403);
    expect(own.json().error).toEqual({
      code: "RECEIPT_CLAIM_NOT_ALLOWED",
      message: "Tú vendiste estos boletos: solo tu comprador puede reclamarlos en su cuenta.",
    });
    expect(await claimState(sale.id)).toEqual(before);
    expect((await claimState(ownSale.id)).proof.userId).toBeNull();
  });

  it("no se reclama una compra en línea, una venta en revisión ni la de una rifa cancelada", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100 });
    const { account: vendedor } = await sellerOf(raffle.id);
    const buyer = await signedInUser(ctx.t.app);

    // An online purchase is its buyer's already.
    const online = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, amount: 10 });
    const approved = await call(ctx.t, "POST", `/api/admin/proofs/${online.id}/approve`, ctx.admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    const [onlineRow] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, online.id));
    const onlineClaim = await claim(onlineRow?.receiptToken as string, buyer.cookie);
    expect(onlineClaim.statusCode).toBe(403);
    expect(onlineClaim.json().error.code).toBe("RECEIPT_CLAIM_NOT_ALLOWED");
    const onlineView = await call(ctx.t, "GET", `/api/receipts/${onlineRow?.receiptToken}`, buyer.cookie);
    expect(onlineView.json().claim).toBeNull();

    // A sale under review has no receipt: even a token written by hand opens nothing.
    const pending = await sell(vendedor.cookie, raffle.id, {
      method: "zelle",
      reference: `ZL-${randomUUID().slice(0, 8)}`,
      buyerEmail: buyer.email,
    });
    const forged = "P".repeat(43);
    await db().update(paymentProofs).set({ receiptToken: forged }).where(eq(paymentProofs.id, pending.id));
    const pendingClaim = await claim(forged, buyer.cookie);
    expect(pendingClaim.statusCode).toBe(404);
    expect((await claimState(pending.id)).proof.userId).toBeNull();

    // A cancelled raffle's receipt is void: no claim, no offer.
    const paid = await sell(vendedor.cookie, raffle.id, { buyerEmail: buyer.email });
    const cancelled = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/cancel`, ctx.admin.cookie, {
      reason: "El premio no llegó a tiempo.",
    });
    expect(cancelled.statusCode, cancelled.body).toBeLessThan(300);
    const before = await claimState(paid.id);
    const void_ = await claim(tokenOfPath(paid.receiptPath), buyer.cookie);
    expect(void_.statusCode).toBe(409);
    expect(void_.json().error.code).toBe("RECEIPT_CLAIM_CANCELLED");
    expect(await claimState(paid.id)).toEqual(before);
    const view = await call(ctx.t, "GET", `/api/receipts/${tokenOfPath(paid.receiptPath)}`, buyer.cookie);
    expect(view.json().claim).toBeNull();
  });
});

describe("el sorteo no cambia", () => {
  it("con la lista congelada, el reclamo solo nombra la cuenta: el acta, el código y las etiquetas siguen iguales", async () => {
    const raffle = await createRaffle(ctx, { numberMode: "chosen", totalTickets: 10 });
    const { account: vendedor } = await sellerOf(raffle.id);
    const buyer = await signedInUser(ctx.t.app);
    const early = await signedInUser(ctx.t.app);
    // One sale claimed before the freeze, one after.
    const first = await sell(vendedor.cookie, raffle.id, {
      numbers: [1, 2],
      quantity: undefined,
      buyerEmail: early.email,
    });
    expect((await claim(tokenOfPath(first.receiptPath), early.cookie)).statusCode).toBe(200);
    const second = await sell(vendedor.cookie, raffle.id, {
      numbers: [5, 8],
      quantity: undefined,
      buyerEmail: buyer.email,
    });
    const now = new Date();
    await db().update(raffles).set({ status: "closed", closedAt: now }).where(eq(raffles.id, raffle.id));
    await freezeAt(ctx.t.app.ctx, raffle.id, now);
    const record = await recordOf(ctx.t, raffle.id);
    const frozen = record.entries.find((entry) => entry.type === "frozen");
    const listed = frozen?.type === "frozen" ? frozen.data.tickets : [];
    const secretOf = async (id: string) =>
      (await db().select().from(paymentProofs).where(eq(paymentProofs.id, id)))[0]?.receiptSecret as string;
    const tags = async (id: string, numbers: number[]) =>
      Promise.all(
        numbers.map(async (n) => ({ number: n, tag: await ownerTag(await secretOf(id), raffle.id, n) })),
      );
    expect(listed).toEqual([...(await tags(first.id, [1, 2])), ...(await tags(second.id, [5, 8]))]);

    const claimed = await claim(tokenOfPath(second.receiptPath), buyer.cookie);
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect((await recordOf(ctx.t, raffle.id)).entries).toEqual(record.entries);
    expect(listed).toEqual([...(await tags(first.id, [1, 2])), ...(await tags(second.id, [5, 8]))]);
    // The purchase and its tickets are the account's (migration 0034 lets only that through the freeze).
    const state = await claimState(second.id);
    expect(state.proof.userId).toBe(buyer.id);
    expect(state.reservation).toBe(buyer.id);
    expect(state.tickets).toEqual([buyer.id, buyer.id]);
    // Anything else on a frozen list is still refused: another account, or a change of status.
    await expect(
      db().update(tickets).set({ userId: early.id }).where(eq(tickets.paymentId, second.id)),
    ).rejects.toThrow();
    await expect(
      db()
        .update(tickets)
        .set({ status: "available", userId: null, paymentId: null, soldAt: null })
        .where(eq(tickets.paymentId, second.id)),
    ).rejects.toThrow();
    const [status] = await db().select({ s: raffles.status }).from(raffles).where(eq(raffles.id, raffle.id));
    expect(status?.s).toBe("frozen");
  });
});

describe("el tope por comprador", () => {
  it("cuenta una venta reclamada una sola vez: en la cuenta que la reclamó y en el celular al que se vendió", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 100, maxTicketsPerBuyer: 6 });
    const { account: vendedor } = await sellerOf(raffle.id);
    const buyer = await signedInUser(ctx.t.app, { phone: "0414-5557001" });
    const allowance = async () =>
      (await call(ctx.t, "GET", `/api/proofs/allowance?raffleId=${raffle.id}`, buyer.cookie)).json();
    const sale = await sell(vendedor.cookie, raffle.id, {
      buyerPhone: "0414-5557001",
      buyerEmail: buyer.email,
    });
    expect(await allowance()).toMatchObject({ ticketsHeld: 2, ticketsAllowed: 4 });
    expect((await claim(tokenOfPath(sale.receiptPath), buyer.cookie)).statusCode).toBe(200);
    // Its own purchase now, no longer by celular: still 2, not 4.
    expect(await allowance()).toMatchObject({ ticketsHeld: 2, ticketsAllowed: 4 });

    // Claimed by an account without that celular, the celular still holds it for the vendedores' sales.
    const elsewhere = await signedInUser(ctx.t.app, { phone: null });
    const phoneSale = { buyerPhone: "0416-5557002" };
    const claimedAway = await sell(vendedor.cookie, raffle.id, { ...phoneSale, buyerEmail: elsewhere.email });
    expect((await claim(tokenOfPath(claimedAway.receiptPath), elsewhere.cookie)).statusCode).toBe(200);
    await sell(vendedor.cookie, raffle.id, { ...phoneSale, quantity: 4, amount: "20,00" });
    const over = await call(ctx.t, "POST", "/api/seller/sales", vendedor.cookie, {
      saleId: randomUUID(),
      raffleId: raffle.id,
      buyerName: "María Pérez",
      ...phoneSale,
      method: "efectivo_usd",
      amount: "10,00",
      quantity: 2,
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe("TICKET_CAP_REACHED");
    const [held] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(reservations)
      .where(eq(reservations.userId, elsewhere.id));
    expect(held?.n).toBe(1);
  });
});
