// The draw job (decision 0012): frozen internal raffles whose drand round is out are drawn with the beacon
// from the configured relays, without anyone pressing a button. A relay failure is retried with a
// growing pause (an admin may paste the beacon meanwhile); the result never depends on who or what
// triggers it.
import type { FastifyInstance } from "fastify";
import { probeRelays } from "./drand-relays";
import { alertLateDraws } from "./late-rounds";
import { drawDueRaffles, refreshLatestBeacon, resolveDueReplacements } from "./record-service";

export const DRAW_JOB_INTERVAL_MS = 15_000;
/** How often the relays are asked for their chain info, so /api/health knows they answer between draws. */
export const RELAY_PROBE_INTERVAL_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 15 * 60_000;

export function scheduleDrawJob(app: FastifyInstance, intervalMs = DRAW_JOB_INTERVAL_MS): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  // raffleId -> failures so far and when to try again (in memory: a restart simply retries at once).
  const failures = new Map<string, { count: number; retryAt: number }>();
  const run = () => {
    const now = Date.now();
    const failed = (raffleId: string, round: number, errors: string[]) => {
      const count = (failures.get(raffleId)?.count ?? 0) + 1;
      const wait = Math.min(intervalMs * 2 ** (count - 1), MAX_BACKOFF_MS);
      failures.set(raffleId, { count, retryAt: Date.now() + wait });
      app.log.warn(
        { raffleId, round, errors, retryInSeconds: Math.round(wait / 1000) },
        "sorteo: no se pudo obtener la ronda de drand",
      );
    };
    // Each pass keeps the latest verified beacon (the proof freezes and disqualifications cite) and
    // draws the replacements whose round is out (decision 0021), then the draws themselves.
    running ??= refreshLatestBeacon(app.ctx, app.ctx.config.drandChainInfo, new Date(now))
      .catch((error: unknown) => {
        app.log.warn({ err: error }, "sorteo: no se pudo obtener el último beacon de drand");
      })
      .then(() => resolveDueReplacements(app.ctx, new Date(now), failed))
      .then(() =>
        drawDueRaffles(
          app.ctx,
          new Date(now),
          (raffleId) => (failures.get(raffleId)?.retryAt ?? 0) > now,
          failed,
        ),
      )
      .then(async (drawn) => {
        for (const raffleId of drawn) {
          failures.delete(raffleId);
          app.log.info({ raffleId }, "sorteo: rifa sorteada con la ronda de drand fijada");
        }
        // What is still not drawn a minute after its round is late: the organiser is told once.
        await alertLateDraws(app.ctx, new Date());
      })
      .catch((error: unknown) => {
        app.log.error({ err: error }, "sorteo: falló la revisión de sorteos pendientes");
      })
      .finally(() => {
        running = undefined;
      });
  };
  let probeTimer: NodeJS.Timeout | undefined;
  const probe = () => {
    probeRelays(app.ctx.config.drandRelays, app.ctx.config.drandChainInfo.hash).catch((error: unknown) =>
      app.log.warn({ err: error }, "sorteo: falló la consulta periódica de los relays de drand"),
    );
  };
  app.addHook("onReady", async () => {
    run();
    timer = setInterval(run, intervalMs);
    timer.unref();
    probe();
    probeTimer = setInterval(probe, RELAY_PROBE_INTERVAL_MS);
    probeTimer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer);
    if (probeTimer) clearInterval(probeTimer);
    await running;
  });
}
