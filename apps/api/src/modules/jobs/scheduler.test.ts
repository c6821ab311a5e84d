import { eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { jobLeases } from "../../db/schema";
import { createJobScheduler, type JobDefinition, type JobScheduler, nextDelay } from ".";

interface LogEntry {
  level: string;
  obj: Record<string, unknown>;
  msg?: string;
}

/** A pino logger whose lines are kept as objects. */
function recordingLogger(entries: LogEntry[]): FastifyBaseLogger {
  return pino(
    { level: "debug" },
    {
      write(line: string) {
        const { level, msg, ...obj } = JSON.parse(line) as Record<string, unknown> & { level: number };
        entries.push({ level: pino.levels.labels[level] ?? String(level), obj, msg: msg as string });
      },
    },
  ) as unknown as FastifyBaseLogger;
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A job that first runs one minute after start (so only runNow and kick run it during a test). */
function everyMinute(name: string, run: () => Promise<void>): JobDefinition {
  return { name, intervalMs: 60_000, firstRun: "interval", run };
}

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb.drop();
});

function scheduler(entries: LogEntry[] = [], owner?: string): JobScheduler {
  return createJobScheduler({ db: testDb.database.db, log: recordingLogger(entries), owner });
}

describe("job scheduler", () => {
  it("runs a job at start and then on its interval, and says so in its status", async () => {
    const jobs = scheduler();
    let runs = 0;
    jobs.add({
      name: "every-20ms",
      intervalMs: 20,
      run: async () => {
        runs++;
      },
    });
    await jobs.start();
    await expect.poll(() => runs, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    const [status] = jobs.status();
    expect(status).toMatchObject({ name: "every-20ms", intervalMs: 20, failures: 0, lastError: null });
    expect(status?.lastSuccessAt).not.toBeNull();
    expect(status?.lastRunAt).not.toBeNull();
    await jobs.stop();
    const after = runs;
    await wait(80);
    expect(runs).toBe(after);
    expect(jobs.status()[0]?.nextRunAt).toBeNull();
  });

  it("awaits a job's first run at start when asked, and waits an interval when asked", async () => {
    const jobs = scheduler();
    let awaited = 0;
    let later = 0;
    jobs.add({
      name: "before-serving",
      intervalMs: 60_000,
      firstRun: "await",
      run: async () => {
        await wait(20);
        awaited++;
      },
    });
    jobs.add(
      everyMinute("after-an-interval", async () => {
        later++;
      }),
    );
    await jobs.start();
    expect(awaited).toBe(1);
    expect(later).toBe(0);
    expect(jobs.status().find((s) => s.name === "after-an-interval")?.nextRunAt).not.toBeNull();
    await jobs.stop();
  });

  it("backs off exponentially after failures, capped, logs them with pino, and recovers", async () => {
    expect(nextDelay({ name: "x", intervalMs: 1_000, run: async () => {} }, 0)).toBe(1_000);
    expect(nextDelay({ name: "x", intervalMs: 1_000, run: async () => {} }, 1)).toBe(2_000);
    expect(nextDelay({ name: "x", intervalMs: 1_000, run: async () => {} }, 3)).toBe(8_000);
    expect(nextDelay({ name: "x", intervalMs: 1_000, maxBackoffMs: 5_000, run: async () => {} }, 3)).toBe(
      5_000,
    );
    // The cap never makes the pause shorter than the interval.
    expect(nextDelay({ name: "x", intervalMs: 60_000, maxBackoffMs: 5_000, run: async () => {} }, 3)).toBe(
      60_000,
    );

    const entries: LogEntry[] = [];
    const jobs = scheduler(entries);
    let fail = true;
    jobs.add(
      everyMinute("flaky", async () => {
        if (fail) throw new Error("el relay no responde");
      }),
    );
    await jobs.start();
    await jobs.runNow("flaky");
    await jobs.runNow("flaky");
    let [status] = jobs.status();
    expect(status).toMatchObject({ failures: 2, lastError: "el relay no responde", lastSuccessAt: null });
    // Two failures: the next run comes four intervals later.
    const next = Date.parse(status?.nextRunAt ?? "") - Date.now();
    expect(next).toBeGreaterThan(3 * 60_000);
    expect(next).toBeLessThanOrEqual(4 * 60_000);
    expect(entries.filter((e) => e.level === "error" && e.obj.job === "flaky")).toHaveLength(2);
    fail = false;
    await jobs.runNow("flaky");
    [status] = jobs.status();
    expect(status).toMatchObject({ failures: 0 });
    expect(status?.lastSuccessAt).not.toBeNull();
    expect(Date.parse(status?.nextRunAt ?? "") - Date.now()).toBeLessThanOrEqual(60_000);
    await jobs.stop();
  });

  it("runs once more after the current run when asked meanwhile, never two at once", async () => {
    const jobs = scheduler();
    let active = 0;
    let most = 0;
    let runs = 0;
    const gate = deferred();
    jobs.add(
      everyMinute("one-at-a-time", async () => {
        active++;
        most = Math.max(most, active);
        if (runs++ === 0) await gate.promise;
        active--;
      }),
    );
    await jobs.start();
    const first = jobs.runNow("one-at-a-time");
    jobs.kick("one-at-a-time");
    const second = jobs.runNow("one-at-a-time");
    expect(jobs.status()[0]?.running).toBe(true);
    gate.resolve();
    await Promise.all([first, second]);
    expect(runs).toBe(2);
    expect(most).toBe(1);
    await jobs.stop();
  });

  it("on stop waits for the running job and starts no new run", async () => {
    const jobs = scheduler();
    const gate = deferred();
    let finished = false;
    let runs = 0;
    jobs.add({
      name: "slow",
      intervalMs: 10,
      run: async () => {
        runs++;
        await gate.promise;
        finished = true;
      },
    });
    await jobs.start();
    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await wait(30);
    expect(stopped).toBe(false);
    gate.resolve();
    await stopping;
    expect(finished).toBe(true);
    await jobs.runNow("slow");
    await wait(30);
    expect(runs).toBe(1);
  });

  it("never runs an exclusive job in two schedulers at once, and takes over a lapsed claim", async () => {
    // On PostgreSQL (TEST_DATABASE_URL) the schedulers' claims race on separate pooled connections.
    const instances = ["a", "b", "c", "d"].map((who) => ({ who, jobs: scheduler([], `instance-${who}`) }));
    let active = 0;
    let most = 0;
    const ran: string[] = [];
    let gate = deferred();
    for (const { who, jobs } of instances) {
      jobs.add(
        everyMinute("shared-sweep", async () => {
          active++;
          most = Math.max(most, active);
          ran.push(who);
          await gate.promise;
          active--;
        }),
      );
      await jobs.start();
    }
    // All claim at once; the winner's run is held until every other one has given up.
    let settled = 0;
    const runs = instances.map(({ jobs }) =>
      jobs.runNow("shared-sweep").then(() => {
        settled++;
      }),
    );
    await expect.poll(() => settled, { timeout: 10_000 }).toBe(instances.length - 1);
    expect(ran).toHaveLength(1);
    gate.resolve();
    await Promise.all(runs);
    expect(most).toBe(1);
    // Released after the run: another instance runs it next time.
    gate = deferred();
    gate.resolve();
    const other = instances.find(({ who }) => who !== ran[0]);
    await other?.jobs.runNow("shared-sweep");
    expect(ran).toHaveLength(2);
    await Promise.all(instances.map(({ jobs }) => jobs.stop()));

    // A claim a crashed instance left lapses at locked_until.
    const db = testDb.database.db;
    await db
      .insert(jobLeases)
      .values({ name: "orphaned", owner: "gone", lockedUntil: new Date(Date.now() + 60_000) });
    const c = scheduler([], "instance-c");
    let orphanedRuns = 0;
    c.add(
      everyMinute("orphaned", async () => {
        orphanedRuns++;
      }),
    );
    await c.start();
    await c.runNow("orphaned");
    expect(orphanedRuns).toBe(0);
    await db
      .update(jobLeases)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(jobLeases.name, "orphaned"));
    await c.runNow("orphaned");
    expect(orphanedRuns).toBe(1);
    await c.stop();
  });
});
