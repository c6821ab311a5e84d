import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { type ListenOptions, type NotificationListener, PgListener } from "./listener";
import * as schema from "./schema";

export { LISTENER_APPLICATION_NAME } from "./listener";

export type Schema = typeof schema;
/** The one query surface both drivers share: services and repositories only see this. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A repository accepts either the database or a transaction. */
export type Executor = Db | Tx;

export type { ListenOptions, NotificationListener } from "./listener";

export interface Database {
  kind: "pglite" | "postgres";
  db: Db;
  /** Subscribe to a NOTIFY channel; resolves to an unsubscribe function. */
  listen(
    channel: string,
    onPayload: NotificationListener,
    options?: ListenOptions,
  ): Promise<() => Promise<void>>;
  /**
   * Resolves true once every notification committed before the call has reached its listeners; false
   * when that cannot be known (no LISTEN connection right now, or it did not answer in time).
   */
  syncNotifications(): Promise<boolean>;
  /** Run a raw SQL string with parameters and return its rows (for the few hand-written statements). */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

const here = path.dirname(fileURLToPath(import.meta.url));
/** Migrations folder, found both from the source tree and from the bundled dist/server.js. */
export function migrationsFolder(): string {
  const candidates = [path.resolve(here, "../../drizzle"), path.resolve(here, "../drizzle")];
  const found = candidates.find((candidate) => existsSync(path.join(candidate, "meta", "_journal.json")));
  if (found) return found;
  throw new Error("No se encontró la carpeta de migraciones (apps/api/drizzle).");
}

export interface OpenOptions {
  /** postgres://... selects a PostgreSQL server; otherwise PGlite. */
  url?: string | undefined;
  /** PGlite data directory; undefined keeps the database in memory. */
  pgliteDir?: string | undefined;
  /** PGlite only: start from this dumpDataDir() tarball instead of an empty cluster (tests). */
  pgliteLoad?: Blob | undefined;
  poolMax?: number;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolMax ?? 10);
  return openPglite(options.pgliteDir, options.pgliteLoad);
}

async function openPglite(dir: string | undefined, load?: Blob): Promise<Database> {
  if (dir) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    ...(dir ? { dataDir: dir } : {}),
    ...(load ? { loadDataDir: load } : {}),
  });
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: "pglite",
    db,
    // In-process: the subscription cannot be lost, so onResubscribe never fires.
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return unsubscribe;
    },
    // PGlite calls the listeners before the committing statement resolves: nothing can be in flight.
    async syncNotifications() {
      return !client.closed;
    },
    async query(text, params) {
      const result = await client.query(text, params as unknown[] | undefined);
      return result.rows as never[];
    },
    async close() {
      if (!client.closed) await client.close();
    },
  };
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: 5_000 });
  // A failed idle client must not crash the process; queries report their own errors.
  pool.on("error", () => {});
  // The pool listens for errors only on idle clients. A connection lost while checked out between two
  // statements (inside a transaction) would emit an unhandled 'error' and kill the process; the statement
  // in flight or the next one fails on its own and the pool discards the dead client on release.
  pool.on("connect", (client) => {
    client.on("error", () => {});
  });
  const db = drizzleNodePg({ client: pool, schema }) as unknown as Db;
  const listener = new PgListener(url);

  return {
    kind: "postgres",
    db,
    listen: (channel, onPayload, options) => listener.listen(channel, onPayload, options),
    syncNotifications: () => listener.syncNotifications(),
    async query(text, params) {
      const result = await pool.query(text, params as unknown[] | undefined);
      return result.rows;
    },
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}

const MIGRATION_LOCK = 724_011;

export async function runMigrations(database: Database, url?: string): Promise<void> {
  const folder = migrationsFolder();
  if (database.kind === "pglite") {
    await migratePglite(database.db as never, { migrationsFolder: folder });
    return;
  }
  // Several instances may start together: one migrates while the others wait on the lock.
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrateNodePg(database.db as never, { migrationsFolder: folder });
  } finally {
    await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
    await lock.end();
  }
}
