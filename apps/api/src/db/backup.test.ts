// Round trips of `npm run backup` / `npm run restore`: a database full of demo data is backed up, restored
// into a fresh one, and must come back with the same rows and with its bookkeeping intact.
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/helpers";
import { bootstrap } from "../bootstrap";
import { loadConfig } from "../config";
import { seedDemo } from "../seed/demo";
import { backupBaseName, backupKindOf, createBackup, filesArchiveFor, restoreBackup } from "./backup";
import { consistencyProblems, tableRowCounts } from "./backup-checks";
import { type Database, openDatabase } from "./client";

const LONG = 240_000;

/** Every file under `dir`, relative, with its bytes' length: enough to see the same files came back. */
function fileList(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return `${path.relative(dir, full)} ${readFileSync(full).length}`;
    })
    .sort();
}

interface Snapshot {
  counts: Record<string, number>;
  problems: string[];
}

async function snapshot(database: Database): Promise<Snapshot> {
  return { counts: await tableRowCounts(database), problems: await consistencyProblems(database) };
}

/** The restored database holds the source's rows, consistent; it is closed afterwards either way. */
async function expectSameRows(database: Database, source: Snapshot): Promise<void> {
  try {
    const copy = await snapshot(database);
    expect(copy.counts).toEqual(source.counts);
    expect(copy.problems).toEqual([]);
  } finally {
    await database.close();
  }
}

/** What a seeded database must contain for the comparison to mean something. */
function expectSeeded(source: Snapshot): void {
  expect(source.problems).toEqual([]);
  for (const table of ["users", "raffles", "tickets", "payment_proofs", "points_history", "images"]) {
    expect(source.counts[`public.${table}`], table).toBeGreaterThan(0);
  }
  expect(source.counts["drizzle.__drizzle_migrations"]).toBeGreaterThan(0);
}

describe("backup file names", () => {
  it("names copies by UTC time and knows their kind from the name", () => {
    expect(backupBaseName(new Date(Date.UTC(2026, 4, 1, 12, 30, 5, 123)))).toBe(
      "rifazo-2026-05-01T12-30-05Z",
    );
    expect(backupKindOf("backups/rifazo-2026-05-01T12-30-05Z.dump")).toBe("postgres");
    expect(backupKindOf("backups/rifazo-2026-05-01T12-30-05Z.pglite.tar.gz")).toBe("pglite");
    expect(() => backupKindOf("backups/otra-cosa.zip")).toThrow(/No se reconoce/);
  });
});

describe("backup and restore on PGlite (DATA_DIR/pglite)", () => {
  let root: string;
  let source: Snapshot;
  let sourceFiles: string[];
  let app: FastifyInstance | undefined;
  const dataDir = () => path.join(root, "data");

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), "rifazo-backup-"));
    // What `npm start` does on a first run: migrate DATA_DIR/pglite and seed the demo catalogue.
    const config = loadConfig(
      { NODE_ENV: "test" },
      { dataDir: dataDir(), seedDemo: true, logLevel: "silent", publicUrl: "http://localhost:3000" },
    );
    app = await bootstrap(config);
    source = await snapshot(app.ctx.database);
    sourceFiles = fileList(path.join(dataDir(), "files"));
  }, LONG);

  afterAll(async () => {
    await app?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it(
    "refuses to copy a PGlite database a running server has open",
    async () => {
      expectSeeded(source);
      expect(sourceFiles.length).toBeGreaterThan(0);
      await expect(
        createBackup({ dataDir: dataDir(), outDir: path.join(root, "backups"), includeFiles: true }),
      ).rejects.toThrow(/detén el servidor/);
    },
    LONG,
  );

  it(
    "restores the same rows and files into a fresh DATA_DIR, and refuses a non-empty one",
    async () => {
      await app?.close();
      app = undefined;
      const result = await createBackup({
        dataDir: dataDir(),
        outDir: path.join(root, "backups"),
        includeFiles: true,
      });
      expect(result.kind).toBe("pglite");
      expect(path.basename(result.database)).toMatch(/^rifazo-[0-9T-]+Z\.pglite\.tar\.gz$/);
      expect(result.files).toBe(filesArchiveFor(result.database));

      const target = path.join(root, "restored");
      const restored = await restoreBackup({
        dataDir: target,
        database: result.database,
        files: result.files,
      });
      expect(restored).toEqual({ kind: "pglite", movedAside: [], files: true });
      expect(fileList(path.join(target, "files"))).toEqual(sourceFiles);

      await expectSameRows(await openDatabase({ pgliteDir: path.join(target, "pglite") }), source);

      // A second restore over it would replace live data: refused without --force, nothing touched.
      writeFileSync(path.join(target, "files", "nuevo.txt"), "x");
      await expect(
        restoreBackup({ dataDir: target, database: result.database, files: result.files }),
      ).rejects.toThrow(/no están? vacías?: usa --force/);
      expect(existsSync(path.join(target, "files", "nuevo.txt"))).toBe(true);
    },
    LONG,
  );
});

