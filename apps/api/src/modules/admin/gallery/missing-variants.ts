import { MAX_IMAGE_PIXELS } from "@rifazo/shared";
import sharp, { type Sharp } from "sharp";
import type { AppContext } from "../../../context";
import type { Executor } from "../../../db/client";
import * as repo from "./repository";

const BATCH = 10;

/** What one kind of missing file is: which images lack it, which widths, and how it is encoded. */
export interface MissingVariants {
  format: "webp" | "avif";
  /** Images lacking some of these files, oldest first. */
  find(db: Executor, limit: number): Promise<repo.ImageRow[]>;
  /** The widths this image lacks. */
  missing(row: repo.ImageRow): number[];
  /** The encoder, after the resize. */
  encode(image: Sharp): Sharp;
}

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Renders the files images lack (images/<id>/<w>.<format>) from their stored original, as an upload's
 * variants are, never enlarged; the row names a width only once its file is stored, and the files of an
 * image deleted meanwhile are removed again. An image whose
 * original cannot be read is logged and left as it is, and tried once per run, never in a loop.
 */
export async function renderMissingVariants(
  ctx: Pick<AppContext, "db" | "log" | "storage">,
  kind: MissingVariants,
): Promise<{ updated: number; failed: number }> {
  let updated = 0;
  let failed = 0;
  const tried = new Set<string>();
  for (;;) {
    const rows = (await kind.find(ctx.db, BATCH + tried.size)).filter((row) => !tried.has(row.id));
    if (rows.length === 0) return { updated, failed };
    for (const row of rows) {
      tried.add(row.id);
      const missing = kind.missing(row);
      try {
        const file = await ctx.storage.get(row.storageKey);
        if (!file) throw new Error("original no encontrado");
        const original = await readAll(file.body);
        const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const };
        const keys = missing.map((width) => `images/${row.id}/${width}.${kind.format}`);
        for (const [i, width] of missing.entries()) {
          const resized = sharp(original, options).rotate().resize({ width, withoutEnlargement: true });
          const body = await kind.encode(resized).toBuffer();
          await ctx.storage.put(keys[i] as string, body, `image/${kind.format}`);
        }
        if (await repo.addWidths(ctx.db, row.id, kind.format, missing)) updated++;
        // Deleted while its files were rendered: its delete could not know them, so they go here.
        else await Promise.all(keys.map((key) => ctx.storage.delete(key).catch(() => {})));
      } catch (error) {
        failed++;
        ctx.log.warn(
          { err: error, imageId: row.id, format: kind.format },
          "imágenes: no se pudo crear una variante",
        );
      }
    }
  }
}
