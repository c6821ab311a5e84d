// The command line of `npm run backup` / `npm run restore` (scripts/backup.mjs, scripts/restore.mjs) over
// backup.ts's copies and restores; docs/deploy.md explains when to use them.
import path from "node:path";
import { parseArgs } from "node:util";
import { loadConfig } from "../config";
import { createBackup, filesArchiveFor, pgliteDirOf, restoreBackup } from "./backup";
import { consistencyProblems, tableRowCounts } from "./backup-checks";
import { openDatabase } from "./client";

function describeTarget(databaseUrl: string | undefined, dataDir: string): string {
  if (!databaseUrl) return `PGlite en ${pgliteDirOf(dataDir)}`;
  const url = new URL(databaseUrl);
  return `PostgreSQL ${url.hostname}:${url.port || 5432}${url.pathname}`;
}

/** `npm run backup [-- --out backups] [--force]`; returns the exit code. */
export async function runBackupCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: { out: { type: "string", default: env.BACKUP_DIR || "backups" }, force: { type: "boolean" } },
  });
  const config = loadConfig(env);
  console.log(`Copia de seguridad de ${describeTarget(config.databaseUrl, config.dataDir)}…`);
  const result = await createBackup({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    outDir: values.out ?? "backups",
    includeFiles: !config.s3Bucket,
    force: values.force,
  });
  console.log(`Base de datos: ${result.database}`);
  if (config.s3Bucket) {
    console.log(`Archivos: en el bucket ${config.s3Bucket} (protégelo con versionado o replicación).`);
  } else {
    console.log(
      `Archivos: ${result.files ?? `no hay ${path.join(config.dataDir, "files")}, nada que copiar`}`,
    );
  }
  return 0;
}

/** `npm run restore -- <copia> [--files <archivo>] [--no-files] [--force]`; returns the exit code. */
export async function runRestoreCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { files: { type: "string" }, "no-files": { type: "boolean" }, force: { type: "boolean" } },
  });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error(
      "Uso: npm run restore -- backups/rifazo-<fecha>.dump|.pglite.tar.gz [--force] [--no-files]",
    );
    return 2;
  }
  const config = loadConfig(env);
  let files = values["no-files"] ? null : (values.files ?? filesArchiveFor(file));
  if (files && config.s3Bucket) {
    console.log(`S3_BUCKET está definido: los archivos viven en el bucket, no se desempaqueta ${files}.`);
    files = null;
  }
  console.log(`Restaurando ${file} en ${describeTarget(config.databaseUrl, config.dataDir)}…`);
  const result = await restoreBackup({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    database: file,
    files,
    force: values.force,
  });
  for (const dir of result.movedAside) console.log(`Lo anterior quedó en ${dir}`);
  console.log(
    result.files ? `Archivos restaurados en ${path.join(config.dataDir, "files")}` : "Archivos: sin cambios",
  );

  const database = await openDatabase({
    url: config.databaseUrl,
    pgliteDir: config.databaseUrl ? undefined : pgliteDirOf(config.dataDir),
  });
  try {
    const counts = await tableRowCounts(database);
    const rows = Object.values(counts).reduce((sum, n) => sum + n, 0);
    console.log(`Restaurado: ${Object.keys(counts).length} tablas, ${rows} filas.`);
    const problems = await consistencyProblems(database);
    for (const problem of problems) console.error(`Inconsistencia: ${problem}`);
    return problems.length > 0 ? 1 : 0;
  } finally {
    await database.close();
  }
}
