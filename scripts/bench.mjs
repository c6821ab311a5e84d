// `npm run bench`: measures what exists today and appends the results to docs/benchmarks.md.
//  1. Cold start of the bundled server until GET /api/health answers 200: once on an empty data folder
//     (PGlite cluster creation + migrations + admin account) and three restarts on that same folder.
//  2. Throughput of GET /api/health (one database round trip) and GET /api/openapi.json (a large cached
//     document, plain and with Accept-Encoding: br, gzip as a browser sends it) with autocannon.
// The server runs with LOG_LEVEL=warn (no per-request log lines) and SEED_DEMO=0; DATABASE_URL is passed
// through when set, otherwise PGlite. Takes about a minute.
import { spawn } from "node:child_process";
import { appendFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { ensureBuilt, root, serverEntry } from "./lib/build.mjs";

const DURATION_S = 10;
const CONNECTIONS = 50;
const RESTARTS = 3;

ensureBuilt();

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Every server started, so a failure half-way never leaves one running. */
const children = new Set();

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function rssMiB(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? Math.round(kb / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Starts the server and resolves once /api/health is 200, with the elapsed milliseconds. */
async function startServer(dataDir) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = "";
  const started = performance.now();
  const child = spawn(process.execPath, [serverEntry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      SEED_DEMO: "0",
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      ADMIN_EMAIL: process.env.ADMIN_EMAIL || "admin@rifazo.bench",
      ADMIN_PASSWORD: process.env.ADMIN_PASSWORD || "BenchPass123!",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  child.once("exit", () => children.delete(child));
  child.stdout.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`el servidor terminó con código ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.status === 200) {
        const health = await response.json();
        return { child, url, ms: performance.now() - started, kind: health.database?.kind ?? "?" };
      }
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  child.kill("SIGKILL");
  throw new Error(`el servidor no respondió en 60 s:\n${output}`);
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

async function load(url, headers = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    mbps: (result.throughput.average / 1024 / 1024).toFixed(1),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    total: result.requests.total,
  };
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), "rifazo-bench-"));
const rows = [];
let kind = "?";
try {
  console.log("bench: arranque en frío (carpeta de datos vacía)...");
  let server = await startServer(dataDir);
  kind = server.kind;
  const fresh = server.ms;
  await stopServer(server.child);

  const restarts = [];
  for (let i = 0; i < RESTARTS; i++) {
    console.log(`bench: reinicio ${i + 1}/${RESTARTS}...`);
    server = await startServer(dataDir);
    restarts.push(server.ms);
    if (i < RESTARTS - 1) await stopServer(server.child);
  }
  restarts.sort((a, b) => a - b);
  const idleRss = rssMiB(server.child.pid);

  // Warm-up so the first measured seconds are not JIT compilation.
  await autocannon({ url: `${server.url}/api/health`, connections: 10, duration: 2 });

  const targets = [
    ["GET /api/health", `${server.url}/api/health`, {}],
    ["GET /api/openapi.json", `${server.url}/api/openapi.json`, {}],
    ["GET /api/openapi.json (br, gzip)", `${server.url}/api/openapi.json`, { "accept-encoding": "br, gzip" }],
  ];
  for (const [label, url, headers] of targets) {
    console.log(`bench: ${label} durante ${DURATION_S} s con ${CONNECTIONS} conexiones...`);
    rows.push([label, await load(url, headers)]);
  }
  const loadedRss = rssMiB(server.child.pid);
  await stopServer(server.child);

  const cpus = os.cpus();
  const date = new Date()
    .toISOString()
    .replace("T", " ")
    .replace(/\.\d+Z$/, " UTC");
  const fmt = (ms) => `${Math.round(ms)} ms`;
  const lines = [
    "",
    `## ${date}`,
    "",
    `- Máquina: ${cpus.length} núcleos (${cpus[0]?.model.trim() ?? "CPU desconocida"}), ` +
      `${Math.round(os.totalmem() / 1024 ** 3)} GiB RAM, ${os.platform()} ${os.release()}, Node ${process.version}`,
    `- Base de datos: ${kind}; autocannon ${CONNECTIONS} conexiones, ${DURATION_S} s por ruta, en la misma máquina`,
    `- Arranque hasta /api/health 200: carpeta vacía ${fmt(fresh)}; reinicio (mediana de ${RESTARTS}) ` +
      `${fmt(restarts[Math.floor(restarts.length / 2)])} (mín. ${fmt(restarts[0])}, máx. ${fmt(restarts.at(-1))})`,
    `- Memoria residente del servidor: ${idleRss ?? "?"} MiB en reposo, ${loadedRss ?? "?"} MiB tras la carga`,
    "",
    "| Ruta | req/s | p50 | p99 | MiB/s | errores | no 2xx |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...rows.map(
      ([label, r]) =>
        `| ${label} | ${r.rps} | ${r.p50} ms | ${r.p99} ms | ${r.mbps} | ${r.errors} | ${r.non2xx} |`,
    ),
  ];

  const file = path.join(root, "docs/benchmarks.md");
  if (!existsSync(file)) {
    writeFileSync(
      file,
      [
        "# Benchmarks",
        "",
        "Resultados de `npm run bench` (scripts/bench.mjs), añadidos al final en cada ejecución.",
        "Cada entrada mide el servidor compilado (`apps/api/dist/server.js`) en la máquina indicada:",
        "",
        "- Arranque: desde el `spawn` del proceso hasta el primer `GET /api/health` con 200. «Carpeta vacía»",
        "  incluye crear el clúster PGlite, aplicar las migraciones y crear la cuenta de administrador;",
        "  «reinicio» abre la misma carpeta ya migrada.",
        "- Rendimiento: autocannon en el mismo equipo (compite por la CPU con el servidor), tras 2 s de",
        "  calentamiento. `/api/health` hace un `SELECT 1`; `/api/openapi.json` devuelve el documento OpenAPI",
        "  completo, sin compresión y con `Accept-Encoding: br, gzip` como lo pediría un navegador.",
        "- El servidor corre con `LOG_LEVEL=warn` (sin una línea de log por petición) y `SEED_DEMO=0`.",
        "",
      ].join("\n"),
    );
  }
  appendFileSync(file, `${lines.join("\n")}\n`);
  console.log(lines.join("\n"));
  console.log(`\nbench: resultados añadidos a ${path.relative(root, file)}`);
} finally {
  for (const child of children) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
}
