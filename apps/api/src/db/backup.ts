// Backups and restores of the database and of the local files, shared by `npm run backup` / `npm run restore`
// (their command line is backup-command.ts) and by backup.test.ts. docs/deploy.md explains when to use them.
//
// PostgreSQL (DATABASE_URL): pg_dump's custom format, restored with pg_restore. PGlite (DATA_DIR/pglite):
// PGlite's own tarball of its data directory. Uploaded files are not in the database: with the local driver
// DATA_DIR/files is archived beside the dump; a bucket (S3_BUCKET) keeps its own versions instead.
import { spawn } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export type BackupKind = "postgres" | "pglite";

export interface BackupLocation {
  /** postgres://... ; undefined means PGlite in `dataDir/pglite`. */
  databaseUrl?: string | undefined;
  dataDir: string;
}

export interface BackupOptions extends BackupLocation {
  outDir: string;
  /** Archive `dataDir/files` too: true for the local file driver, false with S3. */
  includeFiles: boolean;
  /** Back up a PGlite directory even though it looks open (a postmaster.pid left by a crash). */
  force?: boolean;
  now?: Date;
}

export interface BackupResult {
  kind: BackupKind;
  /** The database dump (`.dump`) or PGlite tarball (`.pglite.tar.gz`). */
  database: string;
  /** `.files.tar.gz` with DATA_DIR/files, or null when not asked for or there were no files. */
  files: string | null;
}

export interface RestoreOptions extends BackupLocation {
  /** A file written by `createBackup`: its name says which database it came from. */
  database: string;
  /** Files archive to unpack into `dataDir/files`; null skips the files. */
  files: string | null;
  /** Replace a database or files folder that is not empty (the old folders are kept, renamed). */
  force?: boolean;
  now?: Date;
}

export interface RestoreResult {
  kind: BackupKind;
  /** Folders moved aside by `force`, kept in case the restore was a mistake. */
  movedAside: string[];
  files: boolean;
}

const PG_SUFFIX = ".dump";
const PGLITE_SUFFIX = ".pglite.tar.gz";
const FILES_SUFFIX = ".files.tar.gz";

/** `rifazo-2026-05-01T12-30-05Z`: sorts by time and is a valid file name everywhere. */
export function backupBaseName(now: Date): string {
  return `rifazo-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-")}`;
}

export function backupKindOf(file: string): BackupKind {
  if (file.endsWith(PG_SUFFIX)) return "postgres";
  if (file.endsWith(PGLITE_SUFFIX)) return "pglite";
  throw new Error(`No se reconoce la copia ${file}: se esperaba un archivo ${PG_SUFFIX} o ${PGLITE_SUFFIX}.`);
}

/** The files archive written beside a database backup, if it exists. */
export function filesArchiveFor(databaseFile: string): string | null {
  const base = databaseFile.endsWith(PG_SUFFIX)
    ? databaseFile.slice(0, -PG_SUFFIX.length)
    : databaseFile.endsWith(PGLITE_SUFFIX)
      ? databaseFile.slice(0, -PGLITE_SUFFIX.length)
      : null;
  const candidate = base === null ? null : `${base}${FILES_SUFFIX}`;
  return candidate && existsSync(candidate) ? candidate : null;
}

// ---------------------------------------------------------------------------------------------
// Child processes (pg_dump, pg_restore, tar)
// ---------------------------------------------------------------------------------------------

