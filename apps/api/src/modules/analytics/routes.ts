import {
  ANALYTICS_MESSAGES,
  adminPageViewsQuerySchema,
  adminPageViewsSchema,
  pageViewSchema,
} from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { enforce } from "../../lib/rate-limit";
import { errorSchema } from "../../lib/schemas";
import { ADMIN_TAGS, adminErrors, adminRoute } from "../auth";
import { PAGE_VIEW_RATE_RULE, pageViewReport, recordPageView } from "./service";

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    "/api/analytics/page-view",
    {
      schema: {
        tags: ["analítica"],
        summary: "Contar una visita a una página",
        description:
          "El sitio la envía solo si la persona aceptó las cookies de analítica. Se guarda un conteo por día y página; nunca la IP, la cuenta ni el dispositivo. Máximo 120 visitas cada 10 minutos por dirección IP.",
        body: pageViewSchema,
        response: { 204: z.null(), 400: errorSchema, 429: errorSchema },
      },
    },
    async (request, reply) => {
      await enforce(
        app.ctx.db,
        [[`page-view:ip:${request.ip}`, PAGE_VIEW_RATE_RULE]],
        ANALYTICS_MESSAGES.rateLimited,
      );
      await recordPageView(app.ctx, request.body);
      return reply.status(204).send(null);
    },
  );

  r.get(
    "/api/admin/analytics/page-views",
    {
      schema: {
        tags: ADMIN_TAGS,
        security: [{ session: [] }],
        summary: "Visitas por día y páginas más vistas",
        description:
          "Solo cuenta visitas de quienes aceptaron las cookies de analítica. Días en hora de Venezuela, del más antiguo al de hoy.",
        querystring: adminPageViewsQuerySchema,
        response: { 200: adminPageViewsSchema, 400: errorSchema, ...adminErrors },
      },
      ...adminRoute(app),
    },
    async (request) => pageViewReport(app.ctx.db, request.query.days),
  );
}
