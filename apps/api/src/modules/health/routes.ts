import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean(), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
});

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      schema: {
        tags: ["sistema"],
        summary: "Estado del servicio y de la base de datos",
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      let ok = true;
      try {
        await app.ctx.db.execute(sql`SELECT 1`);
      } catch (error) {
        ok = false;
        app.log.error({ err: error }, "health: la base de datos no responde");
      }
      const body = {
        status: ok ? ("ok" as const) : ("degraded" as const),
        database: { kind: app.ctx.database.kind, ok, latencyMs: Math.round(performance.now() - started) },
        uptimeSeconds: Math.round(process.uptime()),
      };
      reply.header("cache-control", "no-store");
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
}
