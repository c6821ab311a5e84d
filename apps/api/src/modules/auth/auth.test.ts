import { ERROR_MESSAGES } from "@rifazo/shared";
import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cookiesFrom,
  createTestApp,
  createUser,
  nextIp,
  signedInUser,
  signIn,
  type TestApp,
} from "../../../test/helpers";
import { loginActivity, mailOutbox, sessions, users } from "../../db/schema";
import { RATE_RULES } from "../../lib/rate-limit";
import { ensureAdmin } from "./admin-account";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const UA =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";

async function register(email: string, overrides: Record<string, unknown> = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/account/register",
    remoteAddress: nextIp(),
    payload: {
      fullName: "  María González ",
      email,
      password: "ClaveSegura123",
      confirmPassword: "ClaveSegura123",
      ...overrides,
    },
  });
}

async function verificationLink(email: string): Promise<URL> {
  const [mail] = await t.app.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email))
    .orderBy(desc(mailOutbox.createdAt));
  expect(mail, `correo para ${email}`).toBeDefined();
  const match = mail?.text.match(/https?:\/\/\S+verify-email\?\S+/);
  expect(match).not.toBeNull();
  return new URL(match?.[0] ?? "");
}

function login(email: string, password: string, ip = nextIp()) {
  return t.app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email, password },
    remoteAddress: ip,
    headers: { "user-agent": UA },
  });
}

describe("registro y confirmación de correo", () => {
  it("registra, exige confirmar, confirma una sola vez y deja iniciar sesión", async () => {
    const email = "maria.registro@example.com";
    const created = await register(email);
    expect(created.statusCode).toBe(201);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.name).toBe("María González");
    expect(row?.emailVerified).toBe(false);
    expect(row?.role).toBe("user");

    const refused = await login(email, "ClaveSegura123");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({
      code: "EMAIL_NOT_VERIFIED",
      message: ERROR_MESSAGES.EMAIL_NOT_VERIFIED,
    });

    const link = await verificationLink(email);
    expect(link.searchParams.get("callbackURL")).toBe("/login?verificado=1");
    const confirmed = await t.app.inject({
      method: "GET",
      url: `${link.pathname}${link.search}`,
      remoteAddress: nextIp(),
    });
    expect(confirmed.statusCode).toBe(302);
    expect(confirmed.headers.location).toBe("/login?verificado=1");
    const [verified] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(verified?.emailVerified).toBe(true);

    const again = await t.app.inject({
      method: "GET",
      url: `${link.pathname}${link.search}`,
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toContain("error=TOKEN_USED");

    const ok = await login(email, "ClaveSegura123");
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user).toMatchObject({
      email,
      fullName: "María González",
      role: "user",
      level: "Bronce",
      points: 0,
    });
    const cookie = cookiesFrom(ok);
    const sessionCookie = ok.cookies.find((c) => c.name.includes("session_token"));
    expect(sessionCookie?.httpOnly).toBe(true);
    expect(String(sessionCookie?.sameSite).toLowerCase()).toBe("lax");

    const me = await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json().email).toBe(email);

    const [activity] = await t.app.ctx.db
      .select()
      .from(loginActivity)
      .where(eq(loginActivity.userId, verified?.id ?? ""));
    expect(activity?.device).toBe("Chrome en Android");
    expect(activity?.ipAddress).toMatch(/^10\.9\./);
  });

  it("rechaza un correo ya registrado con el mensaje de la especificación", async () => {
    const user = await createUser(t.app);
    const response = await register(user.email.toUpperCase());
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(
      "Este correo electrónico ya está registrado. Intenta iniciar sesión.",
    );
  });

  it("valida con el esquema compartido y responde en español", async () => {
    const short = await register("corta@example.com", { password: "1234567", confirmPassword: "1234567" });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe("La contraseña debe tener al menos 8 caracteres.");
    const differ = await register("distinta@example.com", { confirmPassword: "OtraClave123" });
    expect(differ.statusCode).toBe(400);
    expect(differ.json().error.message).toBe("Las contraseñas ingresadas no son iguales.");
    const noName = await register("sin.nombre@example.com", { fullName: "   " });
    expect(noName.json().error.message).toBe("Por favor, ingresa tu nombre completo.");
    const badJson = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      headers: { "content-type": "application/json" },
      payload: "{no es json",
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json().error.message).toMatch(/no es válido/);
    const rows = await t.app.ctx.db.select().from(users).where(eq(users.email, "corta@example.com"));
    expect(rows).toHaveLength(0);
  });
});

