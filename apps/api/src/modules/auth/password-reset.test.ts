import { ERROR_MESSAGES } from "@rifazo/shared";
import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createUser, loginAttempt, nextIp, signIn, type TestApp } from "../../../test/helpers";
import { mailOutbox, sessions, users } from "../../db/schema";
import { RATE_RULES } from "../../lib/rate-limit";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

function requestReset(email: string, ip = nextIp()) {
  return t.app.inject({
    method: "POST",
    url: "/api/account/password-reset/request",
    payload: { email },
    remoteAddress: ip,
  });
}

function reset(token: string, newPassword: string, ip = nextIp()) {
  return t.app.inject({
    method: "POST",
    url: "/api/account/password-reset",
    payload: { token, newPassword, confirmPassword: newPassword },
    remoteAddress: ip,
  });
}

async function resetMails(email: string) {
  return t.app.ctx.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, "%contraseña nueva%")))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The token of the newest reset email: its link opens the web page /restablecer-contrasena?token=... */
async function resetToken(email: string): Promise<string> {
  const [mail] = await resetMails(email);
  const match = mail?.text.match(/https?:\/\/\S+\/restablecer-contrasena\?token=\S+/);
  expect(match, `enlace de recuperación para ${email}`).not.toBeNull();
  return new URL(match?.[0] ?? "").searchParams.get("token") ?? "";
}

describe("recuperar la contraseña por correo", () => {
  it("responde lo mismo exista o no la cuenta, y solo a la cuenta le llega el correo", async () => {
    const user = await createUser(t.app);
    const known = await requestReset(user.email);
    const unknown = await requestReset("nadie.aqui@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const [mail] = await resetMails(user.email);
    expect(mail?.subject).toBe("Crea una contraseña nueva en Rifazo");
    expect(mail?.text).toContain("vence en 1 hora");
    expect(await resetMails("nadie.aqui@example.com")).toHaveLength(0);
  });

  it("la cuenta suspendida no recibe enlace (misma respuesta)", async () => {
    const user = await createUser(t.app);
    await t.app.ctx.db.update(users).set({ status: "inactive" }).where(eq(users.id, user.id));
    const response = await requestReset(user.email);
    expect(response.statusCode).toBe(200);
    expect(await resetMails(user.email)).toHaveLength(0);
  });

  it("cambia la contraseña, cierra las sesiones de otros dispositivos y el enlace vale una vez", async () => {
    const user = await createUser(t.app);
    const phone = await signIn(t.app, user.email, user.password);
    const laptop = await signIn(t.app, user.email, user.password);
    await requestReset(user.email);
    const token = await resetToken(user.email);

    const done = await reset(token, "OtraClave#Nueva2026");
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ ok: true });

    for (const cookie of [phone, laptop]) {
      const me = await t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    expect(await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);

    const again = await reset(token, "Tercera#Clave2026");
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: "INVALID_TOKEN", message: ERROR_MESSAGES.INVALID_TOKEN });

    const old = await loginAttempt(t.app, user.email, user.password);
    expect(old.statusCode).toBe(401);
    await expect(signIn(t.app, user.email, "OtraClave#Nueva2026")).resolves.toContain("session_token");
  });

  it("aplica las reglas de contraseña del registro y no gasta el enlace con una débil", async () => {
    const user = await createUser(t.app, { fullName: "Rosa Pérez" });
    await requestReset(user.email);
    const token = await resetToken(user.email);

    const short = await reset(token, "corta");
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe("VALIDATION");

    const weak = await reset(token, "password123");
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code, weak.body).toBe("WEAK_PASSWORD");
    expect(weak.json().error.fields?.newPassword).toBeTruthy();

    const differ = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token, newPassword: "OtraClave#Nueva2026", confirmPassword: "OtraClave#Nueva2027" },
      remoteAddress: nextIp(),
    });
    expect(differ.statusCode).toBe(400);

    expect((await reset(token, "OtraClave#Nueva2026")).statusCode).toBe(200);
  });

  it("un enlace inventado no sirve", async () => {
    const response = await reset("inventado-123456789012", "OtraClave#Nueva2026");
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe("INVALID_TOKEN");
  });

  it("tiene los límites del inicio de sesión: por cuenta y por dirección", async () => {
    const user = await createUser(t.app);
    const perAccount = RATE_RULES.passwordResetPerAccount;
    expect(perAccount).toEqual(RATE_RULES.signInPerClient);
    expect(RATE_RULES.passwordResetPerIp).toEqual(RATE_RULES.signInPerIp);
    for (let i = 0; i < perAccount.max; i++) expect((await requestReset(user.email)).statusCode).toBe(200);
    const limited = await requestReset(user.email);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(ERROR_MESSAGES.RATE_LIMITED);
    expect(await resetMails(user.email)).toHaveLength(perAccount.max);

    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_RULES.passwordResetPerIp.max; i++) {
      statuses.push((await reset(`inventado-${i}-abcdefghijkl`, "OtraClave#Nueva2026", ip)).statusCode);
    }
    expect(statuses.slice(0, -1).every((s) => s === 400)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("los endpoints de Better Auth para esto siguen cerrados", async () => {
    for (const [method, url] of [
      ["POST", "/api/auth/request-password-reset"],
      ["POST", "/api/auth/reset-password"],
      ["GET", "/api/auth/reset-password/abc?callbackURL=/"],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === "POST" ? {} : undefined });
      expect(response.statusCode).toBe(404);
    }
  });
});
