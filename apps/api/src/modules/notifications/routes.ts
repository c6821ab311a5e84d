import { markAllReadResultSchema, markReadResultSchema, notificationListSchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorSchema } from "../../lib/schemas";
import { guards, sessionUserOf } from "../auth";
import * as service from "./service";

const tags = ["notificaciones"];

export async function notificationRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = guards(app);

  r.get(
    "/api/notifications",
    {
      schema: {
        tags,
        summary: "Notificaciones del usuario (las 50 más recientes primero)",
        description: "Los administradores reciben siempre una lista vacía.",
        response: { 200: notificationListSchema, 401: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return service.listNotifications(app.ctx.db, sessionUserOf(request));
    },
  );

  r.patch(
    "/api/notifications/:id/read",
    {
      schema: {
        tags,
        summary: "Marcar una notificación propia como leída",
        params: z.object({ id: z.string().describe("Id (UUID) de la notificación.") }),
        response: { 200: markReadResultSchema, 401: errorSchema, 404: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request) => {
      await service.markNotificationRead(app.ctx, sessionUserOf(request).id, request.params.id);
      return { ok: true as const, id: request.params.id, isRead: true as const };
    },
  );

  r.post(
    "/api/notifications/read-all",
    {
      schema: {
        tags,
        summary: "Marcar todas las notificaciones propias como leídas",
        response: { 200: markAllReadResultSchema, 401: errorSchema },
      },
      preValidation: guard.user,
    },
    async (request) => {
      const updated = await service.markAllNotificationsRead(app.ctx, sessionUserOf(request).id);
      return { ok: true as const, updated };
    },
  );
}
