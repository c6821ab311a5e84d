// Starts what a user would run: the built server (apps/api/dist/server.js) on a free port, with its own
// data folder, an SMTP sink, the administrator account below, and either PGlite or, when
// TEST_DATABASE_URL is set, a fresh PostgreSQL database that is dropped afterwards. This is the only
// place that launches a server for the e2e tests; specs get one through support/fixtures.ts.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { MailSink } from "./mail-sink";

export const ADMIN_EMAIL = "admin@rifazo.test";
export const ADMIN_PASSWORD = "AdminPass123!";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const serverEntry = path.join(root, "apps/api/dist/server.js");
const webDist = path.join(root, "apps/web/dist");

export interface RunningServer {
  baseURL: string;
  port: number;
  mail: MailSink;
  databaseKind: "pglite" | "postgres";
  /** Everything the server printed so far (attached to failures). */
  output(): string;
  /**
   * The password of a demo account: in production the seed generates one per account and prints it once
   * in the log (apps/api/src/seed/demo-accounts.ts), as an organiser would read it.
   */
  demoPassword(email: string): string;
  stop(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = address && typeof address === "object" ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface TestDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

async function createDatabase(serverUrl: string, template?: string): Promise<TestDatabase> {
  const name = `rifazo_e2e_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => dropDatabase(serverUrl, name) };
}

/** Every file below `dir` with its size and modification time, to notice a build writing into it. */
function listing(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (sub: string) => {
    for (const entry of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = path.join(sub, entry.name);
      if (entry.isDirectory()) walk(rel);
      else {
        const stat = statSync(path.join(dir, rel));
        files.set(rel, `${stat.size}:${stat.mtimeMs}`);
      }
    }
  };
  walk("");
  return files;
}

function sameListing(a: Map<string, string>, b: Map<string, string>, sizesOnly = false): boolean {
  if (a.size !== b.size) return false;
  for (const [file, meta] of a) {
    const other = b.get(file);
    if (other === undefined) return false;
    if (sizesOnly ? other.split(":")[0] !== meta.split(":")[0] : other !== meta) return false;
  }
  return true;
}

/**
 * Copies the built web app for this server alone. The server keeps index.html in memory, so a rebuild of
 * apps/web/dist while the tests run (a developer's `npm run build`) would leave it pointing at deleted
 * hashed assets. The copy is taken only when the folder has stopped changing, and retried if it changed
 * during the copy, so a build running at that moment cannot leave a mix of two builds.
 */
async function snapshotWeb(target: string): Promise<void> {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (Date.now() > deadline)
      throw new Error("apps/web/dist no dejó de cambiar: ¿hay una compilación en curso?");
    try {
      const first = listing(webDist);
      await sleep(1_500);
      const before = listing(webDist);
      if (!sameListing(first, before)) continue;
      rmSync(target, { recursive: true, force: true });
      cpSync(webDist, target, { recursive: true });
      const after = listing(webDist);
      if (!sameListing(before, after) || !sameListing(before, listing(target), true)) continue;
      const html = readFileSync(path.join(target, "index.html"), "utf8");
      const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1] as string);
      if (assets.every((asset) => existsSync(path.join(target, asset)))) return;
    } catch {
      // A build was replacing the folder; try again.
    }
    await sleep(500);
  }
}

/** The build output, waiting a while in case a `npm run build` is replacing it right now. */
async function waitForBuild(): Promise<void> {
  const files = [serverEntry, path.join(webDist, "index.html")];
  const deadline = Date.now() + 60_000;
  while (!files.every((file) => existsSync(file))) {
    if (Date.now() > deadline) {
      throw new Error(
        "Falta apps/api/dist/server.js o apps/web/dist: ejecuta `npm run build` antes de `playwright test`.",
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * A server's start, migrated once per run (support/global-setup.ts): the data folder of a server that
 * started empty and stopped (PGlite, the administrator, the keys it generates) and, on PostgreSQL, its
 * database to copy with CREATE DATABASE ... TEMPLATE. Each server starts from a copy instead of migrating
 * again; the demo seed still runs at each start, so its dates are relative to that server's start.
 */
export interface ServerTemplate {
  dataDir: string;
  database: string | null;
  /** One snapshot of apps/web/dist for every server of the run (read only; snapshotWeb says why). */
  web?: string;
}

const TEMPLATE_ENV = "RIFAZO_E2E_TEMPLATE";

function templateFromEnv(): ServerTemplate | null {
  const value = process.env[TEMPLATE_ENV];
  return value ? (JSON.parse(value) as ServerTemplate) : null;
}

/** Builds the template (global setup) and hands it to the workers through the environment. */
export async function prepareServerTemplate(): Promise<() => Promise<void>> {
  const server = await startServer({ keep: true });
  const { dataDir, database } = await server.stopKeeping();
  // Taken once here rather than at every start (a 1.5 s wait and a copy each).
  const web = mkdtempSync(path.join(tmpdir(), "rifazo-e2e-web-"));
  await snapshotWeb(web);
  process.env[TEMPLATE_ENV] = JSON.stringify({ dataDir, database, web } satisfies ServerTemplate);
  return async () => {
    delete process.env[TEMPLATE_ENV];
    rmSync(web, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    if (database && process.env.TEST_DATABASE_URL)
      await dropDatabase(process.env.TEST_DATABASE_URL, database);
  };
}

async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

interface Keeping {
  /** Stops the server and keeps its data folder and database (the template's start only). */
  stopKeeping(): Promise<ServerTemplate>;
}

export interface StartServerOptions {
  /** Load the demo catalogue (SEED_DEMO=1: raffles in every state, buyers with generated passwords). */
  seedDemo?: boolean;
  /** Extra environment for the server, applied last (e.g. SUPPORT_EMAIL). */
  env?: Record<string, string>;
  /** The template's own start: from scratch, and its data kept when it stops (stopKeeping). */
  keep?: boolean;
}

export async function startServer(options: StartServerOptions = {}): Promise<RunningServer & Keeping> {
  await waitForBuild();
  const template = options.keep ? null : templateFromEnv();
  let kept: ServerTemplate | null = null;
  const cleanups: Array<() => Promise<void> | void> = [];
  const cleanup = async () => {
    for (const fn of cleanups.reverse()) await fn();
    cleanups.length = 0;
  };
  try {
    const mail = new MailSink();
    const smtpPort = await mail.start();
    cleanups.push(() => mail.stop());

    const dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-e2e-"));
    cleanups.push(() => {
      if (!kept) rmSync(dataDir, { recursive: true, force: true });
    });
    if (template) {
      cpSync(template.dataDir, dataDir, { recursive: true });
    }
    let webCopy = template?.web;
    if (!webCopy) {
      webCopy = path.join(dataDir, "web");
      await snapshotWeb(webCopy);
    }

    let databaseUrl = "";
    let databaseName: string | null = null;
    if (process.env.TEST_DATABASE_URL) {
      const database = await createDatabase(process.env.TEST_DATABASE_URL, template?.database ?? undefined);
      databaseUrl = database.url;
      databaseName = database.name;
      cleanups.push(async () => {
        if (!kept) await database.drop();
      });
    }

    const port = await freePort();
    const baseURL = `http://localhost:${port}`;
    let output = "";
    const child = spawn(process.execPath, ["--enable-source-maps", serverEntry], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        ADMIN_EMAIL,
        ADMIN_PASSWORD,
        SEED_DEMO: options.seedDemo ? "1" : "0",
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "info",
        WEB_DIST: webCopy,
        // OCR of the demo's proofs, and AVIF copies of its images, would compete with the browser for the
        // CPU; a spec may turn them on.
        PROOF_ANALYSIS: "off",
        IMAGE_AVIF: "off",
        ...options.env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    cleanups.push(async () => {
      child.kill("SIGTERM");
      if (!(await waitForExit(child, 10_000))) {
        child.kill("SIGKILL");
        await waitForExit(child, 5_000);
      }
    });

    // Migrations and the demo seed on PGlite take over 90 s on a busy 2-core machine; the worker fixture
    // allows 180 s for the whole start (support/fixtures.ts), so wait almost that long.
    const deadline = Date.now() + 170_000;
    let databaseKind: RunningServer["databaseKind"] | undefined;
    while (!databaseKind) {
      if (child.exitCode !== null)
        throw new Error(`El servidor terminó (código ${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`El servidor no respondió /api/health en 170 s:\n${output}`);
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/health`);
        if (response.ok)
          databaseKind = ((await response.json()) as { database: { kind: "pglite" } }).database.kind;
      } catch {
        // Not listening yet.
      }
      if (!databaseKind) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const expected = databaseUrl ? "postgres" : "pglite";
    if (databaseKind !== expected) throw new Error(`Base de datos ${databaseKind}, se esperaba ${expected}`);

    const demoPassword = (email: string) => {
      for (const line of output.split("\n")) {
        if (!line.includes('"demoAccounts"')) continue;
        const password = (JSON.parse(line) as { demoAccounts: Record<string, string> }).demoAccounts[email];
        if (password) return password;
      }
      throw new Error(`El log no trae la contraseña generada de ${email}:\n${output}`);
    };
    const stopKeeping = async (): Promise<ServerTemplate> => {
      kept = { dataDir, database: databaseName };
      await cleanup();
      rmSync(path.join(dataDir, "web"), { recursive: true, force: true });
      return kept;
    };
    return {
      baseURL,
      port,
      mail,
      databaseKind,
      output: () => output,
      demoPassword,
      stop: cleanup,
      stopKeeping,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
