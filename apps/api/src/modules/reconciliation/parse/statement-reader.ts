import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import {
  type StatementDelimiter,
  type StatementEncoding,
  StatementFileError,
  type StatementFileErrorCode,
  type StatementGrid,
} from "./grid";

// Statement files are read off the request path: in a worker thread (statement-worker.ts) with its own heap
// limit and a wall-clock limit, one file at a time. A hostile file can then neither stall the event loop
// that answers everyone else nor grow the main heap; what it costs is bounded and freed with the worker.

export interface StatementReaderLimits {
  /** Wall-clock time for one file, from when the worker is ready to read it. */
  timeoutMs: number;
  /** Time a new worker may take to load its code (tsx compiles it on the fly in tests and `npm run dev`). */
  startupMs: number;
  /** The worker's old-generation heap: a legitimate 50,000-row XLSX peaks at some 150–210 MB. */
  maxHeapMb: number;
  /** A worker left idle this long is stopped, and its memory returned. */
  idleMs: number;
  /** Files waiting behind the one being read; beyond that the reader is busy. */
  maxWaiting: number;
}

export const STATEMENT_READER_LIMITS: StatementReaderLimits = {
  timeoutMs: 30_000,
  startupMs: 60_000,
  maxHeapMb: 384,
  idleMs: 15_000,
  maxWaiting: 4,
};

export interface StatementReadOptions {
  encoding?: StatementEncoding | null;
  delimiter?: StatementDelimiter | null;
}

export interface ReaderJob {
  id: number;
  file: Uint8Array;
  filename: string;
  options: StatementReadOptions;
}

export type ReaderReply =
  | { ready: true }
  | { id: number; grid: StatementGrid }
  | { id: number; refusal: { code: StatementFileErrorCode; message: string } }
  | { id: number; failure: string };

export const READ_TIMEOUT_MESSAGE =
  "El archivo tardó demasiado en leerse para ser un archivo de movimientos: descarga los movimientos de un " +
  "período más corto, o en formato CSV.";
export const READ_MEMORY_MESSAGE =
  "El archivo necesita demasiada memoria para leerse: no parece un archivo de movimientos. Descarga los " +
  "movimientos de un período más corto, o en formato CSV.";

/** More files are waiting to be read than the reader queues; the caller answers 503. */
export class StatementReaderBusyError extends Error {
  constructor() {
    super("statement reader busy");
    this.name = "StatementReaderBusyError";
  }
}

/**
 * The worker: the bundled dist/statement-worker.js next to dist/server.js, or from the TypeScript source
 * (tests, `npm run dev`) through tsx, registered inside the worker before the entry is imported.
 */
function spawnWorker(maxHeapMb: number): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 16 };
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(new URL("./statement-worker.js", import.meta.url), { resourceLimits });
  }
  const require = createRequire(import.meta.url);
  const tsx = pathToFileURL(require.resolve("tsx/esm/api").replace(/\.cjs$/, ".mjs")).href;
  const entry = new URL("./statement-worker.ts", import.meta.url).href;
  const code = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(code, { eval: true, resourceLimits });
}

interface Pending {
  job: ReaderJob;
  resolve: (grid: StatementGrid) => void;
  reject: (error: unknown) => void;
}

export class StatementReader {
  #worker: Worker | null = null;
  /** Whether #worker has loaded its code and is listening. */
  #ready = false;
  #running: (Pending & { timer: NodeJS.Timeout }) | null = null;
  #waiting: Pending[] = [];
  #idle: NodeJS.Timeout | null = null;
  #nextId = 1;

  constructor(readonly limits: StatementReaderLimits = STATEMENT_READER_LIMITS) {}

