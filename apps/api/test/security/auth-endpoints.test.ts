// One path per action (spec 1 §5, docs/decisions/0007-one-sign-in-path.md): Better Auth's own
// /api/auth/* endpoints answer 404 unless the web app uses them; the ones it uses keep their limits; and
// every write of user data (name, image) holds to the profile form's shared schema, on any path.
import { PROFILE_LIMITS, PROFILE_MESSAGES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { mailOutbox, users } from "../../src/db/schema";
import { RATE_RULES } from "../../src/lib/rate-limit";
import {
  AUTH_BASE_PATH,
  AUTH_ENDPOINT_RULES,
  allowedAuthEndpoint,
} from "../../src/modules/auth/endpoint-allowlist";
import { createUser, nextIp, signedInUser, type TestApp } from "../helpers";
import { useTestApp } from "./lifecycle";
import { expectSpanishError, tableCounts } from "./support";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let user: SignedIn;
let admin: SignedIn;

useTestApp(async (app) => {
  t = app;
  [user, admin] = await Promise.all([signedInUser(t.app), signedInUser(t.app, { role: "admin" })]);
});

interface MountedEndpoint {
  name: string;
  path: string;
  methods: string[];
}

/** Every endpoint Better Auth mounts, read from its own route table (plugins included), not a hand list. */
function mountedEndpoints(): MountedEndpoint[] {
  const found: MountedEndpoint[] = [];
  for (const [name, endpoint] of Object.entries(t.app.ctx.auth.api)) {
    const e = endpoint as { path?: unknown; options?: { method?: unknown } };
    // Server-only endpoints (no path) cannot be reached over HTTP at all.
    if (typeof e.path !== "string") continue;
    const method = e.options?.method;
    const methods = (Array.isArray(method) ? method : [method]).filter(
      (m): m is string => typeof m === "string" && m !== "*",
    );
    found.push({ name, path: e.path, methods: methods.length > 0 ? methods : ["GET", "POST"] });
  }
  return found;
}

const concrete = (path: string) => path.replace(/:[A-Za-z]+/g, "x");

function call(method: string, path: string, cookie?: string, payload?: unknown) {
  return t.app.inject({
    method: method as "GET" | "POST",
    url: `${AUTH_BASE_PATH}${path}`,
    remoteAddress: nextIp(),
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(method === "POST" ? { "content-type": "application/json" } : {}),
    },
    ...(method === "POST" ? { payload: JSON.stringify(payload ?? {}) } : {}),
  });
}

function expectNotFound(response: LightMyRequestResponse, label: string) {
  expect(response.statusCode, `${label}: ${response.body.slice(0, 200)}`).toBe(404);
  expect(response.json()).toEqual({
    error: { code: "NOT_FOUND", message: "El recurso solicitado no existe." },
  });
}

describe("Better Auth's route table behind the allow-list", () => {
  it("reads a real route table (sign-in, sign-up, update-user and the two-factor plugin are in it)", () => {
    const paths = new Set(mountedEndpoints().map((e) => e.path));
    for (const p of ["/sign-in/email", "/sign-up/email", "/update-user", "/two-factor/enable"]) {
      expect(paths.has(p), p).toBe(true);
    }
    expect(paths.size).toBeGreaterThan(30);
  });

  it("answers 404 on every mounted endpoint that is not allowed, as visitor, user and admin", async () => {
    const reachable: string[] = [];
    for (const endpoint of mountedEndpoints()) {
      for (const method of endpoint.methods) {
        if (allowedAuthEndpoint(method, endpoint.path)) continue;
        for (const [who, cookie] of [
          ["visitante", undefined],
          ["usuario", user.cookie],
          ["admin", admin.cookie],
        ] as const) {
          const response = await call(method, concrete(endpoint.path), cookie);
          if (response.statusCode !== 404)
            reachable.push(`${method} ${endpoint.path} (${who}): ${response.statusCode}`);
          else expectNotFound(response, `${method} ${endpoint.path}`);
        }
      }
    }
    expect(reachable).toEqual([]);
  }, 120_000);

  it("allows only endpoints that exist in the route table (no stale entry widens the door)", async () => {
    const table = mountedEndpoints();
    for (const allowed of Object.keys(AUTH_ENDPOINT_RULES)) {
      const [method, path] = allowed.split(" ");
      expect(
        table.some((e) => e.path === path && e.methods.includes(method ?? "")),
        allowed,
      ).toBe(true);
    }
  });

  it("answers 404 on paths Better Auth does not mount, and on allowed paths with the wrong method", async () => {
    expectNotFound(await call("GET", "/no-existe"), "GET /no-existe");
    expectNotFound(await call("POST", "/verify-email"), "POST /verify-email");
    expectNotFound(await call("GET", "/two-factor/enable"), "GET /two-factor/enable");
  }, 60_000);

  it("keeps a limit on the allowed two-factor endpoints", async () => {
    const other = await signedInUser(t.app);
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i += 1) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/two-factor/enable",
        payload: { password: "NoEsLaClave1" },
        headers: { cookie: other.cookie },
        remoteAddress: ip,
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) {
        expectSpanishError(response, "two-factor 429");
        expect(response.headers["retry-after"]).toBe(String(RATE_RULES.twoFactorPerIp.windowSeconds));
      }
    }
    // Counted by the app's one limiter (docs/decisions/0011-one-rate-limiter.md): exactly its rule.
    expect(statuses.indexOf(429)).toBe(RATE_RULES.twoFactorPerIp.max);
    expect(statuses.slice(RATE_RULES.twoFactorPerIp.max).every((s) => s === 429)).toBe(true);
  }, 60_000);
});

