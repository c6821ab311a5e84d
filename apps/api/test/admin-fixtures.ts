// Helpers for the admin tests: an app with an administrator and a regular user signed in.
import { and, eq, sql } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, expect } from "vitest";
import { events } from "../src/db/schema";
import { waitForTicketPools } from "../src/modules/admin/raffles/ticket-pool";
import { createTestApp, signedInUser, type TestApp } from "./helpers";

export interface SignedIn {
  id: string;
  email: string;
  cookie: string;
}

export interface AdminTestContext {
  t: TestApp;
  admin: SignedIn;
  user: SignedIn;
}

export async function setupAdminTest(): Promise<AdminTestContext> {
  const t = await createTestApp();
  const admin = await signedInUser(t.app, { role: "admin", fullName: "Admin Rifazo" });
  const user = await signedInUser(t.app, { fullName: "Usuario Normal" });
  return { t, admin, user };
}

/**
 * Registers this file's beforeAll/afterAll: one app for the whole file. The returned object is filled
 * in by beforeAll, so use it only inside tests and hooks.
 */
export function useAdminTest(): AdminTestContext {
  const ctx = {} as AdminTestContext;
  beforeAll(async () => {
    Object.assign(ctx, await setupAdminTest());
  });
  afterAll(async () => {
    await ctx.t?.close();
  });
  return ctx;
}

type Method = "GET" | "POST" | "PATCH" | "PUT" | "DELETE";

export function call(
  t: TestApp,
  method: Method,
  url: string,
  cookie?: string,
  payload?: unknown,
  extra: Partial<InjectOptions> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method,
    url,
    headers: { ...(cookie ? { cookie } : {}), ...(extra.headers ?? {}) },
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...extra,
  } as InjectOptions) as Promise<LightMyRequestResponse>;
}

/** Visitor → 401, signed-in user → 403 ADMIN_ONLY with the spec's message. */
export async function expectAdminOnly(
  ctx: AdminTestContext,
  method: Method,
  url: string,
  payload?: unknown,
): Promise<void> {
  const visitor = await call(ctx.t, method, url, undefined, payload);
  expect(visitor.statusCode, `${method} ${url} visitante`).toBe(401);
  expect(visitor.json().error.code).toBe("UNAUTHENTICATED");
  const regular = await call(ctx.t, method, url, ctx.user.cookie, payload);
  expect(regular.statusCode, `${method} ${url} usuario`).toBe(403);
  expect(regular.json().error).toEqual({
    code: "ADMIN_ONLY",
    message: "Acceso denegado. Solo administradores.",
  });
}

export function raffleBody(overrides: Record<string, unknown> = {}) {
  return {
    title: "Moto Bera 2026",
    description: "Una moto nueva",
    price: 5,
    currency: "USD",
    totalTickets: 100,
    status: "active",
    activationType: "date",
    endDate: "2030-06-01T20:00:00.000Z",
    prizeLevels: [{ description: "Moto Bera", winnerCount: 1 }],
    ...overrides,
  };
}

/** Creates a raffle through the API and waits for its ticket pool. */
export async function createRaffle(ctx: AdminTestContext, overrides: Record<string, unknown> = {}) {
  const response = await call(ctx.t, "POST", "/api/admin/raffles", ctx.admin.cookie, raffleBody(overrides));
  expect(response.statusCode, response.body).toBe(201);
  await waitForTicketPools(ctx.t.app.ctx);
  return response.json() as { id: string; totalTickets: number; title: string };
}

/** The payloads of the events sent to the administrators' inbox (topic "admin") about one proof. */
export async function adminEventsAbout(ctx: AdminTestContext, proofId: string) {
  const rows = await ctx.t.app.ctx.db
    .select()
    .from(events)
    .where(and(eq(events.topic, "admin"), sql`${events.payload}->>'proofId' = ${proofId}`));
  return rows.map((row) => row.payload);
}
