// The number grid of chosen-number raffles with 10 000 numbers, as a phone gets it (part of
// `npm run bench:web`):
//  - payload of GET /api/raffles/:id/numbers: JSON bytes and bytes as the server sends them to a browser
//    accepting brotli and gzip; plus, for reference, a bitmap with half the numbers taken at random
//    compressed here (random bits are the worst case for compression; an empty raffle's bitmap is all zeros);
//  - time to interactive of /rifas/:id in Chromium on a 390 px phone viewport with the CPU 4× slower
//    (DevTools CPU throttling): from navigation start until the grid shows its numbers and "Al azar" is
//    enabled (code hydrated and the bitmap decoded), median of RUNS fresh page loads; also the grid's
//    DOM size (buttons rendered) and how long a tap takes to mark a number;
//  - a screenshot of the grid.
import http from "node:http";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { BROWSER_FLAGS, cookieOf, phoneContext } from "./phone.mjs";

/**
 * Publishes a 10 000-number raffle whose buyers choose their numbers, through the admin API. Returns its
 * id, or a reason when this server does not offer chosen numbers (no number grid to measure).
 */
export async function createChosenRaffle(baseUrl, { email, password }) {
  const origin = new URL(baseUrl).origin;
  const login = await fetch(`${baseUrl}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ email, password }),
  });
  if (login.status !== 200) return { skipped: `inicio de sesión del administrador: ${login.status}` };
  const cookie = cookieOf(login);
  const created = await fetch(`${baseUrl}/api/admin/raffles`, {
    method: "POST",
    headers: { cookie, origin, "content-type": "application/json" },
    body: JSON.stringify({
      title: "Cuadrícula de 10 000 números",
      description: "Rifa para medir la cuadrícula de números.",
      price: 1,
      currency: "USD",
      totalTickets: 10_000,
      status: "active",
      activationType: "date",
      endDate: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      announcementType: "internal",
      paymentMethods: ["Pago Móvil"],
      prizeLevels: [{ description: "Una moto", winnerCount: 1 }],
      numberMode: "chosen",
      reservationMinutes: 15,
      combos: [{ quantity: 5, price: 4 }],
    }),
  });
  const body = await created.json().catch(() => null);
  if (created.status !== 201 || !body?.id) return { skipped: `crear la rifa: ${created.status}` };
  if (body.numberMode !== "chosen") return { skipped: "este servidor no guarda numberMode (sin cuadrícula)" };
  return { id: body.id };
}

function servedBytes(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk) => {
          bytes += chunk.length;
        });
        response.on("end", () => resolve({ status: response.statusCode, bytes }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/** The payload as served, and a half-taken bitmap of the same size compressed here for reference. */
export async function measureNumbersPayload(baseUrl, raffleId) {
  const url = `${baseUrl}/api/raffles/${raffleId}/numbers`;
  const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
  if (!response.ok) return { skipped: `GET /numbers respondió ${response.status}` };
  const text = await response.text();
  const body = JSON.parse(text);
  const served = await servedBytes(url);
  const random = Buffer.alloc(Math.ceil(body.totalTickets / 8));
  for (let i = 0; i < random.length; i++) random[i] = Math.floor(Math.random() * 256);
  const halfTaken = Buffer.from(
    JSON.stringify({ ...body, taken: Math.round(body.totalTickets / 2), bitmap: random.toString("base64") }),
  );
  return {
    totalTickets: body.totalTickets,
    taken: body.taken,
    jsonBytes: Buffer.byteLength(text),
    servedBytes: served.bytes,
    halfTaken: {
      jsonBytes: halfTaken.length,
      gzipBytes: gzipSync(halfTaken, { level: 9 }).length,
      brotliBytes: brotliCompressSync(halfTaken, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    },
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

/**
 * Loads `pageUrl` RUNS times in a fresh context under 4× CPU throttling and measures the grid.
 * `prepare(context)` may route requests (the component-level run serves a mocked API that way).
 */
export async function measureGridPage({
  pageUrl,
  chromiumPath = "/usr/bin/chromium",
  runs = 3,
  cpuSlowdown = 4,
  screenshotPath,
  prepare,
}) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: BROWSER_FLAGS });
  const results = [];
  try {
    for (let run = 0; run < runs; run++) {
      // No cookie banner over the grid.
      const context = await phoneContext(browser);
      if (prepare) await prepare(context);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
      await page.goto(pageUrl, { waitUntil: "commit" });
      const grid = page.getByRole("grid", { name: "Números de la rifa" });
      await grid.waitFor({ timeout: 60_000 });
      await page
        .getByRole("button", { name: "Al azar" })
        .and(page.locator(":enabled"))
        .waitFor({ timeout: 60_000 });
      const interactive = await page.evaluate(() => performance.now());
      const buttons = await grid.locator("button[data-n]").count();
      // A tap on a free number, until it shows as chosen (React renders the click synchronously).
      const tap = await page.evaluate(async () => {
        const cell = [...document.querySelectorAll('[role="grid"] button[data-n]')].find(
          (b) => b.getAttribute("aria-disabled") !== "true",
        );
        if (!cell) return null;
        const start = performance.now();
        cell.click();
        await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
        return cell.getAttribute("aria-pressed") === "true" ? performance.now() - start : null;
      });
      if (run === runs - 1 && screenshotPath) {
        await grid.scrollIntoViewIfNeeded();
        await page.screenshot({ path: screenshotPath, fullPage: false });
      }
      results.push({ interactive, buttons, tap });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return {
    runs: results.map((r) => Math.round(r.interactive)),
    interactiveMs: Math.round(median(results.map((r) => r.interactive))),
    buttons: Math.max(...results.map((r) => r.buttons)),
    tapMs: median(results.map((r) => r.tap ?? Number.POSITIVE_INFINITY)),
    cpuSlowdown,
  };
}
