// `npm run restore -- backups/rifazo-<fecha>.dump|.pglite.tar.gz [--force] [--no-files]`: restores a copy
// made by `npm run backup` into DATABASE_URL (or DATA_DIR/pglite) and DATA_DIR/files, then checks the
// restored data. Refuses a non-empty target unless --force. The logic lives in apps/api/src/db/backup.ts
// (the command line in backup-command.ts).
import { tsImport } from "tsx/esm/api";

const { runRestoreCommand } = await tsImport("../apps/api/src/db/backup-command.ts", import.meta.url);
try {
  process.exitCode = await runRestoreCommand(process.argv.slice(2));
} catch (error) {
  console.error(`rifazo restore: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
