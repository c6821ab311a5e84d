import {
  formatVenezuelanPhone,
  type LoginActivity,
  normalizeVenezuelanPhone,
  PROFILE_MESSAGES,
  type SessionUser,
} from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, createTestApp, createUser, signedInUser, type TestApp } from "../../../test/helpers";
import { auditLog, loginActivity, users } from "../../db/schema";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let user: SignedIn;

beforeAll(async () => {
  t = await createTestApp();
  user = await signedInUser(t.app, { fullName: "María González", phone: null });
});
afterAll(async () => {
  await t?.close();
});

function patch(payload: unknown, cookie?: string) {
  return t.app.inject({
    method: "PATCH",
    url: "/api/profile",
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
}

async function row(id: string) {
  const [found] = await t.app.ctx.db.select().from(users).where(eq(users.id, id));
  return found;
}

describe("teléfonos venezolanos", () => {
  it.each([
    ["0414-1234567", "+584141234567"],
    ["0414 123 45 67", "+584141234567"],
    ["04241234567", "+584241234567"],
    ["0212-1234567", "+582121234567"],
    ["(0212) 123.45.67", "+582121234567"],
    ["+58 414 1234567", "+584141234567"],
    ["+58-0414-1234567", "+584141234567"],
    ["00584161234567", "+584161234567"],
    ["584261234567", "+584261234567"],
  ])("%s -> %s", (input, expected) => {
    expect(normalizeVenezuelanPhone(input)).toBe(expected);
    expect(formatVenezuelanPhone(expected)).toMatch(/^0[24]\d{2}-\d{7}$/);
  });

  it.each(["12345", "0514-1234567", "0414-123456", "0414-12345678", "+1 305 1234567", "abc", "4141234567"])(
    "rechaza %s",
    (input) => {
      expect(normalizeVenezuelanPhone(input)).toBeNull();
    },
  );
});

describe("PATCH /api/profile", () => {
  it("anónimo: 401", async () => {
    const response = await patch({ fullName: "Nadie" });
    expect(response.statusCode).toBe(401);
  });

  it("guarda nombre (recortado) y teléfono normalizado, y devuelve el perfil", async () => {
    const response = await patch(
      { fullName: "  María   José  González ", phone: "0414-123.45 67" },
      user.cookie,
    );
    expect(response.statusCode, response.body).toBe(200);
    const profile = response.json() as SessionUser;
    expect(profile).toMatchObject({
      id: user.id,
      email: user.email,
      fullName: "María José González",
      phone: "+584141234567",
    });
    const me = await t.app.inject({
      method: "GET",
      url: "/api/account/me",
      headers: { cookie: user.cookie },
    });
    expect(me.json()).toMatchObject({ fullName: "María José González", phone: "+584141234567" });

    const [audit] = await t.app.ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "profile.update"), eq(auditLog.entityId, user.id)));
    expect(audit).toMatchObject({
      actorId: user.id,
      entity: "users",
      before: { fullName: "María González", phone: null },
      after: { fullName: "María José González", phone: "+584141234567" },
    });
  });

  it("sin teléfono lo deja como estaba; vacío o null lo borra", async () => {
    await patch({ fullName: "María", phone: "0212-1234567" }, user.cookie);
    const kept = await patch({ fullName: "María G." }, user.cookie);
    expect(kept.json().phone).toBe("+582121234567");
    const cleared = await patch({ fullName: "María G.", phone: "" }, user.cookie);
    expect(cleared.json().phone).toBeNull();
    await patch({ fullName: "María G.", phone: "0414-1234567" }, user.cookie);
    expect((await patch({ fullName: "María G.", phone: null }, user.cookie)).json().phone).toBeNull();
  });

  it("valida nombre y teléfono con mensajes en español", async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, "fullName", PROFILE_MESSAGES.fullNameRequired],
      [{ fullName: "" }, "fullName", PROFILE_MESSAGES.fullNameRequired],
      [{ fullName: "    " }, "fullName", PROFILE_MESSAGES.fullNameRequired],
      [{ fullName: 42 }, "fullName", PROFILE_MESSAGES.fullNameRequired],
      [{ fullName: "x".repeat(121) }, "fullName", PROFILE_MESSAGES.fullNameTooLong],
      [{ fullName: "María", phone: "12345" }, "phone", PROFILE_MESSAGES.phoneInvalid],
      [{ fullName: "María", phone: "0514-1234567" }, "phone", PROFILE_MESSAGES.phoneInvalid],
      [{ fullName: "María", phone: 4141234567 }, "phone", PROFILE_MESSAGES.phoneInvalid],
    ];
    const before = await row(user.id);
    for (const [payload, field, message] of cases) {
      const response = await patch(payload, user.cookie);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().error.message).toBe(message);
      expect(response.json().error.fields[field]).toBe(message);
    }
    expect(await row(user.id)).toEqual(before);
  });

  it("el correo no se puede editar, y los campos del servidor se ignoran", async () => {
    const refused = await patch({ fullName: "María", email: "otro@example.com" }, user.cookie);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      message: PROFILE_MESSAGES.emailReadOnly,
      fields: { email: PROFILE_MESSAGES.emailReadOnly },
    });
    expect((await row(user.id))?.email).toBe(user.email);

    const sneaky = await patch(
      { fullName: "María", role: "admin", status: "inactive", rifazoPoints: 99_999, points: 99_999 },
      user.cookie,
    );
    expect(sneaky.statusCode).toBe(200);
    expect(sneaky.json()).toMatchObject({ role: "user", status: "active", points: 0 });
    expect(await row(user.id)).toMatchObject({ role: "user", status: "active", rifazoPoints: 0 });
  });

  it("cada quien edita solo su propio perfil; un administrador edita el suyo", async () => {
    const other = await signedInUser(t.app, { fullName: "Pedro Pérez" });
    await patch({ fullName: "Cambiado por Pedro" }, other.cookie);
    expect((await row(user.id))?.name).not.toBe("Cambiado por Pedro");
    expect((await row(other.id))?.name).toBe("Cambiado por Pedro");
    const admin = await signedInUser(t.app, { role: "admin" });
    const response = await patch({ fullName: "Admin Rifazo", phone: "0212-5550000" }, admin.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      role: "admin",
      fullName: "Admin Rifazo",
      phone: "+582125550000",
    });
  });
});

