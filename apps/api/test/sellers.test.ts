// Vendedores, first slice (docs/decisions/0034-vendedores.md): the organiser invites, the invited account
// accepts, assignments with their terms, suspension; what each actor may do.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  mailOutbox,
  raffles,
  reservations,
  sellerLedger,
  sellerRaffles,
  sellers,
  tickets,
} from "../src/db/schema";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "./admin-fixtures";
import { signedInUser } from "./helpers";
import { multipartBody } from "./multipart";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
let counter = 0;
const unique = () => {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
};

function tokenOf(url: string): string {
  const parsed = new URL(url);
  expect(parsed.pathname).toBe("/vendedor/invitacion");
  const token = parsed.searchParams.get("token");
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return token as string;
}

async function invite(body: Record<string, unknown>) {
  const response = await call(ctx.t, "POST", "/api/admin/sellers", ctx.admin.cookie, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as {
    seller: { id: string; code: string; status: string; email: string | null; phone: string | null };
    invitationUrl: string;
    emailed: boolean;
  };
}

/** An invited, accepted vendedor with its own signed-in account. */
async function activeSeller() {
  const account = await signedInUser(ctx.t.app, { fullName: "Vendedora Activa" });
  const { seller, invitationUrl } = await invite({ name: "Vendedora Activa", email: account.email });
  const accepted = await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, {
    token: tokenOf(invitationUrl),
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return { account, seller };
}

const assign = (sellerId: string, raffleId: string, body: Record<string, unknown>) =>
  call(ctx.t, "PUT", `/api/admin/sellers/${sellerId}/raffles/${raffleId}`, ctx.admin.cookie, body);

describe("guardia del organizador", () => {
  it("401 y 403 en cada endpoint de /api/admin/sellers", async () => {
    const { seller } = await invite({ name: "Objetivo", phone: "0414-5550001" });
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10 });
    await expectAdminOnly(ctx, "GET", "/api/admin/sellers");
    await expectAdminOnly(ctx, "POST", "/api/admin/sellers", {
      name: "Otro",
      email: `x${unique()}@example.com`,
    });
    await expectAdminOnly(ctx, "GET", `/api/admin/sellers/${seller.id}`);
    await expectAdminOnly(ctx, "POST", `/api/admin/sellers/${seller.id}/invitation`);
    await expectAdminOnly(ctx, "POST", `/api/admin/sellers/${seller.id}/suspend`);
    await expectAdminOnly(ctx, "POST", `/api/admin/sellers/${seller.id}/reactivate`);
    const terms = { allowed: true, commissionKind: "percent", commissionValue: 10, creditLimit: 50 };
    await expectAdminOnly(ctx, "PUT", `/api/admin/sellers/${seller.id}/raffles/${raffleId}`, terms);
    // Nothing the refused calls sent was written.
    const rows = await db().select().from(sellers).where(eq(sellers.name, "Otro"));
    expect(rows).toEqual([]);
    const assigned = await db().select().from(sellerRaffles).where(eq(sellerRaffles.sellerId, seller.id));
    expect(assigned).toEqual([]);
  });
});

