import { IMAGE_VARIANT_WIDTHS } from "@rifazo/shared/domain/image-variants";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../../context";
import { renderMissingVariants } from "./missing-variants";
import * as repo from "./repository";

const INTERVAL_MS = 6 * 3600 * 1000;

/**
 * Gives the images stored before a width joined IMAGE_VARIANT_WIDTHS (720 px, for 2× phones) that variant,
 * rendered from their stored original as an upload's would be, never enlarged. Until then the image route
 * serves the nearest width it has.
 */
export function backfillImageVariants(ctx: Pick<AppContext, "db" | "log" | "storage">) {
  return renderMissingVariants(ctx, {
    format: "webp",
    find: (db, limit) => repo.imagesMissingVariants(db, [...IMAGE_VARIANT_WIDTHS], limit),
    missing: (row) =>
      IMAGE_VARIANT_WIDTHS.filter(
        (w) => row.width !== null && w <= row.width && !row.variantWidths.includes(w),
      ),
    encode: (image) => image.webp({ quality: 82, effort: 3 }),
  });
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
