// A first visit's page carries the code it needs to hydrate (docs/decisions/0036-code-in-the-page.md): no
// request for it, the same app (a chunk fetched later shares its modules), nothing the
// Content-Security-Policy refuses; without the header that lets its import map through, the page fetches
// its code as before; a browser whose service worker holds the code gets pages that fetch it.
import type { Page } from "@playwright/test";
import { BLOB_PIECE_CHARS } from "@rifazo/shared/inline-code";
import { codeAlreadyCached, demoTest, expect } from "./support/fixtures";
import { skipCookieBanner } from "./support/people";
import { PHONE } from "./support/sizes";

const test = demoTest();
test.use(PHONE);

const IPHONE = "iPhone 16 Pro Max 256 GB";

/** Every /assets/ script the page asked the network for, from now on. */
function scriptRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) urls.push(url.pathname);
  });
  return urls;
}

const carried = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('script[type="text/x-rifazo-module"]')].map((s) =>
      s.getAttribute("data-src"),
    ),
  );

async function hydrated(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "", { timeout: 30_000 });
}

test("primera visita: la página trae su código, se hidrata sin pedirlo y lo que carga después comparte sus módulos @phone-only", async ({
  page,
}) => {
  await skipCookieBanner(page);
  const requested = scriptRequests(page);
  await page.goto("/rifas");
  await hydrated(page);
  const chunks = await carried(page);
  expect(chunks.length).toBeGreaterThan(2);
  expect(chunks.some((src) => /^\/assets\/index-[\w-]+\.js$/.test(src ?? ""))).toBe(true);
  expect(requested.filter((url) => chunks.includes(url))).toEqual([]);
  expect(await page.locator('script[type="importmap"]').count()).toBe(1);

  // The app answers (a visitor's heart asks to sign in), and a page whose code comes from the network
  // afterwards runs with the same React, router and data (one copy of each, or hooks would throw).
  const card = page.getByRole("main").getByRole("article").filter({ hasText: IPHONE });
  await card.getByRole("button", { name: "Añadir a favoritos" }).click();
  await expect(page.getByText("Debes iniciar sesión para guardar favoritos.")).toBeVisible();
  await card.getByRole("link", { name: IPHONE }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: IPHONE })).toBeVisible();
  expect(requested.some((url) => /^\/assets\/raffle-detail-page-[\w-]+\.js$/.test(url))).toBe(true);
  expect(requested.filter((url) => chunks.includes(url))).toEqual([]);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Rifas", exact: true })).toBeVisible();
});

test("los trozos se vuelven módulos uno por tarea, cada uno de piezas pequeñas: en un teléfono, una sola tarea larga no respondería a un toque @phone-only", async ({
  page,
}) => {
  // After each blob the page makes, a microtask notes how many exist by then: made in one task, every note
  // would see them all; one per task, each sees only those made so far. The same for the pieces of text
  // a chunk's blob is made of, whose lengths are kept too.
  await page.addInitScript(() => {
    const NativeBlob = window.Blob;
    const seen: number[] = [];
    const pieces: number[] = [];
    const lengths: number[] = [];
    let made = 0;
    Object.defineProperty(window, "__blobsSeen", { value: seen });
    Object.defineProperty(window, "__piecesSeen", { value: pieces });
    Object.defineProperty(window, "__pieceLengths", { value: lengths });
    window.Blob = class extends NativeBlob {
      constructor(parts?: BlobPart[], options?: BlobPropertyBag) {
        super(parts, options);
        const text = (parts ?? []).filter((part): part is string => typeof part === "string");
        if (text.length > 0 && options?.type === undefined) {
          lengths.push(text.reduce((sum, part) => sum + part.length, 0));
          const count = lengths.length;
          queueMicrotask(() => pieces.push(count));
        }
        if (options?.type !== "text/javascript") return;
        made++;
        queueMicrotask(() => seen.push(made));
      }
    };
  });
  await skipCookieBanner(page);
  await page.goto("/rifas");
  await hydrated(page);
  const chunks = await carried(page);
  expect(chunks.length).toBeGreaterThan(2);
  const { seen, pieces, lengths } = await page.evaluate(() => {
    const w = window as unknown as {
      __blobsSeen: number[];
      __piecesSeen: number[];
      __pieceLengths: number[];
    };
    return { seen: w.__blobsSeen, pieces: w.__piecesSeen, lengths: w.__pieceLengths };
  });
  expect(seen).toEqual(chunks.map((_, index) => index + 1));
  // The app chunk alone is several pieces; one piece per task, none longer than the boot script's limit.
  expect(lengths.length).toBeGreaterThan(chunks.length);
  expect(pieces).toEqual(lengths.map((_, index) => index + 1));
  expect(Math.max(...lengths)).toBeLessThanOrEqual(BLOB_PIECE_CHARS);
});

test("sin la cabecera que deja pasar su mapa (un proxy la quitó), la página pide su código y funciona igual @phone-only", async ({
  page,
}) => {
  await skipCookieBanner(page);
  await page.route(/\/rifas$/, async (route) => {
    const response = await route.fetch();
    const headers = { ...response.headers() };
    delete headers["server-timing"];
    await route.fulfill({ response, headers });
  });
  const requested = scriptRequests(page);
  await page.goto("/rifas");
  await hydrated(page);
  const chunks = await carried(page);
  expect(await page.locator('script[type="importmap"]').count()).toBe(0);
  const entry = chunks.find((src) => /^\/assets\/index-/.test(src ?? ""));
  expect(requested).toContain(entry);
  await page.getByRole("main").getByRole("link", { name: IPHONE }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: IPHONE })).toBeVisible();
});

test("con el código ya guardado por el service worker, la página lo pide en vez de traerlo @phone-only", async ({
  page,
  baseURL,
}) => {
  await skipCookieBanner(page);
  await codeAlreadyCached(page.context(), baseURL as string);
  const requested = scriptRequests(page);
  await page.goto("/rifas");
  await hydrated(page);
  expect(await carried(page)).toEqual([]);
  expect(requested.some((url) => /^\/assets\/index-[\w-]+\.js$/.test(url))).toBe(true);
});
