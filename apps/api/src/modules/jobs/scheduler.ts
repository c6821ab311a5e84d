// One way to run background work (decision 0027): each job is a name, an interval and a function; the
// scheduler runs it on its interval, claims the run in job_leases when several instances share the
// database, backs off after a failure, keeps a status for /api/health and the admin's "Hoy", and on
// close waits for what is running and starts nothing new.
import { randomUUID } from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { jobLeases } from "../../db/schema";

/** What a run receives. */
export interface JobRunContext {
  name: string;
  /** When the run started. */
  now: Date;
  log: FastifyBaseLogger;
}

export interface JobDefinition {
  /** Unique, kebab-case: the key of its claim and of its status. */
  name: string;
  intervalMs: number;
  run: (ctx: JobRunContext) => Promise<unknown>;
  /**
   * When the first run happens: "await" at start, and start() waits for it (work that must be done before
   * the app serves); "background" at start without waiting (the default); "interval" after one interval.
   */
  firstRun?: "await" | "background" | "interval";
  /**
   * Claim each run in job_leases so only one instance runs it at a time (the default). Off for work that
   * claims its own rows (the mail outbox, the proof analysis) or that belongs to this instance.
   */
  exclusive?: boolean;
  /** How long a claim lasts before another instance may take it over; renewed while the run goes on. */
  leaseMs?: number;
  /** The longest pause after failures (never shorter than the interval). */
  maxBackoffMs?: number;
}

export interface JobStatus {
  name: string;
  intervalMs: number;
  running: boolean;
  lastRunAt: string | null;
  lastSuccessAt: string | null;
  lastErrorAt: string | null;
  lastError: string | null;
  /** Failures in a row (0 after a success): the pause before the next run doubles with each. */
  failures: number;
  nextRunAt: string | null;
}

export interface JobScheduler {
  /** Adds a job; added after start() it is scheduled at once. */
  add(job: JobDefinition): void;
  /** Schedules every job; resolves once the "await" jobs' first runs are done. */
  start(): Promise<void>;
  /** No new runs; resolves when the running ones are done. */
  stop(): Promise<void>;
  /** Runs the job now (once more after the current run, if one is going on) and resolves when done. */
  runNow(name: string): Promise<void>;
  /** runNow in the background. */
  kick(name: string): void;
  status(): JobStatus[];
}

export interface SchedulerOptions {
  db: Db;
  log: FastifyBaseLogger;
  /** Who holds a claim; a random id per process by default. */
  owner?: string;
}

export const DEFAULT_LEASE_MS = 5 * 60_000;
export const DEFAULT_MAX_BACKOFF_MS = 15 * 60_000;

interface JobState {
  job: JobDefinition;
  timer?: NodeJS.Timeout;
  current?: Promise<void>;
  again: boolean;
  running: boolean;
  lastRunAt: Date | null;
  lastSuccessAt: Date | null;
  lastErrorAt: Date | null;
  lastError: string | null;
  failures: number;
  nextRunAt: Date | null;
}

/** The pause before the next run: the interval, doubled for each failure in a row, up to the cap. */
export function nextDelay(job: JobDefinition, failures: number): number {
  if (failures === 0) return job.intervalMs;
  const cap = Math.max(job.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, job.intervalMs);
  return Math.min(job.intervalMs * 2 ** Math.min(failures, 30), cap);
}

