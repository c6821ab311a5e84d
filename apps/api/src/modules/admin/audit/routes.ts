import { adminAuditListSchema, adminAuditQuerySchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, adminRoute, errorSchema } from "../common";
import { listAudit } from "./service";

export async function adminAuditRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/audit",
    {
      schema: {
        tags: ADMIN_TAGS,
        security: [{ session: [] }],
        summary: "Registro de auditoría (solo lectura), del más reciente al más antiguo",
        querystring: adminAuditQuerySchema,
        response: { 200: adminAuditListSchema, 400: errorSchema, ...adminErrors },
      },
      ...adminRoute(app),
    },
    async (request) => listAudit(app.ctx.db, request.query),
  );
}
