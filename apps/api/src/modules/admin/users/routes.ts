import {
  adminEmailInputSchema,
  adminNotifyInputSchema,
  adminParticipationListSchema,
  adminUserListQuerySchema,
  adminUserListSchema,
  adminUserSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { actorOf, adminErrors, adminRouter, errorSchema } from "../common";
import * as service from "./service";

const userParams = z.object({ id: z.string().describe("Id del usuario.") });

export async function adminUserRoutes(app: FastifyInstance): Promise<void> {
  await registerAccountRoutes(app);
  await registerMessageRoutes(app);
  await registerParticipationRoutes(app);
}

/** The users list, and an account suspended or activated again. */
async function registerAccountRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags, security } = adminRouter(app);

  r.get(
    "/api/admin/users",
    {
      schema: {
        tags,
        security,
        summary: "Usuarios, 10 por página, del registro más reciente al más antiguo",
        querystring: adminUserListQuerySchema,
        response: { 200: adminUserListSchema, 400: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => service.listUsers(app.ctx.db, request.query),
  );

  for (const [action, status] of [
    ["suspend", "inactive"],
    ["reactivate", "active"],
  ] as const) {
    r.post(
      `/api/admin/users/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary:
            action === "suspend"
              ? "Suspender un usuario (cierra todas sus sesiones)"
              : "Reactivar un usuario suspendido",
          params: userParams,
          response: { 200: adminUserSchema, 404: errorSchema, 409: errorSchema, ...adminErrors },
        },
        ...guarded,
      },
      async (request) => service.setUserStatus(app.ctx, actorOf(request), request.params.id, status),
    );
  }
}

/** A notification or a manual email to one user. */
async function registerMessageRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags, security } = adminRouter(app);

  r.post(
    "/api/admin/users/:id/notify",
    {
      schema: {
        tags,
        security,
        summary: "Enviar una notificación (admin_message) a un usuario",
        params: userParams,
        body: adminNotifyInputSchema,
        response: {
          200: z.object({ ok: z.literal(true), notificationId: z.string() }),
          400: errorSchema,
          404: errorSchema,
          ...adminErrors,
        },
      },
      ...guarded,
    },
    async (request) => service.notifyUser(app.ctx, actorOf(request), request.params.id, request.body),
  );

  r.post(
    "/api/admin/users/:id/email",
    {
      schema: {
        tags,
        security,
        summary: "Enviar un correo manual a un usuario (por la cola de salida)",
        params: userParams,
        body: adminEmailInputSchema,
        response: {
          200: z.object({ ok: z.literal(true), messageId: z.string() }),
          400: errorSchema,
          404: errorSchema,
          ...adminErrors,
        },
      },
      ...guarded,
    },
    async (request) => service.emailUser(app.ctx, actorOf(request), request.params.id, request.body),
  );
}

/** What one user took part in. */
async function registerParticipationRoutes(app: FastifyInstance): Promise<void> {
  const { r, guarded, tags, security } = adminRouter(app);

  r.get(
    "/api/admin/users/:id/participations",
    {
      schema: {
        tags,
        security,
        summary: "Participaciones de un usuario (una por comprobante, con sus boletos)",
        params: userParams,
        response: { 200: adminParticipationListSchema, 404: errorSchema, ...adminErrors },
      },
      ...guarded,
    },
    async (request) => ({ items: await service.userParticipations(app.ctx.db, request.params.id) }),
  );
}
