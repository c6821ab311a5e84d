// A stolen session must not become a stolen account: changing the password asks for the current one
// (spec 1 §5 as amended by docs/decisions/0007-one-sign-in-path.md). A wrong one counts toward the
// sign-in limits of that client; an account without a password creates one through the emailed link.
import { ERROR_MESSAGES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts } from "../../src/db/schema";
import { RATE_RULES } from "../../src/lib/rate-limit";
import { cookiesFrom, createUser, nextIp, signIn, type TestApp } from "../helpers";
import { useTestApp } from "./lifecycle";
import { newestMail } from "./mail";

let t: TestApp;
useTestApp((app) => {
  t = app;
});

const NEW = "Cambiada#Clave2026";

function change(cookie: string, body: Record<string, unknown>, ip = nextIp()) {
  return t.app.inject({
    method: "POST",
    url: "/api/account/change-password",
    headers: { cookie },
    payload: { newPassword: NEW, confirmPassword: NEW, ...body },
    remoteAddress: ip,
  });
}

function login(email: string, password: string, cookie = "") {
  return t.app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email, password },
    headers: cookie ? { cookie } : {},
    remoteAddress: nextIp(),
  });
}

const newestMailText = async (to: string, subject: string) =>
  (await newestMail(t.app, to, subject))?.text ?? "";

describe("cambiar la contraseña pide la actual", () => {
  it("sin la contraseña actual: 400 con el campo marcado, y nada cambia", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    for (const body of [{}, { currentPassword: "" }]) {
      const response = await change(cookie, body);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe("VALIDATION");
      expect(response.json().error.fields?.currentPassword).toBe("Escribe tu contraseña actual.");
    }
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it("con una equivocada: 400 «La contraseña actual no es correcta», y nada cambia", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    const response = await change(cookie, { currentPassword: "NoEsLaMia#2026" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: "INVALID_PASSWORD",
      message: ERROR_MESSAGES.INVALID_PASSWORD,
    });
    expect(ERROR_MESSAGES.INVALID_PASSWORD).toBe("La contraseña actual no es correcta.");
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it("con la correcta: cambia, y la anterior deja de servir", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    const response = await change(cookie, { currentPassword: user.password });
    expect(response.statusCode, response.body).toBe(200);
    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, NEW)).statusCode).toBe(200);
  });

  it("las equivocadas cuentan en el límite de inicio de sesión de ese cliente", async () => {
    const user = await createUser(t.app);
    // The session's browser is a known device of the account (its rifazo_device cookie).
    const cookie = await signIn(t.app, user.email, user.password);
    const perClient = RATE_RULES.signInPerClient.max;
    for (let i = 0; i < perClient; i++) {
      expect((await change(cookie, { currentPassword: `Equivocada#${i}x` })).statusCode).toBe(400);
    }
    // That client has used its wrong guesses: the right password waits, here and at the sign-in form.
    const refused = await change(cookie, { currentPassword: user.password });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers["retry-after"]).toBeDefined();
    expect((await login(user.email, user.password, cookie)).statusCode).toBe(429);
    // Another client of the owner is not held back by these.
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe("una cuenta sin contraseña", () => {
  it("no la crea con la sesión sola: la crea con el enlace que le llega al correo", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    // As an account that never had a password (one made by a sign-in link).
    await t.app.ctx.db.delete(accounts).where(eq(accounts.userId, user.id));
    const response = await change(cookie, { currentPassword: "CualquierCosa#1" });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toEqual({
      code: "PASSWORD_NOT_SET",
      message: ERROR_MESSAGES.PASSWORD_NOT_SET,
    });
    expect(await t.app.ctx.db.select().from(accounts).where(eq(accounts.userId, user.id))).toHaveLength(0);

    // The way for it: the reset link, sent to the account's address only.
    const request = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset/request",
      payload: { email: user.email },
      remoteAddress: nextIp(),
    });
    expect(request.statusCode).toBe(200);
    const match = (await newestMailText(user.email, "contraseña nueva")).match(
      /https?:\/\/\S+\/restablecer-contrasena\?token=\S+/,
    );
    const token = new URL(match?.[0] ?? "http://x/").searchParams.get("token") ?? "";
    const reset = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      payload: { token, newPassword: NEW, confirmPassword: NEW },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const signedIn = await login(user.email, NEW);
    expect(signedIn.statusCode).toBe(200);
    expect(cookiesFrom(signedIn)).toContain("session_token");
  });
});
