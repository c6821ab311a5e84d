import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { acceptsAvif, openImage } from "./service";

const WIDTH_MESSAGE = "El ancho solicitado no es válido.";

const querySchema = z.object({
  w: z.coerce
    .number({ error: WIDTH_MESSAGE })
    .int(WIDTH_MESSAGE)
    .min(1, WIDTH_MESSAGE)
    .max(4096, WIDTH_MESSAGE)
    .optional()
    .describe(
      "Ancho deseado (320, 640, 720 o 960); se sirve la variante más cercana. Sin él, la más grande.",
    ),
});

/** Image ids are unique per upload, so a URL's content never changes: browsers may keep it a year. */
const IMMUTABLE = "public, max-age=31536000, immutable";

export async function imageRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/images/:id",
    {
      schema: {
        tags: ["imágenes"],
        summary: "Imagen pública de un premio (variante AVIF si el navegador la acepta, si no WebP)",
        params: z.object({ id: z.string().describe("Id (UUID) de la imagen.") }),
        querystring: querySchema,
        response: {
          200: z.any().describe("La imagen (image/avif o image/webp, según Accept)."),
          400: errorSchema,
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const avif = acceptsAvif(request.headers.accept);
      const file = await openImage(app.ctx.db, app.ctx.storage, id, request.query.w, avif);
      return (
        reply
          // One address, AVIF or WebP by what the browser accepts: caches keep one copy per Accept.
          .header("vary", "accept")
          .header("content-type", file.contentType)
          .header("content-length", file.size)
          .header("cache-control", IMMUTABLE)
          .header("x-content-type-options", "nosniff")
          .send(file.body)
      );
    },
  );
}
