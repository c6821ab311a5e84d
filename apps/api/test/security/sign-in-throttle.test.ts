// Sign-in limits that cannot be turned into a lock-out (docs/decisions/0007-one-sign-in-path.md):
// failures count per (account, client) with a per-account ceiling for unknown clients, while the owner
// still gets in from a device that signed in before, or with a single-use link sent by email.
import { ERROR_MESSAGES, SIGN_IN_LINK_MESSAGES } from "@rifazo/shared";
import { and, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { mailOutbox, signInDevices, users, verifications } from "../../src/db/schema";
import { RATE_RULES } from "../../src/lib/rate-limit";
import { DEVICE_COOKIE } from "../../src/modules/auth/known-devices";
import { admitSignIn } from "../../src/modules/auth/sign-in-throttle";
import { cookiesFrom, createUser, nextIp, type TestApp } from "../helpers";
import { useTestApp } from "./lifecycle";
import { newestMail } from "./mail";
import { expectSpanishError, sessionCookieName } from "./support";

let t: TestApp;

useTestApp((app) => {
  t = app;
});

function login(email: string, password: string, options: { ip?: string; cookie?: string } = {}) {
  return t.app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email, password },
    remoteAddress: options.ip ?? nextIp(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
}

function expectLimited(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body}`).toBe(429);
  expect(response.json().error.message).toBe(ERROR_MESSAGES.RATE_LIMITED);
  expectSpanishError(response, label);
  expect(Number(response.headers["retry-after"]), `${label}: Retry-After`).toBeGreaterThan(0);
}

/** The owner signs in once from their own browser; returns that browser's cookies (device cookie included). */
async function ownerDevice(email: string, password: string, ip = nextIp()) {
  const first = await login(email, password, { ip });
  expect(first.statusCode, first.body).toBe(200);
  const device = first.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(device, "cookie de dispositivo").toBeDefined();
  expect(device?.httpOnly).toBe(true);
  expect(device?.sameSite).toBe("Lax");
  expect(device?.path).toBe("/api/account");
  expect(device?.maxAge).toBeGreaterThan(30 * 24 * 3600);
  return { ip, device: `${DEVICE_COOKIE}=${device?.value}` };
}

/** What the attacker's guesses do before any password is checked: the same code path as the route. */
async function distributedFailures(email: string, count: number) {
  let refused = 0;
  for (let i = 0; i < count; i++) {
    const wait = await admitSignIn(t.app.ctx.db, { email, ip: nextIp(), knownDevice: null });
    if (wait !== null) refused++;
  }
  return refused;
}

async function latestMail(to: string) {
  return newestMail(t.app, to);
}

const linkIn = (text: string | undefined) => {
  const match = text?.match(/https?:\/\/\S+\/api\/auth\/magic-link\/verify\?\S+/);
  if (!match) throw new Error(`sin enlace para entrar en: ${text}`);
  return new URL(match[0]);
};

function requestLink(email: string, ip = nextIp()) {
  return t.app.inject({
    method: "POST",
    url: "/api/account/magic-link",
    payload: { email },
    remoteAddress: ip,
  });
}

function me(cookie: string) {
  return t.app.inject({ method: "GET", url: "/api/account/me", headers: { cookie } });
}

describe("failing on purpose no longer locks the owner out", () => {
  it("wrong passwords from other addresses, knowing only the email, leave the owner's sign-in working", async () => {
    const owner = await createUser(t.app);
    // One more than the old per-account limit (8), which let anyone keep the owner out.
    for (let i = 0; i < 9; i++) {
      expect((await login(owner.email, "ClaveDelAtacante1")).statusCode).toBe(401);
    }
    // From a new address these guesses are far from the account's ceiling.
    const fresh = await login(owner.email, owner.password);
    expect(fresh.statusCode, fresh.body).toBe(200);
    // And from the owner's own browser, after as many more.
    const home = await ownerDevice(owner.email, owner.password);
    for (let i = 0; i < 9; i++) {
      expect((await login(owner.email, "ClaveDelAtacante1")).statusCode).toBe(401);
    }
    const again = await login(owner.email, owner.password, { ip: home.ip, cookie: home.device });
    expect(again.statusCode, again.body).toBe(200);
  }, 120_000);
});

describe("per (account, client)", () => {
  it("refuses one client after its wrong passwords, and nobody else", async () => {
    const owner = await createUser(t.app);
    const attacker = nextIp();
    for (let i = 0; i < RATE_RULES.signInPerClient.max; i++) {
      expect((await login(owner.email, "ClaveDelAtacante1", { ip: attacker })).statusCode).toBe(401);
    }
    expectLimited(await login(owner.email, "ClaveDelAtacante1", { ip: attacker }), "mismo cliente");
    // Not even the right password from that client, until its window passes.
    expectLimited(await login(owner.email, owner.password, { ip: attacker }), "mismo cliente, clave buena");
    // The same address may still try other accounts (its own address limit aside), and others this one.
    const other = await createUser(t.app);
    expect((await login(other.email, other.password, { ip: attacker })).statusCode).toBe(200);
    expect((await login(owner.email, owner.password)).statusCode).toBe(200);
  }, 120_000);

  it("counts a known device by its cookie, not by its address: the owner's own slips are limited too", async () => {
    const owner = await createUser(t.app);
    const home = await ownerDevice(owner.email, owner.password);
    const elsewhere = nextIp();
    for (let i = 0; i < RATE_RULES.signInPerClient.max; i++) {
      const wrong = await login(owner.email, "MeEquivoque123", { ip: elsewhere, cookie: home.device });
      expect(wrong.statusCode).toBe(401);
    }
    expectLimited(
      await login(owner.email, owner.password, { ip: elsewhere, cookie: home.device }),
      "dispositivo conocido tras sus propios errores",
    );
  }, 120_000);

  it("a right password resets that client's count", async () => {
    const owner = await createUser(t.app);
    const ip = nextIp();
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < RATE_RULES.signInPerClient.max - 1; i++) {
        expect((await login(owner.email, "MeEquivoque123", { ip })).statusCode).toBe(401);
      }
      expect((await login(owner.email, owner.password, { ip })).statusCode).toBe(200);
    }
  }, 120_000);
});

describe("after 1,000 failures from elsewhere", () => {
  it("unknown clients hit the account's ceiling; the owner's device and an email link still get in", async () => {
    const owner = await createUser(t.app);
    const home = await ownerDevice(owner.email, owner.password);
    const started = Date.now();
    const refused = await distributedFailures(owner.email, 1_000);
    expect(refused).toBe(1_000 - RATE_RULES.signInPerAccount.max);
    expect(Date.now() - started).toBeLessThan(60_000);

    // A real wrong password and the right one from any unknown client: refused, in Spanish.
    expectLimited(await login(owner.email, "ClaveDelAtacante1"), "cliente desconocido");
    expectLimited(await login(owner.email, owner.password), "cliente desconocido, clave buena");
    // A forged device cookie is just another unknown client.
    const forged = `${DEVICE_COOKIE}=${"A".repeat(43)}`;
    expectLimited(await login(owner.email, owner.password, { cookie: forged }), "cookie inventada");
    // Another browser's device cookie only counts for the account it signed in to.
    const stranger = await createUser(t.app);
    const strangerHome = await ownerDevice(stranger.email, stranger.password);
    expectLimited(
      await login(owner.email, owner.password, { cookie: strangerHome.device }),
      "dispositivo de otra cuenta",
    );

    // The owner on their own device, from any address.
    const mine = await login(owner.email, owner.password, { cookie: home.device });
    expect(mine.statusCode, mine.body).toBe(200);
    const session = cookiesFrom(mine);
    expect((await me(session)).json().email).toBe(owner.email);

    // The owner with a link sent by email, from an unknown browser.
    expect((await requestLink(owner.email)).statusCode).toBe(200);
    const link = linkIn((await latestMail(owner.email))?.text);
    const opened = await t.app.inject({
      method: "GET",
      url: `${link.pathname}${link.search}`,
      remoteAddress: nextIp(),
    });
    expect(opened.statusCode, opened.body).toBe(302);
    expect(opened.headers.location).toBe("http://localhost:3000/");
    const viaLink = cookiesFrom(opened);
    sessionCookieName(viaLink);
    expect((await me(viaLink)).json().email).toBe(owner.email);
  }, 120_000);
});

describe("the sign-in link", () => {
  it("is single use and short-lived", async () => {
    const owner = await createUser(t.app);
    expect((await requestLink(owner.email)).statusCode).toBe(200);
    const mail = await latestMail(owner.email);
    expect(mail?.subject).toBe("Tu enlace para entrar a Rifazo");
    expect(mail?.text).toContain("10 minutos");
    const link = linkIn(mail?.text);
    const url = `${link.pathname}${link.search}`;
    const first = await t.app.inject({ method: "GET", url, remoteAddress: nextIp() });
    expect(first.statusCode).toBe(302);
    expect((await me(cookiesFrom(first))).statusCode).toBe(200);
    const second = await t.app.inject({ method: "GET", url, remoteAddress: nextIp() });
    expect(second.statusCode).toBe(302);
    expect(second.headers.location).toMatch(
      /^http:\/\/localhost:3000\/login\?enlace=invalido&error=INVALID_TOKEN/,
    );
    expect(second.cookies.some((c) => c.name.endsWith("session_token") && c.value)).toBe(false);

    // Only the token's hash is stored, and it lives ten minutes.
    const token = link.searchParams.get("token") ?? "";
    expect((await requestLink(owner.email)).statusCode).toBe(200);
    const fresh = linkIn((await latestMail(owner.email))?.text);
    const rows = await t.app.ctx.db.select().from(verifications);
    expect(
      rows.some(
        (r) => r.identifier.includes(token) || r.identifier.includes(fresh.searchParams.get("token") ?? "-"),
      ),
    ).toBe(false);
    const pending = rows.filter((r) => r.identifier.startsWith("magic-link:"));
    expect(pending.length).toBeGreaterThan(0);
    for (const row of pending) {
      expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000 + 5_000);
    }
    // Once expired it no longer signs in.
    for (const row of pending) {
      await t.app.ctx.db
        .update(verifications)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verifications.id, row.id));
    }
    const late = await t.app.inject({
      method: "GET",
      url: `${fresh.pathname}${fresh.search}`,
      remoteAddress: nextIp(),
    });
    expect(late.headers.location).toContain("enlace=invalido");
    expect(late.cookies.some((c) => c.name.endsWith("session_token") && c.value)).toBe(false);
  }, 120_000);

  it("is limited per account and per address, in Spanish", async () => {
    const owner = await createUser(t.app);
    for (let i = 0; i < RATE_RULES.signInLinkPerAccount.max; i++) {
      expect((await requestLink(owner.email)).statusCode).toBe(200);
    }
    const limited = await requestLink(owner.email);
    expect(limited.statusCode).toBe(429);
    expectSpanishError(limited, "enlace por cuenta");
    const sent = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(sent).toHaveLength(RATE_RULES.signInLinkPerAccount.max);

    const ip = nextIp();
    for (let i = 0; i < RATE_RULES.signInLinkPerIp.max; i++) {
      expect((await requestLink(`nadie${i}.${Date.now()}@example.com`, ip)).statusCode).toBe(200);
    }
    expect((await requestLink(`otro.${Date.now()}@example.com`, ip)).statusCode).toBe(429);
  }, 120_000);

  it("answers the same for unknown, suspended and two-factor accounts, and sends them nothing", async () => {
    const suspended = await createUser(t.app, { status: "inactive" });
    const withTwoFactor = await createUser(t.app);
    await t.app.ctx.db.update(users).set({ twoFactorEnabled: true }).where(eq(users.id, withTwoFactor.id));
    const unknown = `desconocido.${Date.now()}@example.com`;
    for (const email of [unknown, suspended.email, withTwoFactor.email]) {
      const response = await requestLink(email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ ok: true });
      expect(await latestMail(email)).toBeUndefined();
    }
    expect((await t.app.ctx.db.select().from(users).where(eq(users.email, unknown))).length).toBe(0);
  }, 120_000);

  it("refuses a malformed email with the shared Spanish message", async () => {
    const response = await requestLink("no-es-un-correo");
    expect(response.statusCode).toBe(400);
    expectSpanishError(response, "correo inválido");
    expect(SIGN_IN_LINK_MESSAGES.sent).toMatch(/correo/);
  }, 120_000);
});

describe("known devices", () => {
  it("are remembered per account, and a signed-out browser keeps its device cookie", async () => {
    const owner = await createUser(t.app);
    const home = await ownerDevice(owner.email, owner.password);
    const again = await login(owner.email, owner.password, { cookie: home.device });
    expect(again.statusCode).toBe(200);
    // Same browser, same token: no second cookie value, one row for this account.
    const reissued = again.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(`${DEVICE_COOKIE}=${reissued?.value}`).toBe(home.device);
    const rows = await t.app.ctx.db
      .select()
      .from(signInDevices)
      .where(and(eq(signInDevices.userId, owner.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).not.toContain(home.device.split("=")[1] ?? "-");
    const logout = await t.app.inject({
      method: "POST",
      url: "/api/account/logout",
      headers: { cookie: `${cookiesFrom(again)}; ${home.device}` },
      payload: {},
    });
    expect(logout.statusCode).toBe(200);
    expect(logout.cookies.some((c) => c.name === DEVICE_COOKIE)).toBe(false);
  }, 120_000);
});
