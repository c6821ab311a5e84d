// The vendedores' leaderboard per raffle (docs/decisions/0034-vendedores.md): tickets of approved purchases
// each vendedor sold or brought through their link, ties to who got there first; the organiser's view, the
// vendedor's own place, and the raffle page's, only when the organiser makes it public.
import { randomBytes, randomUUID } from "node:crypto";
import { LEADERBOARD_MESSAGES } from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, paymentProofs, raffles } from "../src/db/schema";
import { publicSellerName } from "../src/modules/sellers/leaderboard";
import { call, createRaffle, expectAdminOnly, useAdminTest } from "./admin-fixtures";
import { signedInUser } from "./helpers";
import { multipartBody, tinyPng } from "./multipart";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
let phones = 0;

/** An active vendedor called `name`, allowed to sell `raffleId` (cash up to 1.000). */
async function sellerNamed(name: string, raffleId: string) {
  const account = await signedInUser(ctx.t.app, { fullName: name });
  const invited = await call(ctx.t, "POST", "/api/admin/sellers", ctx.admin.cookie, {
    name,
    email: account.email,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const { seller, invitationUrl } = invited.json();
  const token = new URL(invitationUrl).searchParams.get("token");
  const accepted = await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, { token });
  expect(accepted.statusCode, accepted.body).toBe(200);
  const terms = { allowed: true, commissionKind: "percent", commissionValue: 10, creditLimit: 1000 };
  const assigned = await call(
    ctx.t,
    "PUT",
    `/api/admin/sellers/${seller.id}/raffles/${raffleId}`,
    ctx.admin.cookie,
    terms,
  );
  expect(assigned.statusCode, assigned.body).toBe(200);
  return { account, id: seller.id as string, code: seller.code as string };
}

/** A sale the vendedor records: cash is approved at once, Zelle waits for review. Returns its id. */
async function sale(cookie: string, raffleId: string, quantity: number, method = "efectivo_usd") {
  phones += 1;
  const response = await call(ctx.t, "POST", "/api/seller/sales", cookie, {
    saleId: randomUUID(),
    raffleId,
    quantity,
    buyerName: "Compradora Calle",
    buyerPhone: `0414-55${String(phones).padStart(5, "0")}`,
    method,
    amount: `${quantity * 5},00`,
    ...(method === "efectivo_usd" ? {} : { reference: `ZL-${randomBytes(4).toString("hex")}` }),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A buyer's purchase through the vendedor's link, with its proof; approved unless told otherwise. */
async function linkPurchase(raffleId: string, code: string, approve = true) {
  const buyer = await signedInUser(ctx.t.app);
  const held = await call(ctx.t, "POST", `/api/raffles/${raffleId}/reservations`, buyer.cookie, {
    quantity: 2,
    sellerCode: code,
  });
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
    { name: "pago.png", type: "image/png", data: await tinyPng() },
  );
  const sent = await ctx.t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie: buyer.cookie },
  });
  expect(sent.statusCode, sent.body).toBe(201);
  const proofId = sent.json().id as string;
  if (approve) {
    const approved = await call(ctx.t, "POST", `/api/admin/proofs/${proofId}/approve`, ctx.admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
  }
  return proofId;
}

const board = async (raffleId: string) => {
  const response = await call(
    ctx.t,
    "GET",
    `/api/admin/sellers/raffles/${raffleId}/leaderboard`,
    ctx.admin.cookie,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const placesOf = async (raffleId: string) =>
  (await board(raffleId)).items.map((i: { position: number; name: string; tickets: number }) => [
    i.position,
    i.name,
    i.tickets,
  ]);
const setSwitch = (raffleId: string, body: unknown, cookie = ctx.admin.cookie) =>
  call(ctx.t, "PUT", `/api/admin/sellers/raffles/${raffleId}/leaderboard`, cookie, body);
const approvedAt = (proofId: string, at: string) =>
  db()
    .update(paymentProofs)
    .set({ reviewedAt: new Date(at) })
    .where(eq(paymentProofs.id, proofId));

describe("la clasificación", () => {
  it("cuenta ventas y compras con enlace aprobadas; ni en revisión ni rechazadas; el empate lo gana quien llegó primero", async () => {
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Clasificación", totalTickets: 100 });
    const ana = await sellerNamed("Ana González", raffleId);
    const beatriz = await sellerNamed("Beatriz Díaz", raffleId);
    const carla = await sellerNamed("Carla Pérez", raffleId);
    const dora = await sellerNamed("Dora", raffleId);

    await sale(ana.account.cookie, raffleId, 4);
    const carlaSale = await sale(carla.account.cookie, raffleId, 2);
    const beatrizLink = await linkPurchase(raffleId, beatriz.code);
    // Not counted: a link purchase and a Zelle sale under review, a Zelle sale rejected.
    await linkPurchase(raffleId, beatriz.code, false);
    await sale(beatriz.account.cookie, raffleId, 2, "zelle");
    const refused = await sale(beatriz.account.cookie, raffleId, 2, "zelle");
    const rejected = await call(ctx.t, "POST", `/api/admin/proofs/${refused}/reject`, ctx.admin.cookie, {
      adminNotes: "No llegó",
    });
    expect(rejected.statusCode, rejected.body).toBe(200);

    const whole = await board(raffleId);
    expect(whole).toMatchObject({ raffleId, currency: "USD", public: false });
    expect(whole.items).toEqual([
      {
        position: 1,
        sellerId: ana.id,
        name: "Ana González",
        code: ana.code,
        status: "active",
        tickets: 4,
        collected: 20,
      },
      expect.objectContaining({ position: 2, sellerId: carla.id, tickets: 2, collected: 10 }),
      expect.objectContaining({ position: 3, sellerId: beatriz.id, tickets: 2, collected: 10 }),
    ]);

    // Carla reached 2 first; approved at the same moment, the name decides; earlier, Beatriz goes ahead.
    await approvedAt(carlaSale, "2026-03-01T12:00:00Z");
    await approvedAt(beatrizLink, "2026-03-01T12:00:00Z");
    expect(await placesOf(raffleId)).toEqual([
      [1, "Ana González", 4],
      [2, "Beatriz Díaz", 2],
      [3, "Carla Pérez", 2],
    ]);
    await approvedAt(carlaSale, "2026-03-01T12:00:01Z");
    await approvedAt(beatrizLink, "2026-03-01T12:00:02Z");
    expect((await placesOf(raffleId)).map(([, name]: [number, string]) => name)).toEqual([
      "Ana González",
      "Carla Pérez",
      "Beatriz Díaz",
    ]);

    // Each vendedor sees their own place in their area; one without tickets has none yet.
    const area = async (cookie: string) => {
      const me = await call(ctx.t, "GET", "/api/seller/me", cookie);
      expect(me.statusCode, me.body).toBe(200);
      return me.json().raffles.find((r: { raffleId: string }) => r.raffleId === raffleId);
    };
    expect((await area(beatriz.account.cookie)).ranking).toEqual({ position: 3, of: 3, tickets: 2 });
    expect((await area(ana.account.cookie)).ranking).toEqual({ position: 1, of: 3, tickets: 4 });
    expect((await area(dora.account.cookie)).ranking).toBeNull();
    // What each one collected stays with the organiser.
    expect(JSON.stringify(await area(beatriz.account.cookie))).not.toContain(ana.code);
  });

  it("el nombre público es el primero y la inicial del segundo", () => {
    expect(publicSellerName("María González Pérez")).toBe("María G.");
    expect(publicSellerName("  ángel   ñúñez ")).toBe("ángel Ñ.");
    expect(publicSellerName("Dora")).toBe("Dora");
  });
});

describe("en la página de la rifa", () => {
  it("404 mientras el organizador no la muestre; pública, solo nombre e inicial, puesto y boletos", async () => {
    const { id: raffleId } = await createRaffle(ctx, { title: "Rifa Pública", totalTickets: 100 });
    const ana = await sellerNamed("Ana Gómez", raffleId);
    const beto = await sellerNamed("Beto Ruiz Salas", raffleId);
    await sale(ana.account.cookie, raffleId, 3);
    await sale(beto.account.cookie, raffleId, 2);
    const url = `/api/raffles/${raffleId}/sellers-leaderboard`;

    const hidden = await call(ctx.t, "GET", url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json().error.message).toBe(LEADERBOARD_MESSAGES.hidden);
    expect((await call(ctx.t, "GET", `/api/raffles/${raffleId}`)).json().sellerLeaderboardPublic).toBe(false);

    await expectAdminOnly(ctx, "PUT", `/api/admin/sellers/raffles/${raffleId}/leaderboard`, { public: true });
    await expectAdminOnly(ctx, "GET", `/api/admin/sellers/raffles/${raffleId}/leaderboard`);
    const bad = await setSwitch(raffleId, { public: "sí" });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(LEADERBOARD_MESSAGES.switch);
    expect((await call(ctx.t, "GET", url)).statusCode).toBe(404);

    const on = await setSwitch(raffleId, { public: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().public).toBe(true);
    // Switching it on again changes nothing and records nothing.
    expect((await setSwitch(raffleId, { public: true })).statusCode).toBe(200);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "raffle.seller_leaderboard"), eq(auditLog.entityId, raffleId)));
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({
      actorId: ctx.admin.id,
      entity: "raffle",
      before: { sellerLeaderboardPublic: false },
      after: { sellerLeaderboardPublic: true },
    });
    // The raffle's cached page says so at once.
    expect((await call(ctx.t, "GET", `/api/raffles/${raffleId}`)).json().sellerLeaderboardPublic).toBe(true);

    for (const cookie of [undefined, ctx.user.cookie, beto.account.cookie, ctx.admin.cookie]) {
      const shown = await call(ctx.t, "GET", url, cookie);
      expect(shown.statusCode, shown.body).toBe(200);
      expect(shown.json()).toEqual({
        items: [
          { position: 1, name: "Ana G.", tickets: 3 },
          { position: 2, name: "Beto R.", tickets: 2 },
        ],
      });
      for (const secret of [ana.code, beto.code, ana.id, beto.id, ana.account.email, "Gómez", "Salas", "15"])
        expect(shown.body).not.toContain(secret);
      expect(shown.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(shown.headers.etag).toBeTruthy();
    }
    const etag = String((await call(ctx.t, "GET", url)).headers.etag);
    const again = await call(ctx.t, "GET", url, undefined, undefined, { headers: { "if-none-match": etag } });
    expect(again.statusCode).toBe(304);

    const off = await setSwitch(raffleId, { public: false });
    expect(off.json().public).toBe(false);
    expect((await call(ctx.t, "GET", url)).statusCode).toBe(404);
    const [row] = await db()
      .select({ shown: raffles.sellerLeaderboardPublic })
      .from(raffles)
      .where(eq(raffles.id, raffleId));
    expect(row?.shown).toBe(false);
  });

  it("una rifa que no existe, o un id mal escrito: 404 en español", async () => {
    for (const id of [randomUUID(), "no-es-un-id"]) {
      const shown = await call(ctx.t, "GET", `/api/raffles/${id}/sellers-leaderboard`);
      expect(shown.statusCode).toBe(404);
      expect(shown.json().error.code).toBe("RAFFLE_NOT_FOUND");
      const admin = await setSwitch(id, { public: true });
      expect(admin.statusCode).toBe(404);
    }
  });
});