export function createJobScheduler(options: SchedulerOptions): JobScheduler {
  const { db, log } = options;
  const owner = options.owner ?? randomUUID();
  const jobs = new Map<string, JobState>();
  let started = false;
  let stopped = false;

  /** Takes the job's claim if nobody holds it (or it lapsed, or it is ours); true when taken. */
  async function claim(name: string, leaseMs: number): Promise<boolean> {
    const until = sql`now() + ${leaseMs}::int * interval '1 millisecond'`;
    // One statement: on PostgreSQL the conflicting row is locked and the WHERE re-read, so of two instances
    // claiming at once exactly one gets a row back.
    const rows = await db
      .insert(jobLeases)
      .values({ name, owner, lockedUntil: until, updatedAt: sql`now()` })
      .onConflictDoUpdate({
        target: jobLeases.name,
        set: { owner, lockedUntil: until, updatedAt: sql`now()` },
        setWhere: or(
          isNull(jobLeases.lockedUntil),
          lt(jobLeases.lockedUntil, sql`now()`),
          eq(jobLeases.owner, owner),
        ),
      })
      .returning({ name: jobLeases.name });
    return rows.length > 0;
  }

  async function renew(name: string, leaseMs: number): Promise<void> {
    await db
      .update(jobLeases)
      .set({ lockedUntil: sql`now() + ${leaseMs}::int * interval '1 millisecond'`, updatedAt: sql`now()` })
      .where(and(eq(jobLeases.name, name), eq(jobLeases.owner, owner)));
  }

  async function release(name: string): Promise<void> {
    await db
      .update(jobLeases)
      .set({ owner: null, lockedUntil: null, updatedAt: sql`now()` })
      .where(and(eq(jobLeases.name, name), eq(jobLeases.owner, owner)));
  }

  /** The run itself, claimed when exclusive; the claim is renewed while it lasts and released after. */
  async function claimedRun(state: JobState, now: Date): Promise<boolean> {
    const { job } = state;
    const context = { name: job.name, now, log };
    if (job.exclusive === false) {
      await job.run(context);
      return true;
    }
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    if (!(await claim(job.name, leaseMs))) return false;
    const renewal = setInterval(() => {
      renew(job.name, leaseMs).catch((error: unknown) =>
        log.warn({ err: error, job: job.name }, "tareas: no se pudo renovar la reserva de la tarea"),
      );
    }, leaseMs / 3);
    renewal.unref();
    try {
      await job.run(context);
    } finally {
      clearInterval(renewal);
      await release(job.name).catch((error: unknown) =>
        // It lapses at locked_until by itself.
        log.warn({ err: error, job: job.name }, "tareas: no se pudo liberar la reserva de la tarea"),
      );
    }
    return true;
  }

  async function execute(state: JobState): Promise<void> {
    const now = new Date();
    state.running = true;
    state.lastRunAt = now;
    try {
      // Another instance holding the claim is no failure (it is doing the work), nor a success here.
      if (await claimedRun(state, now)) {
        state.failures = 0;
        state.lastSuccessAt = new Date();
      }
    } catch (error) {
      state.failures++;
      state.lastErrorAt = new Date();
      state.lastError = error instanceof Error ? error.message : String(error);
      log.error(
        { err: error, job: state.job.name, failures: state.failures },
        "tareas: falló una tarea en segundo plano",
      );
    } finally {
      state.running = false;
    }
  }

  function schedule(state: JobState, delay: number): void {
    if (state.timer) clearTimeout(state.timer);
    if (stopped) {
      state.nextRunAt = null;
      return;
    }
    state.nextRunAt = new Date(Date.now() + delay);
    state.timer = setTimeout(() => {
      state.timer = undefined;
      void runNow(state.job.name);
    }, delay);
    state.timer.unref();
  }

  function runNow(name: string): Promise<void> {
    const state = jobs.get(name);
    if (!state) return Promise.reject(new Error(`unknown job: ${name}`));
    if (stopped) return Promise.resolve();
    if (state.current) {
      state.again = true;
      return state.current;
    }
    state.current = (async () => {
      do {
        state.again = false;
        await execute(state);
      } while (state.again && !stopped);
    })().finally(() => {
      state.current = undefined;
      if (started) schedule(state, nextDelay(state.job, state.failures));
    });
    return state.current;
  }

  function begin(state: JobState): Promise<void> {
    const first = state.job.firstRun ?? "background";
    if (first === "interval") {
      schedule(state, state.job.intervalMs);
      return Promise.resolve();
    }
    const run = runNow(state.job.name);
    return first === "await" ? run : Promise.resolve();
  }

  return {
    add(job) {
      if (jobs.has(job.name)) throw new Error(`job already added: ${job.name}`);
      const state: JobState = {
        job,
        again: false,
        running: false,
        lastRunAt: null,
        lastSuccessAt: null,
        lastErrorAt: null,
        lastError: null,
        failures: 0,
        nextRunAt: null,
      };
      jobs.set(job.name, state);
      if (started && !stopped) void begin(state);
    },
    async start() {
      if (started) return;
      started = true;
      stopped = false;
      await Promise.all([...jobs.values()].map(begin));
    },
    async stop() {
      stopped = true;
      for (const state of jobs.values()) {
        if (state.timer) clearTimeout(state.timer);
        state.timer = undefined;
        state.nextRunAt = null;
      }
      await Promise.all([...jobs.values()].map((state) => state.current));
    },
    runNow,
    kick(name) {
      runNow(name).catch((error: unknown) =>
        log.error({ err: error, job: name }, "tareas: tarea desconocida"),
      );
    },
    status() {
      const iso = (date: Date | null) => date?.toISOString() ?? null;
      return [...jobs.values()].map((state) => ({
        name: state.job.name,
        intervalMs: state.job.intervalMs,
        running: state.running,
        lastRunAt: iso(state.lastRunAt),
        lastSuccessAt: iso(state.lastSuccessAt),
        lastErrorAt: iso(state.lastErrorAt),
        lastError: state.lastError,
        failures: state.failures,
        nextRunAt: iso(state.nextRunAt),
      }));
    },
  };
}
