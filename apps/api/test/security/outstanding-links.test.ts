// Emailed links that let someone in (the sign-in link, the password-reset link) do not outlive what the
// owner did to lock the account down: turning on two-factor authentication, changing the password,
// signing out everywhere (docs/decisions/0007-one-sign-in-path.md). And a reset link is one at a time: a
// new one replaces the older ones, and using one ends every other link.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users } from "../../src/db/schema";
import { cookiesFrom, createUser, nextIp, signIn, type TestApp } from "../helpers";
import { base32Decode, totp } from "../totp";
import { useTestApp } from "./lifecycle";
import { newestMail } from "./mail";

let t: TestApp;
useTestApp((app) => {
  t = app;
});

const ORIGIN = "http://localhost:3000";

function post(url: string, payload: object | undefined, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url,
    payload: payload ?? {},
    remoteAddress: nextIp(),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

const newestMailText = async (to: string, subject: string) =>
  (await newestMail(t.app, to, subject))?.text ?? "";

/** Asks for a sign-in link and returns its path (with the token) as the email has it. */
async function signInLink(email: string): Promise<string> {
  expect((await post("/api/account/magic-link", { email })).statusCode).toBe(200);
  const match = (await newestMailText(email, "enlace para entrar")).match(
    /https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/,
  );
  expect(match, "enlace para entrar").not.toBeNull();
  const url = new URL(match?.[0] ?? "");
  return `${url.pathname}${url.search}`;
}

/** Asks for a reset link and returns its token. */
async function resetToken(email: string): Promise<string> {
  expect((await post("/api/account/password-reset/request", { email })).statusCode).toBe(200);
  const match = (await newestMailText(email, "contraseña nueva")).match(
    /https?:\/\/\S+\/restablecer-contrasena\?token=\S+/,
  );
  expect(match, "enlace de recuperación").not.toBeNull();
  return new URL(match?.[0] ?? "").searchParams.get("token") ?? "";
}

/** Opens a sign-in link: whether it signed the browser in. */
async function linkSignsIn(path: string): Promise<boolean> {
  const response = await t.app.inject({ method: "GET", url: path, remoteAddress: nextIp() });
  expect(response.statusCode).toBe(302);
  const signedIn = response.cookies.some((c) => c.name.endsWith("session_token") && c.value);
  if (!signedIn) expect(response.headers.location).toMatch(/\/login\?enlace=invalido/);
  return signedIn;
}

/** Uses a reset token: the status code (200 done, 400 INVALID_TOKEN). */
async function useReset(token: string, newPassword = "OtraClave#Nueva2026") {
  const response = await post("/api/account/password-reset", {
    token,
    newPassword,
    confirmPassword: newPassword,
  });
  if (response.statusCode !== 200) expect(response.json().error.code).toBe("INVALID_TOKEN");
  return response.statusCode;
}

async function enableTwoFactor(user: { password: string }, cookie: string): Promise<string> {
  const enabled = await post("/api/auth/two-factor/enable", { password: user.password }, cookie);
  expect(enabled.statusCode, enabled.body).toBe(200);
  const secret = base32Decode(new URL(enabled.json().totpURI).searchParams.get("secret") ?? "");
  const verified = await post("/api/auth/two-factor/verify-totp", { code: totp(secret) }, cookie);
  expect(verified.statusCode, verified.body).toBe(200);
  return cookiesFrom(verified, cookie);
}

describe("los enlaces pendientes no sobreviven a cerrar la cuenta con llave", () => {
  it("un enlace para entrar pedido antes de activar la verificación en dos pasos ya no entra", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    const link = await signInLink(user.email);
    const reset = await resetToken(user.email);
    await enableTwoFactor(user, cookie);
    expect(await linkSignsIn(link)).toBe(false);
    expect(await useReset(reset)).toBe(400);
  });

  it("aunque el enlace siga guardado, no entra a una cuenta con verificación en dos pasos", async () => {
    const user = await createUser(t.app);
    const link = await signInLink(user.email);
    // As if two-factor had been turned on by a path that forgot the links.
    await t.app.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, user.id));
    expect(await linkSignsIn(link)).toBe(false);
  });

  it("cambiar la contraseña anula los enlaces para entrar y de recuperación", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    const link = await signInLink(user.email);
    const reset = await resetToken(user.email);
    const changed = await post(
      "/api/account/change-password",
      {
        currentPassword: user.password,
        newPassword: "Cambiada#Clave2026",
        confirmPassword: "Cambiada#Clave2026",
      },
      cookie,
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await linkSignsIn(link)).toBe(false);
    expect(await useReset(reset)).toBe(400);
  });

  it("cerrar sesión en todos los dispositivos anula los enlaces pendientes", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    const link = await signInLink(user.email);
    const reset = await resetToken(user.email);
    expect((await post("/api/account/logout", { allDevices: true }, cookie)).statusCode).toBe(200);
    expect(await linkSignsIn(link)).toBe(false);
    expect(await useReset(reset)).toBe(400);
  });

  it("cerrar sesión en los demás dispositivos también", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    const link = await signInLink(user.email);
    expect((await post("/api/account/sessions/revoke-others", undefined, cookie)).statusCode).toBe(200);
    expect(await linkSignsIn(link)).toBe(false);
  });

  it("un enlace sigue sirviendo si no pasó nada de eso (y cerrar solo esta sesión no lo anula)", async () => {
    const user = await createUser(t.app);
    const cookie = await signIn(t.app, user.email, user.password);
    const link = await signInLink(user.email);
    expect((await post("/api/account/logout", {}, cookie)).statusCode).toBe(200);
    expect(await linkSignsIn(link)).toBe(true);
  });
});

describe("un enlace de recuperación a la vez", () => {
  it("pedir uno nuevo anula los anteriores; el nuevo sirve", async () => {
    const user = await createUser(t.app);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect(second).not.toBe(first);
    expect(await useReset(first)).toBe(400);
    expect(await useReset(second)).toBe(200);
  });

  it("usar uno anula todos los demás enlaces de la cuenta, los de entrar incluidos", async () => {
    const user = await createUser(t.app);
    const link = await signInLink(user.email);
    const token = await resetToken(user.email);
    expect(await useReset(token)).toBe(200);
    expect(await useReset(token, "Tercera#Clave2026")).toBe(400);
    expect(await linkSignsIn(link)).toBe(false);
  });
});
