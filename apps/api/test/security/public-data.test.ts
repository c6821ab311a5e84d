// No public response carries a user's id, e-mail or phone (winners are shown by their masked name only,
// spec 1 §2). Every operation of /api/openapi.json that needs no session is called as a visitor on the demo
// catalogue, with real ids, slugs and ticket numbers, and so is every public page the server renders (its
// HTML and the data embedded for hydration). Any value of the users table found in a body fails the test.
import { existsSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { formatTicketNumber, normalizeVenezuelanMobile } from "@rifazo/shared";
import { and, eq, isNotNull, ne, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { images, paymentProofs, raffles, tickets, users, winners } from "../../src/db/schema";
import { seedDemo } from "../../src/seed/demo";
import { createTestApp, nextIp, type TestApp } from "../helpers";
import { extraSession, fillPath, type Operation, openApiOperations } from "./support";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../web/dist");
const ORIGIN = "http://localhost:3000";

/**
 * Public operations that act on the caller's own account: their answers are about the account that signs
 * in or registers (its own e-mail, by design), never about someone else. Everything else that needs no
 * session is called.
 */
const OWN_ACCOUNT = /^POST \/api\/account\//;

/** A field that names a person's internal id may not appear in a public body at all, even empty. */
const ID_FIELD = /^(user_?id|userIds?|winner_?(user_?)?id|owner_?id|buyer_?id|author_?id|admin_?id)$/i;
const CONTACT_FIELD = /(e-?mail|phone|whatsapp|telefono|celular)$/i;
/**
 * The organiser's own payment and support details are published on purpose (spec 1 §2, /metodos-pago and
 * /contacto): these are the only places a public body may hold an e-mail or phone field.
 */
const ALLOWED_CONTACT_FIELDS = new Set([
  "GET /api/settings/public: paymentAccounts.pagoMovil.phone",
  "GET /api/settings/public: paymentAccounts.zelle.email",
  "GET /api/settings/public: supportContact.whatsapp",
]);

let t: TestApp;
let operations: Operation[];
let baseUrl: string;
/** Every id, e-mail and phone of the users table, in the forms a body could carry them. */
let personal: Array<{ label: string; value: string }>;
let raffleIds: string[];
let imageIds: string[];
let ticketNumbers: string[];
let receiptTokens: string[];

beforeAll(async () => {
  if (!existsSync(path.join(webDist, "server", "entry-server.js"))) {
    throw new Error(
      "Falta apps/web/dist/server: ejecuta `npm run build` (npm test lo hace) antes de estas pruebas.",
    );
  }
  t = await createTestApp({ webDist, pageCacheSeconds: 0 });
  await seedDemo(t.app.ctx);
  const { db } = t.app.ctx;
  // Every account gets a phone, so a leak of phones cannot hide behind accounts that have none.
  const all = await db.select({ id: users.id, phone: users.phone }).from(users);
  for (const [i, row] of all.entries()) {
    if (!row.phone) {
      await db
        .update(users)
        .set({ phone: `0414-7${String(i).padStart(6, "0")}` })
        .where(eq(users.id, row.id));
    }
  }
  personal = [];
  for (const row of await db.select().from(users)) {
    personal.push({ label: `id de ${row.email}`, value: row.id });
    personal.push({ label: `correo de ${row.email}`, value: row.email.toLowerCase() });
    if (row.phone) {
      personal.push({ label: `teléfono de ${row.email}`, value: row.phone });
      const normalized = normalizeVenezuelanMobile(row.phone);
      if (normalized) personal.push({ label: `teléfono de ${row.email}`, value: normalized });
    }
  }
  expect(personal.length).toBeGreaterThan(10);

  raffleIds = (await db.select({ id: raffles.id }).from(raffles)).map((r) => r.id);
  imageIds = (await db.select({ id: images.id }).from(images)).map((r) => r.id);
  // Sold tickets (owned by someone) first: they are the ones whose owner could leak.
  const sold = await db
    .selectDistinct({ n: tickets.ticketNumber })
    .from(tickets)
    .where(isNotNull(tickets.userId))
    .orderBy(tickets.ticketNumber)
    .limit(15);
  ticketNumbers = sold.map((r) => String(r.n).padStart(4, "0"));
  expect(raffleIds.length).toBeGreaterThan(5);
  expect(ticketNumbers.length).toBeGreaterThan(0);
  // Receipts are read by whoever holds the link: the demo's approved purchases have theirs.
  const receipts = await db
    .select({ token: paymentProofs.receiptToken })
    .from(paymentProofs)
    .where(isNotNull(paymentProofs.receiptToken))
    .limit(5);
  receiptTokens = receipts.map((r) => r.token as string);
  expect(receiptTokens.length).toBeGreaterThan(0);

  operations = await openApiOperations(t.app);
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await t?.close();
});

/** Real values for a path parameter of a public operation; an unknown one fails (add it here). */
function valuesFor(op: Operation, name: string): string[] {
  if (name === "number" && op.path.startsWith("/api/tickets/")) return ticketNumbers;
  if (name === "id" && op.path.startsWith("/api/images/")) return imageIds;
  if (name === "token" && op.path.startsWith("/api/receipts/")) return receiptTokens;
  if (name === "id" && /^\/api\/(raffles|draws)\//.test(op.path)) return raffleIds;
  throw new Error(`Sin valores de prueba para {${name}} en ${op.key}: añádelos en public-data.test.ts`);
}

function urlsOf(op: Operation): string[] {
  if (op.pathParams.length === 0) return [op.path];
  // Decision 0024: the official lottery publication, by raffle and hash. The demo has none, so this walks
  // the 404 path; lottery.test.ts serves a real one (the organiser's upload of a public document).
  if (op.path === "/api/raffles/{id}/publications/{sha256}")
    return raffleIds.map((id) => fillPath(op.path, { id, sha256: "0".repeat(64) }));
  if (op.pathParams.length > 1) throw new Error(`${op.key}: más de un parámetro, añade su combinación`);
  const name = op.pathParams[0] as string;
  return valuesFor(op, name).map((value) => fillPath(op.path, { [name]: value }));
}

/** Each personal value found in `text`. */
function leaksIn(text: string): string[] {
  const lower = text.toLowerCase();
  return personal.filter(({ value }) => lower.includes(value.toLowerCase())).map((p) => p.label);
}

/** Fields named like a person's id anywhere, and e-mail/phone fields outside the organiser's own details. */
function suspiciousFields(key: string, value: unknown, at = ""): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => suspiciousFields(key, item, at));
  if (!value || typeof value !== "object") return [];
  const found: string[] = [];
  for (const [name, inner] of Object.entries(value)) {
    const where = at ? `${at}.${name}` : name;
    if (ID_FIELD.test(name)) found.push(`${where} (id de persona)`);
    else if (CONTACT_FIELD.test(name) && inner !== null && !ALLOWED_CONTACT_FIELDS.has(`${key}: ${where}`)) {
      found.push(`${where} (dato de contacto)`);
    }
    found.push(...suspiciousFields(key, inner, where));
  }
  return found;
}

interface Checked {
  url: string;
  status: number;
  problems: string[];
}

function check(key: string, url: string, status: number, body: string, json: unknown): Checked {
  const problems = leaksIn(body).map((label) => `contiene el ${label}`);
  if (json !== undefined) problems.push(...suspiciousFields(key, json).map((f) => `campo ${f}`));
  return { url, status, problems };
}

function parse(body: string, contentType: unknown): unknown {
  if (!String(contentType ?? "").includes("json")) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** The visitor's stream with every stored event replayed (raffle events are public), read for a moment. */
async function streamBody(url: string): Promise<{ status: number; body: string }> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${url}?lastEventId=0`, { signal: controller.signal });
  let body = "";
  const reader = response.body?.getReader();
  const decoder = new TextDecoder();
  const stop = setTimeout(() => controller.abort(), 1_500);
  try {
    while (reader) {
      const { value, done } = await reader.read();
      if (done) break;
      body += decoder.decode(value, { stream: true });
    }
  } catch {
    // Aborted after the replay: what arrived so far is the body.
  } finally {
    clearTimeout(stop);
  }
  return { status: response.status, body };
}

async function callAsVisitor(op: Operation, url: string): Promise<Checked> {
  if (op.key === "GET /api/events") {
    const { status, body } = await streamBody(url);
    return check(op.key, url, status, body, undefined);
  }
  const response = await t.app.inject({
    method: op.method as "GET",
    url,
    headers: op.method === "GET" ? {} : { origin: ORIGIN },
    ...(op.jsonBody ? { payload: bodyFor(op) } : {}),
    remoteAddress: nextIp(),
  });
  return check(
    op.key,
    url,
    response.statusCode,
    response.body,
    parse(response.body, response.headers["content-type"]),
  );
}

/** The public non-GET operations that take a body (draw with no public value, the contact form). */
function bodyFor(op: Operation): Record<string, unknown> {
  if (op.key === "POST /api/contact") {
    return {
      name: "Persona Curiosa",
      email: "curiosa@example.net",
      subject: "Consulta",
      message: "¿Cuándo es el próximo sorteo?",
    };
  }
  return {};
}

function publicOperations(): Operation[] {
  return operations.filter((op) => op.security === null || op.security.length === 0);
}

describe("public responses carry no personal data", () => {
  it("the demo catalogue has buyers with tickets and drawn raffles whose winners have accounts (so the walk below sees winners)", async () => {
    const { db } = t.app.ctx;
    const won = await db.select({ userId: winners.userId }).from(winners).where(isNotNull(winners.userId));
    expect(won.length).toBeGreaterThan(0);
    const owned = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(isNotNull(tickets.userId));
    expect(Number(owned[0]?.n)).toBeGreaterThan(0);
    expect(publicOperations().map((op) => op.key)).toEqual(
      expect.arrayContaining(["POST /api/raffles/{id}/draw", "GET /api/winners", "GET /api/raffles/{id}"]),
    );
  });

  it("every public operation, called as a visitor with real ids, answers without a user id, e-mail or phone", async () => {
    const ops = publicOperations().filter((op) => !OWN_ACCOUNT.test(op.key));
    // Actions first (the draw button closes and freezes the demo raffle whose sales ended; drawn raffles
    // answer their winners), then every read.
    const ordered = [...ops.filter((op) => op.method !== "GET"), ...ops.filter((op) => op.method === "GET")];
    const failures: string[] = [];
    let answered = 0;
    for (const op of ordered) {
      for (const url of urlsOf(op)) {
        const result = await callAsVisitor(op, url);
        if (result.status < 300) answered += 1;
        expect(result.status, `${op.key} ${url}`).toBeLessThan(500);
        for (const problem of result.problems)
          failures.push(`${op.key} ${url} (${result.status}): ${problem}`);
      }
    }
    const drawn = await t.app.ctx.db.select({ userId: winners.userId }).from(winners);
    expect(
      drawn.some((w) => w.userId !== null),
      "el recorrido no produjo ganadores con cuenta",
    ).toBe(true);
    expect(answered).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it("the draw tells a signed-in winner which prize is theirs, and nobody else", async () => {
    const { db } = t.app.ctx;
    const [won] = await db
      .select({ raffleId: winners.raffleId, userId: winners.userId, ticketNumber: winners.ticketNumber })
      .from(winners)
      .where(isNotNull(winners.userId))
      .limit(1);
    if (!won?.userId)
      throw new Error("sin ganador con cuenta (los datos de demo traen sorteos con ganadores)");
    const [raffle] = await db.select().from(raffles).where(eq(raffles.id, won.raffleId));
    expect(raffle?.drawnAt).not.toBeNull();
    // Someone else with an account: the winner's flag must not follow any session.
    const [anyUser] = await db.select({ id: users.id }).from(users).where(ne(users.id, won.userId)).limit(1);
    if (!anyUser) throw new Error("sin otra cuenta en los datos de demo");
    const cookieName = "better-auth.session_token";
    const draw = async (cookie?: string) =>
      t.app.inject({
        method: "POST",
        url: `/api/raffles/${won.raffleId}/draw`,
        headers: { origin: ORIGIN, ...(cookie ? { cookie } : {}) },
        payload: {},
        remoteAddress: nextIp(),
      });
    type Winner = { ticketNumber: string; isMine?: boolean };
    // Numbers show in their raffle's digits (ticketDigits).
    const [sized] = await db
      .select({ total: raffles.totalTickets })
      .from(raffles)
      .where(eq(raffles.id, won.raffleId));
    const total = sized?.total ?? 10_000;
    const ticket = formatTicketNumber(won.ticketNumber, total);

    const visitor = await draw();
    expect(visitor.statusCode).toBe(200);
    expect((visitor.json().winners as Winner[]).every((w) => w.isMine === false)).toBe(true);

    const mine = await draw(await extraSession(t.app, won.userId, cookieName));
    expect(mine.statusCode).toBe(200);
    const flagged = (mine.json().winners as Winner[]).filter((w) => w.isMine);
    expect(flagged.map((w) => w.ticketNumber)).toContain(ticket);
    expect(leaksIn(mine.body)).toEqual([]);

    const other = await draw(await extraSession(t.app, anyUser.id, cookieName));
    expect(other.statusCode).toBe(200);
    const theirs = (other.json().winners as Winner[]).filter((w) => w.isMine);
    const owned = await db
      .select({ n: winners.ticketNumber })
      .from(winners)
      .where(and(eq(winners.raffleId, won.raffleId), eq(winners.userId, anyUser.id)));
    expect(theirs.map((w) => w.ticketNumber).sort()).toEqual(
      owned.map((r) => formatTicketNumber(r.n, total)).sort(),
    );
    expect(theirs.map((w) => w.ticketNumber)).not.toContain(ticket);
  });
});

describe("public pages rendered on the server carry no personal data", () => {
  /** Spec 1 §1 public routes, with the draw page and a raffle page for every raffle of the catalogue. */
  function pages(): string[] {
    const fixed = [
      "/",
      "/rifas",
      "/ganadores",
      "/verificar-boleto",
      "/proximamente",
      "/transmisiones-vivo",
      "/rifazo-club",
      "/testimonios",
      "/metodos-pago",
      "/terminos-y-condiciones",
      "/politica-de-privacidad",
      "/transparencia-de-sorteos",
      "/contacto",
    ];
    return [...fixed, ...raffleIds.flatMap((id) => [`/rifas/${id}`, `/sorteo/${id}`])];
  }

  it("every public page's HTML and hydration state, after the demo draw", async () => {
    const failures: string[] = [];
    let rendered = 0;
    for (const url of pages()) {
      const response = await t.app.inject({ method: "GET", url, headers: { accept: "text/html" } });
      expect(response.statusCode, url).toBe(200);
      if (response.body.includes('id="rifazo-state"')) rendered += 1;
      for (const label of leaksIn(response.body)) failures.push(`${url}: contiene el ${label}`);
      const state = /<script type="application\/json" id="rifazo-state">([\s\S]*?)<\/script>/.exec(
        response.body,
      );
      if (state?.[1]) {
        for (const field of suspiciousFields(`PAGE ${url}`, JSON.parse(state[1]))) {
          // The payment methods page embeds the organiser's published accounts, as the API answers them.
          if (/paymentAccounts\.(pagoMovil\.phone|zelle\.email)|supportContact\.whatsapp/.test(field))
            continue;
          failures.push(`${url}: campo ${field}`);
        }
      }
    }
    expect(rendered, "páginas renderizadas en el servidor").toBeGreaterThan(10);
    expect(failures).toEqual([]);
  });
});