describe("the raw sign-in path is closed, so its limits cannot be skipped", () => {
  it("refuses a password sign-in through /api/auth/sign-in/email, even with the right password", async () => {
    const victim = await createUser(t.app);
    const response = await call("POST", "/sign-in/email", undefined, {
      email: victim.email,
      password: victim.password,
    });
    expectNotFound(response, "sign-in/email");
    expect(response.headers["set-cookie"]).toBeUndefined();
  }, 60_000);
});

describe("user data writes hold to the profile schema on every path", () => {
  it("refuses a 60,000-character name and a javascript: image through /api/auth/update-user", async () => {
    const before = await tableCounts(t.app);
    const long = await call("POST", "/update-user", user.cookie, { name: "A".repeat(60_000) });
    expectNotFound(long, "update-user nombre");
    const image = await call("POST", "/update-user", user.cookie, { image: "javascript:alert(1)" });
    expectNotFound(image, "update-user imagen");
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.name.length).toBeLessThanOrEqual(PROFILE_LIMITS.fullName);
    expect(row?.image).toBeNull();
    expect(await tableCounts(t.app)).toEqual(before);
  }, 60_000);

  it("refuses a 5,000-character name on sign-up, on the raw path and on /api/account/register", async () => {
    const before = await tableCounts(t.app);
    const email = `largo.${Date.now()}@example.com`;
    const raw = await call("POST", "/sign-up/email", undefined, {
      name: "B".repeat(5_000),
      email,
      password: "ClaveSegura123",
    });
    expectNotFound(raw, "sign-up/email");
    const app = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      remoteAddress: nextIp(),
      payload: {
        fullName: "B".repeat(5_000),
        email,
        password: "ClaveSegura123",
        confirmPassword: "ClaveSegura123",
      },
    });
    expect(app.statusCode).toBe(400);
    expect(app.json().error.message).toBe(PROFILE_MESSAGES.fullNameTooLong);
    expect(await tableCounts(t.app)).toEqual(before);
  }, 60_000);

  it("refuses a name with control characters on the profile route and on register, in Spanish", async () => {
    const before = await tableCounts(t.app);
    const profile = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: { cookie: user.cookie },
      payload: { fullName: "Ana\u0007\u001b[31m Pérez" },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().error.message).toBe(PROFILE_MESSAGES.fullNameInvalid);
    const register = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      remoteAddress: nextIp(),
      payload: {
        fullName: "Ana\u202ePérez",
        email: `control.${Date.now()}@example.com`,
        password: "ClaveSegura123",
        confirmPassword: "ClaveSegura123",
      },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().error.message).toBe(PROFILE_MESSAGES.fullNameInvalid);
    expect(await tableCounts(t.app)).toEqual(before);
  }, 60_000);

  it("holds the same rule below every path: a direct Better Auth call with a bad name or image is refused", async () => {
    const before = await tableCounts(t.app);
    const { fromNodeHeaders } = await import("better-auth/node");
    const headers = fromNodeHeaders({ cookie: user.cookie });
    await expect(
      t.app.ctx.auth.api.updateUser({ body: { name: "C".repeat(60_000) }, headers }),
    ).rejects.toMatchObject({ body: { message: PROFILE_MESSAGES.fullNameTooLong } });
    await expect(
      t.app.ctx.auth.api.updateUser({ body: { image: "javascript:alert(1)" }, headers }),
    ).rejects.toMatchObject({ body: { message: PROFILE_MESSAGES.imageInvalid } });
    await expect(
      t.app.ctx.auth.api.signUpEmail({
        body: {
          name: "D".repeat(5_000),
          email: `directo.${Date.now()}@example.com`,
          password: "ClaveSegura123",
        },
      }),
    ).rejects.toMatchObject({ body: { message: PROFILE_MESSAGES.fullNameTooLong } });
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.image).toBeNull();
    expect(await tableCounts(t.app)).toEqual(before);
  }, 60_000);
});

describe("resending the verification email", () => {
  it("is closed on the raw endpoint and limited per account on the app's route", async () => {
    const pending = await createUser(t.app, { emailVerified: false });
    const outbox = async () =>
      (await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, pending.email))).length;
    const sentBefore = await outbox();
    for (let i = 0; i < 5; i += 1) {
      expectNotFound(
        await call("POST", "/send-verification-email", undefined, { email: pending.email }),
        "send-verification-email",
      );
    }
    expect(await outbox()).toBe(sentBefore);
    const statuses: number[] = [];
    for (let i = 0; i < RATE_RULES.verificationPerAccount.max + 2; i += 1) {
      const response = await t.app.inject({
        method: "POST",
        url: "/api/account/resend-verification",
        payload: { email: pending.email },
        remoteAddress: nextIp(),
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429) expectSpanishError(response, "reenvío 429");
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_RULES.verificationPerAccount.max);
    expect(statuses.slice(RATE_RULES.verificationPerAccount.max)).toEqual([429, 429]);
    expect(await outbox()).toBe(sentBefore + RATE_RULES.verificationPerAccount.max);
  }, 60_000);
});
