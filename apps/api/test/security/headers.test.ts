// Headers and cookies (docs/security.md): security headers on the page and the API, HSTS and Secure cookies only
// under https, the CSRF guard on state-changing routes, and the rate limits' Spanish 429s.

import { randomBytes } from "node:crypto";
import { CONTACT_MESSAGES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";
import { paymentProofs, raffles, userFavorites } from "../../src/db/schema";
import { RATE_RULES } from "../../src/lib/rate-limit";
import { CONTACT_RATE_RULE } from "../../src/modules/contact/service";
import { insertProof } from "../fixtures";
import { createTestApp, createUser, nextIp, signedInUser, type TestApp } from "../helpers";
import {
  expectSpanishError,
  fakeWebDist,
  multipartBody,
  proofFields,
  smallPng,
  uniqueId,
  uniqueReference,
} from "./support";

let t: TestApp;
/** The same database behind PUBLIC_URL=https://...: what production behind TLS looks like. */
let secure: FastifyInstance;
let web: ReturnType<typeof fakeWebDist>;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let user: SignedIn;
let admin: SignedIn;
let raffleId: string;
let png: Buffer;

const HTTPS_URL = "https://rifazo.example";

beforeAll(async () => {
  web = fakeWebDist();
  t = await createTestApp({ webDist: web.dir });
  secure = await buildApp({ config: { ...t.config, publicUrl: HTTPS_URL }, database: t.testDb.database });
  await secure.ready();
  [user, admin] = await Promise.all([signedInUser(t.app), signedInUser(t.app, { role: "admin" })]);
  const [raffle] = await t.app.ctx.db
    .insert(raffles)
    .values({
      title: "Rifa de cabeceras",
      price: 5,
      status: "active",
      totalTickets: 100,
      endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    })
    .returning();
  raffleId = raffle?.id ?? "";
  png = await smallPng();
}, 120_000);

afterAll(async () => {
  await secure?.close();
  await t?.close();
  web?.remove();
});

/** CSP directives by name. */
function csp(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers["content-security-policy"] ?? "");
  const directives = new Map<string, string[]>();
  for (const part of header.split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}

const PAGES = ["/", "/api/health", "/api/raffles", "/api/no-existe", "/api/account/me"];

describe("security headers", () => {
  it.each(PAGES)("%s: strict CSP, nosniff, referrer policy, COOP; no HSTS over http", async (url) => {
    const response = await t.app.inject({ method: "GET", url });
    const directives = csp(response);
    const scriptSrc = directives.get("script-src") ?? directives.get("default-src");
    expect(scriptSrc, "script-src").toBeDefined();
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
    expect(scriptSrc).not.toContain("*");
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("default-src")).toEqual(["'self'"]);
    expect(directives.has("upgrade-insecure-requests")).toBe(false);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["referrer-policy"]).toMatch(
      /^(strict-origin-when-cross-origin|strict-origin|no-referrer|same-origin)$/,
    );
    expect(response.headers["cross-origin-opener-policy"]).toBe("same-origin");
    expect(response.headers["strict-transport-security"]).toBeUndefined();
    expect(response.headers["x-powered-by"]).toBeUndefined();
  });

  it("the page itself is the SPA shell, served with the same policy", async () => {
    const response = await t.app.inject({ method: "GET", url: "/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toBe(web.indexHtml);
  });

  it.each(PAGES)(
    "%s under https: HSTS for a year with subdomains, upgrade-insecure-requests",
    async (url) => {
      const response = await secure.inject({ method: "GET", url });
      const hsts = String(response.headers["strict-transport-security"] ?? "");
      expect(Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0)).toBeGreaterThanOrEqual(31_536_000);
      expect(hsts).toMatch(/includeSubDomains/i);
      expect(csp(response).has("upgrade-insecure-requests")).toBe(true);
      expect(csp(response).get("frame-ancestors")).toEqual(["'none'"]);
    },
  );
});

