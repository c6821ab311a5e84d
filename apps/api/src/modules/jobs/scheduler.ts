// One way to run background work (decision 0027): each job is a name, an interval and a function; the
// scheduler runs it on its interval, claims the run in job_leases when several instances share the
// database, backs off after a failure, keeps a status for /api/health and the admin's "Hoy", and on
// close waits for what is running and starts nothing new.
import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { createLeases, type Leases } from "./leases";

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
export const DEFAULT_MAX_BACKOFF_MS = 5 * 60_000;

/** The pause before the next run: the interval, doubled for each failure in a row, up to the cap. */
export function nextDelay(job: JobDefinition, failures: number): number {
  if (failures === 0) return job.intervalMs;
  const cap = Math.max(job.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS, job.intervalMs);
  return Math.min(job.intervalMs * 2 ** Math.min(failures, 30), cap);
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** One job's timer, run in flight and status. */
class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private current: Promise<void> | undefined;
  private again = false;
  private running = false;
  private lastRunAt: Date | null = null;
  private lastSuccessAt: Date | null = null;
  private lastErrorAt: Date | null = null;
  private lastError: string | null = null;
  private failures = 0;
  private nextRunAt: Date | null = null;

  constructor(
    readonly job: JobDefinition,
    private readonly leases: Leases,
    private readonly log: FastifyBaseLogger,
    private readonly lifecycle: { started(): boolean; stopped(): boolean },
  ) {}

  /** The first run as the job asks; resolves after it only for "await". */
  begin(): Promise<void> {
    const first = this.job.firstRun ?? "background";
    if (first === "interval") {
      this.schedule(this.job.intervalMs);
      return Promise.resolve();
    }
    const run = this.runNow();
    return first === "await" ? run : Promise.resolve();
  }

  runNow(): Promise<void> {
    if (this.lifecycle.stopped()) return Promise.resolve();
    if (this.current) {
      this.again = true;
      return this.current;
    }
    this.current = (async () => {
      do {
        this.again = false;
        await this.execute();
      } while (this.again && !this.lifecycle.stopped());
    })().finally(() => {
      this.current = undefined;
      if (this.lifecycle.started()) this.schedule(nextDelay(this.job, this.failures));
    });
    return this.current;
  }

  /** Clears the timer and resolves when the run in flight is done. */
  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.nextRunAt = null;
    await this.current;
  }

  status(): JobStatus {
    return {
      name: this.job.name,
      intervalMs: this.job.intervalMs,
      running: this.running,
      lastRunAt: iso(this.lastRunAt),
      lastSuccessAt: iso(this.lastSuccessAt),
      lastErrorAt: iso(this.lastErrorAt),
      lastError: this.lastError,
      failures: this.failures,
      nextRunAt: iso(this.nextRunAt),
    };
  }

  private schedule(delay: number): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.lifecycle.stopped()) {
      this.nextRunAt = null;
      return;
    }
    this.nextRunAt = new Date(Date.now() + delay);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.runNow();
    }, delay);
    this.timer.unref();
  }

  private async execute(): Promise<void> {
    const now = new Date();
    this.running = true;
    this.lastRunAt = now;
    try {
      // Another instance holding the claim is no failure (it is doing the work), nor a success here.
      if (await this.claimedRun(now)) {
        this.failures = 0;
        this.lastSuccessAt = new Date();
      }
    } catch (error) {
      this.failures++;
      this.lastErrorAt = new Date();
      this.lastError = error instanceof Error ? error.message : String(error);
      this.log.error(
        { err: error, job: this.job.name, failures: this.failures },
        "tareas: falló una tarea en segundo plano",
      );
    } finally {
      this.running = false;
    }
  }

  /** The run itself, claimed when exclusive; the claim is renewed while it lasts and released after. */
  private async claimedRun(now: Date): Promise<boolean> {
    const { job, log, leases } = this;
    const context = { name: job.name, now, log };
    if (job.exclusive === false) {
      await job.run(context);
      return true;
    }
    const leaseMs = job.leaseMs ?? DEFAULT_LEASE_MS;
    if (!(await leases.claim(job.name, leaseMs))) return false;
    const renewal = setInterval(() => {
      leases
        .renew(job.name, leaseMs)
        .catch((error: unknown) =>
          log.warn({ err: error, job: job.name }, "tareas: no se pudo renovar la reserva de la tarea"),
        );
    }, leaseMs / 3);
    renewal.unref();
    try {
      await job.run(context);
    } finally {
      clearInterval(renewal);
      await leases
        .release(job.name)
        // It lapses at locked_until by itself.
        .catch((error: unknown) =>
          log.warn({ err: error, job: job.name }, "tareas: no se pudo liberar la reserva de la tarea"),
        );
    }
    return true;
  }
}

export function createJobScheduler(options: SchedulerOptions): JobScheduler {
  const { log } = options;
  const leases = createLeases(options.db, options.owner ?? randomUUID());
  const runners = new Map<string, JobRunner>();
  let started = false;
  let stopped = false;
  const lifecycle = { started: () => started, stopped: () => stopped };

  function runNow(name: string): Promise<void> {
    const runner = runners.get(name);
    return runner ? runner.runNow() : Promise.reject(new Error(`unknown job: ${name}`));
  }

  return {
    add(job) {
      if (runners.has(job.name)) throw new Error(`job already added: ${job.name}`);
      const runner = new JobRunner(job, leases, log, lifecycle);
      runners.set(job.name, runner);
      if (started && !stopped) void runner.begin();
    },
    async start() {
      if (started) return;
      started = true;
      stopped = false;
      await Promise.all([...runners.values()].map((runner) => runner.begin()));
    },
    async stop() {
      stopped = true;
      await Promise.all([...runners.values()].map((runner) => runner.stop()));
    },
    runNow,
    kick(name) {
      runNow(name).catch((error: unknown) =>
        log.error({ err: error, job: name }, "tareas: tarea desconocida"),
      );
    },
    status: () => [...runners.values()].map((runner) => runner.status()),
  };
}
