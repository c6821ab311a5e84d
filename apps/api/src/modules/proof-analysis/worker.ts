// The proof analysis worker (decision 0015, "Proof analysis"): off the request path, it claims pending
// proofs in small batches, analyses a few at a time and stores the outcome. The "proof-analysis" job
// (modules/jobs, decision 0027) wakes it every ANALYSIS_INTERVAL_MS; it also wakes at once when this process stores a new proof (kick); proofs uploaded through
// another instance wait for the interval. The state lives in the database, so a restart loses nothing,
// and proofs that existed before the analysis did are read as a backfill, oldest first.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import * as repo from "./repository";
import { type AnalysisContext, analyseProof, type ProofReader } from "./service";

export const ANALYSIS_INTERVAL_MS = 30_000;
export const MAX_ANALYSIS_ATTEMPTS = 3;
/** First retry after this long, then twice as long each time (1 min, 2 min). */
export const ANALYSIS_RETRY_DELAY_MS = 60_000;
/** Proofs claimed per round; each one's image is in memory only while it is read. */
const BATCH_SIZE = 8;

export interface ProofAnalysisWorkerOptions {
  reader: ProofReader;
  /** Proofs analysed at the same time (OCR_CONCURRENCY). */
  concurrency: number;
  intervalMs?: number;
  retryDelayMs?: number;
  maxAttempts?: number;
  batchSize?: number;
}

export interface ProofAnalysisWorker {
  /** Wakes the worker soon (a proof was just stored); never waits for it. */
  kick(): void;
  /** Analyses everything due now; resolves with how many outcomes were stored. */
  drain(): Promise<number>;
  /** How often the "proof-analysis" job drains it. */
  readonly intervalMs: number;
  start(): void;
  /** No new rounds; waits for the round in flight and closes the reader. */
  stop(): Promise<void>;
}

export function createProofAnalysisWorker(
  ctx: AnalysisContext & Pick<AppContext, "events">,
  options: ProofAnalysisWorkerOptions,
): ProofAnalysisWorker {
  const {
    reader,
    intervalMs = ANALYSIS_INTERVAL_MS,
    retryDelayMs = ANALYSIS_RETRY_DELAY_MS,
    maxAttempts = MAX_ANALYSIS_ATTEMPTS,
    batchSize = BATCH_SIZE,
  } = options;
  const settings: RoundSettings = {
    batchSize,
    maxAttempts,
    retryDelayMs,
    concurrency: Math.max(1, options.concurrency),
  };
  let running: Promise<number> | undefined;
  let again = false;
  let stopped = false;

  async function drainAll(): Promise<number> {
    let total = 0;
    do {
      again = false;
      // A full batch means more may be due: go on without waiting for the timer.
      for (let full = true; full && !stopped; ) {
        const { claimed, stored } = await analyseRound(ctx, reader, settings, () => stopped);
        total += stored;
        full = claimed === batchSize;
      }
    } while (again && !stopped);
    return total;
  }

  function drain(): Promise<number> {
    if (running) {
      again = true;
      return running;
    }
    running = drainAll()
      .catch((error: unknown) => {
        ctx.log.error({ err: error }, "análisis de comprobantes: falló la ronda de análisis");
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    kick() {
      if (!stopped) void drain();
    },
    drain,
    intervalMs,
    start() {
      stopped = false;
    },
    async stop() {
      stopped = true;
      await running;
      await reader.close();
    },
  };
}

type WorkerContext = AnalysisContext & Pick<AppContext, "events">;
type Reader = ProofAnalysisWorkerOptions["reader"];

interface RoundSettings {
  batchSize: number;
  maxAttempts: number;
  retryDelayMs: number;
  concurrency: number;
}

/** Analyses one claimed proof; a failure is counted (retried later, or given up). True when it is done. */
async function analyseOne(
  ctx: WorkerContext,
  reader: Reader,
  proof: repo.ClaimedProof,
  maxAttempts: number,
): Promise<boolean> {
  try {
    return await analyseProof(ctx, reader, proof);
  } catch (error) {
    const failed = await repo.recordFailure(ctx.db, proof.id, maxAttempts);
    if (failed) {
      ctx.log.error(
        { err: error, proofId: proof.id, attempts: proof.attempts },
        "análisis de comprobantes: no se pudo analizar el comprobante; se deja sin análisis",
      );
    } else {
      ctx.log.warn(
        { err: error, proofId: proof.id, attempts: proof.attempts },
        "análisis de comprobantes: falló la lectura; se reintentará",
      );
    }
    return failed;
  }
}

/** One batch: claimed, read in `concurrency` lanes, the rest given back when stopping. */
async function analyseRound(
  ctx: WorkerContext,
  reader: Reader,
  settings: RoundSettings,
  isStopped: () => boolean,
): Promise<{ claimed: number; stored: number }> {
  const { batchSize: limit, maxAttempts, retryDelayMs, concurrency } = settings;
  const claimed = await ctx.db.transaction((tx) => repo.claimDue(tx, { limit, maxAttempts, retryDelayMs }));
  let stored = 0;
  // A fixed number of lanes over the batch: at most `concurrency` images decoded and read at once.
  const queue = [...claimed];
  const lanes = Array.from({ length: Math.min(concurrency, queue.length) }, async () => {
    // Stopping: the proof in hand is finished, the rest of the batch is given back for the next start.
    while (!isStopped()) {
      const proof = queue.shift();
      if (!proof) break;
      if (await analyseOne(ctx, reader, proof, maxAttempts)) stored += 1;
    }
  });
  await Promise.all(lanes);
  await repo.release(
    ctx.db,
    queue.map((proof) => proof.id),
  );
  if (stored > 0) {
    // Administrators' open inboxes refetch (the same admin event as a review), with no proof data in it.
    await ctx.events.publish(ctx.db, {
      topic: "admin",
      payload: { type: "proofs.changed", change: "analyzed", count: stored },
    });
  }
  return { claimed: claimed.length, stored };
}

/**
 * Drains the worker as the "proof-analysis" job: at start (in the background, never delaying it) and on its
 * interval. Every instance runs it: the proofs are claimed row by row. The worker stops before close.
 */
export function scheduleProofAnalysis(app: FastifyInstance, worker: ProofAnalysisWorker): void {
  app.ctx.jobs.add({
    name: "proof-analysis",
    intervalMs: worker.intervalMs,
    exclusive: false,
    run: () => worker.drain(),
  });
  app.addHook("onReady", async () => {
    worker.start();
  });
  app.addHook("preClose", async () => {
    await worker.stop();
  });
}
