import { liveBroadcastListSchema, testimonialListSchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { sendCached } from "../../lib/http-cache";
import * as service from "./service";

export async function contentRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  r.get(
    "/api/testimonials",
    {
      schema: {
        tags: ["contenido"],
        summary: "Testimonios de ganadores (el más reciente primero)",
        response: { 200: testimonialListSchema },
      },
    },
    async (request, reply) => sendCached(request, reply, { items: await service.testimonials(db) }),
  );

  r.get(
    "/api/live-broadcasts",
    {
      schema: {
        tags: ["contenido"],
        summary: "Transmisiones en vivo de los sorteos (las que están en vivo primero)",
        response: { 200: liveBroadcastListSchema },
      },
    },
    async (request, reply) => sendCached(request, reply, { items: await service.liveBroadcasts(db) }),
  );
}
