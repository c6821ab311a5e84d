// Weak passwords: every path that sets a password (the app's sign-up and change-password, Better Auth's
// own sign-up, change-password and reset-password, over HTTP or through auth.api, and the app's reset route) refuses "12345678" and
// its kind with the shared strength rule's Spanish reason, and leaves nothing written behind.
import { randomBytes } from "node:crypto";
import { checkPasswordStrength } from "@rifazo/shared/password-strength";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { users, verifications } from "../../src/db/schema";
import { cookiesFrom, createTestApp, createUser, nextIp, signedInUser, type TestApp } from "../helpers";
import { uniqueId } from "./support";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const WEAK = ["12345678", "password1", "rifazo123"];

function reasonFor(password: string, inputs: string[]): string {
  const verdict = checkPasswordStrength(password, inputs);
  if (verdict.ok) throw new Error(`"${password}" should be weak`);
  return verdict.reason;
}

async function userExists(email: string): Promise<boolean> {
  const rows = await t.app.ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return rows.length > 0;
}

async function login(email: string, password: string) {
  return t.app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email, password },
    remoteAddress: nextIp(),
  });
}

describe("visitor sign-up", () => {
  const register = (fullName: string, email: string, password: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/account/register",
      remoteAddress: nextIp(),
      payload: { fullName, email, password, confirmPassword: password },
    });

  it.each(WEAK)("/api/account/register refuses %s with the Spanish reason", async (password) => {
    const email = `debil.${uniqueId()}@example.com`;
    const response = await register("Rosa Quintero", email, password);
    expect(response.statusCode, response.body).toBe(400);
    const reason = reasonFor(password, [email, "Rosa Quintero"]);
    expect(response.json().error).toEqual({
      code: "WEAK_PASSWORD",
      message: reason,
      fields: { password: reason },
    });
    expect(await userExists(email)).toBe(false);
  });

  it("refuses a password made of the visitor's own email", async () => {
    const local = `rosaquintero${uniqueId().slice(0, 4)}`;
    const email = `${local}@example.com`;
    const response = await register("Rosa Quintero", email, local);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe("WEAK_PASSWORD");
    expect(await userExists(email)).toBe(false);
  });

  it("accepts a strong password (the rule is not a blanket refusal)", async () => {
    const email = `fuerte.${uniqueId()}@example.com`;
    const response = await register("Rosa Quintero", email, "Tambor-Mango-Lluvia-47");
    expect(response.statusCode, response.body).toBe(201);
    expect(await userExists(email)).toBe(true);
  });

  it("Better Auth's own sign-up refuses it too, over HTTP and through auth.api", async () => {
    const email = `crudo.${uniqueId()}@example.com`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      remoteAddress: nextIp(),
      payload: { name: "Rosa Quintero", email, password: "12345678" },
    });
    // The raw endpoint is closed (one sign-in path, auth-endpoints.test.ts); the rule holds below it too.
    expect(response.statusCode, response.body).toBe(404);
    await expect(
      t.app.ctx.auth.api.signUpEmail({ body: { name: "Rosa Quintero", email, password: "12345678" } }),
    ).rejects.toMatchObject({
      body: { code: "WEAK_PASSWORD", message: reasonFor("12345678", [email, "Rosa Quintero"]) },
    });
    expect(await userExists(email)).toBe(false);
  });
});

describe("change of password", () => {
  const change = (cookie: string, newPassword: string, currentPassword?: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/account/change-password",
      headers: { cookie },
      payload: { currentPassword, newPassword, confirmPassword: newPassword },
    });

  it.each([
    ["user", "user"],
    ["admin", "admin"],
  ] as const)("a signed-in %s cannot set 12345678 and keeps the old password", async (_label, role) => {
    const user = await signedInUser(t.app, { role, fullName: "Pedro Salas" });
    const response = await change(user.cookie, "12345678", user.password);
    expect(response.statusCode, response.body).toBe(400);
    const reason = reasonFor("12345678", [user.email, "Pedro Salas"]);
    expect(response.json().error).toEqual({
      code: "WEAK_PASSWORD",
      message: reason,
      fields: { newPassword: reason },
    });
    expect((await login(user.email, "12345678")).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it("refuses a new password made of the user's own name", async () => {
    const user = await signedInUser(t.app, { fullName: "Wilmer Colmenares" });
    const response = await change(user.cookie, "WilmerColmenares", user.password);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().error.code).toBe("WEAK_PASSWORD");
  });

  it("Better Auth's own change-password refuses it too, over HTTP and through auth.api", async () => {
    const user = await signedInUser(t.app, { fullName: "Pedro Salas" });
    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/change-password",
      headers: { cookie: user.cookie },
      payload: { currentPassword: user.password, newPassword: "12345678" },
    });
    expect(response.statusCode, response.body).toBe(404);
    await expect(
      t.app.ctx.auth.api.changePassword({
        body: { currentPassword: user.password, newPassword: "12345678" },
        headers: new Headers({ cookie: user.cookie }),
      }),
    ).rejects.toMatchObject({
      body: { code: "WEAK_PASSWORD", message: reasonFor("12345678", [user.email, "Pedro Salas"]) },
    });
    expect((await login(user.email, "12345678")).statusCode).toBe(401);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });
});

describe("password reset", () => {
  async function resetToken(userId: string): Promise<string> {
    const token = randomBytes(16).toString("hex");
    await t.app.ctx.db.insert(verifications).values({
      id: `ver_${token}`,
      identifier: `reset-password:${token}`,
      value: userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    return token;
  }

  it("a reset link cannot set 12345678, over HTTP or through auth.api; a strong one works", async () => {
    const user = await createUser(t.app, { fullName: "Luisa Ochoa" });
    const token = await resetToken(user.id);

    const response = await t.app.inject({
      method: "POST",
      url: "/api/auth/reset-password",
      remoteAddress: nextIp(),
      payload: { newPassword: "12345678", token },
    });
    expect(response.statusCode, response.body).toBe(404);
    // The app's own reset route (the page the email links to) holds it to the same rule.
    const viaApp = await t.app.inject({
      method: "POST",
      url: "/api/account/password-reset",
      remoteAddress: nextIp(),
      payload: { token, newPassword: "12345678", confirmPassword: "12345678" },
    });
    expect(viaApp.statusCode).toBe(400);
    expect(viaApp.json().error).toMatchObject({
      code: "WEAK_PASSWORD",
      message: reasonFor("12345678", [user.email, "Luisa Ochoa"]),
    });
    await expect(
      t.app.ctx.auth.api.resetPassword({ body: { newPassword: "12345678", token } }),
    ).rejects.toMatchObject({
      body: { code: "WEAK_PASSWORD", message: reasonFor("12345678", [user.email, "Luisa Ochoa"]) },
    });
    expect((await login(user.email, "12345678")).statusCode).toBe(401);

    // The same token with a strong password goes through: the refusal above was the password's.
    await t.app.ctx.auth.api.resetPassword({ body: { newPassword: "Tambor-Mango-Lluvia-47", token } });
    const signedIn = await login(user.email, "Tambor-Mango-Lluvia-47");
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(cookiesFrom(signedIn)).not.toBe("");
  });
});
