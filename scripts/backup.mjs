// `npm run backup [-- --out <carpeta>] [--force]`: copies the database (pg_dump with DATABASE_URL, else
// PGlite's data directory) and DATA_DIR/files into backups/. The logic lives in apps/api/src/db/backup.ts
// (the command line in backup-command.ts), shared with its test; tsx runs that TypeScript in this process.
// See docs/deploy.md.
import { tsImport } from "tsx/esm/api";

const { runBackupCommand } = await tsImport("../apps/api/src/db/backup-command.ts", import.meta.url);
try {
  process.exitCode = await runBackupCommand(process.argv.slice(2));
} catch (error) {
  console.error(`rifazo backup: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