describe("session cookie", () => {
  function sessionCookie(response: LightMyRequestResponse) {
    const cookie = response.cookies.find((c) => c.name.endsWith("session_token"));
    expect(cookie, JSON.stringify(response.headers["set-cookie"])).toBeDefined();
    return cookie as NonNullable<typeof cookie>;
  }

  /** The session cookie a new account gets from signing in to `app`. */
  async function signInCookie(app: FastifyInstance) {
    const account = await createUser(app);
    const response = await app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: account.email, password: account.password },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(200);
    return sessionCookie(response);
  }

  it("httpOnly and SameSite=Lax, not Secure over http", async () => {
    const cookie = await signInCookie(t.app);
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe("lax");
    expect(cookie.secure).not.toBe(true);
    expect(cookie.path).toBe("/");
  });

  it("Secure (and __Secure- prefixed) under https", async () => {
    const cookie = await signInCookie(secure);
    expect(cookie.secure).toBe(true);
    expect(cookie.httpOnly).toBe(true);
    expect(String(cookie.sameSite).toLowerCase()).toBe("lax");
    expect(cookie.name.startsWith("__Secure-")).toBe(true);
  });
});

describe("CSRF", () => {
  async function pendingProof(): Promise<string> {
    const row = await insertProof(t.app.ctx.db, {
      userId: user.id,
      raffleId,
      transactionRef: `REF-${uniqueReference()}`,
      proofImagePath: `proofs/2030/01/${randomBytes(8).toString("hex")}.png`,
      proofSize: 10,
    });
    return row.id;
  }

  /** State-changing requests a hostile page could make a signed-in browser send. */
  async function attacks(): Promise<Array<{ label: string; options: InjectOptions; cookie: string }>> {
    const upload = multipartBody(proofFields(raffleId, uniqueId()), {
      name: "c.png",
      type: "image/png",
      data: png,
    });
    return [
      {
        label: "cerrar sesión",
        cookie: user.cookie,
        options: { method: "POST", url: "/api/account/logout", payload: {} },
      },
      {
        label: "subir comprobante",
        cookie: user.cookie,
        options: { method: "POST", url: "/api/proofs", payload: upload.payload, headers: upload.headers },
      },
      {
        label: "aprobar comprobante",
        cookie: admin.cookie,
        options: { method: "POST", url: `/api/admin/proofs/${await pendingProof()}/approve` },
      },
      {
        label: "favorito",
        cookie: user.cookie,
        options: { method: "PUT", url: `/api/favorites/${raffleId}` },
      },
      {
        label: "quitar favorito",
        cookie: user.cookie,
        options: { method: "DELETE", url: `/api/favorites/${raffleId}` },
      },
      {
        label: "perfil",
        cookie: user.cookie,
        options: { method: "PATCH", url: "/api/profile", payload: { fullName: "Cambiado por otro sitio" } },
      },
      {
        label: "suspender",
        cookie: admin.cookie,
        options: { method: "POST", url: `/api/admin/users/${user.id}/suspend` },
      },
    ];
  }

  async function expectRefused(hostile: Record<string, string>) {
    for (const attack of await attacks()) {
      const response = await t.app.inject({
        ...attack.options,
        headers: { ...(attack.options.headers ?? {}), cookie: attack.cookie, ...hostile },
        remoteAddress: nextIp(),
      } as InjectOptions);
      expect(response.statusCode, `${attack.label} ${JSON.stringify(hostile)}: ${response.body}`).toBe(403);
      expectSpanishError(response, attack.label);
    }
    // None of them happened: still signed in, nothing saved, nothing approved, the profile unchanged.
    const me = await t.app.inject({
      method: "GET",
      url: "/api/account/me",
      headers: { cookie: user.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect((me.json() as { fullName: string }).fullName).not.toBe("Cambiado por otro sitio");
    const favorites = await t.app.ctx.db
      .select()
      .from(userFavorites)
      .where(eq(userFavorites.userId, user.id));
    expect(favorites).toEqual([]);
    const approved = await t.app.ctx.db
      .select()
      .from(paymentProofs)
      .where(eq(paymentProofs.status, "approved"));
    expect(approved).toEqual([]);
  }

  it("Origin: https://evil.example → 403 everywhere", async () => {
    await expectRefused({ origin: "https://evil.example" });
  });

  it("Sec-Fetch-Site: cross-site → 403, even without Origin", async () => {
    await expectRefused({ "sec-fetch-site": "cross-site" });
  });

  it("Origin: null (sandboxed frame, data: URL) → 403", async () => {
    await expectRefused({ origin: "null" });
  });

  it("a look-alike origin is not ours", async () => {
    await expectRefused({ origin: "http://localhost:3000.evil.example" });
  });

  it("our own origin (and same-site fetch metadata) passes", async () => {
    const response = await t.app.inject({
      method: "PUT",
      url: `/api/favorites/${raffleId}`,
      headers: { cookie: user.cookie, origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
    });
    expect(response.statusCode, response.body).toBe(200);
    const undo = await t.app.inject({
      method: "DELETE",
      url: `/api/favorites/${raffleId}`,
      headers: { cookie: user.cookie, origin: "http://localhost:3000" },
    });
    expect(undo.statusCode).toBe(200);
  });

  it("reads are not blocked (a cross-site GET carries no state change)", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/api/raffles",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

describe("rate limits answer 429 in Spanish", () => {
  /** Sends `build(i)` until the limit; the request after the last allowed one must be a Spanish 429. */
  async function exhaust(max: number, build: (i: number) => InjectOptions, expectedMessage?: string) {
    for (let i = 0; i < max; i++) {
      const response = await t.app.inject(build(i));
      expect(response.statusCode, `intento ${i + 1}: ${response.body}`).not.toBe(429);
    }
    const limited = await t.app.inject(build(max));
    expect(limited.statusCode, limited.body).toBe(429);
    expectSpanishError(limited, "429");
    if (expectedMessage)
      expect((limited.json() as { error: { message: string } }).error.message).toBe(expectedMessage);
  }

  it("sign-in, per address", async () => {
    const ip = nextIp();
    await exhaust(RATE_RULES.signInPerIp.max, (i) => ({
      method: "POST",
      url: "/api/account/login",
      payload: { email: `nadie${i}.${uniqueId()}@example.com`, password: "ClaveIncorrecta1" },
      remoteAddress: ip,
    }));
  });

  it("sign-in, per account (from many addresses)", async () => {
    const account = await createUser(t.app);
    await exhaust(RATE_RULES.signInPerAccount.max, () => ({
      method: "POST",
      url: "/api/account/login",
      payload: { email: account.email, password: "ClaveIncorrecta1" },
      remoteAddress: nextIp(),
    }));
    // The right password does not get through either until the window passes.
    const right = await t.app.inject({
      method: "POST",
      url: "/api/account/login",
      payload: { email: account.email, password: account.password },
      remoteAddress: nextIp(),
    });
    expect(right.statusCode).toBe(429);
  }, 180_000);

  it("sign-up, per address", async () => {
    const ip = nextIp();
    const taken = await createUser(t.app);
    await exhaust(RATE_RULES.signUpPerIp.max, () => ({
      method: "POST",
      url: "/api/account/register",
      // An address that is already registered: the limit counts attempts, no account is created.
      payload: {
        fullName: "Alguien",
        email: taken.email,
        password: "ClaveSegura123",
        confirmPassword: "ClaveSegura123",
      },
      remoteAddress: ip,
    }));
  });

  it("verification e-mail resend, per address and per account", async () => {
    const ip = nextIp();
    await exhaust(RATE_RULES.verificationPerIp.max, (i) => ({
      method: "POST",
      url: "/api/account/resend-verification",
      payload: { email: `reenvio${i}.${uniqueId()}@example.com` },
      remoteAddress: ip,
    }));
    const email = `cuenta.${uniqueId()}@example.com`;
    await exhaust(RATE_RULES.verificationPerAccount.max, () => ({
      method: "POST",
      url: "/api/account/resend-verification",
      payload: { email },
      remoteAddress: nextIp(),
    }));
  });

  it("contact form, per address", async () => {
    const ip = nextIp();
    await exhaust(
      CONTACT_RATE_RULE.max,
      (i) => ({
        method: "POST",
        url: "/api/contact",
        payload: { name: "Ana", email: "ana@example.com", subject: `Asunto ${i}`, message: "Hola" },
        remoteAddress: ip,
      }),
      CONTACT_MESSAGES.rateLimited,
    );
  });

  it("ticket verification, per address", async () => {
    const ip = nextIp();
    let first429 = -1;
    for (let i = 0; i < 200 && first429 < 0; i++) {
      const response = await t.app.inject({
        method: "GET",
        url: "/api/tickets/verify/0001",
        remoteAddress: ip,
      });
      if (response.statusCode === 429) {
        first429 = i;
        expectSpanishError(response, "verificar boleto");
      } else {
        expect(response.statusCode, response.body).toBe(200);
      }
    }
    // The route's own rule (30 a minute); a person checking a handful of tickets never meets it.
    expect(first429).toBeGreaterThanOrEqual(10);
    expect(first429).toBeLessThan(200);
    // Another address is not affected.
    expect(
      (await t.app.inject({ method: "GET", url: "/api/tickets/verify/0001", remoteAddress: nextIp() }))
        .statusCode,
    ).toBe(200);
  });
});
