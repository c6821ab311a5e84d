// Two-step verification (TOTP) through Better Auth's twoFactor plugin, end to end over HTTP: enable with the
// password, confirm with a code from an authenticator app (computed here per RFC 6238), then sign-in asks
// for the code, a backup code works once, and disabling with the password turns it off again.
import { ERROR_MESSAGES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookiesFrom, createTestApp, nextIp, signedInUser, type TestApp } from "../../../test/helpers";
import { base32Decode, totp } from "../../../test/totp";
import { loginActivity, twoFactors, users } from "../../db/schema";

async function loginCount(userId: string): Promise<number> {
  const rows = await t.app.ctx.db.select().from(loginActivity).where(eq(loginActivity.userId, userId));
  return rows.length;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ORIGIN = "http://localhost:3000";

function secretFrom(totpURI: string): Buffer {
  const url = new URL(totpURI);
  expect(url.protocol).toBe("otpauth:");
  expect(url.hostname).toBe("totp");
  expect(url.searchParams.get("issuer")).toBe("Rifazo");
  return base32Decode(url.searchParams.get("secret") ?? "");
}

function post(url: string, payload: object, cookie?: string) {
  return t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: nextIp(),
    headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
  });
}

const login = (email: string, password: string) => post("/api/account/login", { email, password });

async function me(cookie: string) {
  return t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie } });
}

async function twoFactorEnabled(userId: string) {
  const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, userId));
  return row?.twoFactorEnabled;
}

function expectOk(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(200);
}

describe("verificación en dos pasos (TOTP)", () => {
  it("activar, iniciar sesión con código, código de respaldo de un solo uso, desactivar", async () => {
    const user = await signedInUser(t.app);

    // Enabling needs the right password.
    const wrong = await post("/api/auth/two-factor/enable", { password: "NoEsLaClave1" }, user.cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe("INVALID_PASSWORD");
    expect((await post("/api/auth/two-factor/enable", { password: user.password })).statusCode).toBe(401);

    const enabled = await post("/api/auth/two-factor/enable", { password: user.password }, user.cookie);
    expectOk(enabled);
    const { totpURI, backupCodes } = enabled.json() as { totpURI: string; backupCodes: string[] };
    expect(backupCodes.length).toBeGreaterThanOrEqual(5);
    const secret = secretFrom(totpURI);
    const [stored] = await t.app.ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id));
    // The secret is kept encrypted, never as the base32 the app scans.
    expect(stored?.secret).not.toContain(new URL(totpURI).searchParams.get("secret") ?? "-");
    expect(stored?.verified).toBe(false);

    // Not active until a code proves the app was set up: sign-in still needs only the password.
    expect(await twoFactorEnabled(user.id)).toBe(false);
    const early = await login(user.email, user.password);
    expectOk(early);
    expect(early.json().user.twoFactorEnabled).toBe(false);

    // A wrong code does not activate it; the right one does (and rotates the session cookie).
    const badCode = await post("/api/auth/two-factor/verify-totp", { code: "000000" }, user.cookie);
    expect(badCode.statusCode).toBe(401);
    expect(badCode.json().error).toEqual({
      code: "INVALID_TWO_FACTOR_CODE",
      message: ERROR_MESSAGES.INVALID_TWO_FACTOR_CODE,
    });
    const verified = await post("/api/auth/two-factor/verify-totp", { code: totp(secret) }, user.cookie);
    expectOk(verified);
    expect(await twoFactorEnabled(user.id)).toBe(true);
    const activeCookie = cookiesFrom(verified, user.cookie);
    const profile = await me(activeCookie);
    expectOk(profile);
    expect(profile.json().twoFactorEnabled).toBe(true);

    // Sign-in now stops after the password and asks for the code; no session exists yet.
    const loginsBefore = await loginCount(user.id);
    const challenged = await login(user.email, user.password);
    expectOk(challenged);
    expect(challenged.json()).toEqual({ twoFactorRequired: true });
    const pending = cookiesFrom(challenged);
    expect(pending).toMatch(/two_factor/);
    expect((await me(pending)).statusCode).toBe(401);

    const rejected = await post("/api/auth/two-factor/verify-totp", { code: "123456" }, pending);
    expect(rejected.statusCode).toBe(401);
    expect(rejected.json().error.code).toBe("INVALID_TWO_FACTOR_CODE");
    const accepted = await post("/api/auth/two-factor/verify-totp", { code: totp(secret) }, pending);
    expectOk(accepted);
    const signedIn = cookiesFrom(accepted, pending);
    const afterCode = await me(signedIn);
    expectOk(afterCode);
    expect(afterCode.json().id).toBe(user.id);
    // One sign-in, one login activity row (not one for the discarded password-step session too).
    expect(await loginCount(user.id)).toBe(loginsBefore + 1);
    // The challenge is spent: the same pending cookie cannot sign in a second time.
    const reused = await post("/api/auth/two-factor/verify-totp", { code: totp(secret) }, pending);
    expect(reused.statusCode).toBe(401);

    // A backup code replaces the app once.
    const [backup, otherBackup] = backupCodes;
    const challenge2 = cookiesFrom(await login(user.email, user.password));
    const byBackup = await post("/api/auth/two-factor/verify-backup-code", { code: backup }, challenge2);
    expectOk(byBackup);
    expectOk(await me(cookiesFrom(byBackup, challenge2)));
    const challenge3 = cookiesFrom(await login(user.email, user.password));
    const backupAgain = await post("/api/auth/two-factor/verify-backup-code", { code: backup }, challenge3);
    expect(backupAgain.statusCode).toBe(401);
    expect(backupAgain.json().error.code).toBe("INVALID_TWO_FACTOR_CODE");
    const challenge4 = cookiesFrom(await login(user.email, user.password));
    expectOk(await post("/api/auth/two-factor/verify-backup-code", { code: otherBackup }, challenge4));

    // Disabling needs the password; afterwards sign-in needs only the password again.
    const session = signedIn;
    const refused = await post("/api/auth/two-factor/disable", { password: "NoEsLaClave1" }, session);
    expect(refused.statusCode).toBe(400);
    expect(await twoFactorEnabled(user.id)).toBe(true);
    const disabled = await post("/api/auth/two-factor/disable", { password: user.password }, session);
    expectOk(disabled);
    expect(await twoFactorEnabled(user.id)).toBe(false);
    expect(await t.app.ctx.db.select().from(twoFactors).where(eq(twoFactors.userId, user.id))).toEqual([]);
    const plain = await login(user.email, user.password);
    expectOk(plain);
    expect(plain.json().user).toMatchObject({ id: user.id, twoFactorEnabled: false });
  });
});