// The PGlite backup and restore is the block above; this one restores into a PostgreSQL server's database.
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "backup and restore on PostgreSQL (needs TEST_DATABASE_URL)",
  () => {
    const serverUrl = process.env.TEST_DATABASE_URL ?? "";
    const targetName = `rifazo_t_restore_${randomBytes(4).toString("hex")}`;
    const targetUrl = (() => {
      if (!serverUrl) return "";
      const url = new URL(serverUrl);
      url.pathname = `/${targetName}`;
      return url.toString();
    })();
    let t: TestApp;
    let root: string;

    async function admin(statement: string): Promise<void> {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    }

    beforeAll(async () => {
      root = mkdtempSync(path.join(tmpdir(), "rifazo-backup-pg-"));
      t = await createTestApp();
      await seedDemo(t.app.ctx);
      await admin(`CREATE DATABASE ${targetName}`);
    }, LONG);

    afterAll(async () => {
      await t?.close();
      await admin(`DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
      if (root) rmSync(root, { recursive: true, force: true });
    });

    it(
      "dumps with pg_dump while the app runs and restores into an empty database",
      async () => {
        const source = await snapshot(t.app.ctx.database);
        expectSeeded(source);
        const sourceFiles = fileList(path.join(t.dataDir, "files"));
        expect(sourceFiles.length).toBeGreaterThan(0);

        const result = await createBackup({
          databaseUrl: t.testDb.url,
          dataDir: t.dataDir,
          outDir: path.join(root, "backups"),
          includeFiles: true,
        });
        expect(result.kind).toBe("postgres");
        expect(path.basename(result.database)).toMatch(/^rifazo-[0-9T-]+Z\.dump$/);
        expect(readFileSync(result.database).subarray(0, 5).toString()).toBe("PGDMP");

        const target = path.join(root, "restored");
        await restoreBackup({
          databaseUrl: targetUrl,
          dataDir: target,
          database: result.database,
          files: result.files,
        });
        expect(fileList(path.join(target, "files"))).toEqual(sourceFiles);
        await expectSameRows(await openDatabase({ url: targetUrl }), source);

        // Over a database with tables: refused, then replaced with --force (pg_restore --clean).
        await expect(
          restoreBackup({ databaseUrl: targetUrl, dataDir: target, database: result.database, files: null }),
        ).rejects.toThrow(/no están? vacías?: usa --force/);
        const forced = await restoreBackup({
          databaseUrl: targetUrl,
          dataDir: target,
          database: result.database,
          files: result.files,
          force: true,
        });
        expect(forced.movedAside).toHaveLength(1);
        expect(fileList(path.join(target, "files"))).toEqual(sourceFiles);
        const again = await openDatabase({ url: targetUrl });
        try {
          expect((await snapshot(again)).counts).toEqual(source.counts);
        } finally {
          await again.close();
        }
      },
      LONG,
    );

    it("refuses a PostgreSQL dump without a target URL, and a PGlite copy with one", async () => {
      const dump = path.join(root, "rifazo-2026-01-01T00-00-00Z.dump");
      writeFileSync(dump, "PGDMP");
      await expect(restoreBackup({ dataDir: root, database: dump, files: null })).rejects.toThrow(
        /define DATABASE_URL/,
      );
      const lite = path.join(root, "rifazo-2026-01-01T00-00-00Z.pglite.tar.gz");
      writeFileSync(lite, "x");
      await expect(
        restoreBackup({ databaseUrl: targetUrl, dataDir: root, database: lite, files: null }),
      ).rejects.toThrow(/quita DATABASE_URL/);
    });
  },
);
