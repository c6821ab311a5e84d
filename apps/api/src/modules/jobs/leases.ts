// Run claims in job_leases (decision 0027): of several instances on one database, one runs a job at a time.
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { jobLeases } from "../../db/schema";

export interface Leases {
  /** Takes the job's claim if nobody holds it (or it lapsed, or it is ours); true when taken. */
  claim(name: string, leaseMs: number): Promise<boolean>;
  /** Pushes our claim's end leaseMs from now. */
  renew(name: string, leaseMs: number): Promise<void>;
  release(name: string): Promise<void>;
}

export function createLeases(db: Db, owner: string): Leases {
  const until = (leaseMs: number) => sql`now() + ${leaseMs}::int * interval '1 millisecond'`;
  const ours = (name: string) => and(eq(jobLeases.name, name), eq(jobLeases.owner, owner));
  return {
    async claim(name, leaseMs) {
      // One statement: on PostgreSQL the conflicting row is locked and the WHERE re-read, so of two
      // instances claiming at once exactly one gets a row back.
      const rows = await db
        .insert(jobLeases)
        .values({ name, owner, lockedUntil: until(leaseMs), updatedAt: sql`now()` })
        .onConflictDoUpdate({
          target: jobLeases.name,
          set: { owner, lockedUntil: until(leaseMs), updatedAt: sql`now()` },
          setWhere: or(
            isNull(jobLeases.lockedUntil),
            lt(jobLeases.lockedUntil, sql`now()`),
            eq(jobLeases.owner, owner),
          ),
        })
        .returning({ name: jobLeases.name });
      return rows.length > 0;
    },
    async renew(name, leaseMs) {
      await db
        .update(jobLeases)
        .set({ lockedUntil: until(leaseMs), updatedAt: sql`now()` })
        .where(ours(name));
    },
    async release(name) {
      await db
        .update(jobLeases)
        .set({ owner: null, lockedUntil: null, updatedAt: sql`now()` })
        .where(ours(name));
    },
  };
}
