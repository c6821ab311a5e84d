// Shared by the parts of `npm run bench`: processes and databases that are always cleaned up, the built
// server, the TypeScript harness run through tsx, and small statistics and formatting helpers.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { root, serverEntry } from "../lib/build.mjs";
import { freePort } from "../lib/free-port.mjs";

export { freePort, root, serverEntry };

/** Server used for every PostgreSQL measurement (trust auth); each part creates its own database on it. */
export const PG_ADMIN_URL = process.env.BENCH_PG_URL || "postgres://postgres@127.0.0.1:5432/postgres";
export const ADMIN_EMAIL = "admin@rifazo.bench";
export const ADMIN_PASSWORD = "BenchPass123!";
export const DEMO_PASSWORD = "Demo12345!";

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// Cleanup: every child process, database and folder is registered here and removed on the way out,
// including Ctrl+C and a part that throws half-way.
// ---------------------------------------------------------------------------------------------

const cleanups = [];
let cleaning;

/** Runs an undo step once; every caller (and cleanupAll) waits for that same run. */
function runCleanup(entry) {
  entry.promise ??= Promise.resolve()
    .then(entry.fn)
    .catch((error) => console.error(`bench: limpieza fallida: ${error?.message ?? error}`));
  return entry.promise;
}

/** Registers an undo step; returns a function that runs it now (once). */
export function onCleanup(fn) {
  const entry = { fn, promise: undefined };
  cleanups.push(entry);
  return () => runCleanup(entry);
}

export function cleanupAll() {
  cleaning ??= (async () => {
    // Newest first; anything registered while this runs (a part still unwinding) is picked up too, and
    // steps a part already started (its own drop in a finally) are waited for.
    for (;;) {
      const entry = cleanups.findLast((e) => !e.promise);
      if (!entry) break;
      await runCleanup(entry);
    }
    await Promise.all(cleanups.map((e) => e.promise));
  })();
  return cleaning;
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    console.error(`\nbench: ${signal}; limpiando procesos y bases de datos...`);
    cleanupAll().finally(() => process.exit(130));
  });
}

export function tempDir(prefix) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  onCleanup(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A fresh `rifazo_bench_<random>` database, dropped (WITH FORCE) at cleanup or through `drop()`. */
export async function createPgDatabase(tag = "") {
  const name = `rifazo_bench_${tag ? `${tag}_` : ""}${randomBytes(5).toString("hex")}`;
  const client = new pg.Client({ connectionString: PG_ADMIN_URL });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = onCleanup(async () => {
    const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  });
  return { name, url: url.toString(), drop };
}

/** Whether the PostgreSQL server answers at all (the PostgreSQL parts are skipped with a note if not). */
export async function postgresAvailable() {
  const client = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    const { rows } = await client.query("SHOW server_version");
    return rows[0]?.server_version ?? "?";
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

/** Spawns a child that is killed at cleanup; its output is kept for error messages. */
export function spawnTracked(command, args, options = {}) {
  const child = spawn(command, args, { cwd: root, stdio: ["ignore", "pipe", "pipe"], ...options });
  child.output = "";
  const keep = (chunk) => {
    child.output = (child.output + chunk).slice(-20_000);
    if (options.echo) process.stdout.write(chunk);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  child.stop = onCleanup(() => stopChild(child));
  return child;
}

export function stopChild(child, graceMs = 10_000) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Polls `url` until it answers 200 (or the child dies / the time runs out). */
export async function waitForHttp(child, url, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`el proceso terminó con código ${child.exitCode}:\n${child.output}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return response;
    } catch {
      // Not listening yet.
    }
    await sleep(50);
  }
  throw new Error(`sin respuesta de ${url} en ${timeoutMs / 1000} s:\n${child.output}`);
}

/**
 * The bundled server (apps/api/dist/server.js) on a free port with its own data folder. `url` is what
 * load generators use (127.0.0.1, no DNS); `origin` is PUBLIC_URL, sent as Origin by browser-like clients.
 */
export async function startApiServer({ databaseUrl, seedDemo = true, env = {} }) {
  const port = await freePort();
  const dataDir = tempDir("rifazo-bench-data-");
  const origin = `http://localhost:${port}`;
  // BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the measured servers.
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const child = spawnTracked(process.execPath, [...nodeArgs, serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? "",
      SEED_DEMO: seedDemo ? "1" : "0",
      LOG_LEVEL: "warn",
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      ...env,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  const started = performance.now();
  await waitForHttp(child, `${url}/api/health`, 120_000);
  return { child, url, origin, port, dataDir, startMs: performance.now() - started };
}

/** Runs scripts/bench/in-process.ts through tsx (TypeScript sources of the app, in this process tree). */
export async function runInProcess(args, { timeoutMs = 240_000 } = {}) {
  // The folder (result and the app's DATA_DIR) belongs to this process, so it goes even if the child is killed.
  const dir = tempDir("rifazo-bench-app-");
  const out = path.join(dir, "result.json");
  const tsxCli = path.join(root, "node_modules/tsx/dist/cli.mjs");
  const child = spawnTracked(
    process.execPath,
    [tsxCli, "scripts/bench/in-process.ts", ...args, `--out=${out}`, `--data-dir=${path.join(dir, "data")}`],
    {
      env: { ...process.env, NODE_ENV: "production" },
    },
  );
  child.stdout.on("data", (chunk) => process.stdout.write(chunk));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  const code = await new Promise((resolve) => child.once("exit", (c, s) => resolve(c ?? s)));
  clearTimeout(timer);
  if (code !== 0)
    throw new Error(`in-process.ts ${args.join(" ")} terminó con ${code}:\n${child.output.slice(-4000)}`);
  return JSON.parse(readFileSync(out, "utf8"));
}

// ---------------------------------------------------------------------------------------------
// Statistics and formatting
// ---------------------------------------------------------------------------------------------

/** Nearest-rank percentile of an unsorted list (0 when empty). */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => percentile(values, 50);

/** 12 345 (thin grouping that reads the same in Spanish and English). */
export function int(value) {
  return Math.round(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, " ");
}

export function ms(value) {
  if (value >= 100) return `${Math.round(value)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

export const pct = (ratio) => `${(ratio * 100).toFixed(1)} %`;
export const times = (ratio) => `${ratio.toFixed(2)}×`;

/**
 * One reported figure: `goal` says the target in words, `ratio` how far from the limit, `ok` whether
 * the goal is met (undefined: informational, no goal).
 */
export function figure(label, value, { goal, ratio, ok } = {}) {
  return { label, value, goal: goal ?? "", ratio: ratio ?? "", ok };
}

export const status = (ok) => (ok === undefined ? "" : ok ? "ok" : "MISSED");

/** Compact autocannon result: req/s, latencies, errors (connection errors + timeouts) and non-2xx. */
export function summarize(result) {
  return {
    rps: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    bytesPerResponse: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}
