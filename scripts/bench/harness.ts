// The app built in this process from its TypeScript sources (through tsx), on a database the orchestrator
// created (PostgreSQL) or in memory (PGlite), with a signed-in administrator. Requests go through
// `app.inject`: the whole Fastify stack (guards, validation, serialization) without a socket.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { buildApp } from "../../apps/api/src/app";
import { loadConfig } from "../../apps/api/src/config";
import { type Database, openDatabase, runMigrations } from "../../apps/api/src/db/client";
import { createUser, signIn } from "../../apps/api/test/helpers";

export interface Harness {
  app: FastifyInstance;
  database: Database;
  kind: "pglite" | "postgres";
  adminCookie: string;
  adminId: string;
  call(method: "GET" | "POST" | "PATCH", url: string, payload?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * `url` set: that PostgreSQL database (pool of 10, as the server); unset: PGlite in memory. `dataDir`
 * given: the caller owns it (and removes it); otherwise a temporary folder removed by close().
 */
export async function openHarness(url: string | undefined, dataDir?: string): Promise<Harness> {
  const ownDir = !dataDir;
  dataDir ??= mkdtempSync(path.join(tmpdir(), "rifazo-bench-app-"));
  const database = await openDatabase({ url, poolMax: 10 });
  await runMigrations(database, url);
  const config = loadConfig(
    { NODE_ENV: "production" },
    {
      dataDir,
      databaseUrl: url,
      publicUrl: "http://localhost:3000",
      logLevel: "warn",
      seedDemo: false,
      // The proof analysis worker (OCR) would compete with what is being measured.
      proofAnalysis: false,
    },
  );
  const app = await buildApp({ config, database });
  await app.ready();
  const admin = await createUser(app, { role: "admin", fullName: "Administración Bench" });
  const adminCookie = await signIn(app, admin.email, admin.password);
  return {
    app,
    database,
    kind: database.kind,
    adminCookie,
    adminId: admin.id,
    call(method, url, payload) {
      return app.inject({
        method,
        url,
        headers: { cookie: adminCookie },
        ...(payload !== undefined ? { payload: payload as object } : {}),
      }) as Promise<LightMyRequestResponse>;
    },
    async close() {
      await app.close();
      await database.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A raffle form as the admin screen sends it (active, date-activated, drawn far in the future). */
export function raffleForm(overrides: Record<string, unknown> = {}) {
  return {
    title: "Rifa de prueba de carga",
    description: "Creada por npm run bench",
    price: 1,
    currency: "USD",
    totalTickets: 10_000,
    status: "active",
    activationType: "date",
    endDate: "2030-06-01T20:00:00.000Z",
    prizeLevels: [
      { description: "Primer premio", winnerCount: 1 },
      { description: "Segundo premio", winnerCount: 3 },
      { description: "Tercer premio", winnerCount: 10 },
    ],
    ...overrides,
  };
}

/** Creates a raffle through POST /api/admin/raffles; the pool job it schedules is left to the caller. */
export async function createRaffle(h: Harness, overrides: Record<string, unknown> = {}): Promise<string> {
  const response = await h.call("POST", "/api/admin/raffles", raffleForm(overrides));
  if (response.statusCode !== 201) {
    throw new Error(`crear rifa: ${response.statusCode} ${response.body}`);
  }
  return (response.json() as { id: string }).id;
}

/** Runs `task(i)` for i in 0..count−1 with at most `concurrency` in flight. */
export async function inParallel(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
}

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}