describe("invitar", () => {
  it("por correo: el enlace se muestra una vez, se envía por la cola y solo su hash queda guardado", async () => {
    const email = `Vende.${unique()}@Example.com`;
    const result = await invite({ name: "  Pedro Vende  ", email });
    expect(result.emailed).toBe(true);
    expect(result.seller).toMatchObject({
      name: "Pedro Vende",
      email: email.toLowerCase(),
      phone: null,
      status: "invited",
      account: null,
      raffles: [],
    });
    expect(result.seller.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/);
    const token = tokenOf(result.invitationUrl);

    const [row] = await db().select().from(sellers).where(eq(sellers.id, result.seller.id));
    expect(row?.invitationHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.to, email.toLowerCase()));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe("Te invitaron a vender en Rifazo");
    expect(mails[0]?.text).toContain(result.invitationUrl);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "seller.invite"), eq(auditLog.entityId, result.seller.id)));
    expect(audits).toHaveLength(1);
    expect(audits[0]?.actorId).toBe(ctx.admin.id);
    expect(JSON.stringify(audits[0])).not.toContain(token);

    // The list never shows the link again.
    const list = await call(ctx.t, "GET", "/api/admin/sellers", ctx.admin.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(token);
    expect(list.json().items.map((s: { id: string }) => s.id)).toContain(result.seller.id);
  });

  it("por celular: normalizado, sin correo que enviar", async () => {
    const result = await invite({ name: "Rosa Calle", phone: "0424 555 12 34", email: "" });
    expect(result.emailed).toBe(false);
    expect(result.seller).toMatchObject({ phone: "+584245551234", email: null });
  });

  it("datos inválidos: 400 con el mensaje en español, y nada escrito", async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(sellers);
    for (const [body, message] of [
      [{ name: "Sin Contacto" }, "Escribe el correo o el celular del vendedor para enviarle la invitación."],
      [
        { name: "Mal Celular", phone: "12345" },
        "Escribe un celular venezolano válido, por ejemplo 0414-1234567.",
      ],
      [
        { name: "Mal Correo", email: "no-es-correo" },
        "Escribe un correo válido, por ejemplo nombre@correo.com.",
      ],
      [
        { name: "X", email: `c${unique()}@example.com` },
        "Escribe el nombre del vendedor (de 2 a 80 caracteres).",
      ],
    ] as const) {
      const response = await call(ctx.t, "POST", "/api/admin/sellers", ctx.admin.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(sellers);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("el mismo correo o celular dos veces: 409", async () => {
    const email = `doble.${unique()}@example.com`;
    await invite({ name: "Primera Vez", email, phone: "0412-5550002" });
    const again = await call(ctx.t, "POST", "/api/admin/sellers", ctx.admin.cookie, {
      name: "Otra Vez",
      email,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({
      code: "SELLER_CONTACT_TAKEN",
      message: "Ya hay un vendedor con ese correo.",
    });
    const phone = await call(ctx.t, "POST", "/api/admin/sellers", ctx.admin.cookie, {
      name: "Otro Celular",
      phone: "+58 412 555 0002",
    });
    expect(phone.json().error).toEqual({
      code: "SELLER_CONTACT_TAKEN",
      message: "Ya hay un vendedor con ese celular.",
    });
  });
});

describe("aceptar la invitación", () => {
  it("solo la cuenta del correo invitado, una vez; después el enlace ya no sirve", async () => {
    const invited = await signedInUser(ctx.t.app, { fullName: "Invitada" });
    const other = await signedInUser(ctx.t.app, { fullName: "Otra Persona" });
    const { seller, invitationUrl } = await invite({ name: "Invitada", email: invited.email.toUpperCase() });
    const token = tokenOf(invitationUrl);
    const accept = (cookie?: string, body: unknown = { token }) =>
      call(ctx.t, "POST", "/api/seller/invitations/accept", cookie, body);

    const visitor = await accept();
    expect(visitor.statusCode).toBe(401);
    const wrong = await accept(other.cookie);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toEqual({
      code: "SELLER_INVITATION_OTHER_ACCOUNT",
      message: `Esta invitación es para ${invited.email.toLowerCase()}. Inicia sesión con esa cuenta para aceptarla.`,
    });
    // One character changed (a token that already ends in "A" gets a "B": 1 run in 64 forged nothing).
    const forgedToken = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    const forged = await accept(invited.cookie, { token: forgedToken });
    expect(forged.statusCode).toBe(404);
    expect(forged.json().error.code).toBe("SELLER_INVITATION_INVALID");

    const me = async () => (await call(ctx.t, "GET", "/api/account/me", invited.cookie)).json().isSeller;
    expect(await me()).toBe(false);
    const ok = await accept(invited.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    // The session says so at once (the menu links the vendedor area), suspended or not.
    expect(await me()).toBe(true);
    expect(ok.json()).toEqual({ ok: true, sellerId: seller.id });
    const detail = await call(ctx.t, "GET", `/api/admin/sellers/${seller.id}`, ctx.admin.cookie);
    expect(detail.json()).toMatchObject({
      status: "active",
      invitationExpiresAt: null,
      account: { id: invited.id, email: invited.email },
    });
    const reused = await accept(invited.cookie);
    expect(reused.statusCode).toBe(404);
    expect(reused.json().error.message).toBe(
      "Esta invitación no es válida o ya venció. Pide al organizador que te envíe una nueva.",
    );
  });

  it("por celular: la acepta quien tiene el enlace; vencido, no; una cuenta es un solo vendedor", async () => {
    const account = await signedInUser(ctx.t.app);
    const first = await invite({ name: "Por Celular", phone: "0416-5550003" });
    const expired = await invite({ name: "Vencida", phone: "0416-5550004" });
    await db()
      .update(sellers)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(sellers.id, expired.seller.id));
    const late = await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, {
      token: tokenOf(expired.invitationUrl),
    });
    expect(late.statusCode).toBe(404);
    const ok = await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, {
      token: tokenOf(first.invitationUrl),
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const third = await invite({ name: "Tercera", phone: "0416-5550005" });
    const twice = await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, {
      token: tokenOf(third.invitationUrl),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe("SELLER_ALREADY");
    const [row] = await db().select().from(sellers).where(eq(sellers.id, third.seller.id));
    expect(row?.status).toBe("invited");
  });

  it("un enlace nuevo reemplaza al anterior; no hay enlace nuevo para quien ya aceptó", async () => {
    const account = await signedInUser(ctx.t.app);
    const { seller, invitationUrl } = await invite({ name: "Renovada", email: account.email });
    const renewed = await call(ctx.t, "POST", `/api/admin/sellers/${seller.id}/invitation`, ctx.admin.cookie);
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json().emailed).toBe(true);
    const old = await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, {
      token: tokenOf(invitationUrl),
    });
    expect(old.statusCode).toBe(404);
    const ok = await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, {
      token: tokenOf(renewed.json().invitationUrl),
    });
    expect(ok.statusCode).toBe(200);
    const again = await call(ctx.t, "POST", `/api/admin/sellers/${seller.id}/invitation`, ctx.admin.cookie);
    expect(again.statusCode).toBe(409);
  });
});

describe("rifas asignadas y el área del vendedor", () => {
  it("comisión y límite desde montos es-VE; el vendedor ve solo lo permitido y en venta", async () => {
    const { account, seller } = await activeSeller();
    const { id: active } = await createRaffle(ctx, { title: "Rifa Activa Vendedor", totalTickets: 10 });
    const { id: withdrawn } = await createRaffle(ctx, { title: "Rifa Retirada", totalTickets: 10 });
    const set = await assign(seller.id, active, {
      allowed: true,
      commissionKind: "fixed",
      commissionValue: "0,50",
      creditLimit: "1.194,56",
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().raffles).toEqual([
      expect.objectContaining({
        raffleId: active,
        allowed: true,
        commissionKind: "fixed",
        commissionValue: 0.5,
        creditLimit: 1194.56,
      }),
    ]);
    expect(
      (
        await assign(seller.id, withdrawn, {
          allowed: false,
          commissionKind: "percent",
          commissionValue: 10,
          creditLimit: 0,
        })
      ).statusCode,
    ).toBe(200);

    const me = await call(ctx.t, "GET", "/api/seller/me", account.cookie);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.headers["cache-control"]).toBe("no-store");
    expect(me.json()).toMatchObject({ seller: { id: seller.id, code: seller.code, status: "active" } });
    expect(me.json().raffles).toEqual([
      expect.objectContaining({
        raffleId: active,
        commissionKind: "fixed",
        commissionValue: 0.5,
        creditLimit: 1194.56,
      }),
    ]);

    // Terms changed later apply from then on; the audit keeps both.
    await assign(seller.id, active, {
      allowed: true,
      commissionKind: "percent",
      commissionValue: "12,5",
      creditLimit: 0,
    });
    const audits = await db()
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "seller.assign"), eq(auditLog.entityId, seller.id)))
      .orderBy(auditLog.id);
    expect(audits.at(-1)?.before).toMatchObject({
      raffleId: active,
      commissionKind: "fixed",
      commissionValue: 0.5,
    });
    expect(audits.at(-1)?.after).toMatchObject({ commissionKind: "percent", commissionValue: 12.5 });
  });

  it("términos inválidos: 400 en español; una rifa terminada no se asigna; nada escrito", async () => {
    const { seller } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10 });
    for (const [body, message] of [
      [
        { allowed: true, commissionKind: "percent", commissionValue: "101", creditLimit: 0 },
        "El porcentaje de comisión va de 0 a 100.",
      ],
      [
        { allowed: true, commissionKind: "fixed", commissionValue: "1,194.56", creditLimit: 0 },
        "Comisión: Escribe el monto como en",
      ],
      [
        { allowed: true, commissionKind: "fixed", commissionValue: "1", creditLimit: "-5" },
        "Límite de efectivo: El monto no puede ser negativo.",
      ],
      [
        { allowed: true, commissionKind: "bono", commissionValue: "1", creditLimit: 0 },
        "Elige si la comisión es un porcentaje o un monto fijo por boleto.",
      ],
    ] as const) {
      const response = await assign(seller.id, raffleId, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
    await db()
      .update(raffles)
      .set({ status: "cancelled", cancelledAt: new Date(), cancelReason: "Prueba" })
      .where(eq(raffles.id, raffleId));
    const cancelled = await assign(seller.id, raffleId, {
      allowed: true,
      commissionKind: "percent",
      commissionValue: 5,
      creditLimit: 0,
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe("Solo se asignan rifas próximas o activas.");
    const rows = await db().select().from(sellerRaffles).where(eq(sellerRaffles.sellerId, seller.id));
    expect(rows).toEqual([]);
    const missing = await assign(seller.id, "00000000-0000-4000-8000-000000000000", {
      allowed: true,
      commissionKind: "percent",
      commissionValue: 5,
      creditLimit: 0,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("la base de datos rechaza una comisión imposible aunque el servicio fallara", async () => {
    const { seller } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 10 });
    await expect(
      db().insert(sellerRaffles).values({
        sellerId: seller.id,
        raffleId,
        commissionKind: "percent",
        commissionValue: 150,
        creditLimit: 0,
      }),
    ).rejects.toThrow();
    await expect(
      db().insert(sellerRaffles).values({
        sellerId: seller.id,
        raffleId,
        commissionKind: "fixed",
        commissionValue: 1,
        creditLimit: -1,
      }),
    ).rejects.toThrow();
    // Accepted without an account, or active without one: refused by sellers_invitation_check.
    await expect(
      db().update(sellers).set({ status: "active" }).where(eq(sellers.name, "Rosa Calle")),
    ).rejects.toThrow();
  });

  it("quien no es vendedor recibe 403 con el mensaje; el visitante 401", async () => {
    const visitor = await call(ctx.t, "GET", "/api/seller/me");
    expect(visitor.statusCode).toBe(401);
    const user = await call(ctx.t, "GET", "/api/seller/me", ctx.user.cookie);
    expect(user.statusCode).toBe(403);
    expect(user.json().error).toEqual({
      code: "NOT_A_SELLER",
      message: "Tu cuenta no es de vendedor. Si un organizador te invitó, abre el enlace de la invitación.",
    });
    const admin = await call(ctx.t, "GET", "/api/seller/me", ctx.admin.cookie);
    expect(admin.statusCode).toBe(403);
  });
});

describe("suspender", () => {
  it("al instante: el área responde 403 en la petición siguiente; reactivado, vuelve", async () => {
    const { account, seller } = await activeSeller();
    const suspended = await call(ctx.t, "POST", `/api/admin/sellers/${seller.id}/suspend`, ctx.admin.cookie);
    expect(suspended.statusCode, suspended.body).toBe(200);
    expect(suspended.json()).toMatchObject({ status: "suspended", suspendedAt: expect.any(String) });
    const me = await call(ctx.t, "GET", "/api/seller/me", account.cookie);
    expect(me.statusCode).toBe(403);
    expect(me.json().error).toEqual({
      code: "SELLER_SUSPENDED",
      message:
        "Tu cuenta de vendedor está suspendida: no puedes vender. Habla con el organizador para aclararlo.",
    });
    // Suspending the vendedor is not suspending the account: it still buys like anyone, and its menu
    // still leads to the area, which says why it cannot sell.
    const session = await call(ctx.t, "GET", "/api/account/me", account.cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json().isSeller).toBe(true);
    const again = await call(ctx.t, "POST", `/api/admin/sellers/${seller.id}/suspend`, ctx.admin.cookie);
    expect(again.statusCode).toBe(200);
    const reactivated = await call(
      ctx.t,
      "POST",
      `/api/admin/sellers/${seller.id}/reactivate`,
      ctx.admin.cookie,
    );
    expect(reactivated.json()).toMatchObject({ status: "active", suspendedAt: null });
    expect((await call(ctx.t, "GET", "/api/seller/me", account.cookie)).statusCode).toBe(200);
    const actions = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, seller.id))
      .orderBy(auditLog.id);
    expect(
      actions.map((a) => a.action).filter((a) => a === "seller.suspend" || a === "seller.reactivate"),
    ).toEqual(["seller.suspend", "seller.reactivate"]);
  });

  it("una invitación sin aceptar no se suspende (409); un id que no existe es 404", async () => {
    const { seller } = await invite({ name: "Sin Aceptar", phone: "0414-5550006" });
    const response = await call(ctx.t, "POST", `/api/admin/sellers/${seller.id}/suspend`, ctx.admin.cookie);
    expect(response.statusCode).toBe(409);
    for (const id of ["00000000-0000-4000-8000-000000000000", "no-es-un-id"]) {
      const missing = await call(ctx.t, "GET", `/api/admin/sellers/${id}`, ctx.admin.cookie);
      expect(missing.statusCode).toBe(404);
      expect(missing.json().error).toEqual({ code: "SELLER_NOT_FOUND", message: "Vendedor no encontrado." });
    }
  });
});

