import type { Refund, RefundPayoutState, SessionUser } from "@rifazo/shared";
import { ERROR_MESSAGES, MOBILE_PHONE_MESSAGES, PAYOUT_MESSAGES, REFUND_PAYOUT_DAYS } from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { call, createRaffle, useAdminTest } from "../../../test/admin-fixtures";
import { insertProof } from "../../../test/fixtures";
import { nextIp, signedInUser } from "../../../test/helpers";
import { auditLog, mailOutbox, notifications, refunds, users } from "../../db/schema";

// Reaching and paying back a buyer (spec 1 §5 registration; decision 0016 refunds): the mobile asked at
// sign-up or before a first purchase, and the payout data of a Pago Móvil or transfer refund, private to
// the buyer and administrators. Runs on PGlite and PostgreSQL.

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
const DAY = 24 * 3_600_000;

const register = (body: Record<string, unknown>) =>
  ctx.t.app.inject({
    method: "POST",
    url: "/api/account/register",
    payload: body,
    remoteAddress: nextIp(),
  });
const phoneOf = async (email: string) =>
  (await db().select({ phone: users.phone }).from(users).where(eq(users.email, email)))[0]?.phone;

describe("el celular al registrarse", () => {
  const base = (email: string) => ({
    fullName: "Rosa Márquez",
    email,
    password: "Girasol-Caribe-2026",
    confirmPassword: "Girasol-Caribe-2026",
  });

  it("se guarda normalizado; un fijo o un número inválido se rechaza en español y no crea la cuenta", async () => {
    const ok = await register({ ...base("rosa.cel@example.com"), phone: "0424 555.01.99" });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(await phoneOf("rosa.cel@example.com")).toBe("+584245550199");

    for (const phone of ["0212-5550199", "123"]) {
      const bad = await register({ ...base("rosa.fijo@example.com"), phone });
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain(MOBILE_PHONE_MESSAGES.invalid);
    }
    expect(await phoneOf("rosa.fijo@example.com")).toBeUndefined();

    // Older clients without the field still register; the purchase asks for it (below).
    const without = await register(base("rosa.sin@example.com"));
    expect(without.statusCode, without.body).toBe(201);
    expect(await phoneOf("rosa.sin@example.com")).toBeNull();
  });
});

describe("el celular antes de la primera compra", () => {
  it("sin celular: reservar y enviar comprobante responden 422 PHONE_REQUIRED; con él, la reserva sigue", async () => {
    const raffle = await createRaffle(ctx, { totalTickets: 20 });
    const buyer = await signedInUser(ctx.t.app, { phone: null });
    const reserve = () =>
      call(ctx.t, "POST", `/api/raffles/${raffle.id}/reservations`, buyer.cookie, { quantity: 2 });

    const refused = await reserve();
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toMatchObject({
      code: "PHONE_REQUIRED",
      message: ERROR_MESSAGES.PHONE_REQUIRED,
    });
    const upload = await call(ctx.t, "POST", "/api/proofs", buyer.cookie, {});
    expect(upload.statusCode).toBe(422);
    expect(upload.json().error.code).toBe("PHONE_REQUIRED");

    // A landline is not enough to be reached by WhatsApp or paid by Pago Móvil.
    await db().update(users).set({ phone: "+582121234567" }).where(eq(users.id, buyer.id));
    expect((await reserve()).statusCode).toBe(422);

    const saved = await call(ctx.t, "PATCH", "/api/profile", buyer.cookie, {
      fullName: "Comprador Nuevo",
      phone: "0414-7654321",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as SessionUser).phone).toBe("+584147654321");
    const reserved = await reserve();
    expect(reserved.statusCode, reserved.body).toBe(201);
  });

  it("el administrador ve el celular del comprador nuevo en su lista de usuarios (botón de WhatsApp)", async () => {
    const buyer = await signedInUser(ctx.t.app, { fullName: "Lista Celular", phone: "+584161112233" });
    const list = await call(
      ctx.t,
      "GET",
      `/api/admin/users?search=${encodeURIComponent(buyer.email)}`,
      ctx.admin.cookie,
    );
    expect(list.statusCode, list.body).toBe(200);
    expect(JSON.stringify(list.json())).toContain("+584161112233");
  });
});

