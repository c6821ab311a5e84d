import {
  adminImageListQuerySchema,
  adminImageListSchema,
  adminImageSchema,
  adminOkSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { errorBody } from "../../../lib/errors";
import { actorOf, adminErrors, adminRouter, errorSchema, idParams } from "../common";
import * as service from "./service";

export async function adminGalleryRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags, security } = adminRouter(app);

  r.post(
    "/api/admin/images",
    {
      schema: {
        tags,
        security,
        summary: "Subir una imagen (multipart: file y folder gallery|prizes)",
        description:
          "JPG, PNG, WEBP o GIF según su contenido, hasta 5 MB y 40 megapíxeles. Se guardan variantes WebP de 320, 640, 720 y 960 px (sin agrandar) y el original.",
        consumes: ["multipart/form-data"],
        querystring: z.object({ folder: z.string().optional().describe("Alternativa al campo folder.") }),
        response: {
          201: adminImageSchema,
          400: errorSchema,
          413: errorSchema,
          422: errorSchema,
          415: errorSchema,
          ...adminErrors,
        },
      },
      ...guarded,
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        return reply.status(400).send(errorBody("VALIDATION", "Selecciona una imagen para subir."));
      }
      const upload = await service.readUpload(request.parts(), request.query.folder);
      const image = await service.uploadImage(app.ctx, actorOf(request), upload);
      return reply.status(201).send(image);
    },
  );

  r.get(
    "/api/admin/images",
    {
      schema: {
        tags,
        security,
        summary: "Galería de imágenes, de la más nueva a la más antigua (máximo 100)",
        querystring: adminImageListQuerySchema,
        response: { 200: adminImageListSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => ({ items: await service.listImages(app.ctx, request.query.folder) }),
  );

  r.delete(
    "/api/admin/images/:id",
    {
      schema: {
        tags,
        security,
        summary: "Eliminar una imagen y sus archivos",
        params: idParams,
        response: { 200: adminOkSchema, 404: errorSchema, 409: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => {
      await service.deleteImage(app.ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}
