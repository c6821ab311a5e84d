// A server-rendered page names its own code in its HTML (docs/decisions/0031-fewer-round-trips.md):
// <link rel="modulepreload"> for the page's chunks (and the number grid's, on a chosen-number raffle), so a
// phone downloads them beside the entry instead of one round trip after the entry has run. Needs the build.

import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CODE_CACHED_COOKIE } from "@rifazo/shared/inline-code";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertRaffle, insertRaffleWithTickets } from "./fixtures";
import { createTestApp, nextIp, signedInUser, type TestApp } from "./helpers";
import { reserveForm, serverState } from "./native-form-pages";

const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/dist");

let t: TestApp;
let chosenId: string;
let randomId: string;
let lazyChunks: Record<string, string[]>;

beforeAll(async () => {
  if (!existsSync(path.join(webDist, "server", "entry-server.js"))) {
    throw new Error("Falta apps/web/dist/server: ejecuta `npm run build` antes de estas pruebas.");
  }
  lazyChunks = JSON.parse(readFileSync(path.join(webDist, ".vite", "lazy-chunks.json"), "utf8"));
  t = await createTestApp({ webDist, pageCacheSeconds: 0 });
  const db = t.app.ctx.db;
  chosenId = (
    await insertRaffle(db, { title: "Elegidos", status: "active", totalTickets: 100, numberMode: "chosen" })
  ).id;
  randomId = (await insertRaffle(db, { title: "Al azar", status: "active", totalTickets: 100 })).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/**
 * What a browser whose service worker holds the code gets: the page names its code rather than carrying
 * it (decision 0036; lib/web.test.ts checks that the carried chunks are these same ones, in this order).
 */
const FETCHES_CODE = `${CODE_CACHED_COOKIE}=1`;

async function page(url: string): Promise<string> {
  const response = await t.app.inject({
    method: "GET",
    url,
    remoteAddress: nextIp(),
    headers: { cookie: FETCHES_CODE },
  });
  expect(response.statusCode, url).toBe(200);
  return response.body;
}

/** The hrefs of the page's modulepreload links, in order. */
function preloads(html: string): string[] {
  return [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1] ?? "");
}

const indexPreloads = () => preloads(readFileSync(path.join(webDist, "index.html"), "utf8"));

describe("el HTML de una página nombra su código", () => {
  it("la rifa de números elegidos precarga su página y la cuadrícula, después de la entrada", async () => {
    const html = await page(`/rifas/${chosenId}`);
    const links = preloads(html);
    const own = links.slice(indexPreloads().length);
    expect(links.slice(0, indexPreloads().length)).toEqual(indexPreloads());
    const pageChunk = lazyChunks.RaffleDetailPage?.[0];
    const gridChunk = lazyChunks.NumberPicker?.[0];
    expect(pageChunk).toMatch(/^\/assets\/raffle-detail-page-[\w-]+\.js$/);
    expect(gridChunk).toMatch(/^\/assets\/number-picker-[\w-]+\.js$/);
    expect(own).toContain(pageChunk);
    expect(own).toContain(gridChunk);
    // Named once each, and none the entry already brings.
    expect(new Set(links).size).toBe(links.length);
    // Right after the entry's, in <head> before the styles (decision 0032): asked for with them.
    expect(html.indexOf(`href="${pageChunk}"`)).toBeGreaterThan(html.indexOf('src="/boot.js"'));
    expect(html.indexOf(`href="${pageChunk}"`)).toBeLessThan(html.indexOf("<style>"));
  });

  it("cada archivo precargado se sirve como JavaScript", async () => {
    const html = await page(`/rifas/${chosenId}`);
    for (const href of preloads(html)) {
      const response = await t.app.inject({ method: "GET", url: href });
      expect(response.statusCode, href).toBe(200);
      expect(response.headers["content-type"], href).toMatch(/javascript/);
    }
  });

  it("la rifa al azar no precarga la cuadrícula, que no usa", async () => {
    const own = preloads(await page(`/rifas/${randomId}`)).slice(indexPreloads().length);
    expect(own).toContain(lazyChunks.RaffleDetailPage?.[0]);
    expect(own).not.toContain(lazyChunks.NumberPicker?.[0]);
  });

  it("el catálogo precarga el suyo; la portada, que viene en la entrada, nada más", async () => {
    expect(preloads(await page("/rifas"))).toContain(lazyChunks.RafflesPage?.[0]);
    expect(preloads(await page("/"))).toEqual(indexPreloads());
  });
});

describe("la rifa en venta adelanta, para quien tiene sesión, el código de la página de pago", () => {
  const session = { cookie: `better-auth.session_token=abc.def; ${FETCHES_CODE}` };
  const prefetches = (html: string) =>
    [...html.matchAll(/<link rel="prefetch" as="script" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1] ?? "",
    );

  it("con sesión: los archivos de la página de pago, ninguno de los que la rifa ya precarga, al final de <head>", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: `/rifas/${chosenId}`,
      headers: session,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const links = prefetches(html);
    const paymentChunk = lazyChunks.ProofUploadPage?.[0];
    expect(paymentChunk).toMatch(/^\/assets\/proof-upload-page-[\w-]+\.js$/);
    expect(links).toContain(paymentChunk);
    const paymentRoute = [
      ...(lazyChunks.ProfileGuard ?? []),
      ...(lazyChunks.ProofUploadPage ?? []),
      ...(lazyChunks.ProofUploadForm ?? []),
    ];
    expect(lazyChunks.ProfileGuard?.[0]).toMatch(/^\/assets\/profile-guard-[\w-]+\.js$/);
    expect(links).toContain(lazyChunks.ProfileGuard?.[0]);
    expect(links.every((href) => paymentRoute.includes(href))).toBe(true);
    expect(new Set(links).size).toBe(links.length);
    for (const href of links) expect(preloads(html)).not.toContain(href);
    expect(html.indexOf('rel="prefetch"')).toBeGreaterThan(html.lastIndexOf('rel="modulepreload"'));
    expect(html.indexOf('rel="prefetch"')).toBeLessThan(html.indexOf("</head>"));
    // The same <head> otherwise (the body is rendered afresh here, with its own clock: no page cache).
    const head = (text: string) => text.slice(0, text.indexOf("</head>"));
    const plain = await page(`/rifas/${chosenId}`);
    expect(
      head(html)
        .replace(/\s*<link rel="prefetch"[^>]*>/g, "")
        .trimEnd(),
    ).toBe(head(plain).trimEnd());
  });

  it("sin sesión, o en una rifa que ya no vende, no adelanta nada", async () => {
    expect(prefetches(await page(`/rifas/${chosenId}`))).toEqual([]);
    const closed = await insertRaffle(t.app.ctx.db, {
      title: "Terminada",
      status: "finished",
      totalTickets: 100,
    });
    const response = await t.app.inject({
      method: "GET",
      url: `/rifas/${closed.id}`,
      headers: session,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode).toBe(200);
    expect(prefetches(response.body)).toEqual([]);
    // Nor does a page that names no next page.
    const catalogue = await t.app.inject({
      method: "GET",
      url: "/rifas",
      headers: session,
      remoteAddress: nextIp(),
    });
    expect(prefetches(catalogue.body)).toEqual([]);
  });
});

describe("la página de pago corre sin el formulario completo, que pide después", () => {
  const prefetches = (html: string) =>
    [...html.matchAll(/<link rel="prefetch" as="script" crossorigin href="([^"]+)">/g)].map(
      (m) => m[1] ?? "",
    );

  it("precarga su página, no el formulario completo (react-hook-form), que adelanta con la prioridad más baja", async () => {
    const buyer = await signedInUser(t.app);
    const raffle = await insertRaffleWithTickets(t.app.ctx.db, {});
    const response = await reserveForm(t.app, raffle.id, "cantidad=2&clave=d1a2b3c4d5e6f708", {
      cookie: `${buyer.cookie}; ${FETCHES_CODE}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(serverState(response.body).url).toMatch(/^\/perfil\/subir-comprobante\//);
    const html = response.body;
    const form = lazyChunks.ProofUploadForm ?? [];
    expect(form[0]).toMatch(/^\/assets\/proof-upload-form-[\w-]+\.js$/);
    expect(preloads(html)).toContain(lazyChunks.ProofUploadPage?.[0]);
    // The full form's own file (and react-hook-form's, if apart) are not among what the page needs to run.
    for (const href of form) expect(preloads(html)).not.toContain(href);
    expect(prefetches(html)).toContain(form[0]);
    // The page renders the browser's own form meanwhile (decision 0029).
    expect(html).toMatch(/<form[^>]*action="\/api\/proofs"/);
  });
});
