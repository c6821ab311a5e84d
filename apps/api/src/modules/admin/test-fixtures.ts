// Helpers for the admin tests: an app with an administrator and a regular user signed in.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, tickets } from "../../db/schema";
import { waitForTicketPools } from "./raffles/ticket-pool";

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

export async function insertProof(
  db: Executor,
  values: Partial<typeof paymentProofs.$inferInsert> & { userId: string; raffleId: string | null },
) {
  const [row] = await db
    .insert(paymentProofs)
    .values({
      amount: 10,
      paymentMethod: "pago_movil",
      transactionRef: `REF-${randomBytes(6).toString("hex")}`,
      proofImagePath: `proofs/test/${randomBytes(6).toString("hex")}.png`,
      proofContentType: "image/png",
      proofSize: 1234,
      quantityOfTickets: 2,
      ...values,
    })
    .returning();
  if (!row) throw new Error("insertProof: no row");
  return row;
}

export async function soldNumbers(db: Executor, raffleId: string): Promise<number[]> {
  const rows = await db
    .select({ n: tickets.ticketNumber })
    .from(tickets)
    .where(and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold")));
  return rows.map((row) => row.n).sort((a, b) => a - b);
}

export async function raffleRow(db: Executor, id: string) {
  const [row] = await db.select().from(raffles).where(eq(raffles.id, id));
  if (!row) throw new Error("raffleRow: no row");
  return row;
}
