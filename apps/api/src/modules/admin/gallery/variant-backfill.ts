import { MAX_IMAGE_PIXELS } from "@rifazo/shared";
import { IMAGE_VARIANT_WIDTHS } from "@rifazo/shared/domain/image-variants";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import * as repo from "./repository";
import type { GalleryContext } from "./service";

const BATCH = 20;
const INTERVAL_MS = 6 * 3600 * 1000;

async function readAll(body: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Gives the images stored before a width joined IMAGE_VARIANT_WIDTHS (720 px, for 2× phones) that variant,
 * rendered from their stored original as an upload's would be, never enlarged. Until then the image route
 * serves the nearest width it has. An image whose original cannot be read is logged and left as it is.
 */
export async function backfillImageVariants(
  ctx: GalleryContext,
): Promise<{ updated: number; failed: number }> {
  let updated = 0;
  let failed = 0;
  // Each image is tried once per run: one that failed, or is somehow still listed, is not retried forever.
  const tried = new Set<string>();
  for (;;) {
    const rows = (
      await repo.imagesMissingVariants(ctx.db, [...IMAGE_VARIANT_WIDTHS], BATCH + tried.size)
    ).filter((row) => !tried.has(row.id));
    if (rows.length === 0) return { updated, failed };
    for (const row of rows) {
      const missing = IMAGE_VARIANT_WIDTHS.filter(
        (w) => row.width !== null && w <= row.width && !row.variantWidths.includes(w),
      );
      tried.add(row.id);
      try {
        const file = await ctx.storage.get(row.storageKey);
        if (!file) throw new Error("original no encontrado");
        const original = await readAll(file.body);
        const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const };
        for (const width of missing) {
          const body = await sharp(original, options)
            .rotate()
            .resize({ width, withoutEnlargement: true })
            .webp({ quality: 82, effort: 3 })
            .toBuffer();
          await ctx.storage.put(`images/${row.id}/${width}.webp`, body, "image/webp");
        }
        // The row names a width only once its file is stored.
        await repo.addVariantWidths(ctx.db, row.id, missing);
        updated++;
      } catch (error) {
        failed++;
        ctx.log.warn({ err: error, imageId: row.id }, "imágenes: no se pudo crear una variante");
      }
    }
  }
}

/** The "image-variants" job: in the background once the app is ready, then every six hours. */
export function scheduleImageVariantBackfill(app: FastifyInstance): void {
  app.ctx.jobs.add({
    name: "image-variants",
    intervalMs: INTERVAL_MS,
    run: async () => {
      const result = await backfillImageVariants(app.ctx);
      if (result.updated > 0 || result.failed > 0)
        app.log.info(result, "imágenes: variantes que faltaban creadas");
    },
  });
}
