import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { tooMany } from "./errors";

export interface RateRule {
  /** How many hits a key may make in one window. */
  max: number;
  windowSeconds: number;
}

/**
 * Fixed-window counter kept in the database, so every API instance shares the same buckets.
 * Returns whether this hit is allowed; one upsert per hit, atomic under concurrency.
 */
export async function hit(db: Executor, key: string, rule: RateRule, now = Date.now()): Promise<boolean> {
  const windowStart = now - rule.windowSeconds * 1000;
  const result = (await db.execute(sql`
    INSERT INTO rate_limits (id, key, count, last_request)
    VALUES (${randomUUID()}, ${key}, 1, ${now})
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.last_request < ${windowStart} THEN 1 ELSE rate_limits.count + 1 END,
      last_request = CASE WHEN rate_limits.last_request < ${windowStart} THEN ${now} ELSE rate_limits.last_request END
    RETURNING count`)) as unknown as { rows: Array<{ count: number | string }> };
  const count = Number(result.rows[0]?.count ?? 0);
  return count <= rule.max;
}

/** Throws 429 with the Spanish message when any of the keys is over its rule. */
export async function enforce(db: Executor, checks: Array<[key: string, rule: RateRule]>, message?: string) {
  for (const [key, rule] of checks) {
    if (!(await hit(db, `rl:${key}`, rule))) throw tooMany(message);
  }
}

/** Limits named in one place; tests read them from here too. */
export const RATE_RULES = {
  signInPerIp: { max: 20, windowSeconds: 60 },
  /** Wrong passwords per (account, client); see modules/auth/sign-in-throttle.ts. */
  signInPerClient: { max: 5, windowSeconds: 15 * 60 },
  /** All unknown clients together, per account: the ceiling on distributed guessing. */
  signInPerAccount: { max: 50, windowSeconds: 60 * 60 },
  signInLinkPerIp: { max: 6, windowSeconds: 600 },
  signInLinkPerAccount: { max: 3, windowSeconds: 600 },
  signUpPerIp: { max: 6, windowSeconds: 600 },
  verificationPerIp: { max: 6, windowSeconds: 600 },
  verificationPerAccount: { max: 3, windowSeconds: 600 },
  passwordPerUser: { max: 6, windowSeconds: 600 },
} as const satisfies Record<string, RateRule>;
