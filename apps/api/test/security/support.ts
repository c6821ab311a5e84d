// Shared by the security suites: actors with sessions, the fixtures the access matrix names, multipart
// bodies, the "Spanish error" assertion and row counts of every table.

import { createHmac, randomBytes, randomUUID } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import * as shared from "@rifazo/shared";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { expect } from "vitest";
import {
  images,
  notifications,
  paymentProofs,
  raffles,
  rewards,
  sellerRaffles,
  sellerSettlements,
  sellers,
  sessions,
  users,
  winners,
} from "../../src/db/schema";
import { waitForTicketPools } from "../../src/modules/admin/raffles/ticket-pool";
import { raffleBody } from "../admin-fixtures";
import { insertProof } from "../fixtures";
import { cookiesFrom, createUser, nextIp, signIn, type TestApp } from "../helpers";
import { type FilePart, multipartBody } from "../multipart";
import type { Actor, Fixture, RequestContext } from "./access-matrix";

// ---------------------------------------------------------------------------------------------
// OpenAPI
// ---------------------------------------------------------------------------------------------

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  nullable?: boolean;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  enum?: unknown[];
}

export interface Operation {
  method: string;
  /** OpenAPI form: /api/raffles/{id}. */
  path: string;
  key: string;
  jsonBody: JsonSchema | undefined;
  multipart: boolean;
  queryParams: string[];
  pathParams: string[];
  /** The operation's `security` as published (null: none declared). */
  security: Array<Record<string, string[]>> | null;
  /** `x-role` as published: the role a session must have beyond being signed in. */
  role: string | null;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        consumes?: string[];
        parameters?: Array<{ name: string; in: string }>;
        security?: Array<Record<string, string[]>>;
        "x-role"?: string;
      }
    >
  >;
}

/** Every operation of the running app's /api/openapi.json. */
export async function openApiOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
  expect(response.statusCode).toBe(200);
  const doc = response.json() as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [p, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const content = op.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path: p,
        key: `${method.toUpperCase()} ${p}`,
        jsonBody: content["application/json"]?.schema,
        multipart:
          Boolean(content["multipart/form-data"]) || Boolean(op.consumes?.includes("multipart/form-data")),
        queryParams: (op.parameters ?? []).filter((q) => q.in === "query").map((q) => q.name),
        pathParams: [...p.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        security: op.security ?? null,
        role: op["x-role"] ?? null,
      });
    }
  }
  return operations;
}

/** /api/raffles/{id} with the values filled in. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`Sin valor para {${name}} en ${template}`);
    return encodeURIComponent(value);
  });
}

// ---------------------------------------------------------------------------------------------
// Error bodies in Spanish
// ---------------------------------------------------------------------------------------------

function collectStrings(value: unknown, into: Set<string>, depth = 0): void {
  if (depth > 3) return;
  if (typeof value === "string") into.add(value);
  else if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const item of Object.values(value)) collectStrings(item, into, depth + 1);
  }
}

/** Every message of the shared tables (ERROR_MESSAGES, AUTH_MESSAGES, PROOF_MESSAGES, ...). */
export const KNOWN_MESSAGES: ReadonlySet<string> = (() => {
  const set = new Set<string>();
  for (const [name, value] of Object.entries(shared)) {
    if (name.endsWith("MESSAGES")) collectStrings(value, set);
  }
  return set;
})();

/** Fastify's, zod's and HTTP's English defaults. */
const ENGLISH =
  /^(bad request|unauthorized|forbidden|not found|internal server error|too many requests|payload too large|unsupported media type|method not allowed)$|^(body|querystring|params|headers)\b|\b(invalid input|invalid option|expected|received|must|should|required|unexpected|unsupported|request body|is not valid|too (big|small|long|short)|characters?)\b/i;
const SPANISH =
  /[áéíóúñ¿¡]|\b(el|la|los|las|de|del|un|una|no|es|se|por|para|con|tu|su|al|que|debe|puede|datos|solicitud|campo|valor|archivo|rifa)\b/i;

/** A non-empty Spanish `error.message` (one of the shared messages, or text that reads as Spanish). */
export function isSpanishMessage(message: unknown): boolean {
  if (typeof message !== "string" || message.trim() === "") return false;
  if (KNOWN_MESSAGES.has(message)) return true;
  return SPANISH.test(message) && !ENGLISH.test(message);
}

export function errorMessageOf(response: LightMyRequestResponse): unknown {
  try {
    return (response.json() as { error?: { message?: unknown } }).error?.message;
  } catch {
    return undefined;
  }
}

export function expectSpanishError(response: LightMyRequestResponse, label: string): void {
  const message = errorMessageOf(response);
  expect(
    isSpanishMessage(message),
    `${label}: ${response.statusCode} sin mensaje en español: ${response.body.slice(0, 300)}`,
  ).toBe(true);
}

