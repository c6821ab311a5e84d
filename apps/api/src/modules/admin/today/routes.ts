import { adminTodaySchema } from "@rifazo/shared";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { ADMIN_TAGS, adminErrors, adminRoute } from "../common";
import { adminToday } from "./service";

export async function adminTodayRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/admin/today",
    {
      schema: {
        tags: ADMIN_TAGS,
        security: [{ session: [] }],
        summary: "Hoy: lo que necesita al organizador",
        description:
          "Comprobantes pendientes (cantidad y el más antiguo); reservas activas o rechazadas que vencen en la próxima hora, con el nombre y teléfono del comprador; rifas activas cuya fecha de cierre cae en las próximas 24 horas (vendidos, total, mínimo); rifas cerradas sin alcanzar su mínimo de boletos que esperan la decisión del organizador (prorrogar o cancelar con reembolsos), con vendidos, mínimo y desde cuándo esperan; reembolsos pendientes (cantidad y lo que se debe en cada moneda pagada); ingresos por día de los últimos 14 días de Venezuela: cobrado (comprobantes aprobados, por fecha de aprobación), reembolsado (reembolsos creados ese día) y neto. Cada monto cuenta en USD y en Bs con su propia tasa congelada: USD pagados + Bs ÷ tasa; Bs pagados + USD × tasa; sin tasa congelada cuenta solo en su moneda. Las tareas en segundo plano de la API (última ejecución, último éxito, último error, próxima ejecución) según la instancia que responde.",
        response: { 200: adminTodaySchema, ...adminErrors },
      },
      ...adminRoute(app),
    },
    async () => ({ ...(await adminToday(app.ctx.db)), backgroundJobs: app.ctx.jobs.status() }),
  );
}
