import { CONTACT_MESSAGES, contactSchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { enforce } from "../../lib/rate-limit";
import { errorSchema } from "../../lib/schemas";
import { currentUser } from "../auth";
import { CONTACT_RATE_RULE, submitContactMessage } from "./service";

export async function contactRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/contact",
    {
      schema: {
        tags: ["contacto"],
        summary: "Enviar un mensaje al equipo de soporte",
        description: "Todos los campos son obligatorios. Máximo 5 mensajes cada 10 minutos por dirección IP.",
        body: contactSchema,
        response: { 201: z.object({ ok: z.literal(true) }), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforce(
        app.ctx.db,
        [[`contact:ip:${request.ip}`, CONTACT_RATE_RULE]],
        CONTACT_MESSAGES.rateLimited,
      );
      // Signed-in senders are linked to their account; visitors may write too.
      const user = await currentUser(app, request);
      await submitContactMessage(app.ctx, request.body, { userId: user?.id ?? null, ip: request.ip });
      return reply.status(201).send({ ok: true as const });
    },
  );
}
