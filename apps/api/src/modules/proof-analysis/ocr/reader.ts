import { createRequire } from "node:module";
import path from "node:path";
import type { ProofOcr } from "@rifazo/shared";
import sharp from "sharp";
import { createWorker, OEM, PSM, type Worker } from "tesseract.js";
import { extractReceiptFields } from "./extract";

// Reads payment receipts with tesseract.js (Tesseract compiled to WebAssembly, run in worker threads).
// The Spanish model comes from the @tesseract.js-data/spa npm package, installed with the project: the
// workers read it from node_modules and never fetch or cache anything (cacheMethod "none"), so a server
// without internet access reads receipts the same way.

// Named apart from the `require` the API bundle declares in its banner (apps/api/build.mjs).
const requireHere = createRequire(import.meta.url);
const TESSERACT_VERSION = (requireHere("tesseract.js/package.json") as { version: string }).version;
const LANGUAGES = "spa";
/** LSTM-only integer models ("best" quality converted to integers): 2 MB, what the LSTM engine reads. */
const LANG_PATH = path.join(
  path.dirname(requireHere.resolve("@tesseract.js-data/spa/package.json")),
  "4.0.0_best_int",
);

export const OCR_ENGINE = `tesseract.js ${TESSERACT_VERSION} ${LANGUAGES}`;

/** Larger images are refused before decoding: a phone screenshot is 2–3 MP. */
export const MAX_INPUT_PIXELS = 40_000_000;
/** Images are resized to at most this width (and at most MAX_HEIGHT) before reading. */
const MAX_WIDTH = 1600;
const MAX_HEIGHT = 4000;
/** Narrower images are enlarged: small screenshots have letters too small for Tesseract. */
const MIN_WIDTH = 1000;
/** The text kept in ProofOcr.text. */
const TEXT_LIMIT = 4000;
/** A worker's WebAssembly memory only grows: it is replaced after this many reads. */
const READS_PER_WORKER = 200;
/** A read taking longer than this ends its worker (a stuck or runaway recognition). */
const DEFAULT_TIMEOUT_MS = 60_000;

/**
 * read: a JPEG, PNG or WebP image (not a PDF); rejects an image it cannot decode or larger than
 * MAX_INPUT_PIXELS, a read past the time limit, and any read once closed. ProofOcr.ms is the whole read,
 * the wait for a free worker included. The workers are threads that keep the process alive until close().
 */
export interface OcrReader {
  read(image: Buffer): Promise<ProofOcr>;
  close(): Promise<void>;
}

export interface OcrReaderOptions {
  /** Workers reading at the same time (each a thread with its WebAssembly memory: about 80–100 MiB measured). */
  concurrency?: number;
  logger?: { warn(obj: object, msg: string): void };
  /** Per read, after waiting for a worker. Default 60 s. */
  timeoutMs?: number;
}

const CLOSED = "el lector OCR está cerrado";

interface PooledWorker {
  worker: Worker;
  reads: number;
}

/**
 * Greyscale, upright, contrast-stretched, light background, a bounded size: what Tesseract reads best,
 * and a bounded amount of memory for each read whatever the upload.
 */