  /** The file as a grid (readStatementFile), read in the worker; its refusals are the same StatementFileErrors. */
  read(file: Buffer, filename: string, options: StatementReadOptions = {}): Promise<StatementGrid> {
    if (this.#waiting.length >= this.limits.maxWaiting) return Promise.reject(new StatementReaderBusyError());
    // A copy the worker takes over: the upload's buffer may be a slice of Node's shared pool.
    const copy = new Uint8Array(file);
    return new Promise((resolve, reject) => {
      this.#waiting.push({ job: { id: this.#nextId++, file: copy, filename, options }, resolve, reject });
      this.#next();
    });
  }

  /** Stops the worker; a file being read or waiting fails. */
  async close(): Promise<void> {
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    const waiting = this.#waiting.splice(0);
    for (const pending of waiting) pending.reject(new Error("statement reader closed"));
    const worker = this.#worker;
    if (worker) this.#fail(worker, new Error("statement reader closed"));
  }

  #next(): void {
    if (this.#running) return;
    const pending = this.#waiting.shift();
    if (!pending) return;
    if (this.#idle) clearTimeout(this.#idle);
    this.#idle = null;
    const worker = this.#worker ?? this.#spawn();
    worker.ref();
    this.#running = { ...pending, timer: this.#timer(worker) };
    worker.postMessage(pending.job, [pending.job.file.buffer as ArrayBuffer]);
  }

  /** The running file's time limit once the worker is ready, else the worker's start-up limit. */
  #timer(worker: Worker): NodeJS.Timeout {
    return this.#ready
      ? setTimeout(
          () => this.#fail(worker, new StatementFileError("STATEMENT_TOO_LARGE", READ_TIMEOUT_MESSAGE)),
          this.limits.timeoutMs,
        )
      : setTimeout(
          () => this.#fail(worker, new Error("statement worker did not start in time")),
          this.limits.startupMs,
        );
  }

  #spawn(): Worker {
    const worker = spawnWorker(this.limits.maxHeapMb);
    this.#ready = false;
    worker.on("message", (reply: ReaderReply) => this.#settle(worker, reply));
    worker.on("error", (error: Error & { code?: string }) => {
      this.#fail(
        worker,
        error.code === "ERR_WORKER_OUT_OF_MEMORY"
          ? new StatementFileError("STATEMENT_TOO_LARGE", READ_MEMORY_MESSAGE)
          : error,
      );
    });
    worker.on("exit", (code) => this.#fail(worker, new Error(`statement worker exited (${code})`)));
    this.#worker = worker;
    return worker;
  }

  #settle(worker: Worker, reply: ReaderReply): void {
    if (worker !== this.#worker) return;
    const running = this.#running;
    if ("ready" in reply) {
      this.#ready = true;
      if (running) {
        clearTimeout(running.timer);
        running.timer = this.#timer(worker);
      }
      return;
    }
    if (!running || running.job.id !== reply.id) return;
    clearTimeout(running.timer);
    this.#running = null;
    if ("grid" in reply) running.resolve(reply.grid);
    else if ("refusal" in reply) {
      running.reject(new StatementFileError(reply.refusal.code, reply.refusal.message));
    } else running.reject(new Error(`statement worker failed: ${reply.failure}`));
    this.#afterJob();
  }

  /** The worker is done for: the file being read fails with `error`, and the worker is stopped (its heap freed). */
  #fail(worker: Worker, error: unknown): void {
    if (worker !== this.#worker) return;
    this.#worker = null;
    void worker.terminate();
    const running = this.#running;
    this.#running = null;
    if (running) {
      clearTimeout(running.timer);
      running.reject(error);
    }
    this.#afterJob();
  }

  #afterJob(): void {
    if (this.#waiting.length > 0) {
      this.#next();
      return;
    }
    const worker = this.#worker;
    if (!worker) return;
    // An idle worker does not keep the process alive, and is stopped after a while.
    worker.unref();
    this.#idle = setTimeout(() => {
      this.#idle = null;
      if (!this.#running && this.#worker === worker) {
        this.#worker = null;
        void worker.terminate();
      }
    }, this.limits.idleMs);
    this.#idle.unref();
  }
}

/** The reader the API uses: one worker for the process. */
export const statementReader = new StatementReader();
