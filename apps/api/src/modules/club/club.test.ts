import { CLUB_MESSAGES, type Club, type RedeemResult, type RewardList } from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import { notifications, pointsHistory, rewardRedemptions, rewards, users } from "../../db/schema";
import { ledgerSum } from "../points/repository";
import { applyPointsChange } from "../points/service";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
const reward: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.app.ctx.db
    .insert(rewards)
    .values([
      { title: "Boleto Gratis", description: "Un boleto en cualquier rifa", pointsRequired: 100 },
      { title: "Camiseta Rifazo", pointsRequired: 200 },
      { title: "Entrada VIP", pointsRequired: 150, requiredLevel: "Diamante" },
      { title: "Bono Oro", pointsRequired: 1000, requiredLevel: "Oro" },
      { title: "Retirada", pointsRequired: 50, isActive: false },
    ])
    .returning();
  for (const row of rows) reward[row.title] = row.id;
});
afterAll(async () => {
  await t?.close();
});

async function givePoints(userId: string, change: number, reason = "Pago aprobado") {
  await t.app.ctx.db.transaction((tx) => applyPointsChange(tx, { userId, change, reason }));
}

async function balance(userId: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, userId));
  return {
    points: row?.rifazoPoints ?? Number.NaN,
    level: row?.rifazoLevel,
    ledger: await ledgerSum(t.app.ctx.db, userId),
  };
}

