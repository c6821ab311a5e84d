import { adminStatsQuerySchema, adminStatsSchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, adminRoute, errorSchema } from "../common";
import { adminStats } from "./service";

export async function adminStatsRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/stats",
    {
      schema: {
        tags: ADMIN_TAGS,
        security: [{ session: [] }],
        summary:
          "Estadísticas: usuarios, ingresos cobrados y reembolsados, rifas, comprobantes y ventas por día",
        description:
          "Ingresos (revenue, y por rifa en revenueByRaffle): cobrado = comprobantes aprobados, cada uno con su tasa congelada (USD pagados + Bs ÷ tasa; Bs pagados + USD × tasa); reembolsado = reembolsos pagados o pendientes; neto = cobrado − reembolsado. registeredToday cuenta desde las 00:00 de hoy (hora de Venezuela). salesByDay: boletos vendidos por día (de la rifa de ?raffleId=, o de todas).",
        querystring: adminStatsQuerySchema,
        response: { 200: adminStatsSchema, 400: errorSchema, ...adminErrors },
      },
      ...adminRoute(app),
    },
    async (request) => adminStats(app.ctx.db, request.query.raffleId),
  );
}
