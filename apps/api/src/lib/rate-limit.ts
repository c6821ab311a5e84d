import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Executor } from "../db/client";
import { tooMany } from "./errors";

// The app's one request limiter (docs/decisions/0011-one-rate-limiter.md): every limit, the Better Auth
// endpoints that stay open included, counts here, in the app's own table, so all instances share it.

export interface RateRule {
  /** How many hits a key may make in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit on `key` in a fixed window that starts with its first hit. Returns whether this hit is
 * within the rule. One upsert with RETURNING: atomic under concurrency and across instances; the
 * database's clock decides the windows, so instances with skewed clocks still agree.
 */
export async function hit(db: Executor, key: string, rule: RateRule): Promise<boolean> {
  return (await hitWindow(db, key, rule)).allowed;
}

/**
 * `hit`, also telling when the key's window ends (a refusal can say until when). Inside a transaction the
 * count is part of it: a hit whose transaction rolls back was never counted.
 */
export async function hitWindow(
  db: Executor,
  key: string,
  rule: RateRule,
): Promise<{ allowed: boolean; windowEndsAt: Date }> {
  const result = (await db.execute(sql`
    INSERT INTO rate_limits (key, count, window_ends_at)
    VALUES (${key}, 1, now() + ${rule.windowSeconds} * interval '1 second')
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.window_ends_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      window_ends_at = CASE WHEN rate_limits.window_ends_at <= now()
        THEN excluded.window_ends_at ELSE rate_limits.window_ends_at END
    RETURNING count, window_ends_at`)) as unknown as {
    rows: Array<{ count: number | string; window_ends_at: Date | string }>;
  };
  const row = result.rows[0];
  const count = Number(row?.count ?? 0);
  return { allowed: count <= rule.max, windowEndsAt: new Date(row?.window_ends_at ?? Date.now()) };
}

/** Forgets a key's count (a right password clears its client's failures). */
export async function clear(db: Executor, key: string): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

/** Takes one hit back off a key's count in its current window. */
export async function giveBack(db: Executor, key: string): Promise<void> {
  await db.execute(sql`UPDATE rate_limits SET count = greatest(count - 1, 0) WHERE key = ${key}`);
}

/**
 * Throws 429 with the Spanish message when any of the keys is over its rule, with Retry-After set to the
 * rule's window (the longest a refused client may have to wait).
 */
export async function enforce(db: Executor, checks: Array<[key: string, rule: RateRule]>, message?: string) {
  for (const [key, rule] of checks) {
    if (!(await hit(db, `rl:${key}`, rule))) throw tooMany(message, rule.windowSeconds);
  }
}

/** Deletes the counters whose window is over; they would restart at 1 anyway. Returns how many. */
export async function sweepRateLimits(db: Executor): Promise<number> {
  const result = (await db.execute(
    sql`DELETE FROM rate_limits WHERE window_ends_at < now() RETURNING key`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length;
}

export const RATE_LIMIT_SWEEP_INTERVAL_MS = 10 * 60_000;

/** Sweeps expired counters every ten minutes on every instance (idempotent, one indexed DELETE). */
export function scheduleRateLimitSweep(app: FastifyInstance): void {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const run = () => {
    running ??= sweepRateLimits(app.ctx.db)
      .then(() => undefined)
      .catch((error: unknown) => {
        app.log.error({ err: error }, "límites: falló la limpieza de contadores vencidos");
      })
      .finally(() => {
        running = undefined;
      });
  };
  app.addHook("onReady", async () => {
    timer = setInterval(run, RATE_LIMIT_SWEEP_INTERVAL_MS);
    timer.unref();
  });
  app.addHook("preClose", async () => {
    if (timer) clearInterval(timer);
    await running;
  });
}

/** Limits named in one place; tests read them from here too. */
export const RATE_RULES = {
  signInPerIp: { max: 20, windowSeconds: 60 },
  /** Wrong passwords per (account, client); see modules/auth/sign-in-throttle.ts. */
  signInPerClient: { max: 5, windowSeconds: 15 * 60 },
  /** All unknown clients together, per account: the ceiling on distributed guessing. */
  signInPerAccount: { max: 50, windowSeconds: 60 * 60 },
  /**
   * "¿Olvidaste tu contraseña?" is a way in like the password form, so it counts like it: per address as
   * signInPerIp, per account as signInPerClient (asking for the email and using its link alike).
   */
  passwordResetPerIp: { max: 20, windowSeconds: 60 },
  passwordResetPerAccount: { max: 5, windowSeconds: 15 * 60 },
  signInLinkPerIp: { max: 6, windowSeconds: 600 },
  signInLinkPerAccount: { max: 3, windowSeconds: 600 },
  signUpPerIp: { max: 6, windowSeconds: 600 },
  verificationPerIp: { max: 6, windowSeconds: 600 },
  verificationPerAccount: { max: 3, windowSeconds: 600 },
  passwordPerUser: { max: 6, windowSeconds: 600 },
  /** Opening the confirmation link of the registration email, per address. */
  verifyEmailLinkPerIp: { max: 30, windowSeconds: 600 },
  /** Opening a sign-in link, per address. */
  signInLinkVerifyPerIp: { max: 5, windowSeconds: 60 },
  /**
   * Holds started (reservations waiting for a proof), per client address, counted in the reservation's
   * own transaction so only holds actually made count (decision 0019). Generous: Venezuelan mobile
   * carriers put many buyers behind one address.
   */
  holdsPerIp: { max: 30, windowSeconds: 60 * 60 },
  /** Each two-factor call (enable, disable, a sign-in code), per address. */
  twoFactorPerIp: { max: 10, windowSeconds: 300 },
} as const satisfies Record<string, RateRule>;
