// `npm run bench:web`: what a phone visitor gets from the public pages, measured on the built app.
//  1. Builds if the output is stale, then starts the bundled server (apps/api/dist/server.js) on a free
//     port with a temporary data folder, a private copy of apps/web/dist and the demo catalogue (SEED_DEMO=1).
//  2. Runs Lighthouse 12 with its default mobile settings (Moto G Power emulation, simulated slow 4G and
//     4× CPU slowdown) on the five pages of scripts/bench/public-pages.mjs (/, /rifas, a raffle, the ticket
//     verifier, a drawn raffle's draw page), in Debian's Chromium: LH_RUNS times (default 5) for /, /rifas
//     and /rifas/{id}, the pages a buyer goes through, RUNS times (default 3) for the other two (5 more runs
//     each would add minutes for pages no purchase goes through). Performance is the median run, printed
//     with every run's score and the spread (lowest–highest); accessibility the worst.
//  3. JavaScript per route: every script the page itself loaded during that run (Lighthouse's network
//     records of the page's main frame, so lazy chunks fetched at load or when idle count, and what a service
//     worker downloads for its precache does not), plus the chunks the page carries in its HTML on a first
//     visit (decision 0036), which make no request: the compressed bytes the server sends a browser (its
//     precompressed brotli; the budget), gzip level 9 of each file for reference, and Lighthouse's transfer
//     size (with HTTP headers; the carried chunks are in the page's HTML, not there).
//  4. "Usable" on the slow path (scripts/bench/usable.mjs): Playwright, DevTools' Slow 3G and 4× CPU, a
//     390×844 phone, cold cache; time from navigation start until each page's main action works, then the
//     action is performed and its effect checked; also FCP and when hydration finished. Median of RUNS.
//     USABLE_SCREENSHOTS=<folder> keeps each page as it was when it became usable (first run).
//  5. The number grid of a chosen-number raffle with 10 000 numbers (scripts/bench/number-grid.mjs): the
//     administrator publishes one; payload of GET /api/raffles/:id/numbers, time to interactive of its page
//     on a 390 px viewport with the CPU 4× slower (Playwright, same Chromium), DOM size, a tap's latency.
//     GRID_SCREENSHOT=<file.png> keeps a screenshot of the grid. Skipped (and said so) when the server
//     offers no chosen numbers.
//  6. The signed-in buyer's journey (scripts/bench/journey.mjs, ONLY=journey): same Slow 3G, 4× CPU,
//     390×844 phone and cold cache as 4, a demo buyer's session cookie (signed in through the API) in a
//     fresh context. Chosen numbers: from navigation to the raffle page, FCP, hydrated, grid usable (a free
//     number tapped shows as selected), two numbers, «Reservar», until the payment page shows its total;
//     then the form with a generated 1.5 MB 1080×2400 PNG screenshot until the proof is received. Random
//     quantity: the same up to the payment page with 2 tickets. Each reservation and the proof are checked
//     through the API. Lists the requests from the tap on «Reservar» to the payment page. Median and
//     spread (min–max) of RUNS runs against the goals: hydrated ≤ 6 s, grid usable ≤ 4 s, reserved with the
//     payment page shown ≤ 10 s (both flows), proof accepted ≤ 15 s.
// ONLY=lighthouse,usable,grid,journey runs some parts (default: all); only what ran is recorded. Nothing is
// measured until the server has finished its start-up work (the OCR of the demo proofs, about a minute of
// CPU). The load average (os.loadavg, 1 min) before and after each part is printed and recorded with the
// figures.
// Prints a table against the budgets (JS for / ≤ 90 kB compressed as sent, performance ≥ 95 (in every run
// for /, /rifas and /rifas/{id}, their median for the others), accessibility = 100, usable ≤ 3.5 s, every
// public page hydrated ≤ 6 s; kB = 1000 bytes, as Vite reports), records it in docs/benchmarks.md (current
// figures at the top, the entry with the machine's load average in the history) and exits 0 even when a
// budget is missed (MISSED marks it). Takes 20 to 45 minutes (the journey alone 5 to 15 with RUNS=3; longer on a
// loaded machine). LHR_DIR=<folder> also keeps each full Lighthouse report.
import { execFileSync, spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { measureJourney } from "./bench/journey.mjs";
import { journeyLines, journeyRows } from "./bench/journey-report.mjs";
import { prepareJourney } from "./bench/journey-setup.mjs";
import { createChosenRaffle, measureGridPage, measureNumbersPayload } from "./bench/number-grid.mjs";
import { BROWSER_FLAGS } from "./bench/phone.mjs";
import { discoverPages, pageSpecs } from "./bench/public-pages.mjs";
import { CPU_SLOWDOWN, measureUsable, PHONE, SLOW_3G } from "./bench/usable.mjs";
import { recordBenchmarks } from "./lib/benchmarks-doc.mjs";
import { ensureBuilt, root, serverEntry } from "./lib/build.mjs";
import { freePort } from "./lib/free-port.mjs";

const RUNS = Math.max(1, Number(process.env.RUNS) || 3);
/** Lighthouse runs of the pages a buyer goes through (LH_ROUTES); the others get RUNS. */
const LH_RUNS = Math.max(1, Number(process.env.LH_RUNS) || 5);
const LH_ROUTES = new Set(["/", "/rifas", "/rifas/{id}"]);
const CHROME_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const BUDGETS = { homeJsKb: 90, performance: 95, accessibility: 100, usableMs: 3500, hydratedMs: 6000 };
const PARTS = new Set(
  (process.env.ONLY || "lighthouse,usable,grid,journey").split(",").map((part) => part.trim()),
);
/** The grid: the bitmap of 10 000 numbers is 1 668 base64 characters; interactive within Lighthouse's "good" TTI. */
const GRID_BUDGETS = { numbersJsonBytes: 2000, interactiveMs: 3800 };
const ADMIN = {
  email: process.env.ADMIN_EMAIL || "admin@rifazo.bench",
  password: process.env.ADMIN_PASSWORD || "BenchPass123!",
};

ensureBuilt();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A private copy of apps/web/dist for the server. It keeps index.html in memory, so a rebuild of the
 * shared folder during the run (another `npm run build`) would leave it pointing at deleted assets and
 * every page blank. Retries until the copy is self-consistent, in case a build was running mid-copy.
 */
async function snapshotWeb(target) {
  const source = path.join(root, "apps/web/dist");
  for (let attempt = 1; ; attempt++) {
    rmSync(target, { recursive: true, force: true });
    try {
      cpSync(source, target, { recursive: true });
      const html = readFileSync(path.join(target, "index.html"), "utf8");
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
      if (assets.every((asset) => existsSync(path.join(target, asset)))) return;
    } catch {
      // A build was replacing the folder; try again.
    }
    if (attempt === 20) throw new Error("apps/web/dist está incompleto: ejecuta `npm run build`.");
    await sleep(500);
  }
}

async function startServer(dataDir) {
  const webCopy = path.join(dataDir, "web");
  await snapshotWeb(webCopy);
  const port = await freePort();
  // localhost (not 127.0.0.1) so the page origin matches PUBLIC_URL and the CSRF origin check.
  const url = `http://localhost:${port}`;
  let output = "";
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      SEED_DEMO: "1",
      WEB_DIST: webCopy,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`el servidor terminó con código ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.status === 200) return { child, url, output: () => output };
    } catch {
      // Not listening yet.
    }
    await sleep(100);
  }
  child.kill("SIGKILL");
  throw new Error(`el servidor no respondió en 120 s:\n${output}`);
}

/** CPU time (user + system, in clock ticks) the process has used so far, or null where /proc is missing. */
function cpuTicks(pid) {
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/**
 * Waits until the server has finished its own start-up work before anything is measured. The demo
 * catalogue's proofs are read by the OCR in the background (about a minute of one to two cores on a 2-core
 * machine), and a page measured meanwhile shares the CPU with it: that, not other processes, was the "load"
 * behind the scattered figures. Idle means under 5 % of one core over two 2-second windows in a row.
 */
async function waitForServerIdle(child) {
  const started = Date.now();
  const ticksPerSecond = 100;
  let previous = cpuTicks(child.pid);
  if (previous === null) return { waitedMs: 0, cpuSeconds: null };
  const first = previous;
  let quietWindows = 0;
  while (quietWindows < 2 && Date.now() - started < 300_000) {
    await sleep(2000);
    const now = cpuTicks(child.pid);
    if (now === null) break;
    quietWindows = (now - previous) / ticksPerSecond / 2 < 0.05 ? quietWindows + 1 : 0;
    previous = now;
  }
  return { waitedMs: Date.now() - started, cpuSeconds: (previous - first) / ticksPerSecond };
}

function stopServer(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** The Chromium of the run in progress, so a failure half-way still closes it. */
let chrome;

const gzipCache = new Map();
const servedCache = new Map();

/**
 * Bytes of a script's body as the server sends it to a browser that accepts brotli and gzip (Chromium
 * sends "gzip, deflate, br, zstd"): the compressed JavaScript actually transferred, without HTTP headers.
 */
function servedBytes(url) {
  if (!servedCache.has(url)) {
    servedCache.set(
      url,
      new Promise((resolve, reject) => {
        http
          .get(url, { headers: { "accept-encoding": "br, gzip" } }, (response) => {
            let bytes = 0;
            response.on("data", (chunk) => {
              bytes += chunk.length;
            });
            response.on("end", () => resolve(bytes));
            response.on("error", reject);
          })
          .on("error", reject);
      }),
    );
  }
  return servedCache.get(url);
}

/**
 * The scripts a first visit's page carries inside its HTML (docs/decisions/0036-code-in-the-page.md):
 * Lighthouse sees no request for them, yet they are the page's JavaScript. Each counts as its file would
 * be sent (its brotli size: inside the page it is compressed with the HTML, which is about the same).
 */
async function carriedScripts(pageUrl) {
  const html = await (await fetch(pageUrl)).text();
  return [...html.matchAll(/<script type="text\/x-rifazo-module" data-src="([^"]+)"/g)].map(
    (match) => new URL(match[1], pageUrl).href,
  );
}

/** gzip size of a script's own bytes, fetched again outside the browser. */
async function gzipBytes(url) {
  if (!gzipCache.has(url)) {
    const response = await fetch(url, { headers: { "accept-encoding": "identity" } });
    const body = Buffer.from(await response.arrayBuffer());
    gzipCache.set(url, gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(url);
}

/**
 * The pages a buyer goes through must score at least the budget in every run (their lowest run is judged),
 * the others by their median: one run below the goal is a visitor who got that page.
 */
const performanceJudged = (row) =>
  LH_ROUTES.has(row.label) ? Math.min(...row.performanceRuns) : row.performance;
const performanceOk = (row) => performanceJudged(row) >= BUDGETS.performance;
/** A public page's median hydration on the slow path, against the 6 s goal. */
const hydratedOk = (u) => u.hydrated !== undefined && u.hydrated <= BUDGETS.hydratedMs;
const everyRunNote = (row) => (LH_ROUTES.has(row.label) ? " en cada corrida" : "");

/** The TBT the page's own CPU time gives, and its share of the tasks' wall time, for the table. */
const cpuCell = (row) =>
  row.tbtCpu === null || row.tbtCpu === undefined
    ? "—"
    : `${Math.round(row.tbtCpu)} ms (${Math.round((row.cpuShare ?? 0) * 100)} %)`;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
};

const CHROME_FLAGS = [
  "--headless=new",
  ...BROWSER_FLAGS,
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/**
 * One Lighthouse run in a fresh Chromium. A run Lighthouse itself reports as broken (NO_FCP, NO_NAVSTART:
 * a trace that headless Chromium did not record properly) says nothing about the page, so it is retried.
 */
async function audit(url, attempts = 3) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url);
    } catch (error) {
      if (attempt >= attempts || !error?.lighthouseRuntime) throw error;
      console.log(`bench:web: corrida fallida (${error.message}); reintentando...`);
    }
  }
}

/** One Lighthouse run in a fresh Chromium (no cache, no state carried over from the previous run). */
async function auditOnce(url) {
  chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  let result;
  try {
    result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility"],
    });
  } finally {
    await chrome.kill();
    chrome = undefined;
  }
  return summarize(url, result);
}

let savedReports = 0;

/**
 * What Lighthouse's TBT is made of, from its own trace: the page's main-thread tasks after the first paint,
 * by wall time (what Lighthouse multiplies by 4) and by the thread's CPU time. On a 2-core machine the
 * measuring browser's own work (the screenshots of the filmstrip, composited in software) takes the
 * page's core for part of each task: the wall time then holds time the page did not run at all. Both are
 * reported, so a reader sees how much of a figure is the page and how much the host.
 */
function mainThreadSplit(trace, slowdown) {
  const events = trace?.traceEvents ?? [];
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.args?.frame);
  if (!fcp) return null;
  const main = events.find(
    (e) => e.name === "thread_name" && e.pid === fcp.pid && e.args?.name === "CrRendererMain",
  );
  if (!main) return null;
  const tasks = events.filter(
    (e) => e.name === "RunTask" && e.ph === "X" && e.pid === main.pid && e.tid === main.tid && e.ts >= fcp.ts,
  );
  const blocking = (ms) => Math.max(0, slowdown * ms - 50);
  let wall = 0;
  let cpu = 0;
  let tbtCpu = 0;
  for (const task of tasks) {
    wall += task.dur / 1000;
    cpu += (task.tdur ?? task.dur) / 1000;
    tbtCpu += blocking((task.tdur ?? task.dur) / 1000);
  }
  return { cpuShare: wall > 0 ? cpu / wall : null, tbtCpu };
}

function summarize(url, result) {
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse no devolvió resultados para ${url}`);
  // LHR_DIR=/some/folder keeps every full Lighthouse report, to see what a figure is made of.
  if (process.env.LHR_DIR) {
    const name = `${String(++savedReports).padStart(2, "0")}-${new URL(url).pathname.replace(/[^a-z0-9]+/gi, "_")}.json`;
    mkdirSync(process.env.LHR_DIR, { recursive: true });
    writeFileSync(path.join(process.env.LHR_DIR, name), JSON.stringify(lhr));
  }
  if (lhr.runtimeError) {
    const error = new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    error.lighthouseRuntime = true;
    throw error;
  }
  const requests = lhr.audits["network-requests"]?.details?.items ?? [];
  // Only the page's own requests: a service worker's precache downloads (sessionTargetType "worker") are
  // not this page's scripts, nor are an iframe's.
  const scripts = requests.filter(
    (item) =>
      item.resourceType === "Script" &&
      item.url.startsWith("http") &&
      item.sessionTargetType === "page" &&
      item.experimentalFromMainFrame === true,
  );
  const numeric = (id) => lhr.audits[id]?.numericValue;
  const failedA11y = Object.values(lhr.audits)
    .filter(
      (a) =>
        lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0) &&
        a.score !== null &&
        a.score < 1,
    )
    .map((a) => a.id);
  return {
    performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: numeric("first-contentful-paint"),
    lcp: numeric("largest-contentful-paint"),
    tbt: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    scriptUrls: [...new Set(scripts.map((item) => item.url))],
    transfer: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    failedA11y,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent ?? "",
    // Lighthouse's own measure of this machine's CPU: its 4× slowdown imitates a mid-range phone only on a
    // host near its baseline, so the same page scores lower on a slower host (docs/benchmarks.md).
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    ...(mainThreadSplit(result.artifacts?.Trace, lhr.configSettings.throttling.cpuSlowdownMultiplier) ?? {
      cpuShare: null,
      tbtCpu: null,
    }),
  };
}