// ---------------------------------------------------------------------------------------------
// Row counts
// ---------------------------------------------------------------------------------------------

/** Tables that legitimately change on a refused request (limits, realtime log, sign-ins). */
export const VOLATILE_TABLES = new Set(["rate_limits", "events", "login_activity", "sessions"]);

export async function tableCounts(app: FastifyInstance): Promise<Record<string, number>> {
  const { db } = app.ctx;
  const listed = (await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  const counts: Record<string, number> = {};
  for (const { table_name: name } of listed.rows) {
    if (VOLATILE_TABLES.has(name)) continue;
    const result = (await db.execute(sql.raw(`SELECT count(*)::int AS n FROM "${name}"`))) as unknown as {
      rows: Array<{ n: number | string }>;
    };
    counts[name] = Number(result.rows[0]?.n ?? 0);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Sessions
// ---------------------------------------------------------------------------------------------

/** The session cookie's name as this app sets it (it changes under https). */
export function sessionCookieName(cookie: string): string {
  const name = cookie
    .split(/;\s*/)
    .map((part) => part.split("=")[0] ?? "")
    .find((n) => n.endsWith("session_token"));
  if (!name) throw new Error(`Sin cookie de sesión en ${cookie}`);
  return name;
}

/**
 * A second, independent session for an existing account without another password round (the hash is the
 * slow part of a sign-in): a session row plus the cookie Better Auth would sign for it.
 */
export async function extraSession(
  app: FastifyInstance,
  userId: string,
  cookieName: string,
): Promise<string> {
  const { secret } = await app.ctx.auth.$context;
  const token = randomBytes(24).toString("base64url");
  await app.ctx.db.insert(sessions).values({
    id: randomBytes(12).toString("hex"),
    token,
    userId,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  const signature = createHmac("sha256", secret).update(token).digest("base64");
  return `${cookieName}=${encodeURIComponent(`${token}.${signature}`)}`;
}

export interface ActorAccount {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** A vendedor's code (6 of the unambiguous letters and digits sellers_code_check allows). */
export function sellerCode(): string {
  const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
  return Array.from(randomBytes(6), (byte) => alphabet[byte % alphabet.length]).join("");
}

/** A signed-in account of the given kind; a suspended one is suspended after it signed in. */
export async function makeActor(
  t: TestApp,
  kind: Exclude<Actor, "visitor">,
  options: { cookieName?: string; fullName?: string } = {},
): Promise<ActorAccount> {
  const created = await createUser(t.app, {
    role: kind === "admin" ? "admin" : "user",
    ...(options.fullName ? { fullName: options.fullName } : {}),
  });
  const cookie = options.cookieName
    ? await extraSession(t.app, created.id, options.cookieName)
    : await signIn(t.app, created.email, created.password);
  if (kind === "suspendedUser") {
    // Directly in the row, so the session survives: the guard must look at the profile on every request.
    await t.app.ctx.db.update(users).set({ status: "inactive" }).where(eq(users.id, created.id));
  }
  if (kind === "seller" || kind === "otherSeller" || kind === "suspendedSeller") {
    await t.app.ctx.db.insert(sellers).values({
      name: options.fullName ?? "Vendedor",
      email: created.email,
      code: sellerCode(),
      status: kind === "suspendedSeller" ? "suspended" : "active",
      userId: created.id,
      acceptedAt: new Date(),
      suspendedAt: kind === "suspendedSeller" ? new Date() : null,
    });
  }
  return { ...created, cookie };
}

// ---------------------------------------------------------------------------------------------
// Multipart
// ---------------------------------------------------------------------------------------------

export { type FilePart, multipartBody };

export async function smallPng(): Promise<Buffer> {
  return sharp({ create: { width: 16, height: 16, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
}

/** The proof form for a raffle priced 5 USD: two tickets. */
export function proofFields(raffleId: string, unique: string, extra: Record<string, string> = {}) {
  return {
    raffleId,
    paymentMethod: "pago_movil",
    // The number keeps the key unique (decision 0022); `unique` keeps the reference recognisable.
    transactionRef: `REF-${uniqueReference()}-${unique}`,
    amount: "10.00",
    currency: "USD",
    quantity: 2,
    ...extra,
  };
}

export const uniqueId = () => randomBytes(5).toString("hex");
/**
 * A unique bank reference: its key is its number (decision 0022), so letters would not tell two apart.
 * Numbers from 10^11 up, never a leading zero.
 */
export const uniqueReference = () => String(100_000_000_000 + randomBytes(5).readUIntBE(0, 5));

// ---------------------------------------------------------------------------------------------
// The world the access matrix (and the hostile-input suite) sends requests into
// ---------------------------------------------------------------------------------------------

export interface World {
  t: TestApp;
  actors: Record<Exclude<Actor, "visitor">, ActorAccount>;
  cookieName: string;
  /** An account that may sign in (login declarations); never used for anything else. */
  login: { email: string; password: string };
  png: Buffer;
  /** Shared fixtures by name (the `fresh*` ones are made by `fixture`). */
  ids: Record<Exclude<Fixture, `fresh${string}`>, string>;
  fixture(name: Fixture): Promise<string>;
  /** A throwaway account of the same kind, for requests that end or change sessions. */
  isolated(kind: Exclude<Actor, "visitor">): Promise<ActorAccount>;
  context(password?: string): RequestContext;
}

export async function buildWorld(t: TestApp): Promise<World> {
  const { app } = t;
  const { db, storage } = app.ctx;
  const admin = await makeActor(t, "admin", { fullName: "Admin Rifazo" });
  const cookieName = sessionCookieName(admin.cookie);
  const [user, otherUser, suspendedUser, seller, otherSeller, suspendedSeller, victimSeller] =
    await Promise.all([
      makeActor(t, "user", { fullName: "Dueña Pérez" }),
      makeActor(t, "otherUser", { fullName: "Otro Usuario" }),
      makeActor(t, "suspendedUser", { fullName: "Cuenta Suspendida" }),
      makeActor(t, "seller", { fullName: "Vendedora Asignada" }),
      makeActor(t, "otherSeller", { fullName: "Vendedor Sin Rifas" }),
      makeActor(t, "suspendedSeller", { fullName: "Vendedor Suspendido" }),
      makeActor(t, "seller", { fullName: "Vendedor Objetivo" }),
    ]);
  const [victim, login] = await Promise.all([createUser(app), createUser(app)]);
  const png = await smallPng();

  // Raffle through the admin API, so its ticket pool exists (approve and sold-tickets need it).
  const created = await app.inject({
    method: "POST",
    url: "/api/admin/raffles",
    headers: { cookie: admin.cookie },
    payload: raffleBody({ title: "Rifa de la matriz", description: "Rifa para probar permisos" }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const raffleId = (created.json() as { id: string }).id;
  await waitForTicketPools(app.ctx);

  const [upcoming] = await db
    .insert(raffles)
    .values({
      title: "Rifa próxima",
      price: 5,
      status: "upcoming",
      totalTickets: 100,
      startDate: new Date(Date.now() + 5 * 24 * 3600 * 1000),
      endDate: new Date(Date.now() + 30 * 24 * 3600 * 1000),
    })
    .returning();

  const uploaded = await app.inject({
    method: "POST",
    url: "/api/proofs",
    ...(() => {
      const body = multipartBody(proofFields(raffleId, uniqueId()), {
        name: "comprobante.png",
        type: "image/png",
        data: png,
      });
      return { payload: body.payload, headers: { ...body.headers, cookie: user.cookie } };
    })(),
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const proofId = (uploaded.json() as { id: string }).id;
  // The upload made `user`'s purchase (a reservation, under review with that proof).
  const [purchase] = await db
    .select({ id: paymentProofs.reservationId })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, proofId));

  const [notification] = await db
    .insert(notifications)
    .values({ userId: user.id, title: "Aviso", message: "Tu pago está en revisión.", type: "other" })
    .returning();

  const imageUpload = multipartBody(
    { folder: "gallery" },
    { name: "premio.png", type: "image/png", data: png },
  );
  const image = await app.inject({
    method: "POST",
    url: "/api/admin/images",
    payload: imageUpload.payload,
    headers: { ...imageUpload.headers, cookie: admin.cookie },
  });
  expect(image.statusCode, image.body).toBe(201);

  const [reward] = await db
    .insert(rewards)
    .values({ title: "Camiseta", description: "Camiseta Rifazo", pointsRequired: 500 })
    .returning();

  // `seller` may sell the matrix's raffle; `otherSeller` none.
  const [sellerRow] = await db.select({ id: sellers.id }).from(sellers).where(eq(sellers.userId, seller.id));
  if (sellerRow)
    await db.insert(sellerRaffles).values({
      sellerId: sellerRow.id,
      raffleId,
      commissionKind: "percent",
      commissionValue: 10,
      creditLimit: 100,
    });
  const [invitedSeller] = await db
    .insert(sellers)
    .values({
      name: "Vendedor Invitado",
      email: `invitado.${uniqueId()}@example.com`,
      code: sellerCode(),
      invitationHash: randomBytes(32).toString("hex"),
      invitationExpiresAt: new Date(Date.now() + 24 * 3600 * 1000),
    })
    .returning({ id: sellers.id });
  const [victimSellerRow] = await db
    .select({ id: sellers.id })
    .from(sellers)
    .where(eq(sellers.userId, victimSeller.id));
  // A settlement paid to `seller` by transfer, with its receipt (decision 0034): only its readers get it.
  const settlementKey = `settlements/2030/01/${randomUUID()}.png`;
  await storage.put(settlementKey, png, "image/png");
  const [settlement] = sellerRow
    ? await db
        .insert(sellerSettlements)
        .values({
          entry: randomUUID(),
          sellerId: sellerRow.id,
          raffleId,
          amount: 1,
          currency: "USD",
          method: "transferencia",
          reference: "0102-MATRIZ",
          proofPath: settlementKey,
          proofContentType: "image/png",
          proofSize: png.length,
          createdBy: admin.id,
        })
        .returning({ id: sellerSettlements.id })
    : [];

  // A prize of `user` (decision 0035): the winner row of a drawn raffle without a record, not claimed.
  const [drawn] = await db
    .insert(raffles)
    .values({
      title: "Rifa sorteada de la matriz",
      price: 5,
      totalTickets: 100,
      status: "finished",
      drawnAt: new Date(),
    })
    .returning({ id: raffles.id });
  const [prize] = drawn
    ? await db
        .insert(winners)
        .values({
          raffleId: drawn.id,
          ticketNumber: 7,
          userId: user.id,
          winnerName: "Dueña Pérez",
          prizeDescription: "Licuadora",
          source: "external",
        })
        .returning({ id: winners.id })
    : [];

  if (
    !prize ||
    !upcoming ||
    !notification ||
    !reward ||
    !purchase?.id ||
    !sellerRow ||
    !invitedSeller ||
    !victimSellerRow ||
    !settlement
  )
    throw new Error("fixtures incompletas");

  const ids: World["ids"] = {
    raffle: raffleId,
    upcomingRaffle: upcoming.id,
    proof: proofId,
    reservation: purchase.id,
    notification: notification.id,
    image: (image.json() as { id: string }).id,
    reward: reward.id,
    user: user.id,
    victim: victim.id,
    ticketNumber: "0001",
    invitedSeller: invitedSeller.id,
    victimSeller: victimSellerRow.id,
    sellerSettlement: settlement.id,
    prize: prize.id,
  };

  async function fixture(name: Fixture): Promise<string> {
    switch (name) {
      case "freshRaffle": {
        const [row] = await db
          .insert(raffles)
          .values({
            title: `Rifa desechable ${uniqueId()}`,
            price: 5,
            status: "active",
            totalTickets: 50,
            endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
          })
          .returning();
        if (!row) throw new Error("sin rifa");
        return row.id;
      }
      case "freshProof": {
        const key = `proofs/2030/01/${randomUUID()}.png`;
        const reference = uniqueReference();
        await storage.put(key, png, "image/png");
        const row = await insertProof(db, {
          userId: user.id,
          raffleId,
          transactionRef: `REF-${reference}`,
          referenceKey: paymentReferenceKey("pago_movil", reference),
          proofImagePath: key,
          proofSize: png.length,
        });
        return row.id;
      }
      case "freshImage": {
        const id = randomUUID();
        await storage.put(`images/${id}/original.webp`, png, "image/webp");
        await db.insert(images).values({
          id,
          name: "desechable.png",
          folder: "gallery",
          storageKey: `images/${id}/original.webp`,
          contentType: "image/webp",
          size: png.length,
          width: 16,
          height: 16,
        });
        return id;
      }
      default:
        return ids[name];
    }
  }

  return {
    t,
    actors: { admin, user, otherUser, suspendedUser, seller, otherSeller, suspendedSeller },
    cookieName,
    login: { email: login.email, password: login.password },
    png,
    ids,
    fixture,
    isolated: (kind) => makeActor(t, kind, { cookieName }),
    context: (password = "ClaveSegura123") => ({
      unique: uniqueId(),
      login: { email: login.email, password: login.password },
      password,
      raffleId: ids.raffle,
    }),
  };
}

/** A minimal web build, so `/` and the SPA fallback behave the same with or without `npm run build`. */
export function fakeWebDist(): { dir: string; indexHtml: string; remove(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), "rifazo-web-"));
  mkdirSync(path.join(dir, "assets"), { recursive: true });
  const indexHtml =
    '<!doctype html><html lang="es"><head><meta charset="utf-8"><title>Rifazo</title></head><body><div id="root"></div></body></html>';
  writeFileSync(path.join(dir, "index.html"), indexHtml);
  return { dir, indexHtml, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export { cookiesFrom, nextIp };
