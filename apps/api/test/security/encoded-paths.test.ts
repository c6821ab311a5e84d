// One path per request: the router decodes a path before matching it, so every other spelling of a path
// (an escaped letter, an escaped slash or dot, double encoding, "//", dot segments, a backslash, "/API/")
// must be refused before any guard that matches on paths reads it: the CSRF check, the admin guard, the
// rate limits, the page headers and the page cache. The requests go over a real socket, byte for byte as
// an attacker would write them (app.inject would resolve dot segments and backslashes first).
import { mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { NON_CANONICAL_PATH_MESSAGE } from "@rifazo/shared/request-path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { paymentProofs, rateLimits } from "../../src/db/schema";
import { generateTicketPool } from "../../src/modules/admin/raffles/ticket-pool";
import { insertRaffle } from "../fixtures";
import { createTestApp, nextIp, signedInUser, type TestApp } from "../helpers";
import { fakeWebDist, multipartBody, proofFields, smallPng, uniqueId } from "./support";

let t: TestApp;
let web: ReturnType<typeof fakeWebDist>;
let port: number;
let admin: Awaited<ReturnType<typeof signedInUser>>;
let buyer: Awaited<ReturnType<typeof signedInUser>>;
let proofId: string;

/** Every URL the (fake) server renderer was asked to render, in order. */
const rendered: string[] = [];
declare global {
  var __rifazoRendered: string[] | undefined;
}

/** The same site as the app, another port: what the audit used (cookies are sent, Origin is not ours). */
const SAME_SITE_ORIGIN = "http://localhost:4000";

beforeAll(async () => {
  web = fakeWebDist();
  // A server renderer that says which URL it rendered, so a test sees what reached the page cache.
  mkdirSync(path.join(web.dir, "server"));
  globalThis.__rifazoRendered = rendered;
  writeFileSync(
    path.join(web.dir, "server", "entry-server.js"),
    `export async function render({ url }) {
      globalThis.__rifazoRendered.push(url);
      return { html: "<p>página " + url.replace(/[<&]/g, "") + "</p>", title: null, state: "{}" };
    }`,
  );
  t = await createTestApp({ webDist: web.dir, pageCacheSeconds: 60 });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as net.AddressInfo).port;
  [admin, buyer] = await Promise.all([
    signedInUser(t.app, { role: "admin" }),
    signedInUser(t.app, { fullName: "Comprador Prueba" }),
  ]);
  const raffle = await insertRaffle(t.app.ctx.db, {
    totalTickets: 100,
    endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  await generateTicketPool(t.app.ctx, raffle.id);
  // A pending proof, sent by its buyer from our own site (never paid: the admin must not approve it).
  const form = multipartBody(proofFields(raffle.id, uniqueId()), {
    name: "c.png",
    type: "image/png",
    data: await smallPng(),
  });
  const upload = await t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: form.payload,
    headers: { ...form.headers, cookie: buyer.cookie, origin: "http://localhost:3000" },
    remoteAddress: nextIp(),
  });
  expect(upload.statusCode, upload.body).toBe(201);
  proofId = (upload.json() as { id: string }).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
  web?.remove();
  globalThis.__rifazoRendered = undefined;
});

interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One HTTP/1.1 request with `target` sent exactly as written. */
function raw(
  method: string,
  target: string,
  headers: Record<string, string> = {},
  body = "",
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const lines = [
      `${method} ${target} HTTP/1.1`,
      "Host: localhost:3000",
      "Connection: close",
      `Content-Length: ${Buffer.byteLength(body)}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
    ];
    // Written, not ended: a half-closed socket reads to the server as a client gone before its answer.
    const socket = net.connect(port, "127.0.0.1", () => socket.write(`${lines.join("\r\n")}\r\n\r\n${body}`));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const [head = "", ...rest] = text.split("\r\n\r\n");
      const [statusLine = "", ...headerLines] = head.split("\r\n");
      const parsed: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(":");
        parsed[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(" ")[1]), headers: parsed, body: rest.join("\r\n\r\n") });
    });
  });
}

/**
 * Other spellings of a canonical path ("/api/admin/...", "/recibo/x") the router may route like it, or
 * that some layer may resolve to it: the whole family the audit asked about.
 */
function spellings(canonical: string): Array<[label: string, target: string]> {
  const [, first = "", second = "", ...rest] = canonical.split("/");
  const tail = rest.length > 0 ? `/${rest.join("/")}` : "";
  const escaped = (segment: string) =>
    `%${segment.charCodeAt(0).toString(16).toUpperCase()}${segment.slice(1)}`;
  return [
    ["letra codificada (%61)", `/${escaped(first)}/${second}${tail}`],
    ["letra codificada más adelante", `/${first}/${escaped(second)}${tail}`],
    ["%2F", `/${first}%2F${second}${tail}`],
    ["%2f", `/${first}%2f${second}${tail}`],
    ["%2e", `/${first}/%2e/${second}${tail}`],
    ["%2E%2E", `/${first}/x/%2E%2E/${second}${tail}`],
    ["doble codificación %25", `/%25${first.charCodeAt(0).toString(16)}${first.slice(1)}/${second}${tail}`],
    ["// al principio", `//${first}/${second}${tail}`],
    ["// en medio", `/${first}//${second}${tail}`],
    ["mayúsculas", `/${first.toUpperCase()}/${second}${tail}`],
    ["una mayúscula", `/${first.charAt(0).toUpperCase()}${first.slice(1)}/${second}${tail}`],
    ["/./", `/${first}/./${second}${tail}`],
    ["/x/../", `/${first}/x/../${second}${tail}`],
    ["barra invertida", `/${first}\\${second}${tail}`],
    ["%5C", `/${first}%5C${second}${tail}`],
    ["forma absoluta", `http://localhost:3000/${first}/${second}${tail}`],
  ];
}

