import { backgroundJobStatusSchema } from "@rifazo/shared";
import { isKnownLeagueOfEntropyChain } from "@rifazo/shared/domain/draw-trust";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { relayStatuses } from "../draws";

const healthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ kind: z.enum(["pglite", "postgres"]), ok: z.boolean(), latencyMs: z.number() }),
  uptimeSeconds: z.number(),
  /**
   * The draw's randomness source: the configured chain, whether it is the League of Entropy's, and each
   * relay's last successful and last failed contact as this instance saw them (from draws and a probe
   * every few minutes; health itself never calls a relay).
   */
  drand: z.object({
    chainHash: z.string(),
    leagueOfEntropy: z.boolean(),
    relays: z.array(
      z.object({
        url: z.string(),
        lastOkAt: z.string().nullable(),
        lastErrorAt: z.string().nullable(),
        lastError: z.string().nullable(),
      }),
    ),
  }),
  /** This instance's background jobs (decision 0027): last run, success and error, next run. */
  jobs: z.array(backgroundJobStatusSchema),
});

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      schema: {
        tags: ["sistema"],
        summary:
          "Estado del servicio, de la base de datos, de los relays de drand y de las tareas en segundo plano",
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
        drand: {
          chainHash: app.ctx.config.drandChainInfo.hash,
          leagueOfEntropy: isKnownLeagueOfEntropyChain(app.ctx.config.drandChainInfo),
          relays: relayStatuses(app.ctx.config.drandRelays),
        },
        jobs: app.ctx.jobs.status(),
      };
      reply.header("cache-control", "no-store");
      return reply.status(ok ? 200 : 503).send(body);
    },
  );
}
