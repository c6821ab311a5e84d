// A production start, as an organiser runs it: the real server process (src/server.ts) on a fresh data
// folder (PGlite) or a fresh PostgreSQL database, signed in over HTTP. The demo buyers' addresses are public,
// so no demo account may open with any password written in the repository, and a weak ADMIN_PASSWORD stops
// the start.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { checkPasswordStrength } from "@rifazo/shared/password-strength";
import { verifyPassword } from "better-auth/crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { openDatabase } from "../../src/db/client";
import { accounts, raffles, users } from "../../src/db/schema";
import { disablePublishedDemoAccounts } from "../../src/seed/demo-accounts";
import { DEMO_USERS } from "../../src/seed/demo-data";
import { createTestChain } from "../drand-relay";
import { createTestDatabase, type TestDatabase } from "../helpers";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const apiDir = path.join(root, "apps/api");
/** The built server, as `npm start` runs it (npm test builds it first): what ships, and no TypeScript to compile at each start. */
const serverEntry = path.join(apiDir, "dist/server.js");
const DEMO_EMAILS = DEMO_USERS.map((u) => u.email);

/**
 * Every password written in the repository (seed, tests, e2e, scripts, docs): string literals assigned
 * to something named password, and the quoted words after "contraseña"/"password" in comments and docs.
 * Read from the files, so a new published password is covered without editing this test.
 */
function passwordsWrittenInRepository(): string[] {
  const folders = ["apps/api/src", "apps/api/test", "e2e", "scripts", "docs"].map((f) => path.join(root, f));
  const files = [path.join(root, "README.md")];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      if (name === "node_modules" || name === "dist") continue;
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.(ts|tsx|mjs|md)$/.test(name)) files.push(full);
    }
  };
  for (const folder of folders) walk(folder);
  const found = new Set<string>();
  const patterns = [
    /password\w*["']?\s*[:=]\s*["'`]([^"'`\s]{8,128})["'`]/gi,
    /(?:contraseña|password)\s*[:=]?\s*["'`]([^"'`\s]{8,128})["'`]/gi,
    /(?:contraseña|password)\s+(?:de\s+)?[`'"]?([A-Za-z][\w!#$%&*+.-]{7,127})[`'"]?\)/gi,
  ];
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    for (const pattern of patterns) for (const match of text.matchAll(pattern)) found.add(match[1] as string);
  }
  return [...found].filter((p) => /\d/.test(p) && /[a-z]/i.test(p));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

interface Started {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

interface Target {
  dataDir: string;
  databaseUrl: string | undefined;
}

const cleanups: Array<() => Promise<void> | void> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** A fresh data folder, and a fresh PostgreSQL database when the suite runs on one. */
async function freshTarget(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-prod-"));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (process.env.TEST_DATABASE_URL) {
    const testDb: TestDatabase = await createTestDatabase();
    // The test only needs the empty database; the server opens its own connections.
    await testDb.database.close();
    databaseUrl = testDb.url;
    cleanups.push(async () => {
      const pg = (await import("pg")).default;
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(
        `DROP DATABASE IF EXISTS ${new URL(databaseUrl as string).pathname.slice(1)} WITH (FORCE)`,
      );
      await client.end();
    });
  }
  return { dataDir, databaseUrl };
}

function serverEnv(target: Target, port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {};
  for (const key of ["PATH", "HOME", "TMPDIR", "LANG"]) if (process.env[key]) base[key] = process.env[key];
  return {
    ...base,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: target.dataDir,
    LOG_LEVEL: "info",
    WEB_DIST: path.join(target.dataDir, "no-web"),
    ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
    ...env,
  };
}

function run(
  target: Target,
  env: Record<string, string>,
  port: number,
): ChildProcess & { text: () => string } {
  if (!existsSync(serverEntry))
    throw new Error(
      "Falta apps/api/dist/server.js: ejecuta `npm run build` (npm test lo hace) antes de estas pruebas.",
    );
  const child = spawn(process.execPath, [serverEntry], { cwd: apiDir, env: serverEnv(target, port, env) });
  let text = "";
  child.stdout?.on("data", (chunk) => {
    text += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    text += chunk;
  });
  return Object.assign(child, { text: () => text });
}

async function start(target: Target, env: Record<string, string>): Promise<Started> {
  const port = await freePort();
  const child = run(target, env, port);
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  const deadline = Date.now() + 280_000;
  while (!child.text().includes("Rifazo escuchando")) {
    if (child.exitCode !== null) throw new Error(`el servidor terminó: ${child.text()}`);
    if (Date.now() > deadline) throw new Error(`el servidor no arrancó: ${child.text()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: child.text,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Log lines of the server (pino JSON), parsed. */
function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Signs in over HTTP; `from` is the client address a trusted proxy (TRUST_PROXY) reports. */
async function login(server: Started, email: string, password: string, from?: string) {
  const response = await fetch(`${server.url}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(from ? { "x-forwarded-for": from } : {}) },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { error?: { code: string } };
  return {
    status: response.status,
    code: body.error?.code,
    cookie: response.headers.getSetCookie().join("; "),
  };
}

/** Opens the server's database after it stopped (PGlite allows one process at a time). */
async function withDatabase<T>(
  target: Target,
  use: (db: Awaited<ReturnType<typeof openDatabase>>["db"]) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    url: target.databaseUrl,
    pgliteDir: target.databaseUrl ? undefined : path.join(target.dataDir, "pglite"),
  });
  try {
    return await use(database.db);
  } finally {
    await database.close();
  }
}

