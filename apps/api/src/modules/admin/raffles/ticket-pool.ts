// The ticket pool of a raffle: one row per number 0..total−1, created after the raffle is saved so the
// admin's "create" answers at once (spec 2: "after creation, ticket generation runs asynchronously").
import { eq, sql } from "drizzle-orm";
import type { AppContext } from "../../../context";
import { raffles } from "../../../db/schema";
import { publishRaffle } from "../common";

export type PoolContext = Pick<AppContext, "db" | "log" | "events">;

const RETRY_DELAY_MS = 1_000;

interface JobState {
  running: Set<Promise<void>>;
  stopped: boolean;
}
const states = new WeakMap<PoolContext, JobState>();

function stateOf(ctx: PoolContext): JobState {
  let state = states.get(ctx);
  if (!state) {
    state = { running: new Set(), stopped: false };
    states.set(ctx, state);
  }
  return state;
}

/**
 * Creates the pool in one transaction: the raffle row is locked (so an approval cannot run against a
 * half-built pool), then ONE set-based INSERT writes every number and the flag is set. Idempotent:
 * ON CONFLICT skips numbers that exist, so a retry or a second instance does no harm. Returns false
 * when the raffle no longer exists (deleted meanwhile).
 */
export async function generateTicketPool(ctx: PoolContext, raffleId: string): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [raffle] = await tx
      .select({ total: raffles.totalTickets, generated: raffles.ticketsGenerated })
      .from(raffles)
      .where(eq(raffles.id, raffleId))
      .for("update");
    if (!raffle) return false;
    if (raffle.generated) return true;
    await tx.execute(
      sql`INSERT INTO tickets (raffle_id, ticket_number) SELECT ${raffleId}::uuid, g FROM generate_series(0, ${raffle.total}::int - 1) g ON CONFLICT DO NOTHING`,
    );
    await tx.update(raffles).set({ ticketsGenerated: true }).where(eq(raffles.id, raffleId));
    await publishRaffle(ctx, tx, raffleId, "tickets_generated");
    return true;
  });
}

/**
 * Runs the generation in the background, after the current tick (so after the response), retrying
 * once. Failures are logged; the raffle keeps tickets_generated = false and is picked up again at the
 * next start (resumePendingPools).
 */
export function scheduleTicketPool(ctx: PoolContext, raffleId: string): Promise<void> {
  const state = stateOf(ctx);
  const job = (async () => {
    await new Promise((resolve) => setImmediate(resolve));
    for (let attempt = 1; attempt <= 2 && !state.stopped; attempt++) {
      try {
        const found = await generateTicketPool(ctx, raffleId);
        if (!found) ctx.log.warn({ raffleId }, "boletos: la rifa ya no existe; no se generan");
        return;
      } catch (error) {
        ctx.log.error({ err: error, raffleId, attempt }, "boletos: falló la generación del lote");
        if (attempt < 2) await new Promise((resolve) => setTimeout(resolve, RETRY_DELAY_MS));
      }
    }
  })();
  state.running.add(job);
  void job.finally(() => state.running.delete(job));
  return job;
}

/** Resolves when every background generation of this app has finished (tests and shutdown). */
export async function waitForTicketPools(ctx: PoolContext): Promise<void> {
  const state = stateOf(ctx);
  while (state.running.size > 0) await Promise.allSettled([...state.running]);
}

/** On shutdown: no new retries, and the running jobs finish before the database closes. */
export async function stopTicketPools(ctx: PoolContext): Promise<void> {
  stateOf(ctx).stopped = true;
  await waitForTicketPools(ctx);
}

/** Raffles whose pool was never finished (a crash between the commit and the job) are completed at start. */
export async function resumePendingPools(ctx: PoolContext): Promise<number> {
  const pending = await ctx.db
    .select({ id: raffles.id })
    .from(raffles)
    .where(eq(raffles.ticketsGenerated, false));
  for (const { id } of pending) void scheduleTicketPool(ctx, id);
  return pending.length;
}