/** The full version (the user agent only carries the major one). */
function chromiumVersion() {
  try {
    const text = execFileSync(CHROME_PATH, ["--version"], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
    return /(\d+\.\d+\.\d+\.\d+)/.exec(text)?.[1];
  } catch {
    return undefined;
  }
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const ms = (value) => (value === undefined ? "?" : `${(value / 1000).toFixed(1)} s`);
const mark = (ok) => (ok ? "ok" : "MISSED");
/** Seconds with two decimals, for the slow-path times. */
const ms2 = (value) => (value === undefined ? "—" : `${(value / 1000).toFixed(2)} s`);

/** Publishes a chosen-number raffle of 10 000 and measures its grid; `skipped` says why it could not. */
async function benchNumberGrid(baseUrl) {
  try {
    const raffle = await createChosenRaffle(baseUrl, ADMIN);
    if (raffle.skipped) return { skipped: raffle.skipped };
    const payload = await measureNumbersPayload(baseUrl, raffle.id);
    if (payload.skipped) return { skipped: payload.skipped };
    const page = await measureGridPage({
      pageUrl: `${baseUrl}/rifas/${raffle.id}`,
      chromiumPath: CHROME_PATH,
      runs: RUNS,
      screenshotPath: process.env.GRID_SCREENSHOT,
    });
    return { payload, page };
  } catch (error) {
    return { skipped: error instanceof Error ? error.message : String(error) };
  }
}

/** The signed-in buyer's journey (scripts/bench/journey.mjs); `skipped` says why it could not run. */
async function benchJourney(server) {
  try {
    const setup = await prepareJourney({
      baseUrl: server.url,
      admin: ADMIN,
      serverOutput: server.output(),
      runs: RUNS,
    });
    const result = await measureJourney({
      baseUrl: server.url,
      chromiumPath: CHROME_PATH,
      runs: RUNS,
      setup,
    });
    return { ...result, raffles: setup.raffles };
  } catch (error) {
    return { skipped: error instanceof Error ? error.message : String(error) };
  }
}

/** Load average (1 min) before and after each part, printed as it goes and recorded with the figures. */
const partLoads = [];
function partLoadStart(part) {
  const before = os.loadavg()[0];
  partLoads.push({ part, before });
  console.log(`bench:web: ${part}: carga media al empezar ${before.toFixed(2)}`);
}
function partLoadEnd() {
  const entry = partLoads[partLoads.length - 1];
  entry.after = os.loadavg()[0];
  console.log(`bench:web: ${entry.part}: carga media al terminar ${entry.after.toFixed(2)}`);
}

/** "93 (90–95: 90, 93, 95)": the median score, the spread and every run. */
const scoreSpread = (row) =>
  `${row.performance} (${Math.min(...row.performanceRuns)}–${Math.max(...row.performanceRuns)}: ${row.performanceRuns.join(", ")})`;

function gridLines(grid, missed) {
  if (grid.skipped) return [`Cuadrícula de números: no medida (${grid.skipped}).`];
  const { payload, page } = grid;
  const payloadOk = payload.jsonBytes <= GRID_BUDGETS.numbersJsonBytes;
  const ttiOk = page.interactiveMs <= GRID_BUDGETS.interactiveMs;
  if (!payloadOk) missed.push(`GET /numbers ${payload.jsonBytes} B > ${GRID_BUDGETS.numbersJsonBytes} B`);
  if (!ttiOk)
    missed.push(`cuadrícula interactiva en ${ms(page.interactiveMs)} > ${ms(GRID_BUDGETS.interactiveMs)}`);
  return [
    `Cuadrícula de una rifa con números elegidos (${payload.totalTickets} números, ${payload.taken} ocupados), ` +
      `teléfono de 390 px, CPU ${page.cpuSlowdown}× más lenta:`,
    "",
    `- GET /api/raffles/:id/numbers: ${payload.jsonBytes} B de JSON ${mark(payloadOk)}, ${payload.servedBytes} B como se envía; ` +
      `con la mitad ocupada al azar (peor caso para comprimir): ${payload.halfTaken.jsonBytes} B de JSON, ` +
      `${payload.halfTaken.gzipBytes} B gzip 9, ${payload.halfTaken.brotliBytes} B brotli 11`,
    `- Tiempo hasta interactiva (desde la navegación hasta la cuadrícula con sus números y "Al azar" activo): ` +
      `${ms(page.interactiveMs)} ${mark(ttiOk)} (mediana de ${page.runs.map((v) => ms(v)).join(", ")})`,
    `- Botones de número en la página: ${page.buttons} de ${payload.totalTickets}; un toque marca el número en ` +
      `${page.tapMs === Number.POSITIVE_INFINITY ? "?" : `${Math.round(page.tapMs)} ms`}`,
  ];
}

function gridRows(grid, how, day) {
  if (grid.skipped) return [];
  return [
    {
      what: "Web: GET /numbers de 10 000 números (JSON)",
      how,
      value: `${grid.payload.jsonBytes} B (${grid.payload.servedBytes} B como se envía)`,
      goal: `≤ ${GRID_BUDGETS.numbersJsonBytes} B`,
      ok: grid.payload.jsonBytes <= GRID_BUDGETS.numbersJsonBytes,
      date: day,
    },
    {
      what: "Web: cuadrícula de 10 000 números interactiva (390 px, CPU 4×)",
      how,
      value: ms(grid.page.interactiveMs),
      goal: `≤ ${ms(GRID_BUDGETS.interactiveMs)}`,
      ok: grid.page.interactiveMs <= GRID_BUDGETS.interactiveMs,
      date: day,
    },
  ];
}

const loadAtStart = os.loadavg();
/** Load averages seen while measuring (1 min), sampled every 15 s: the machine is often shared. */
const loadSamples = [loadAtStart[0]];
const loadTimer = setInterval(() => loadSamples.push(os.loadavg()[0]), 15_000);
loadTimer.unref();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifazo-bench-web-"));
let server;
/** How long the server's own start-up work took before the first measure (see waitForServerIdle). */
let idle = { waitedMs: 0, cpuSeconds: null };
try {
  console.log("bench:web: arrancando el servidor con el catálogo de demostración...");
  server = await startServer(dataDir);
  idle = await waitForServerIdle(server.child);
  console.log(
    idle.cpuSeconds === null
      ? "bench:web: sin /proc: no se puede esperar a que el servidor termine su trabajo de arranque"
      : `bench:web: el servidor terminó su trabajo de arranque (lectura de los comprobantes de demostración) en ${(idle.waitedMs / 1000).toFixed(0)} s (${idle.cpuSeconds.toFixed(0)} s de CPU)`,
  );
  // The load while the server was busy with its own start-up is not the load the measures ran under.
  loadSamples.splice(0, loadSamples.length, os.loadavg()[0]);
  const ids = await discoverPages(server.url);
  const specs = pageSpecs(ids);
  const routes = specs.map((spec) => ({ label: spec.label, path: spec.path }));

  // One throw-away load of each page so the server's caches and PGlite are warm for every measured run.
  for (const route of routes) await fetch(`${server.url}${route.path}`);
  const rows = [];
  let meta = { lighthouseVersion: "?", userAgent: "" };
  if (PARTS.has("lighthouse")) partLoadStart("lighthouse");
  for (const route of PARTS.has("lighthouse") ? routes : []) {
    const runs = [];
    const count = LH_ROUTES.has(route.label) ? LH_RUNS : RUNS;
    for (let i = 0; i < count; i++) {
      console.log(`bench:web: Lighthouse ${route.label} (${i + 1}/${count})...`);
      const run = await audit(`${server.url}${route.path}`);
      console.log(`bench:web: Lighthouse ${route.label} (${i + 1}/${count}): rendimiento ${run.performance}`);
      runs.push(run);
    }
    const perfMedian = median(runs.map((r) => r.performance));
    const chosen = runs.find((r) => r.performance === perfMedian) ?? runs[0];
    meta = chosen;
    let gzip = 0;
    let served = 0;
    const perScript = [];
    chosen.scriptUrls = [
      ...new Set([...(await carriedScripts(`${server.url}${route.path}`)), ...chosen.scriptUrls]),
    ];
    for (const url of chosen.scriptUrls) {
      const size = await servedBytes(url);
      served += size;
      gzip += await gzipBytes(url);
      perScript.push({ name: new URL(url).pathname.split("/").pop(), size });
    }
    perScript.sort((a, b) => b.size - a.size);
    console.log(
      `bench:web: ${route.label}: ${perScript.length} scripts, ${kb(served)} comprimidos como se envían ` +
        `(${kb(gzip)} en gzip 9); los mayores: ` +
        perScript
          .slice(0, 6)
          .map((script) => `${script.name} ${kb(script.size)}`)
          .join(", "),
    );
    rows.push({
      ...route,
      served,
      gzip,
      transfer: chosen.transfer,
      scripts: chosen.scriptUrls.length,
      performance: perfMedian,
      performanceRuns: runs.map((r) => r.performance),
      benchmarkIndexes: runs.map((r) => r.benchmarkIndex).filter((b) => typeof b === "number"),
      accessibility: Math.min(...runs.map((r) => r.accessibility)),
      failedA11y: [...new Set(runs.flatMap((r) => r.failedA11y))],
      fcp: chosen.fcp,
      lcp: chosen.lcp,
      tbt: chosen.tbt,
      cls: chosen.cls,
      tbtCpu: chosen.tbtCpu,
      cpuShare: chosen.cpuShare,
    });
  }

  if (PARTS.has("lighthouse")) partLoadEnd();
  let usable = [];
  if (PARTS.has("usable")) {
    partLoadStart("usable");
    usable = await measureUsable({
      baseUrl: server.url,
      specs,
      chromiumPath: CHROME_PATH,
      runs: RUNS,
      screenshotDir: process.env.USABLE_SCREENSHOTS,
    });
    partLoadEnd();
  }

  let grid = { skipped: "no pedida (ONLY)" };
  if (PARTS.has("grid")) {
    console.log("bench:web: cuadrícula de 10 000 números...");
    partLoadStart("grid");
    grid = await benchNumberGrid(server.url);
    partLoadEnd();
  }

  let journey = { skipped: "no pedido (ONLY)" };
  if (PARTS.has("journey")) {
    console.log("bench:web: recorrido del comprador con sesión...");
    partLoadStart("journey");
    journey = await benchJourney(server);
    partLoadEnd();
  }

  const loadAtEnd = os.loadavg();
  loadSamples.push(loadAtEnd[0]);
  const loadMax = Math.max(...loadSamples);
  const loadMean = loadSamples.reduce((sum, v) => sum + v, 0) / loadSamples.length;
  const cpus = os.cpus();
  // More than 1.5 runnable processes per core, said in every figure. With the server idle (waitForServerIdle)
  // that is mostly the measuring browser's own processes on a 2-core machine, not other work.
  const loaded = loadMax > 1.5 * cpus.length ? "máquina muy cargada (el navegador que mide incluido), " : "";
  const loadNote = `${loaded}carga media ${loadMean.toFixed(1)}, máx. ${loadMax.toFixed(1)} en ${cpus.length} núcleos: ver el historial`;
  const indexes = rows.flatMap((row) => row.benchmarkIndexes);
  const indexNote = indexes.length
    ? `benchmarkIndex de Lighthouse ${Math.round(median(indexes))} (${Math.round(Math.min(...indexes))}–${Math.round(Math.max(...indexes))})`
    : "";
  const journeyLoad = partLoads.find((p) => p.part === "journey");
  const journeyNote = journeyLoad
    ? `${loaded}carga ${journeyLoad.before.toFixed(1)} antes y ${journeyLoad.after.toFixed(1)} después, máx. ${loadMax.toFixed(1)} en ${cpus.length} núcleos`
    : loadNote;

  const missed = [];
  const lines = [];
  if (rows.length) {
    lines.push(
      "| Ruta | JS comprimido (como se envía) | JS gzip 9 | JS con cabeceras HTTP | scripts | Rendimiento | Accesibilidad | FCP | LCP | TBT | TBT con la CPU del hilo (su parte de la hora) | CLS |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    );
  }
  for (const row of rows) {
    const jsOk = row.label !== "/" || row.served <= BUDGETS.homeJsKb * 1000;
    const perfOk = performanceOk(row);
    const a11yOk = row.accessibility >= BUDGETS.accessibility;
    if (!jsOk) missed.push(`JS de / ${kb(row.served)} > ${BUDGETS.homeJsKb} kB comprimidos`);
    if (!perfOk)
      missed.push(
        `rendimiento de ${row.label} ${performanceJudged(row)} < ${BUDGETS.performance}${everyRunNote(row)}`,
      );
    if (!a11yOk)
      missed.push(
        `accesibilidad de ${row.label} ${row.accessibility} < ${BUDGETS.accessibility} (${row.failedA11y.join(", ")})`,
      );
    const jsCell = row.label === "/" ? `${kb(row.served)} ${mark(jsOk)}` : kb(row.served);
    lines.push(
      `| ${row.label} | ${jsCell} | ${kb(row.gzip)} | ${kb(row.transfer)} | ${row.scripts} | ` +
        `${scoreSpread(row)} ${mark(perfOk)} | ${row.accessibility} ${mark(a11yOk)} | ` +
        `${ms(row.fcp)} | ${ms(row.lcp)} | ${Math.round(row.tbt ?? 0)} ms | ${cpuCell(row)} | ${(row.cls ?? 0).toFixed(3)} |`,
    );
  }

  const usableLines = [];
  if (usable.length) {
    usableLines.push(
      `Utilizable en la ruta lenta: Playwright en el mismo Chromium, ${PHONE.width}×${PHONE.height} (teléfono), ` +
        `caché vacía, "Slow 3G" de DevTools (latencia ${SLOW_3G.latency} ms por petición, ` +
        `${(SLOW_3G.downloadThroughput * 8) / 1000} kbit/s de bajada y de subida) y CPU ${CPU_SLOWDOWN}× más lenta. ` +
        "Utilizable = desde el inicio de la navegación hasta que el control de la acción principal está pintado, " +
        "visible, no deshabilitado y funciona: un enlace o un formulario GET sin JavaScript, o cualquier otro " +
        "control una vez hidratada la página; después se ejecuta la acción y se comprueba su efecto. " +
        `Mediana de ${RUNS} cargas (todas entre paréntesis).`,
      "",
      "| Ruta | Acción principal | Utilizable | Cómo | FCP | Hidratada | Acción completada |",
      "|---|---|---:|---|---:|---:|---:|",
    );
    for (const u of usable) {
      const ok = u.usable !== undefined && u.usable <= BUDGETS.usableMs;
      if (!ok)
        missed.push(
          u.usable === undefined
            ? `utilizable de ${u.label}: sin medida (${u.failures.join("; ")})`
            : `utilizable de ${u.label} ${ms(u.usable)} > ${ms(BUDGETS.usableMs)}`,
        );
      if (!hydratedOk(u))
        missed.push(`${u.label} hidratada en ${ms2(u.hydrated)} > ${ms2(BUDGETS.hydratedMs)}`);
      const failures = u.failures.length
        ? ` (${u.failures.length} cargas fallidas: ${u.failures.join("; ")})`
        : "";
      usableLines.push(
        `| ${u.label} | ${u.action} | ${u.usable === undefined ? "—" : ms2(u.usable)} ${mark(ok)} ` +
          `(${u.runs.map(ms2).join(", ")})${failures} | ${u.how ?? "—"} | ${ms2(u.fcp)} | ` +
          `${ms2(u.hydrated)} ${mark(hydratedOk(u))} | ${ms2(u.effect)} |`,
      );
      if (u.pageErrors.length)
        usableLines.push(`|  | errores en la página: ${u.pageErrors.join("; ")} |  |  |  |  |  |`);
    }
  }

  const date = new Date()
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");
  const chromium = chromiumVersion() ?? /Chrome\/([\d.]+)/.exec(meta.userAgent)?.[1] ?? "?";
  const section = [
    "",
    `## Web (npm run bench:web), ${date}`,
    "",
    `- Máquina: ${cpus.length} núcleos (${cpus[0]?.model.trim() ?? "CPU desconocida"}), ` +
      `${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, Node ${process.version}, Chromium ${chromium}` +
      (rows.length ? `, Lighthouse ${meta.lighthouseVersion}` : ""),
    `- Carga media (1 min): ${loadAtStart[0].toFixed(2)} al empezar, ${loadAtEnd[0].toFixed(2)} al terminar, ` +
      `media ${loadMean.toFixed(2)} y máxima ${loadMax.toFixed(2)} durante la medida (muestras cada 15 s) en ${cpus.length} núcleos; ` +
      "con la máquina compartida por otros procesos los tiempos crecen y varían de una corrida a otra",
    idle.cpuSeconds === null
      ? "- Sin /proc: se midió sin esperar a que el servidor terminara su trabajo de arranque"
      : `- Se midió con el servidor en reposo: su trabajo de arranque (la lectura de los comprobantes de demostración) ` +
        `terminó ${(idle.waitedMs / 1000).toFixed(0)} s después de responder, con ${idle.cpuSeconds.toFixed(0)} s de CPU`,
    `- Carga media (1 min) antes → después de cada parte: ${partLoads
      .map((p) => `${p.part} ${p.before.toFixed(2)} → ${(p.after ?? Number.NaN).toFixed(2)}`)
      .join("; ")}`,
    ...(rows.length
      ? [
          `- Lighthouse móvil por defecto (emulación Moto G Power, 4G lento simulado, CPU 4× más lenta); ${LH_RUNS} ` +
            `corridas para ${[...LH_ROUTES].join(", ")} y ${RUNS} para las demás rutas: rendimiento = mediana ` +
            "(entre paréntesis la más baja–la más alta y todas); en " +
            `${[...LH_ROUTES].join(", ")} la meta vale para cada corrida (se juzga la más baja), en las demás para la ` +
            "mediana; accesibilidad = la peor; métricas de la corrida mediana",
          `- Velocidad de la CPU según Lighthouse (benchmarkIndex, una medida por corrida): ${indexNote || "no informada"}. ` +
            "La ralentización 4× imita un teléfono de gama media solo en una máquina cercana a la de referencia de " +
            "Lighthouse; en una más lenta las mismas tareas duran más y el TBT sube: compara puntuaciones con índices parecidos",
          "- TBT con la CPU del hilo: el de Lighthouse (tareas del hilo principal de la página tras el primer pintado, " +
            "cada una por la ralentización de Lighthouse, menos 50 ms) calculado con el tiempo de CPU de ese hilo en vez del de reloj, de la " +
            "traza de la misma corrida; entre paréntesis, la parte del tiempo de reloj de esas tareas en que el hilo tuvo " +
            "la CPU. Con 2 núcleos, el propio navegador que mide (las capturas de la tira de imágenes, compuestas sin GPU) " +
            "le quita el núcleo a la página: la puntuación se juzga con el TBT de Lighthouse; esta columna dice qué parte es de la página",
          "- JS: los scripts que pidió la propia página (su marco principal) en esa corrida, incluidos los diferidos que " +
            "llegan al cargar; no cuenta lo que descarga un service worker para su precaché. " +
            "Comprimido como se envía: bytes del cuerpo de cada respuesta a un navegador que acepta brotli (el servidor " +
            "envía los .br precomprimidos, calidad 11); gzip 9 de cada archivo, como referencia; con cabeceras HTTP: " +
            "transferSize de Lighthouse (HTTP/1.1 sin comprimir cabeceras). kB = 1000 bytes",
        ]
      : []),
    `- Presupuestos: JS de / ≤ ${BUDGETS.homeJsKb} kB comprimidos; rendimiento ≥ ${BUDGETS.performance}; ` +
      `accesibilidad = ${BUDGETS.accessibility}; utilizable ≤ ${ms2(BUDGETS.usableMs)}; ` +
      `hidratada ≤ ${ms2(BUDGETS.hydratedMs)}`,
    "",
    ...lines,
    ...(lines.length ? [""] : []),
    ...usableLines,
    ...(usableLines.length ? [""] : []),
    ...gridLines(grid, missed),
    "",
    ...journeyLines(journey, {
      runs: RUNS,
      network: SLOW_3G,
      cpu: CPU_SLOWDOWN,
      phone: PHONE,
      missed,
    }),
    "",
    missed.length ? `**MISSED:** ${missed.join("; ")}.` : "Todos los presupuestos se cumplen.",
  ];

  const file = path.join(root, "docs/benchmarks.md");
  const day = date.slice(0, 10);
  const how = "`npm run bench:web`";
  const currentRows = rows.flatMap((row) => [
    ...(row.label === "/"
      ? [
          {
            what: "Web: JS de / (comprimido como se envía)",
            how,
            value: kb(row.served),
            goal: `≤ ${BUDGETS.homeJsKb} kB`,
            ok: row.served <= BUDGETS.homeJsKb * 1000,
            date: day,
          },
        ]
      : []),
    {
      what: `Web: Lighthouse móvil, rendimiento de ${row.label}`,
      how,
      value: `${scoreSpread(row)} (${indexNote ? `${indexNote}; ` : ""}${loadNote})`,
      goal: `≥ ${BUDGETS.performance}${everyRunNote(row)}`,
      ok: performanceOk(row),
      date: day,
    },
    {
      what: `Web: Lighthouse móvil, accesibilidad de ${row.label}`,
      how,
      value: String(row.accessibility),
      goal: `= ${BUDGETS.accessibility}`,
      ok: row.accessibility >= BUDGETS.accessibility,
      date: day,
    },
  ]);
  for (const u of usable) {
    currentRows.push({
      what: `Web: utilizable en Slow 3G + CPU 4× de ${u.label} (${u.action})`,
      how,
      value:
        u.usable === undefined
          ? `sin medida (${u.failures.join("; ")})`
          : `${ms2(u.usable)} (${u.how}; FCP ${ms2(u.fcp)}, hidratada ${ms2(u.hydrated)}) (${loadNote})`,
      goal: `≤ ${ms2(BUDGETS.usableMs)}`,
      ok: u.usable !== undefined && u.usable <= BUDGETS.usableMs,
      date: day,
    });
    currentRows.push({
      what: `Web: ${u.label} hidratada en Slow 3G + CPU 4×`,
      how,
      value: `${ms2(u.hydrated)}, mediana de ${RUNS} (${loadNote})`,
      goal: `≤ ${ms2(BUDGETS.hydratedMs)}`,
      ok: hydratedOk(u),
      date: day,
    });
  }
  currentRows.push(...gridRows(grid, how, day));
  currentRows.push(...journeyRows(journey, { how, day, loadNote: journeyNote, runs: RUNS }));
  recordBenchmarks(file, { rows: currentRows, entry: section.join("\n") });
  console.log(section.join("\n"));
  if (missed.length) {
    console.log(`\nMISSED (${missed.length}):`);
    for (const item of missed) console.log(`  MISSED ${item}`);
  }
  console.log(`\nbench:web: resultados añadidos a ${path.relative(root, file)}`);
} finally {
  clearInterval(loadTimer);
  if (chrome) await chrome.kill();
  if (server) await stopServer(server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