describe("el enlace del vendedor acredita la compra", () => {
  const png = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 8, b: 7 } } })
      .png()
      .toBuffer();

  async function payReservation(cookie: string, raffleId: string, reservationId: string) {
    const body = multipartBody(
      {
        raffleId,
        reservationId,
        paymentMethod: "zelle",
        currency: "USD",
        amount: "10",
        transactionRef: `REF-${randomBytes(5).readUIntBE(0, 5)}`,
      },
      { name: "pago.png", type: "image/png", data: await png() },
    );
    const response = await ctx.t.app.inject({
      method: "POST",
      url: "/api/proofs",
      payload: body.payload,
      headers: { ...body.headers, cookie },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { id: string }).id;
  }

  const reserve = (cookie: string, raffleId: string, body: Record<string, unknown>) =>
    call(ctx.t, "POST", `/api/raffles/${raffleId}/reservations`, cookie, body);

  it("se acredita al vendedor que puede vender la rifa, y su área cuenta los boletos", async () => {
    const { account, seller } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Con Enlace", totalTickets: 100 });
    const terms = { allowed: true, commissionKind: "percent", commissionValue: 10, creditLimit: 0 };
    expect((await assign(seller.id, raffleId, terms)).statusCode).toBe(200);
    const buyer = await signedInUser(ctx.t.app);
    // Written as a person would copy it from a flyer: lower case, with a dash.
    const typed = `${seller.code.slice(0, 3).toLowerCase()}-${seller.code.slice(3)}`;
    const held = await reserve(buyer.cookie, raffleId, { quantity: 2, sellerCode: typed });
    expect(held.statusCode, held.body).toBe(201);
    expect(held.json().sellerCode).toBe(seller.code);
    const [row] = await db().select().from(reservations).where(eq(reservations.id, held.json().id));
    expect(row?.sellerId).toBe(seller.id);
    // The terms say the price is the same with or without a link: another buyer, same quantity, no code.
    const plain = await reserve((await signedInUser(ctx.t.app)).cookie, raffleId, { quantity: 2 });
    expect(plain.statusCode, plain.body).toBe(201);
    expect(plain.json().sellerCode).toBeNull();
    expect(held.json().pricing).toEqual(plain.json().pricing);

    const area = async () => {
      const me = await call(ctx.t, "GET", "/api/seller/me", account.cookie);
      expect(me.statusCode, me.body).toBe(200);
      return me.json().raffles.find((r: { raffleId: string }) => r.raffleId === raffleId);
    };
    expect(await area()).toMatchObject({
      linkPath: `/rifas/${raffleId}?v=${seller.code}`,
      linkTickets: { approved: 0, underReview: 0 },
    });
    const proofId = await payReservation(buyer.cookie, raffleId, held.json().id);
    expect((await area()).linkTickets).toEqual({ approved: 0, underReview: 2 });
    const approved = await call(ctx.t, "POST", `/api/admin/proofs/${proofId}/approve`, ctx.admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await area()).linkTickets).toEqual({ approved: 2, underReview: 0 });
    // The terms say the vendedor sees how many tickets, never who bought them or which numbers.
    const seen = (await call(ctx.t, "GET", "/api/seller/me", account.cookie)).body;
    const sold = await db()
      .select({ n: tickets.ticketNumber })
      .from(tickets)
      .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")));
    expect(sold).toHaveLength(2);
    for (const secret of [buyer.id, buyer.email, held.json().id, proofId, ...sold.map((t) => `"${t.n}"`)])
      expect(seen).not.toContain(String(secret));
    expect(seen).not.toMatch(/numbers|buyer|email/i);
  });

  it("un código que no acredita a nadie nunca impide comprar: se ignora", async () => {
    const { account, seller } = await activeSeller();
    const { seller: suspended } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 100 });
    const { id: otherRaffle } = await createRaffle(ctx, { totalTickets: 100 });
    const terms = { allowed: true, commissionKind: "percent", commissionValue: 10, creditLimit: 0 };
    await assign(seller.id, otherRaffle, terms);
    await assign(suspended.id, raffleId, terms);
    await call(ctx.t, "POST", `/api/admin/sellers/${suspended.id}/suspend`, ctx.admin.cookie);
    const { seller: withdrawn } = await activeSeller();
    await assign(withdrawn.id, raffleId, { ...terms, allowed: false });

    for (const [label, code, cookie] of [
      ["otra rifa", seller.code, undefined],
      ["suspendido", suspended.code, undefined],
      ["retirado", withdrawn.code, undefined],
      ["inexistente", "ZZZZZZ", undefined],
      ["mal escrito", "<script>", undefined],
      ["demasiado largo", "A".repeat(20), undefined],
    ] as const) {
      const buyer = cookie ?? (await signedInUser(ctx.t.app)).cookie;
      const held = await reserve(buyer, raffleId, { quantity: 2, sellerCode: code });
      expect(held.statusCode, `${label}: ${held.body}`).toBe(201);
      expect(held.json().sellerCode, label).toBeNull();
    }
    const tooLong = await reserve((await signedInUser(ctx.t.app)).cookie, raffleId, {
      quantity: 2,
      sellerCode: "A".repeat(21),
    });
    expect(tooLong.statusCode).toBe(400);

    // A vendedor buying through their own link earns nothing from it.
    await assign(seller.id, raffleId, terms);
    const own = await reserve(account.cookie, raffleId, { quantity: 2, sellerCode: seller.code });
    expect(own.statusCode, own.body).toBe(201);
    expect(own.json().sellerCode).toBeNull();
  });

  it("el formulario sin JavaScript lleva el código en `vendedor`", async () => {
    const { seller } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 100 });
    await assign(seller.id, raffleId, {
      allowed: true,
      commissionKind: "fixed",
      commissionValue: 1,
      creditLimit: 0,
    });
    const buyer = await signedInUser(ctx.t.app);
    const response = await ctx.t.app.inject({
      method: "POST",
      url: `/api/raffles/${raffleId}/reservations`,
      headers: {
        cookie: buyer.cookie,
        "content-type": "application/x-www-form-urlencoded",
        origin: ctx.t.app.ctx.config.publicUrl,
      },
      payload: `cantidad=2&vendedor=${seller.code}`,
    });
    expect(response.statusCode, response.body).toBe(303);
    const [row] = await db()
      .select({ sellerId: reservations.sellerId })
      .from(reservations)
      .where(eq(reservations.raffleId, raffleId));
    expect(row?.sellerId).toBe(seller.id);
  });
});

