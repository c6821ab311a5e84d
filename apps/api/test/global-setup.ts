// Vitest globalSetup: migrates one database for the whole run, and every test file copies it instead of
// migrating its own. Measured on the 2-core CI machine: a new in-memory PGlite plus migrations took 3.3-4.7 s
// (initdb is most of it), loading the migrated tarball 1.0-1.5 s; on PostgreSQL CREATE DATABASE plus
// migrations took 365-477 ms, CREATE DATABASE ... TEMPLATE 70-190 ms.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase, runMigrations } from "../src/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** PGlite runs: a dumpDataDir() tarball of a migrated, empty database. */
    pgliteTemplate?: string;
    /** PostgreSQL runs: name of a migrated, empty database to CREATE DATABASE ... TEMPLATE from. */
    postgresTemplate?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(path.join(tmpdir(), "rifazo-tpl-"));
    const file = path.join(dir, "migrated.tar");
    const database = await openDatabase({});
    try {
      await runMigrations(database);
      const client = (database.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } })
        .$client;
      writeFileSync(file, Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer()));
    } finally {
      await database.close();
    }
    project.provide("pgliteTemplate", file);
    return async () => rmSync(dir, { recursive: true, force: true });
  }

  const name = `rifazo_tpl_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 2 });
  try {
    await runMigrations(database, url.toString());
  } finally {
    // CREATE DATABASE ... TEMPLATE refuses a template that has open connections.
    await database.close();
  }
  project.provide("postgresTemplate", name);
  return () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}