function redeem(rewardId: string, cookie?: string, payload?: object) {
  return t.app.inject({
    method: "POST",
    url: `/api/club/rewards/${rewardId}/redeem`,
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
}

function club(cookie?: string) {
  return t.app.inject({ method: "GET", url: "/api/club", headers: cookie ? { cookie } : {} });
}

describe("GET /api/club y /api/club/rewards", () => {
  it("las recompensas activas son públicas, de menor a mayor puntaje", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/club/rewards" });
    expect(response.statusCode).toBe(200);
    const body = response.json() as RewardList;
    expect(body.items.map((r) => [r.title, r.pointsRequired, r.requiredLevel])).toEqual([
      ["Boleto Gratis", 100, "Bronce"],
      ["Entrada VIP", 150, "Diamante"],
      ["Camiseta Rifazo", 200, "Bronce"],
      ["Bono Oro", 1000, "Oro"],
    ]);
  });

  it("anónimo: 401; usuario nuevo: Bronce con 0 puntos y nada canjeable", async () => {
    expect((await club()).statusCode).toBe(401);
    const user = await signedInUser(t.app);
    const response = await club(user.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json() as Club;
    expect(body).toMatchObject({
      points: 0,
      level: "Bronce",
      levelLabel: "Nivel Bronce",
      nextLevel: "Plata",
      pointsToNextLevel: 500,
      progress: 0,
      history: [],
      redemptions: [],
    });
    expect(body.rewards.map((r) => r.title)).toEqual([
      "Boleto Gratis",
      "Entrada VIP",
      "Camiseta Rifazo",
      "Bono Oro",
    ]);
    expect(body.rewards.every((r) => !r.redeemable)).toBe(true);
    expect(body.rewards[0]).toMatchObject({
      hasEnoughPoints: false,
      hasRequiredLevel: true,
      missingPoints: 100,
    });
  });

  it("muestra puntos, nivel, progreso e historial (más nuevo primero) del usuario", async () => {
    const user = await signedInUser(t.app);
    await givePoints(user.id, 1000, "Pago aprobado: Moto");
    await givePoints(user.id, 600, "Pago aprobado: TV");
    const body = (await club(user.cookie)).json() as Club;
    expect(body).toMatchObject({
      points: 1600,
      level: "Oro",
      nextLevel: "Diamante",
      pointsToNextLevel: 3400,
    });
    expect(body.progress).toBeCloseTo((100 / 3500) * 100, 6);
    expect(body.history.map((h) => [h.pointsChange, h.reason])).toEqual([
      [600, "Pago aprobado: TV"],
      [1000, "Pago aprobado: Moto"],
    ]);
    const byTitle = Object.fromEntries(body.rewards.map((r) => [r.title, r]));
    expect(byTitle["Bono Oro"]?.redeemable).toBe(true);
    expect(byTitle["Entrada VIP"]).toMatchObject({
      hasEnoughPoints: true,
      hasRequiredLevel: false,
      redeemable: false,
    });
  });
});

describe("POST /api/club/rewards/:id/redeem", () => {
  let user: SignedIn;
  beforeAll(async () => {
    user = await signedInUser(t.app);
    await givePoints(user.id, 1600);
  });

  it("anónimo 401, administrador 403, recompensa inexistente o inactiva 404", async () => {
    const anonymous = await redeem(reward["Boleto Gratis"] ?? "");
    expect(anonymous.statusCode).toBe(401);
    const admin = await signedInUser(t.app, { role: "admin" });
    const asAdmin = await redeem(reward["Boleto Gratis"] ?? "", admin.cookie);
    expect(asAdmin.statusCode).toBe(403);
    expect(asAdmin.json().error.message).toBe(CLUB_MESSAGES.adminNotAllowed);
    for (const id of [reward.Retirada, "7d4a3a5e-8f7b-4a8e-9a43-2a1b0c9d8e7f", "abc"]) {
      const response = await redeem(id ?? "", user.cookie);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(CLUB_MESSAGES.rewardNotFound);
    }
    expect((await balance(user.id)).points).toBe(1600);
  });

  it("nivel insuficiente: 409 'Requiere Nivel …' y no gasta nada", async () => {
    const response = await redeem(reward["Entrada VIP"] ?? "", user.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "INSUFFICIENT_LEVEL",
      message: CLUB_MESSAGES.insufficientLevel("Diamante"),
    });
    expect(response.json().error.message).toBe("Requiere Nivel Diamante.");
    expect((await balance(user.id)).points).toBe(1600);
  });

  it("canjea: descuenta por el libro de puntos, registra el canje, dice cómo reclamarlo y no baja el nivel", async () => {
    const response = await redeem(reward["Bono Oro"] ?? "", user.cookie);
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as RedeemResult;
    expect(body).toMatchObject({
      ok: true,
      title: "¡Recompensa Canjeada!",
      message: CLUB_MESSAGES.redeemed("Bono Oro", 1000),
      points: 600,
      // 1 600 earned: still Oro although the balance is 600 (levels follow points earned over time).
      level: "Oro",
      howToClaim: CLUB_MESSAGES.howToClaim,
      replayed: false,
      redemption: { rewardId: reward["Bono Oro"], rewardTitle: "Bono Oro", pointsSpent: 1000 },
    });
    expect(await balance(user.id)).toEqual({ points: 600, level: "Oro", ledger: 600 });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.pointsEarned).toBe(1600);
    const [entry] = await t.app.ctx.db
      .select()
      .from(pointsHistory)
      .where(eq(pointsHistory.rewardRedemptionId, body.redemption.id));
    expect(entry).toMatchObject({ userId: user.id, pointsChange: -1000, reason: "Canje: Bono Oro" });
    const [note] = await t.app.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, user.id), eq(notifications.title, "¡Recompensa Canjeada!")));
    expect(note?.linkTo).toBe("/rifazo-club");
    expect(note?.message).toContain(CLUB_MESSAGES.howToClaim);

    const after = (await club(user.cookie)).json() as Club;
    expect(after).toMatchObject({ points: 600, pointsEarned: 1600, level: "Oro", nextLevel: "Diamante" });
    expect(after.pointsToNextLevel).toBe(3400);
    const me = (
      await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie: user.cookie } })
    ).json();
    expect(me).toMatchObject({ points: 600, pointsEarned: 1600, level: "Oro" });
    // Still Oro, so an Oro reward stays within reach by level; only the balance is short.
    const bono = after.rewards.find((r) => r.title === "Bono Oro");
    expect(bono).toMatchObject({ hasRequiredLevel: true, hasEnoughPoints: false });
    expect(after.redemptions.map((r) => r.id)).toEqual([body.redemption.id]);
    expect(after.history[0]).toMatchObject({ pointsChange: -1000, rewardRedemptionId: body.redemption.id });
  });

  it("puntos insuficientes: 409 'Necesitas N RifaPuntos más.'; nivel ya no alcanza tras gastar", async () => {
    // 600 points now: Oro reward needs 1000.
    const response = await redeem(reward["Bono Oro"] ?? "", user.cookie);
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toEqual({
      code: "INSUFFICIENT_POINTS",
      message: "Necesitas 400 RifaPuntos más.",
    });
    expect(await balance(user.id)).toMatchObject({ points: 600, ledger: 600 });
  });

  it("la misma clave de idempotencia devuelve el mismo canje sin gastar otra vez", async () => {
    const key = "canje-doble-clic-1";
    const first = await redeem(reward["Boleto Gratis"] ?? "", user.cookie, { idempotencyKey: key });
    expect(first.statusCode, first.body).toBe(201);
    const again = await redeem(reward["Boleto Gratis"] ?? "", user.cookie, { idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ replayed: true, points: 500 });
    expect(again.json().redemption.id).toBe(first.json().redemption.id);
    // Also through the header.
    const header = await t.app.inject({
      method: "POST",
      url: `/api/club/rewards/${reward["Boleto Gratis"]}/redeem`,
      headers: { cookie: user.cookie, "idempotency-key": key },
    });
    expect(header.statusCode).toBe(200);
    expect(header.json().redemption.id).toBe(first.json().redemption.id);
    // The key cannot be reused for another reward.
    const mismatch = await redeem(reward["Camiseta Rifazo"] ?? "", user.cookie, { idempotencyKey: key });
    expect(mismatch.statusCode).toBe(409);
    expect(await balance(user.id)).toMatchObject({ points: 500, ledger: 500 });
    const bad = await redeem(reward["Boleto Gratis"] ?? "", user.cookie, { idempotencyKey: "x" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(CLUB_MESSAGES.idempotencyKeyInvalid);
  });

  it("tras canjear, el próximo pago aprobado sube de nivel por los puntos ganados (aviso level_up)", async () => {
    const buyer = await signedInUser(t.app);
    await givePoints(buyer.id, 1400);
    expect((await redeem(reward["Camiseta Rifazo"] ?? "", buyer.cookie)).statusCode).toBe(201);
    expect(await balance(buyer.id)).toMatchObject({ points: 1200, level: "Plata" });
    // What an approval does (admin/proofs): 100 more earned → 1 500, Oro, although the balance is 1 300.
    const approval = await t.app.ctx.db.transaction((tx) =>
      applyPointsChange(tx, { userId: buyer.id, change: 100, reason: "Pago aprobado: Moto (1 boletos)" }),
    );
    expect(approval).toMatchObject({
      points: 1300,
      earned: 1500,
      level: "Oro",
      previousLevel: "Plata",
      levelChanged: true,
    });
    expect(await balance(buyer.id)).toMatchObject({ points: 1300, level: "Oro" });
  });

  it("10 canjes simultáneos cuando solo alcanza para uno gastan una sola vez", async () => {
    const buyer = await signedInUser(t.app);
    await givePoints(buyer.id, 150);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => redeem(reward["Boleto Gratis"] ?? "", buyer.cookie)),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(9);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(response.json().error.message).toBe("Necesitas 50 RifaPuntos más.");
    }
    expect(await balance(buyer.id)).toEqual({ points: 50, level: "Bronce", ledger: 50 });
    const rows = await t.app.ctx.db
      .select()
      .from(rewardRedemptions)
      .where(eq(rewardRedemptions.userId, buyer.id));
    expect(rows).toHaveLength(1);
  });

  it("10 canjes simultáneos con la misma clave crean un único canje", async () => {
    const buyer = await signedInUser(t.app);
    await givePoints(buyer.id, 1000);
    const responses = await Promise.all(
      Array.from({ length: 10 }, () =>
        redeem(reward["Boleto Gratis"] ?? "", buyer.cookie, { idempotencyKey: "mismo-intento-42" }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(new Set(responses.map((r) => r.json().redemption.id)).size).toBe(1);
    expect(await balance(buyer.id)).toMatchObject({ points: 900, ledger: 900 });
  });
});