async function demoRows(target: Target) {
  return withDatabase(target, (db) =>
    db
      .select({ email: users.email, status: users.status, hash: accounts.password })
      .from(users)
      .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
      .where(inArray(users.email, DEMO_EMAILS)),
  );
}

const published = passwordsWrittenInRepository();
const seedSource = readFileSync(path.join(apiDir, "src/seed/demo-data.ts"), "utf8");
/** The seed's development password, as written in the seed file. */
const seedPassword = /DEMO_PASSWORD\s*=\s*"([^"]+)"/.exec(seedSource)?.[1] as string;

describe("production start", () => {
  it("finds the demo password among the passwords written in the repository", () => {
    // Guards the extraction itself: the seed's own password must be among them.
    expect(seedPassword).toBeDefined();
    expect(published).toContain(seedPassword);
  });

  it("SEED_DEMO is on by default only outside production", () => {
    expect(loadConfig({ NODE_ENV: "production" }).seedDemo).toBe(false);
    expect(loadConfig({ NODE_ENV: "production", SEED_DEMO: "1" }).seedDemo).toBe(true);
    expect(loadConfig({ NODE_ENV: "development" }).seedDemo).toBe(true);
    expect(loadConfig({}).seedDemo).toBe(true);
  });

  it("on a fresh data folder creates no demo account; with SEED_DEMO=1 no published password opens one", async () => {
    const target = await freshTarget();
    const plain = await start(target, { NODE_ENV: "production" });
    try {
      const answer = await login(plain, DEMO_EMAILS[0] as string, seedPassword);
      expect(answer.status).toBe(401);
    } finally {
      await plain.stop();
    }
    expect(await demoRows(target)).toEqual([]);
    expect(await withDatabase(target, (db) => db.select({ id: raffles.id }).from(raffles))).toEqual([]);

    // The same database, now with an explicit SEED_DEMO=1.
    // Behind a trusted proxy, so each guess can come from its own address: the per-address limit
    // (RATE_RULES.signInPerIp) would otherwise cap how many published passwords this test may try.
    const server = await start(target, { NODE_ENV: "production", SEED_DEMO: "1", TRUST_PROXY: "true" });
    try {
      // Every published password, over HTTP, spread over the accounts (under the per-account limit).
      for (const [i, password] of published.entries()) {
        const email = DEMO_EMAILS[i % DEMO_EMAILS.length] as string;
        const answer = await login(server, email, password, `198.51.100.${(i % 250) + 1}`);
        expect({ email, password, ...answer, cookie: undefined }).toEqual({
          email,
          password,
          status: 401,
          code: "INVALID_CREDENTIALS",
          cookie: undefined,
        });
      }
      // The generated passwords are printed once, and they do open the accounts.
      const announced = logLines(server.output()).find((l) => l.demoAccounts)?.demoAccounts as
        | Record<string, string>
        | undefined;
      expect(Object.keys(announced ?? {}).sort()).toEqual([...DEMO_EMAILS].sort());
      const email = DEMO_EMAILS[1] as string;
      expect((await login(server, email, announced?.[email] as string)).status).toBe(200);
    } finally {
      await server.stop();
    }
    // And, for every account, none of the published passwords matches the stored hash. Checked all at
    // once: each check is a scrypt on libuv's thread pool (16 passwords x 12 accounts today); together
    // they took half the time of one after another on the 2-core CI machine.
    const rows = await demoRows(target);
    expect(rows).toHaveLength(DEMO_EMAILS.length);
    for (const row of rows) expect(row.status).toBe("active");
    const checks = rows.flatMap((row) =>
      published.map(async (password) => ({
        account: `${row.email} ${password}`,
        opens: await verifyPassword({ hash: row.hash as string, password }),
      })),
    );
    expect((await Promise.all(checks)).filter((check) => check.opens)).toEqual([]);
  }, 600_000);

  it("disables demo accounts that a development seed left with the published password", async () => {
    const target = await freshTarget();
    const dev = await start(target, { NODE_ENV: "development" });
    const demoPassword = seedPassword;
    let cookie: string;
    try {
      const answer = await login(dev, DEMO_EMAILS[0] as string, demoPassword);
      expect(answer.status).toBe(200);
      cookie = answer.cookie;
    } finally {
      await dev.stop();
    }

    const prod = await start(target, { NODE_ENV: "production" });
    try {
      const warning = logLines(prod.output()).find(
        (l) => l.level === 40 && Array.isArray(l.accounts) && String(l.msg).includes("demo"),
      );
      expect((warning?.accounts as string[] | undefined)?.sort()).toEqual([...DEMO_EMAILS].sort());
      expect(String(warning?.msg)).toMatch(/contraseña está publicada/);
      const again = await login(prod, DEMO_EMAILS[0] as string, demoPassword);
      expect(again.status).not.toBe(200);
      expect([401, 403]).toContain(again.status);
      // The session opened before the production start is gone too.
      const me = await fetch(`${prod.url}/api/account/me`, { headers: { cookie } });
      expect(me.status).toBe(401);
    } finally {
      await prod.stop();
    }
    const rows = await demoRows(target);
    expect(rows.map((r) => r.status)).toEqual(DEMO_EMAILS.map(() => "inactive"));
    for (const row of rows)
      expect(await verifyPassword({ hash: row.hash as string, password: demoPassword })).toBe(false);

    // Nothing is left to disable, so the next start does not warn again.
    const warned: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warned.push(args) };
    expect(await withDatabase(target, (db) => disablePublishedDemoAccounts({ db, log }))).toEqual([]);
    expect(warned).toEqual([]);
  }, 600_000);

  it("refuses to start with a weak ADMIN_PASSWORD, saying why in Spanish", async () => {
    const target = await freshTarget();
    const child = run(
      target,
      { NODE_ENV: "production", ADMIN_EMAIL: "dueno@rifazo.test", ADMIN_PASSWORD: "12345678" },
      await freePort(),
    );
    const exited = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    // Either it stops (the fix) or it ends up listening (the bug): never wait for the timeout.
    while (child.exitCode === null && !child.text().includes("Rifazo escuchando"))
      await new Promise((r) => setTimeout(r, 100));
    if (child.exitCode === null) child.kill("SIGTERM");
    const code = await exited;
    expect(child.text()).not.toContain("Rifazo escuchando");
    expect(code).not.toBe(0);
    expect(child.text()).toContain("ADMIN_PASSWORD no es segura");
    const verdict = checkPasswordStrength("12345678");
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(child.text()).toContain(verdict.reason);
    const admins = await withDatabase(target, (db) =>
      db.select({ id: users.id }).from(users).where(eq(users.email, "dueno@rifazo.test")),
    );
    expect(admins).toEqual([]);
  }, 300_000);

  /** Runs the server until it stops or listens; a refused start must stop without ever listening. */
  async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; text: string }> {
    const target = await freshTarget();
    const child = run(target, env, await freePort());
    const exited = new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
    while (child.exitCode === null && !child.text().includes("Rifazo escuchando"))
      await new Promise((r) => setTimeout(r, 100));
    if (child.exitCode === null) child.kill("SIGTERM");
    return { code: await exited, text: child.text() };
  }

  const ownChain = JSON.stringify(createTestChain().info);

  it("refuses a drand chain that is not the League of Entropy's (decision 0012)", async () => {
    const { code, text } = await refusedStart({ NODE_ENV: "production", DRAND_CHAIN_INFO: ownChain });
    expect(text).not.toContain("Rifazo escuchando");
    expect(code).not.toBe(0);
    expect(text).toContain("no es de la League of Entropy");
    expect(text).toContain("DRAND_ALLOW_UNKNOWN_CHAIN=1");
  }, 120_000);

  it("refuses a round delay below the floor on quicknet, even with DRAND_ALLOW_UNKNOWN_CHAIN (decision 0020)", async () => {
    const cases: Array<Record<string, string>> = [
      { NODE_ENV: "production", DRAW_ROUND_DELAY_MINUTES: "0" },
      { NODE_ENV: "production", DRAW_ROUND_DELAY_MINUTES: "0", DRAND_ALLOW_UNKNOWN_CHAIN: "1" },
    ];
    for (const env of cases) {
      const { code, text } = await refusedStart(env);
      expect(text).not.toContain("Rifazo escuchando");
      expect(code).not.toBe(0);
      expect(text).toContain("DRAW_ROUND_DELAY_MINUTES=0 es demasiado poco");
    }
  }, 120_000);

  it("with DRAND_ALLOW_UNKNOWN_CHAIN=1 starts on a test chain and says so loudly", async () => {
    const server = await start(await freshTarget(), {
      NODE_ENV: "production",
      DRAND_CHAIN_INFO: ownChain,
      DRAND_ALLOW_UNKNOWN_CHAIN: "1",
      DRAW_ROUND_DELAY_MINUTES: "0",
    });
    try {
      const line = logLines(server.output()).find((l) =>
        String(l.msg).includes("NO es de la League of Entropy"),
      );
      expect(line?.level).toBe(50);
      expect(line?.allowedBy).toBe("DRAND_ALLOW_UNKNOWN_CHAIN=1");
    } finally {
      await server.stop();
    }
  }, 300_000);
});
