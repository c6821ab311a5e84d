// Each test file gets its own clean database: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
// a fresh PostgreSQL database created for that file and dropped afterwards. Both start as copies of the
// database test/global-setup.ts migrated once for the run (migrated here when that setup did not run).
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { type BuildOptions, buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { type Database, openDatabase, runMigrations } from "../src/db/client";

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

/** What test/global-setup.ts provided; nothing outside a vitest run (scripts/bench imports this file). */
function provided<K extends "pgliteTemplate" | "postgresTemplate">(key: K): string | undefined {
  try {
    return inject(key);
  } catch {
    return undefined;
  }
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = provided("pgliteTemplate");
    const database = await openDatabase({
      pgliteLoad: template ? new Blob([readFileSync(template)]) : undefined,
    });
    if (!template) await runMigrations(database);
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `rifazo_t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const template = provided("postgresTemplate");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ""}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 20 });
  if (!template) await runMigrations(database, url.toString());
  return {
    database,
    url: url.toString(),
    async drop() {
      await database.close();
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  dataDir: string;
  testDb: TestDatabase;
  close(): Promise<void>;
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  build: Pick<BuildOptions, "ocrReader" | "logStream"> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-test-"));
  const testDb = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: "test" },
    // No proof analysis worker (OCR) unless a test asks for it: proof-analysis tests turn it on.
    {
      dataDir,
      publicUrl: "http://localhost:3000",
      logLevel: "silent",
      seedDemo: false,
      proofAnalysis: false,
      ...overrides,
    },
  );
  const app = await buildApp({ config, database: testDb.database, ...build });
  await app.ready();
  return {
    app,
    config,
    dataDir,
    testDb,
    async close() {
      await app.close();
      await testDb.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Cookie header value from a response's Set-Cookie, to act as that browser in later requests. */
export function cookiesFrom(response: LightMyRequestResponse, previous = ""): string {
  const jar = new Map<string, string>();
  for (const part of previous.split(/;\s*/).filter(Boolean)) {
    const [k, ...v] = part.split("=");
    if (k) jar.set(k, v.join("="));
  }
  for (const c of response.cookies) {
    if (c.value === "" || (c.maxAge !== undefined && c.maxAge <= 0)) jar.delete(c.name);
    else jar.set(c.name, c.value);
  }
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

export interface TestUserOptions {
  email?: string;
  password?: string;
  fullName?: string;
  role?: "user" | "admin";
  status?: "active" | "inactive";
  emailVerified?: boolean;
  /** A Venezuelan mobile by default (purchases need one); null for an account without a phone. */
  phone?: string | null;
}

let userCounter = 0;
/** One scrypt hash per password and app: the default password is hashed once per file, not per user. */
const hashes = new WeakMap<FastifyInstance, Map<string, Promise<string>>>();

function passwordHash(app: FastifyInstance, password: string): Promise<string> {
  let known = hashes.get(app);
  if (!known) {
    known = new Map();
    hashes.set(app, known);
  }
  let hash = known.get(password);
  if (!hash) {
    hash = app.ctx.auth.$context.then(({ password: hasher }) => hasher.hash(password));
    known.set(password, hash);
  }
  return hash;
}

/** Inserts a user with a credential account directly (fast); sign in with `signIn`. */
export async function createUser(app: FastifyInstance, options: TestUserOptions = {}) {
  userCounter += 1;
  const email = options.email ?? `usuario${userCounter}.${randomBytes(3).toString("hex")}@example.com`;
  const password = options.password ?? "ClaveSegura123";
  const id = `test_${randomBytes(8).toString("hex")}`;
  const hash = await passwordHash(app, password);
  const { users, accounts } = await import("../src/db/schema");
  await app.ctx.db.insert(users).values({
    id,
    email,
    name: options.fullName ?? `Usuario ${userCounter}`,
    emailVerified: options.emailVerified ?? true,
    role: options.role ?? "user",
    status: options.status ?? "active",
    phone:
      options.phone === undefined
        ? `+58414${String(userCounter % 10_000_000).padStart(7, "0")}`
        : options.phone,
  });
  await app.ctx.db
    .insert(accounts)
    .values({ id: `acc_${id}`, accountId: id, providerId: "credential", userId: id, password: hash });
  return { id, email, password };
}

let ipCounter = 0;
/** A distinct client address per call, so rate limits of one test do not leak into another. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

export async function signIn(app: FastifyInstance, email: string, password: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email, password },
    remoteAddress: nextIp(),
  });
  if (response.statusCode !== 200)
    throw new Error(`signIn ${email}: ${response.statusCode} ${response.body}`);
  return cookiesFrom(response);
}

/** Creates a user and returns it with a signed-in cookie. */
export async function signedInUser(app: FastifyInstance, options: TestUserOptions = {}) {
  const user = await createUser(app, options);
  const cookie = await signIn(app, user.email, user.password);
  return { ...user, cookie };
}

/** A file part of a multipart body: its filename, content type and bytes. */

/** A sign-in attempt from a fresh address, whatever its answer (signIn insists on success). */
export function loginAttempt(app: FastifyInstance, email: string, password: string) {
  return app.inject({
    method: "POST",
    url: "/api/account/login",
    payload: { email, password },
    remoteAddress: nextIp(),
  });
}