describe("inicio y cierre de sesión", () => {
  it("contraseña equivocada: mensaje de credenciales inválidas", async () => {
    const user = await createUser(t.app);
    const response = await login(user.email, "NoEsLaClave1");
    expect(response.statusCode).toBe(401);
    expect(response.json().error.message).toBe(ERROR_MESSAGES.INVALID_CREDENTIALS);
    const unknown = await login("nadie@example.com", "NoEsLaClave1");
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.message).toBe(ERROR_MESSAGES.INVALID_CREDENTIALS);
  });

  it("sin sesión /me responde 401; cada usuario ve solo su perfil", async () => {
    const anon = await t.app.inject({ method: "GET", url: "/api/account/me" });
    expect(anon.statusCode).toBe(401);
    expect(anon.json().error.code).toBe("UNAUTHENTICATED");
    const a = await signedInUser(t.app);
    const b = await signedInUser(t.app);
    const meA = await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie: a.cookie } });
    const meB = await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie: b.cookie } });
    expect(meA.json().id).toBe(a.id);
    expect(meB.json().id).toBe(b.id);
  });

  it("cerrar sesión en este dispositivo y en todos", async () => {
    const user = await createUser(t.app);
    const first = await signIn(t.app, user.email, user.password);
    const second = await signIn(t.app, user.email, user.password);
    const out = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { cookie: first },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie: first } })).statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie: second } })).statusCode,
    ).toBe(200);

    const third = await signIn(t.app, user.email, user.password);
    const all = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { cookie: third },
      payload: { allDevices: true },
    });
    expect(all.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie: second } })).statusCode,
    ).toBe(401);
    const left = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(left).toHaveLength(0);
  });

  it("un usuario suspendido no inicia sesión y su sesión abierta deja de valer", async () => {
    const user = await signedInUser(t.app);
    await t.app.ctx.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    const me = await t.app.inject({
      method: "GET",
      url: "/api/account/me",
      headers: { cookie: user.cookie },
    });
    expect(me.statusCode).toBe(401);
    const response = await login(user.email, user.password);
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe("ACCOUNT_SUSPENDED");
    expect(response.json().error.message).toBe(ERROR_MESSAGES.ACCOUNT_SUSPENDED);
  });

  it("limita los intentos por cuenta con 429 y mensaje en español", async () => {
    const user = await createUser(t.app);
    const statuses: number[] = [];
    // From many addresses: the account's ceiling on unknown clients (the owner's known devices and the
    // email link still get in, see test/security/sign-in-throttle.test.ts).
    const max = RATE_RULES.signInPerAccount.max;
    for (let i = 0; i < max; i++) statuses.push((await login(user.email, "Equivocada123")).statusCode);
    expect(statuses.every((s) => s === 401)).toBe(true);
    const limited = await login(user.email, user.password);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(ERROR_MESSAGES.RATE_LIMITED);
  }, 180_000);

  it("rechaza peticiones que cambian estado desde otro origen (CSRF)", async () => {
    const user = await signedInUser(t.app);
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { cookie: user.cookie, origin: "https://malicioso.example" },
      payload: {},
    });
    expect(response.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie: user.cookie } }))
        .statusCode,
    ).toBe(200);
  });
});

describe("cambio de contraseña", () => {
  it("aplica las reglas y solo cambia la del propio usuario", async () => {
    const user = await signedInUser(t.app);
    const other = await signedInUser(t.app);
    const change = (body: Record<string, unknown>, cookie = user.cookie) =>
      t.app.inject({
        method: "POST",
        url: "/api/account/change-password",
        headers: { cookie },
        payload: body,
      });

    const current = user.password;
    expect(
      (
        await change(
          { currentPassword: current, newPassword: "NuevaClave123", confirmPassword: "NuevaClave123" },
          "",
        )
      ).statusCode,
    ).toBe(401);
    const same = await change({ currentPassword: current, newPassword: current, confirmPassword: current });
    expect(same.statusCode).toBe(400);
    expect(same.json().error.message).toBe("La nueva contraseña no puede ser igual a la anterior.");
    const short = await change({ currentPassword: current, newPassword: "corta", confirmPassword: "corta" });
    expect(short.json().error.message).toBe("La contraseña debe tener al menos 8 caracteres.");
    // The current password is required (docs/decisions/0007-one-sign-in-path.md).
    const missing = await change({ newPassword: "NuevaClave123", confirmPassword: "NuevaClave123" });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields?.currentPassword).toBe("Escribe tu contraseña actual.");
    const wrongCurrent = await change({
      currentPassword: "NoEsLaMia1",
      newPassword: "NuevaClave123",
      confirmPassword: "NuevaClave123",
    });
    expect(wrongCurrent.statusCode).toBe(400);
    expect(wrongCurrent.json().error.code).toBe("INVALID_PASSWORD");
    const ok = await change({
      currentPassword: current,
      newPassword: "NuevaClave123",
      confirmPassword: "NuevaClave123",
    });
    expect(ok.statusCode).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, "NuevaClave123")).statusCode).toBe(200);
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });
});

describe("cuenta de administrador", () => {
  it("ADMIN_EMAIL y ADMIN_PASSWORD aseguran un admin verificado", async () => {
    const ctx = {
      ...t.app.ctx,
      config: { ...t.app.ctx.config, adminEmail: "jefe@rifazo.test", adminPassword: "AdminClave123" },
    };
    await ensureAdmin(ctx);
    await ensureAdmin(ctx);
    const response = await login("jefe@rifazo.test", "AdminClave123");
    expect(response.statusCode).toBe(200);
    expect(response.json().user.role).toBe("admin");
    const admins = await t.app.ctx.db.select().from(users).where(eq(users.email, "jefe@rifazo.test"));
    expect(admins).toHaveLength(1);
  });
});