describe("la comisión en el libro de los vendedores", () => {
  const reserve = (cookie: string, raffleId: string, body: Record<string, unknown>) =>
    call(ctx.t, "POST", `/api/raffles/${raffleId}/reservations`, cookie, body);

  async function paidThroughLink(raffleId: string, code: string) {
    const buyer = await signedInUser(ctx.t.app);
    const held = await reserve(buyer.cookie, raffleId, { quantity: 2, sellerCode: code });
    expect(held.statusCode, held.body).toBe(201);
    const body = multipartBody(
      {
        raffleId,
        reservationId: held.json().id,
        paymentMethod: "zelle",
        currency: "USD",
        amount: String(held.json().pricing.total),
        transactionRef: `REF-${randomBytes(5).readUIntBE(0, 5)}`,
      },
      {
        name: "pago.png",
        type: "image/png",
        data: await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } })
          .png()
          .toBuffer(),
      },
    );
    const sent = await ctx.t.app.inject({
      method: "POST",
      url: "/api/proofs",
      payload: body.payload,
      headers: { ...body.headers, cookie: buyer.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const proofId = (sent.json() as { id: string }).id;
    const approved = await call(ctx.t, "POST", `/api/admin/proofs/${proofId}/approve`, ctx.admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    return { proofId, total: held.json().pricing.total as number };
  }

  const postingsOf = (proofId: string) =>
    db()
      .select({ entry: sellerLedger.entry, account: sellerLedger.account, amount: sellerLedger.amount })
      .from(sellerLedger)
      .where(eq(sellerLedger.paymentProofId, proofId))
      .orderBy(sellerLedger.id);

  async function owedTo(account: { cookie: string }, raffleId: string) {
    const me = await call(ctx.t, "GET", "/api/seller/me", account.cookie);
    return me.json().raffles.find((r: { raffleId: string }) => r.raffleId === raffleId)?.commissionOwed;
  }

  it("la aprobación la asienta en partida doble; el vendedor y el organizador ven el mismo saldo", async () => {
    const { account, seller } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 100 });
    await assign(seller.id, raffleId, {
      allowed: true,
      commissionKind: "percent",
      commissionValue: "12,5",
      creditLimit: 0,
    });
    const { proofId, total } = await paidThroughLink(raffleId, seller.code);
    const commission = Math.round(total * 12.5) / 100;
    const postings = await postingsOf(proofId);
    expect(postings.map(({ account, amount }) => ({ account, amount }))).toEqual([
      { account: "commission_expense", amount: commission },
      { account: "commission_payable", amount: -commission },
    ]);
    expect(new Set(postings.map((p) => p.entry)).size).toBe(1);
    expect(await owedTo(account, raffleId)).toBe(commission);
    const detail = await call(ctx.t, "GET", `/api/admin/sellers/${seller.id}`, ctx.admin.cookie);
    expect(detail.json().raffles[0]).toMatchObject({ raffleId, commissionOwed: commission });

    // Fixed per ticket, on a second purchase: the balance adds up.
    await assign(seller.id, raffleId, {
      allowed: true,
      commissionKind: "fixed",
      commissionValue: "0,75",
      creditLimit: 0,
    });
    await paidThroughLink(raffleId, seller.code);
    expect(await owedTo(account, raffleId)).toBe(Math.round((commission + 1.5) * 100) / 100);

    // Approving again changes nothing.
    await call(ctx.t, "POST", `/api/admin/proofs/${proofId}/approve`, ctx.admin.cookie);
    expect(await postingsOf(proofId)).toHaveLength(2);
  });

  it("una rifa cancelada y un comprobante eliminado revierten la comisión con asientos nuevos", async () => {
    const { account, seller } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 100 });
    await assign(seller.id, raffleId, {
      allowed: true,
      commissionKind: "fixed",
      commissionValue: 1,
      creditLimit: 0,
    });
    const first = await paidThroughLink(raffleId, seller.code);
    const second = await paidThroughLink(raffleId, seller.code);
    expect(await owedTo(account, raffleId)).toBe(4);

    const deleted = await call(ctx.t, "DELETE", `/api/admin/proofs/${first.proofId}`, ctx.admin.cookie);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await postingsOf(first.proofId)).map((p) => p.amount)).toEqual([2, -2, -2, 2]);
    expect(await owedTo(account, raffleId)).toBe(2);

    const cancelled = await call(ctx.t, "POST", `/api/admin/raffles/${raffleId}/cancel`, ctx.admin.cookie, {
      reason: "El premio no llegó a tiempo.",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await postingsOf(second.proofId)).map((p) => p.amount)).toEqual([2, -2, -2, 2]);
    const detail = await call(ctx.t, "GET", `/api/admin/sellers/${seller.id}`, ctx.admin.cookie);
    expect(detail.json().raffles[0]).toMatchObject({ raffleId, commissionOwed: 0 });
  });

  it("la liquidación paga hasta lo que se debe, una a la vez, y ambos lados ven el mismo saldo", async () => {
    const { account, seller } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 100 });
    const { id: unassigned } = await createRaffle(ctx, { totalTickets: 100 });
    await assign(seller.id, raffleId, {
      allowed: true,
      commissionKind: "fixed",
      commissionValue: 1,
      creditLimit: 0,
    });
    await paidThroughLink(raffleId, seller.code);
    const settle = (body: Record<string, unknown>, raffle = raffleId) =>
      call(
        ctx.t,
        "POST",
        `/api/admin/sellers/${seller.id}/raffles/${raffle}/settlements`,
        ctx.admin.cookie,
        body,
      );

    for (const [body, message] of [
      [{ amount: "0", method: "efectivo" }, "El monto pagado debe ser mayor que cero."],
      [{ amount: "1", method: "zelle" }, "Escribe la referencia del pago (solo el efectivo no la lleva)."],
      [{ amount: "1", method: "cheque" }, "Elige cómo pagaste la comisión."],
      [{ amount: "1.5", method: "efectivo", note: "x".repeat(201) }, "La nota admite hasta 200 caracteres."],
    ] as const) {
      const response = await settle(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.body).toContain(message);
    }
    const tooMuch = await settle({ amount: "2,01", method: "efectivo" });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error.message).toMatch(
      /^El pago supera la comisión por pagar de esta rifa \(\$\s?2,00\)\.$/,
    );
    const other = await settle({ amount: "1", method: "efectivo" }, unassigned);
    expect(other.statusCode).toBe(404);
    expect(other.json().error.message).toBe("Este vendedor no tiene esa rifa asignada.");

    const paid = await settle({
      amount: "1,50",
      method: "pago_movil",
      reference: " 0102-99887766 ",
      note: "Noviembre",
    });
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().raffles[0]).toMatchObject({ commissionOwed: 0.5, commissionPaid: 1.5 });
    expect(paid.json().settlements).toEqual([
      expect.objectContaining({
        raffleId,
        amount: 1.5,
        currency: "USD",
        method: "pago_movil",
        reference: "0102-99887766",
        note: "Noviembre",
      }),
    ]);
    const me = await call(ctx.t, "GET", "/api/seller/me", account.cookie);
    expect(me.json().raffles[0]).toMatchObject({ raffleId, commissionOwed: 0.5, commissionPaid: 1.5 });

    // Two payments of the last 0,50 at once: the second sees what the first left.
    const race = await Promise.all([
      settle({ amount: "0,50", method: "efectivo" }),
      settle({ amount: "0,50", method: "efectivo" }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await db().select().from(sellerLedger).where(eq(sellerLedger.sellerId, seller.id));
    const sum = (account: string) =>
      Math.round(
        rows.filter((r) => r.account === account).reduce((total, r) => total + Number(r.amount), 0) * 100,
      ) / 100;
    expect({
      payable: sum("commission_payable"),
      paid: sum("commission_paid"),
      expense: sum("commission_expense"),
    }).toEqual({
      payable: 0,
      paid: -2,
      expense: 2,
    });
    const audits = await db()
      .select({ after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.action, "seller.settle"), eq(auditLog.entityId, seller.id)));
    expect(audits).toHaveLength(2);
  });

  it("el reporte por vendedor y rifa cuadra con el libro, en CSV y en Excel, sin fórmulas", async () => {
    const { seller } = await activeSeller();
    await db().update(sellers).set({ name: "=HYPERLINK(1)" }).where(eq(sellers.id, seller.id));
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Reporte", totalTickets: 100 });
    await assign(seller.id, raffleId, {
      allowed: true,
      commissionKind: "fixed",
      commissionValue: "1,25",
      creditLimit: "50",
    });
    await paidThroughLink(raffleId, seller.code);
    const paid = await call(
      ctx.t,
      "POST",
      `/api/admin/sellers/${seller.id}/raffles/${raffleId}/settlements`,
      ctx.admin.cookie,
      {
        amount: "2",
        method: "efectivo",
      },
    );
    expect(paid.statusCode, paid.body).toBe(201);
    const csv = await call(ctx.t, "GET", "/api/admin/exports/sellers.csv", ctx.admin.cookie);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain("vendedores_rifazo.csv");
    const lines = csv.body.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe(
      '"Vendedor","Código","Estado","Rifa","Moneda","Puede Vender","Comisión","Valor de la Comisión","Límite de Efectivo","Boletos Aprobados por su Enlace","Boletos en Revisión por su Enlace","Comisión Ganada","Comisión Pagada","Comisión por Pagar","Efectivo por Entregar","Asignada el"',
    );
    const row = lines.find((line) => line.includes("Rifa Reporte")) ?? "";
    expect(row).toMatch(/^"'=HYPERLINK\(1\)",/);
    expect(row).toContain(
      `"${seller.code}","Activo","Rifa Reporte","USD","Sí","Monto por boleto",1.25,50,2,0,2.5,2,0.5,0,`,
    );
    const xlsx = await call(ctx.t, "GET", "/api/admin/exports/sellers.xlsx", ctx.admin.cookie);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe("PK");
  });

  it("el libro no se reescribe ni acepta un asiento que no cuadra", async () => {
    const { seller } = await activeSeller();
    const { id: raffleId } = await createRaffle(ctx, { totalTickets: 100 });
    const entry = randomUUID();
    const posting = {
      entry,
      sellerId: seller.id,
      raffleId,
      account: "commission_expense",
      amount: 5,
      currency: "USD",
      reason: "prueba",
    };
    await expect(db().transaction(async (tx) => tx.insert(sellerLedger).values(posting))).rejects.toThrow();
    expect(await db().select().from(sellerLedger).where(eq(sellerLedger.entry, entry))).toEqual([]);
    await db()
      .insert(sellerLedger)
      .values([posting, { ...posting, account: "commission_payable", amount: -5 }]);
    await expect(
      db().update(sellerLedger).set({ amount: 50 }).where(eq(sellerLedger.entry, entry)),
    ).rejects.toThrow();
    await expect(db().delete(sellerLedger).where(eq(sellerLedger.entry, entry))).rejects.toThrow();
    expect(await db().select().from(sellerLedger).where(eq(sellerLedger.entry, entry))).toHaveLength(2);
  });
});