export async function prepareImage(image: Buffer): Promise<Buffer> {
  const input = sharp(image, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" });
  const meta = await input.metadata();
  const rotated = (meta.orientation ?? 1) >= 5;
  const width = (rotated ? meta.height : meta.width) ?? 0;
  const height = (rotated ? meta.width : meta.height) ?? 0;
  if (width === 0 || height === 0) throw new Error("imagen sin dimensiones");

  let pipeline = input.rotate().flatten({ background: "#ffffff" }).greyscale();
  if (width > MAX_WIDTH || height > MAX_HEIGHT) {
    pipeline = pipeline.resize({ width: MAX_WIDTH, height: MAX_HEIGHT, fit: "inside" });
  } else if (width < MIN_WIDTH) {
    const factor = Math.min(MIN_WIDTH / width, MAX_HEIGHT / height, 3);
    if (factor > 1.1) {
      pipeline = pipeline.resize({ width: Math.round(width * factor), kernel: "lanczos3" });
    }
  }
  const grey = await pipeline.normalise().toColourspace("b-w").raw().toBuffer({ resolveWithObject: true });
  // Dark themes (Binance, night mode): light text on a dark background reads better inverted.
  let sum = 0;
  for (let i = 0; i < grey.data.length; i++) sum += grey.data[i] ?? 0;
  const dark = sum / grey.data.length < 110;
  let out = sharp(grey.data, {
    raw: { width: grey.info.width, height: grey.info.height, channels: grey.info.channels },
  });
  if (dark) out = out.negate();
  return out.toColourspace("b-w").png({ compressionLevel: 1 }).toBuffer();
}

/** A Tesseract worker set up for receipts. */
async function spawn(): Promise<PooledWorker> {
  const worker = await createWorker(LANGUAGES, OEM.LSTM_ONLY, {
    langPath: LANG_PATH,
    cacheMethod: "none",
    gzip: true,
  });
  // Receipts are one column of label/value lines of different sizes.
  await worker.setParameters({
    tessedit_pageseg_mode: PSM.SINGLE_COLUMN,
    preserve_interword_spaces: "1",
    // Screenshots carry no resolution: without one Tesseract estimates it and prints a warning per read.
    user_defined_dpi: "300",
  });
  return { worker, reads: 0 };
}

/** What a read found: the receipt's fields, the confidence, the text (capped) and how long it took. */
function toProofOcr(data: { text: string; confidence: number }, started: number): ProofOcr {
  const text = data.text.trim();
  return {
    fields: extractReceiptFields(text),
    confidence: Math.round(data.confidence * 10) / 10,
    text: text.slice(0, TEXT_LIMIT),
    engine: OCR_ENGINE,
    ms: Math.round(performance.now() - started),
  };
}

/** One worker's read of the prepared image, abandoned (rejected) after `timeoutMs`. */
async function recognizeWithin(pooled: PooledWorker, prepared: Buffer, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      pooled.worker.recognize(prepared),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`OCR: la lectura pasó de ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

export function createOcrReader(options: OcrReaderOptions = {}): OcrReader {
  const concurrency = Math.max(1, Math.floor(options.concurrency ?? 1));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  /** Workers started or starting: never more than `concurrency`. */
  let count = 0;
  const live = new Set<PooledWorker>();
  const idle: PooledWorker[] = [];
  const waiting: { resolve(worker: PooledWorker): void; reject(error: unknown): void }[] = [];
  let closed = false;

  /** A worker for one read: an idle one, a new one while fewer than `concurrency` exist, or the next freed. */
  async function acquire(): Promise<PooledWorker> {
    const ready = idle.pop();
    if (ready) return ready;
    if (count >= concurrency) return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
    count += 1;
    let pooled: PooledWorker;
    try {
      pooled = await spawn();
    } catch (error) {
      count -= 1;
      throw error;
    }
    if (closed) {
      await pooled.worker.terminate().catch(() => undefined);
      throw new Error(CLOSED);
    }
    live.add(pooled);
    return pooled;
  }

  function release(pooled: PooledWorker) {
    const next = waiting.shift();
    if (next) next.resolve(pooled);
    else idle.push(pooled);
  }

  /** Ends a worker (worn out, failed or stuck); a read waiting for one then starts a new one. */
  async function retire(pooled: PooledWorker) {
    if (!live.delete(pooled)) return;
    count -= 1;
    await pooled.worker.terminate().catch(() => undefined);
    const next = waiting.shift();
    if (next) acquire().then(next.resolve, next.reject);
  }

  async function read(image: Buffer): Promise<ProofOcr> {
    if (closed) throw new Error(CLOSED);
    const started = performance.now();
    const prepared = await prepareImage(image);
    const pooled = await acquire();
    try {
      const result = await recognizeWithin(pooled, prepared, timeoutMs);
      pooled.reads += 1;
      if (pooled.reads >= READS_PER_WORKER) void retire(pooled);
      else release(pooled);
      return toProofOcr(result.data, started);
    } catch (error) {
      if (!closed) options.logger?.warn({ err: error }, "OCR: falló una lectura; se reemplaza su worker");
      void retire(pooled);
      throw closed ? new Error(CLOSED) : error;
    }
  }

  async function close() {
    closed = true;
    for (const next of waiting.splice(0)) next.reject(new Error(CLOSED));
    const workers = [...live];
    live.clear();
    idle.length = 0;
    count = 0;
    await Promise.all(workers.map((pooled) => pooled.worker.terminate().catch(() => undefined)));
  }

  return { read, close };
}
