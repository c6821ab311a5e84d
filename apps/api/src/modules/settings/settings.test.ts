import { SETTINGS_MESSAGES, todayInVenezuela } from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import { auditLog, exchangeRates, settings } from "../../db/schema";
import { rateOn } from "./service";

let t: TestApp;
let admin: { id: string; cookie: string };
let user: { id: string; cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await signedInUser(t.app, { role: "admin" });
  user = await signedInUser(t.app);
});
afterAll(async () => {
  await t?.close();
});

const ACCOUNTS = {
  pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "v-12345678" },
  zelle: { email: "Pagos@Rifazo.com", name: "Rifazo LLC" },
  binance: null,
};

function put(path: string, payload: unknown, cookie?: string) {
  return t.app.inject({
    method: "PUT",
    url: `/api/admin/settings/${path}`,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
}
const readPublic = () => t.app.inject({ method: "GET", url: "/api/settings/public" });

describe("ajustes públicos", () => {
  it("sin datos: tasa null y cuentas vacías", async () => {
    const response = await readPublic();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      exchangeRate: null,
      paymentAccounts: { pagoMovil: null, zelle: null, binance: null, transfer: null },
      supportContact: { whatsapp: null },
    });
    expect(response.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
  });

  it("solo el administrador cambia la tasa: 401 visitante, 403 usuario, 200 admin con auditoría", async () => {
    const body = { rate: 36.5, date: "2026-03-10", source: "BCV" };
    const visitor = await put("exchange-rate", body);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().error.code).toBe("UNAUTHENTICATED");
    const regular = await put("exchange-rate", body, user.cookie);
    expect(regular.statusCode).toBe(403);
    expect(regular.json().error).toEqual({
      code: "ADMIN_ONLY",
      message: "Acceso denegado. Solo administradores.",
    });

    const first = await put("exchange-rate", body, admin.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(body);
    const second = await put("exchange-rate", { rate: 37.12345 }, admin.cookie);
    expect(second.json()).toEqual({ rate: 37.1235, date: todayInVenezuela(), source: "BCV" });

    const audit = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "exchange_rate")))
      .orderBy(auditLog.id);
    expect(audit).toHaveLength(2);
    expect(audit[0]).toMatchObject({
      actorId: admin.id,
      action: "settings.update",
      before: null,
      after: body,
    });
    expect(audit[1]?.before).toEqual(body);
    expect(audit[1]?.after).toMatchObject({ rate: 37.1235 });

    expect((await readPublic()).json().exchangeRate).toEqual({
      rate: 37.1235,
      date: todayInVenezuela(),
      source: "BCV",
    });
  });

  it("cada tasa publicada queda también como la de su día (decisión 0035): la última de ese día manda", async () => {
    const first = await put("exchange-rate", { rate: 36.5, date: "2026-11-27", source: "BCV" }, admin.cookie);
    expect(first.statusCode, first.body).toBe(200);
    await put("exchange-rate", { rate: 36.9, date: "2026-11-27", source: "BCV" }, admin.cookie);
    await put("exchange-rate", { rate: 37.25, date: "2026-11-28", source: "BCV oficial" }, admin.cookie);
    const db = t.app.ctx.db;
    expect(await rateOn(db, "2026-11-27")).toBe(36.9);
    expect(await rateOn(db, "2026-11-28")).toBe(37.25);
    expect(await rateOn(db, "2026-11-29")).toBeNull();
    const [row] = await db.select().from(exchangeRates).where(eq(exchangeRates.date, "2026-11-28"));
    expect(row).toMatchObject({ rate: 37.25, source: "BCV oficial", recordedBy: admin.id });
    // Refused input writes no day either.
    expect((await put("exchange-rate", { rate: 0, date: "2026-11-30" }, admin.cookie)).statusCode).toBe(400);
    expect(await rateOn(db, "2026-11-30")).toBeNull();
  });

  it("valida la tasa con mensajes en español", async () => {
    const zero = await put("exchange-rate", { rate: 0 }, admin.cookie);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe(SETTINGS_MESSAGES.rateInvalid);
    const text = await put("exchange-rate", { rate: "36,5" }, admin.cookie);
    expect(text.json().error.message).toBe(SETTINGS_MESSAGES.rateInvalid);
    const date = await put("exchange-rate", { rate: 36, date: "10/03/2026" }, admin.cookie);
    expect(date.json().error.message).toBe(SETTINGS_MESSAGES.dateInvalid);
  });

  it("guarda las cuentas de pago validadas, con auditoría, y las publica", async () => {
    expect((await put("payment-accounts", ACCOUNTS)).statusCode).toBe(401);
    expect((await put("payment-accounts", ACCOUNTS, user.cookie)).statusCode).toBe(403);
    const saved = await put("payment-accounts", ACCOUNTS, admin.cookie);
    expect(saved.statusCode).toBe(200);
    const expected = {
      pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
      zelle: { email: "pagos@rifazo.com", name: "Rifazo LLC" },
      binance: null,
      transfer: null,
    };
    expect(saved.json()).toEqual(expected);
    expect((await readPublic()).json().paymentAccounts).toEqual(expected);
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "payment_accounts")));
    expect(audit).toMatchObject({ actorId: admin.id, before: null, after: expected });

    const badPhone = await put(
      "payment-accounts",
      { ...ACCOUNTS, pagoMovil: { ...ACCOUNTS.pagoMovil, phone: "12345" } },
      admin.cookie,
    );
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().error.message).toBe(SETTINGS_MESSAGES.phoneInvalid);
    const badEmail = await put(
      "payment-accounts",
      { ...ACCOUNTS, zelle: { email: "no", name: "X" } },
      admin.cookie,
    );
    expect(badEmail.json().error.message).toBe(SETTINGS_MESSAGES.zelleEmailInvalid);
  });

  it("el WhatsApp de soporte: solo el administrador, normalizado, con auditoría; null lo oculta", async () => {
    const body = { whatsapp: "0424 555.01-99" };
    expect((await put("support-contact", body)).statusCode).toBe(401);
    const regular = await put("support-contact", body, user.cookie);
    expect(regular.statusCode).toBe(403);
    expect(regular.json().error.code).toBe("ADMIN_ONLY");

    const saved = await put("support-contact", body, admin.cookie);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ whatsapp: "+584245550199" });
    expect((await readPublic()).json().supportContact).toEqual({ whatsapp: "+584245550199" });
    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "settings"), eq(auditLog.entityId, "support_contact")));
    expect(audit).toMatchObject({ actorId: admin.id, before: null, after: { whatsapp: "+584245550199" } });

    for (const whatsapp of ["12345", "0212-5550199", "+1 305 555 0199", ""]) {
      const bad = await put("support-contact", { whatsapp }, admin.cookie);
      expect(bad.statusCode, whatsapp).toBe(400);
      expect(bad.json().error.message, whatsapp).toBe(SETTINGS_MESSAGES.whatsappInvalid);
    }
    expect((await readPublic()).json().supportContact.whatsapp).toBe("+584245550199");

    expect((await put("support-contact", { whatsapp: null }, admin.cookie)).json()).toEqual({
      whatsapp: null,
    });
    expect((await readPublic()).json().supportContact).toEqual({ whatsapp: null });
  });

  it("nunca expone claves internas y omite valores guardados inválidos", async () => {
    const db = t.app.ctx.db;
    await db.insert(settings).values({ key: "internal.smtp_password", value: { secret: "no-mostrar" } });
    await db
      .insert(settings)
      .values({ key: "exchange_rate", value: { rate: "mucho" } })
      .onConflictDoUpdate({ target: settings.key, set: { value: { rate: "mucho" } } });
    const response = await readPublic();
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain("no-mostrar");
    expect(response.body).not.toContain("internal.");
    expect(response.json().exchangeRate).toBeNull();
  });

  it("responde 304 con el mismo ETag", async () => {
    const first = await readPublic();
    const again = await t.app.inject({
      method: "GET",
      url: "/api/settings/public",
      headers: { "if-none-match": String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});
