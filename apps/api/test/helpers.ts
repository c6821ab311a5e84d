// Each test file gets its own clean database: an in-memory PGlite, or, when TEST_DATABASE_URL is set,
// a fresh PostgreSQL database created for that file and dropped afterwards.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import pg from "pg";
import { buildApp } from "../src/app";
import { type Config, loadConfig } from "../src/config";
import { type Database, openDatabase, runMigrations } from "../src/db/client";

export interface TestDatabase {
  database: Database;
  url: string | undefined;
  drop(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    await runMigrations(database);
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `rifazo_t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 20 });
  await runMigrations(database, url.toString());
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

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-test-"));
  const testDb = await createTestDatabase();
  const config = loadConfig(
    { NODE_ENV: "test" },
    { dataDir, publicUrl: "http://localhost:3000", logLevel: "silent", seedDemo: false, ...overrides },
  );
  const app = await buildApp({ config, database: testDb.database });
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
