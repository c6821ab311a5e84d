// The draw job (decision 0012): frozen internal raffles whose drand round is out are drawn with the beacon
// from the configured relays, without anyone pressing a button. A relay failure is retried with a
// growing pause (an admin may paste the beacon meanwhile); the result never depends on who or what
// triggers it.
import type { FastifyInstance } from "fastify";
import { probeRelays } from "./drand-relays";
import { alertLateDraws } from "./late-rounds";
import { resolveDueInstantDraws } from "./record-instant";
import { drawDueRaffles, refreshLatestBeacon, resolveDueReplacements } from "./record-service";

export const DRAW_JOB_INTERVAL_MS = 15_000;
/** How often the relays are asked for their chain info, so /api/health knows they answer between draws. */
export const RELAY_PROBE_INTERVAL_MS = 5 * 60_000;
const MAX_BACKOFF_MS = 15 * 60_000;

/**
 * The "draw" job and the "drand-relay-probe" job (decision 0027). The draw job is claimed, so of several
 * instances one draws at a time; its per-raffle pause after a relay failure lives in this process (a
 * restart simply retries at once). The probe is each instance's own view of the relays, so not claimed.
 */
export function scheduleDrawJob(app: FastifyInstance, intervalMs = DRAW_JOB_INTERVAL_MS): void {
  // raffleId -> failures so far and when to try again.
  const failures = new Map<string, { count: number; retryAt: number }>();
  const failed = (raffleId: string, round: number, errors: string[]) => {
    const count = (failures.get(raffleId)?.count ?? 0) + 1;
    const wait = Math.min(intervalMs * 2 ** (count - 1), MAX_BACKOFF_MS);
    failures.set(raffleId, { count, retryAt: Date.now() + wait });
    app.log.warn(
      { raffleId, round, errors, retryInSeconds: Math.round(wait / 1000) },
      "sorteo: no se pudo obtener la ronda de drand",
    );
  };
  app.ctx.jobs.add({
    name: "draw",
    intervalMs,
    run: async ({ now }) => {
      const at = now.getTime();
      // Each pass keeps the latest verified beacon (the proof freezes and disqualifications cite) and
      // draws the replacements whose round is out (decision 0021), then the draws themselves.
      await refreshLatestBeacon(app.ctx, app.ctx.config.drandChainInfo, now).catch((error: unknown) => {
        app.log.warn({ err: error }, "sorteo: no se pudo obtener el último beacon de drand");
      });
      await resolveDueReplacements(app.ctx, now, failed);
      // Purchases waiting on their instant round (decision 0035), in ascending rounds per raffle.
      await resolveDueInstantDraws(app.ctx, now, failed);
      const drawn = await drawDueRaffles(
        app.ctx,
        now,
        (raffleId) => (failures.get(raffleId)?.retryAt ?? 0) > at,
        failed,
      );
      for (const raffleId of drawn) {
        failures.delete(raffleId);
        app.log.info({ raffleId }, "sorteo: rifa sorteada con la ronda de drand fijada");
      }
      // What is still not drawn a minute after its round is late: the organiser is told once.
      await alertLateDraws(app.ctx, new Date());
    },
  });
  app.ctx.jobs.add({
    name: "drand-relay-probe",
    intervalMs: RELAY_PROBE_INTERVAL_MS,
    exclusive: false,
    run: () => probeRelays(app.ctx.config.drandRelays, app.ctx.config.drandChainInfo.hash),
  });
}
