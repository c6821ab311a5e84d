// Proof files that no payment_proofs row points to. An upload stores its file before the transaction that
// inserts the row, and an administrator's deletion removes the file after its commit, so a process killed
// between the two steps leaves a file behind. They are swept at start and then every hour.
import type { Dirent } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { inArray } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import { paymentProofs } from "../../db/schema";

/**
 * Younger files are left alone: they may belong to an upload whose row is still being committed, here or on
 * another instance sharing the volume. An upload's transaction lasts seconds at most, so this is ample.
 */
export const ORPHAN_GRACE_MS = 15 * 60_000;
export const ORPHAN_SWEEP_INTERVAL_MS = 60 * 60_000;
const PREFIX = "proofs";
const BATCH = 500;

export type SweepContext = Pick<AppContext, "config" | "db" | "storage" | "log">;

export interface SweepResult {
  /** Files old enough to be judged. */
  checked: number;
  /** Storage keys removed. */
  deleted: string[];
}

async function oldFiles(root: string, olderThan: number): Promise<string[]> {
  const keys: string[] = [];
  async function walk(dir: string): Promise<void> {
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile()) {
        const info = await stat(full).catch(() => null);
        if (info && info.mtimeMs < olderThan) keys.push(path.relative(root, full).split(path.sep).join("/"));
      }
    }
  }
  await walk(path.join(root, PREFIX));
  return keys;
}

/**
 * Deletes unreferenced proof files older than `graceMs` (including `*.tmp` leftovers of an interrupted
 * write). Local storage only: the Storage interface has no listing, so an S3 bucket needs a lifecycle rule.
 */
export async function sweepOrphanProofFiles(
  ctx: SweepContext,
  options: { graceMs?: number; now?: number } = {},
): Promise<SweepResult> {
  if (ctx.config.s3Bucket) return { checked: 0, deleted: [] };
  const root = path.join(ctx.config.dataDir, "files");
  const candidates = await oldFiles(root, (options.now ?? Date.now()) - (options.graceMs ?? ORPHAN_GRACE_MS));
  const deleted: string[] = [];
  for (let i = 0; i < candidates.length; i += BATCH) {
    const batch = candidates.slice(i, i + BATCH);
    const rows = await ctx.db
      .select({ key: paymentProofs.proofImagePath })
      .from(paymentProofs)
      .where(inArray(paymentProofs.proofImagePath, batch));
    const referenced = new Set(rows.map((row) => row.key));
    for (const key of batch) {
      if (referenced.has(key)) continue;
      try {
        await ctx.storage.delete(key);
        deleted.push(key);
      } catch (error) {
        // A name the storage refuses (not one of ours): leave it for a person to look at.
        ctx.log.warn({ err: error, key }, "comprobantes: no se pudo borrar un archivo huérfano");
      }
    }
  }
  return { checked: candidates.length, deleted };
}

/**
 * The "orphan-proof-files" job (decision 0027): once the app is ready (in the background, never delaying
 * start) and then hourly. Every instance sweeps its own data directory, so it is not claimed.
 */
export function scheduleOrphanSweep(app: FastifyInstance): void {
  app.ctx.jobs.add({
    name: "orphan-proof-files",
    intervalMs: ORPHAN_SWEEP_INTERVAL_MS,
    exclusive: false,
    run: async () => {
      const { checked, deleted } = await sweepOrphanProofFiles(app.ctx);
      app.log.info(
        { checked, deleted: deleted.length },
        "comprobantes: revisión de archivos huérfanos terminada",
      );
    },
  });
}