/** 400 in Spanish, from the one check every guard relies on. */
function expectRefused(response: RawResponse, label: string): void {
  expect(response.status, `${label}: ${response.body}`).toBe(400);
  const body = JSON.parse(response.body) as { error: { code: string; message: string } };
  expect(body.error).toEqual({ code: "VALIDATION", message: NON_CANONICAL_PATH_MESSAGE });
}

async function proofStatus(): Promise<string | undefined> {
  const [row] = await t.app.ctx.db
    .select({ status: paymentProofs.status })
    .from(paymentProofs)
    .where(eq(paymentProofs.id, proofId));
  return row?.status;
}

describe("the audit's attack: /%61pi/ past the CSRF check", () => {
  it("a same-site page cannot make a signed-in admin approve an unpaid proof", async () => {
    const hostile = { cookie: admin.cookie, origin: SAME_SITE_ORIGIN, "sec-fetch-site": "same-site" };
    const direct = await raw("POST", `/api/admin/proofs/${proofId}/approve`, hostile);
    expect(direct.status, direct.body).toBe(403);
    const encoded = await raw("POST", `/%61pi/admin/proofs/${proofId}/approve`, hostile);
    expectRefused(encoded, "/%61pi/");
    expect(await proofStatus()).toBe("pending");
  });
});

describe("every other spelling is refused before any guard", () => {
  it("state-changing requests (CSRF): none approves the proof", async () => {
    const hostile = { cookie: admin.cookie, origin: SAME_SITE_ORIGIN, "sec-fetch-site": "same-site" };
    for (const [label, target] of spellings(`/api/admin/proofs/${proofId}/approve`)) {
      expectRefused(await raw("POST", target, hostile), `POST ${label} ${target}`);
    }
    expect(await proofStatus()).toBe("pending");
  });

  it("admin routes (auth guard): a visitor and a user get nothing from any spelling", async () => {
    for (const cookie of [undefined, buyer.cookie]) {
      for (const [label, target] of spellings("/api/admin/users")) {
        const response = await raw("GET", target, cookie ? { cookie } : {});
        expectRefused(response, `GET ${label} ${target}`);
        expect(response.body).not.toContain(buyer.email);
      }
    }
  });

  it("rate-limited routes: no spelling reaches the limiter or the sign-in", async () => {
    const counters = () =>
      t.app.ctx.db
        .select({ key: rateLimits.key, count: rateLimits.count })
        .from(rateLimits)
        .orderBy(rateLimits.key);
    const before = await counters();
    for (const [label, target] of spellings("/api/account/login")) {
      const response = await raw(
        "POST",
        target,
        { "content-type": "application/json" },
        JSON.stringify({ email: buyer.email, password: "incorrecta-123" }),
      );
      expectRefused(response, `POST ${label} ${target}`);
    }
    // Nothing was counted, against the account or the address: the spellings never reached a limiter.
    expect(await counters()).toEqual(before);
  });

  it("pages: a private page keeps its headers, and no spelling is rendered into the page cache", async () => {
    const canonical = await raw("GET", "/recibo/tokenDePrueba");
    expect(canonical.status).toBe(200);
    expect(canonical.headers["cache-control"]).toBe("private, no-store");
    rendered.length = 0;
    for (const [label, target] of [...spellings("/recibo/tokenDePrueba"), ...spellings("/rifas/x")]) {
      const response = await raw("GET", target, { accept: "text/html" });
      expectRefused(response, `GET ${label} ${target}`);
      expect(response.headers["cache-control"] ?? "", label).not.toMatch(/public|no-cache/);
    }
    expect(rendered).toEqual([]);
    // The canonical page still renders, from its own key.
    const page = await raw("GET", "/rifas/x", { accept: "text/html" });
    expect(page.status).toBe(200);
    expect(page.body).toContain("página /rifas/x");
  });
});

describe("what browsers send still works", () => {
  it("escapes in the query, reserved and non-ASCII escapes in the path, a trailing slash", async () => {
    for (const target of ["/api/raffles?q=%61%2F..%2E", "/rifas/moto-%C3%B1a", "/rifas/", "/"]) {
      const response = await raw("GET", target, { accept: "text/html" });
      expect(response.status, `${target}: ${response.body}`).toBe(200);
    }
    // Our own admin, from our own page, still approves.
    const ours = await raw("POST", `/api/admin/proofs/${proofId}/approve`, {
      cookie: admin.cookie,
      origin: "http://localhost:3000",
      "sec-fetch-site": "same-origin",
    });
    expect(ours.status, ours.body).toBe(200);
    expect(await proofStatus()).toBe("approved");
  });
});