async function cancelledWithRefunds() {
  const raffle = await createRaffle(ctx, { totalTickets: 20, title: "Rifa con reembolsos" });
  const buyer = await signedInUser(ctx.t.app, { fullName: "Beto Bolívares" });
  const zelleBuyer = await signedInUser(ctx.t.app, { fullName: "Zoe Zelle" });
  const pm = await insertProof(db(), {
    userId: buyer.id,
    raffleId: raffle.id,
    amount: 537.55,
    currency: "VES",
    exchangeRate: 36.58,
    paymentMethod: "pago_movil",
  });
  const zelle = await insertProof(db(), {
    userId: zelleBuyer.id,
    raffleId: raffle.id,
    amount: 20,
    currency: "USD",
    paymentMethod: "zelle",
  });
  for (const proof of [pm, zelle]) {
    const approved = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
  }
  const before = Date.now();
  const cancelled = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/cancel`, ctx.admin.cookie, {
    reason: "No se alcanzó el mínimo de boletos.",
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
  const rows = await db().select().from(refunds).where(eq(refunds.raffleId, raffle.id));
  const refund = rows.find((row) => row.proofId === pm.id);
  const zelleRefund = rows.find((row) => row.proofId === zelle.id);
  if (!refund || !zelleRefund) throw new Error("no refunds");
  return { raffle, buyer, zelleBuyer, refund, zelleRefund, before };
}

const payoutUrl = (id: string) => `/api/refunds/${id}/payout`;
const goodPayout = { bankCode: "0134", idType: "V", idNumber: "12.345.678", phone: "0414-1234567" };

describe("datos para el reembolso en bolívares", () => {
  it("se piden al comprador con un plazo de 7 días (notificación y correo que enlazan a Mis pagos)", async () => {
    const { buyer, refund, zelleRefund, before } = await cancelledWithRefunds();
    expect(refund.payoutDueAt).not.toBeNull();
    const due = refund.payoutDueAt?.getTime() ?? 0;
    expect(due - before).toBeGreaterThanOrEqual(REFUND_PAYOUT_DAYS * DAY - 60_000);
    expect(due - before).toBeLessThanOrEqual(REFUND_PAYOUT_DAYS * DAY + 60_000);
    expect(zelleRefund.payoutDueAt).toBeNull();
    expect(refund.payout).toBeNull();

    const [told] = await db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer.id), eq(notifications.title, "Rifa cancelada")));
    expect(told?.message).toContain("envíalos en Mis pagos antes del");
    expect(told?.message).toContain("tienes 7 días");
    expect(told?.linkTo).toBe("/perfil/pagos");
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mails.some((m) => m.text.includes("envíalos en Mis pagos antes del"))).toBe(true);
  });

  it("solo el comprador y los administradores los leen; solo el comprador los escribe", async () => {
    const { buyer, zelleBuyer, refund } = await cancelledWithRefunds();
    const other = await signedInUser(ctx.t.app);
    const url = payoutUrl(refund.id);

    // Visitor, other user, admin, buyer: reading.
    expect((await call(ctx.t, "GET", url)).statusCode).toBe(401);
    const otherRead = await call(ctx.t, "GET", url, other.cookie);
    expect(otherRead.statusCode).toBe(404);
    expect(otherRead.json().error.code).toBe("REFUND_NOT_FOUND");
    expect((await call(ctx.t, "GET", url, zelleBuyer.cookie)).statusCode).toBe(404);
    expect((await call(ctx.t, "GET", url, ctx.admin.cookie)).json()).toMatchObject({ payout: null });
    expect((await call(ctx.t, "GET", url, buyer.cookie)).statusCode).toBe(200);

    // Writing: visitor 401, other user 404, admin 403; nothing stored by any of them.
    expect((await call(ctx.t, "PUT", url, undefined, goodPayout)).statusCode).toBe(401);
    expect((await call(ctx.t, "PUT", url, other.cookie, goodPayout)).statusCode).toBe(404);
    expect((await call(ctx.t, "PUT", url, ctx.admin.cookie, goodPayout)).statusCode).toBe(403);
    expect((await db().select().from(refunds).where(eq(refunds.id, refund.id)))[0]?.payout).toBeNull();

    // The buyer: bad data answers in Spanish, per field, and writes nothing.
    const bad = await call(ctx.t, "PUT", url, buyer.cookie, { ...goodPayout, phone: "0212-1234567" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(PAYOUT_MESSAGES.phoneInvalid);
    expect(bad.json().error.fields).toMatchObject({ phone: PAYOUT_MESSAGES.phoneInvalid });
    expect((await db().select().from(refunds).where(eq(refunds.id, refund.id)))[0]?.payoutGivenAt).toBeNull();

    const saved = await call(ctx.t, "PUT", url, buyer.cookie, goodPayout);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as RefundPayoutState).payout).toEqual({
      bankCode: "0134",
      idType: "V",
      idNumber: "12345678",
      phone: "+584141234567",
      account: null,
    });
    const audit = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, refund.id), eq(auditLog.action, "refund.payout")));
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit[0]?.after)).not.toContain("12345678");

    // The admin's Reembolsos list has it; the buyer's Mis pagos has it; nobody else's does.
    const list = await call(ctx.t, "GET", `/api/admin/refunds?raffleId=${refund.raffleId}`, ctx.admin.cookie);
    const listed = (list.json().items as Refund[]).find((item) => item.id === refund.id);
    expect(listed?.payout?.phone).toBe("+584141234567");
    expect(listed?.payoutGivenAt).not.toBeNull();
    const mine = await call(ctx.t, "GET", "/api/proofs/mine", buyer.cookie);
    expect(mine.body).toContain("+584141234567");
    const others = await call(ctx.t, "GET", "/api/proofs/mine", other.cookie);
    expect(others.body).not.toContain("+584141234567");
    // Users cannot read the admin list.
    expect((await call(ctx.t, "GET", "/api/admin/refunds", buyer.cookie)).statusCode).toBe(403);
  });

  it("un reembolso por Zelle no los pide (409) y uno ya pagado no cambia (409)", async () => {
    const { buyer, zelleBuyer, refund, zelleRefund } = await cancelledWithRefunds();
    const zelle = await call(ctx.t, "PUT", payoutUrl(zelleRefund.id), zelleBuyer.cookie, goodPayout);
    expect(zelle.statusCode).toBe(409);
    expect(zelle.json().error.code).toBe("REFUND_PAYOUT_NOT_NEEDED");

    await db()
      .update(refunds)
      .set({ status: "paid", paidAt: new Date(), paidReference: "REF-1" })
      .where(eq(refunds.id, refund.id));
    const late = await call(ctx.t, "PUT", payoutUrl(refund.id), buyer.cookie, goodPayout);
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toBe(PAYOUT_MESSAGES.alreadyPaid);
  });

  it("transferencia: la cuenta de 20 dígitos debe empezar por el código del banco", async () => {
    const { buyer, refund } = await cancelledWithRefunds();
    await db().update(refunds).set({ paymentMethod: "transferencia" }).where(eq(refunds.id, refund.id));
    const body = { bankCode: "0102", idType: "E", idNumber: "81234567" };
    const mismatch = await call(ctx.t, "PUT", payoutUrl(refund.id), buyer.cookie, {
      ...body,
      account: "01340000000000000001",
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error.message).toBe(PAYOUT_MESSAGES.accountBankMismatch);
    const ok = await call(ctx.t, "PUT", payoutUrl(refund.id), buyer.cookie, {
      ...body,
      account: "0102 0000 0000 0000 0001",
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payout).toMatchObject({ account: "01020000000000000001", phone: null, idType: "E" });
  });
});