const INSTALL_HINT: Record<string, string> = {
  pg_dump:
    "instala el cliente de PostgreSQL (postgresql-client) de la misma versión mayor que el servidor o más nueva",
  pg_restore:
    "instala el cliente de PostgreSQL (postgresql-client) de la misma versión mayor que el servidor o más nueva",
  tar: "instala tar",
};

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    child.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ENOENT")
        reject(new Error(`No se encontró ${command}: ${INSTALL_HINT[command] ?? ""}.`));
      else reject(error);
    });
    child.on("close", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${command} falló (${signal ?? `código ${code}`}):\n${stderr.trim()}`));
    });
  });
}

/**
 * The URL without its password, which goes to PGPASSWORD instead: a command line is visible to every user
 * of the machine (`ps`), the environment of a process is not.
 */
function pgConnection(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = "";
  const env = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { url: url.toString(), env };
}

function isNonEmptyDir(dir: string): boolean {
  return existsSync(dir) && statSync(dir).isDirectory() && readdirSync(dir).length > 0;
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/:/g, "-");
}

/** Moves `dir` to `dir.before-restore-<time>` and returns the new path. */
function moveAside(dir: string, now: Date): string {
  const target = `${dir}.before-restore-${stamp(now)}`;
  renameSync(dir, target);
  return target;
}

// ---------------------------------------------------------------------------------------------
// PGlite
// ---------------------------------------------------------------------------------------------

export function pgliteDirOf(dataDir: string): string {
  return path.join(dataDir, "pglite");
}

/**
 * PGlite is one process's database: another process opening the same folder (a running server) would
 * corrupt it. PGlite keeps postmaster.pid there while it is open and removes it on a clean close.
 */
function assertPgliteClosed(dir: string, force: boolean | undefined): void {
  if (force || !existsSync(path.join(dir, "postmaster.pid"))) return;
  throw new Error(
    `La base PGlite de ${dir} está abierta (existe postmaster.pid): detén el servidor antes. ` +
      "Si no hay ningún servidor corriendo (quedó de un cierre abrupto), repite con --force.",
  );
}

async function backupPglite(dataDir: string, out: string, force: boolean | undefined): Promise<void> {
  const dir = pgliteDirOf(dataDir);
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new Error(`No hay una base PGlite en ${dir}.`);
  assertPgliteClosed(dir, force);
  const client = await PGlite.create({ dataDir: dir });
  try {
    const dump = await client.dumpDataDir("gzip");
    await writeFile(out, Buffer.from(await dump.arrayBuffer()), { flag: "wx", mode: 0o600 });
  } finally {
    await client.close();
  }
}

async function restorePglite(file: string, dataDir: string): Promise<void> {
  const dir = pgliteDirOf(dataDir);
  mkdirSync(dir, { recursive: true });
  const blob = new Blob([await readFile(file)]);
  const client = await PGlite.create({ loadDataDir: blob, dataDir: dir });
  try {
    // Proves the unpacked directory starts and holds the schema before the command says it worked.
    await client.query("SELECT count(*) FROM users");
  } finally {
    await client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL
// ---------------------------------------------------------------------------------------------

async function backupPostgres(databaseUrl: string, out: string): Promise<void> {
  const { url, env } = pgConnection(databaseUrl);
  // pg_dump takes one consistent snapshot while the API keeps serving: no need to stop anything.
  await run("pg_dump", ["--format=custom", "--no-password", `--file=${out}`, `--dbname=${url}`], env);
}

/** True when the target database already has tables (anything beyond an empty `createdb`). */
async function postgresHasTables(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables " +
        "WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
    );
    return Number(result.rows[0]?.n ?? 0) > 0;
  } finally {
    await client.end();
  }
}

async function restorePostgres(file: string, databaseUrl: string): Promise<void> {
  const { url, env } = pgConnection(databaseUrl);
  await run(
    "pg_restore",
    [
      "--clean",
      "--if-exists",
      // Another server, or the same with other roles: everything belongs to the user restoring.
      "--no-owner",
      "--no-privileges",
      // All or nothing: a failed restore leaves the target as it was.
      "--single-transaction",
      "--no-password",
      `--dbname=${url}`,
      file,
    ],
    env,
  );
}

// ---------------------------------------------------------------------------------------------
// Files (local driver)
// ---------------------------------------------------------------------------------------------

async function archiveFiles(dataDir: string, out: string): Promise<boolean> {
  if (!existsSync(path.join(dataDir, "files"))) return false;
  await run("tar", ["-czf", out, "-C", dataDir, "files"]);
  return true;
}

async function unpackFiles(archive: string, dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true });
  await run("tar", ["-xzf", archive, "-C", dataDir]);
}

// ---------------------------------------------------------------------------------------------
// Backup and restore
// ---------------------------------------------------------------------------------------------

export async function createBackup(options: BackupOptions): Promise<BackupResult> {
  const now = options.now ?? new Date();
  // Copies hold password hashes, sessions and personal data: readable by their owner only.
  mkdirSync(options.outDir, { recursive: true, mode: 0o700 });
  const base = path.join(path.resolve(options.outDir), backupBaseName(now));
  const kind: BackupKind = options.databaseUrl ? "postgres" : "pglite";
  const database = `${base}${kind === "postgres" ? PG_SUFFIX : PGLITE_SUFFIX}`;
  if (existsSync(database)) throw new Error(`Ya existe ${database}.`);

  if (options.databaseUrl) await backupPostgres(options.databaseUrl, database);
  else await backupPglite(options.dataDir, database, options.force);

  // Files after the database: a file is written before the row that names it, so every file the dump
  // refers to is already on disk (an upload finishing in between only adds an unreferenced file).
  let files: string | null = null;
  if (options.includeFiles) {
    const archive = `${base}${FILES_SUFFIX}`;
    if (await archiveFiles(options.dataDir, archive)) files = archive;
  }
  for (const file of [database, files]) if (file) chmodSync(file, 0o600);
  return { kind, database, files };
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const now = options.now ?? new Date();
  const kind = backupKindOf(options.database);
  if (!existsSync(options.database)) throw new Error(`No existe ${options.database}.`);
  if (options.files && !existsSync(options.files)) throw new Error(`No existe ${options.files}.`);
  if (kind === "postgres" && !options.databaseUrl) {
    throw new Error("Esta copia es de PostgreSQL (pg_dump): define DATABASE_URL con la base de destino.");
  }
  if (kind === "pglite" && options.databaseUrl) {
    throw new Error(
      "Esta copia es de PGlite y DATABASE_URL apunta a PostgreSQL: quita DATABASE_URL para restaurarla en DATA_DIR/pglite.",
    );
  }

  // Every refusal happens before anything is touched, so a refused restore changes nothing.
  const pgliteDir = pgliteDirOf(options.dataDir);
  const filesDir = path.join(options.dataDir, "files");
  if (kind === "pglite") assertPgliteClosed(pgliteDir, options.force);
  const databaseInUse =
    kind === "postgres" ? await postgresHasTables(options.databaseUrl ?? "") : isNonEmptyDir(pgliteDir);
  const filesInUse = options.files !== null && isNonEmptyDir(filesDir);
  if (!options.force && (databaseInUse || filesInUse)) {
    const what = [
      databaseInUse
        ? kind === "postgres"
          ? "la base de datos de destino"
          : `la carpeta ${pgliteDir}`
        : null,
      filesInUse ? `la carpeta ${filesDir}` : null,
    ].filter((item): item is string => item !== null);
    const text = what.join(" y ");
    throw new Error(
      what.length > 1
        ? `${text[0]?.toUpperCase()}${text.slice(1)} no están vacías: usa --force para reemplazarlas.`
        : `${text[0]?.toUpperCase()}${text.slice(1)} no está vacía: usa --force para reemplazarla.`,
    );
  }

  const movedAside: string[] = [];
  if (kind === "pglite") {
    if (databaseInUse) movedAside.push(moveAside(pgliteDir, now));
    await restorePglite(options.database, options.dataDir);
  } else {
    await restorePostgres(options.database, options.databaseUrl ?? "");
  }
  if (options.files) {
    if (filesInUse) movedAside.push(moveAside(filesDir, now));
    await unpackFiles(options.files, options.dataDir);
  }
  return { kind, movedAside, files: options.files !== null };
}