describe("GET /api/profile/login-activity", () => {
  const AGENTS = [
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
    "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
    "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
  ];

  it("anónimo: 401", async () => {
    expect((await t.app.inject({ method: "GET", url: "/api/profile/login-activity" })).statusCode).toBe(401);
  });

  it("muestra los 3 inicios de sesión más recientes del usuario (fecha, dispositivo, IP)", async () => {
    const person = await createUser(t.app);
    const bystander = await signedInUser(t.app);
    let cookie = "";
    for (const [i, agent] of AGENTS.entries()) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/account/login",
        payload: { email: person.email, password: person.password },
        remoteAddress: `10.20.30.${i + 1}`,
        headers: { "user-agent": agent },
      });
      expect(response.statusCode, response.body).toBe(200);
      cookie = cookiesFrom(response);
      // Distinct times, one minute apart, in sign-in order.
      const rows = await t.app.ctx.db.select().from(loginActivity).where(eq(loginActivity.userId, person.id));
      const latest = rows.find((r) => r.ipAddress === `10.20.30.${i + 1}`);
      await t.app.ctx.db
        .update(loginActivity)
        .set({ loginTime: new Date(Date.UTC(2026, 2, 1, 12, i)) })
        .where(eq(loginActivity.id, latest?.id ?? ""));
    }
    const response = await t.app.inject({
      method: "GET",
      url: "/api/profile/login-activity",
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("no-store");
    const body = response.json() as LoginActivity;
    expect(body.items.map(({ device, ipAddress, loginTime }) => ({ device, ipAddress, loginTime }))).toEqual([
      { device: "Chrome en Android", ipAddress: "10.20.30.4", loginTime: "2026-03-01T12:03:00.000Z" },
      { device: "Firefox en Linux", ipAddress: "10.20.30.3", loginTime: "2026-03-01T12:02:00.000Z" },
      { device: "Safari en iOS", ipAddress: "10.20.30.2", loginTime: "2026-03-01T12:01:00.000Z" },
    ]);
    const theirs = await t.app.inject({
      method: "GET",
      url: "/api/profile/login-activity",
      headers: { cookie: bystander.cookie },
    });
    expect(
      (theirs.json() as LoginActivity).items.every((item) => !item.ipAddress?.startsWith("10.20.30.")),
    ).toBe(true);
  });
});
