// Shared pieces of the fault suites: request bodies, a seeded random source, bounded concurrency, scratch
// databases on the TEST_DATABASE_URL server, a TCP proxy that can cut PostgreSQL and a tiny SSE reader.
import { randomBytes } from "node:crypto";
import net from "node:net";
import pg from "pg";
import sharp from "sharp";
import type { Db } from "../../src/db/client";
import { accounts, users } from "../../src/db/schema";
import { multipartBody as injectableMultipart } from "../multipart";
import { SERVER_URL } from "./env";

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A real 8×8 PNG, so uploads go through the magic-byte check like a phone screenshot does. */
export function tinyPng(): Promise<Buffer> {
  return sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .png()
    .toBuffer();
}

/** A multipart/form-data body with text fields and one PNG file, for a real HTTP request. */
export function multipartBody(fields: Record<string, string | number>, png: Buffer) {
  const form = injectableMultipart(fields, { name: "comprobante.png", type: "image/png", data: png });
  return { body: form.payload, contentType: form.headers["content-type"] };
}

export interface ProofFormOptions {
  raffleId: string;
  paymentMethod: string;
  quantity: number;
  /** USD; one per ticket unless given (a general payment's amount is its own). */
  amount?: number;
  /** Start of the fresh bank reference. */
  refPrefix: string;
  /** Start of a fresh idempotency key; without it the form has none. */
  keyPrefix?: string;
}

/** A USD payment proof form with a fresh reference, as the buyer's browser sends it. */
export function proofForm(png: Buffer, options: ProofFormOptions) {
  const { raffleId, paymentMethod, quantity, amount = quantity, refPrefix, keyPrefix } = options;
  return multipartBody(
    {
      raffleId,
      paymentMethod,
      transactionRef: `${refPrefix}-${randomBytes(6).readUIntBE(0, 6)}`,
      amount: amount.toFixed(2),
      currency: "USD",
      quantity,
      ...(keyPrefix ? { idempotencyKey: `${keyPrefix}-${randomBytes(8).toString("hex")}` } : {}),
    },
    png,
  );
}

/**
 * `count` buyers written straight into the tables, all with the password whose hash is given (hashing it
 * once keeps the set-up fast), each with a verified e-mail and the mobile a purchase needs (PHONE_REQUIRED
 * otherwise). Ids and e-mails start with `label.id` and `label.email`.
 */
export async function insertBuyers(
  db: Db,
  count: number,
  label: { id: string; email: string },
  passwordHash: string,
) {
  const rows = Array.from({ length: count }, (_, i) => ({
    id: `${label.id}_${i}_${randomBytes(4).toString("hex")}`,
    email: `${label.email}${i}.${randomBytes(3).toString("hex")}@example.com`,
    name: `Comprador ${i}`,
    emailVerified: true,
    phone: `+58414${String(5_000_000 + i).padStart(7, "0")}`,
  }));
  await db.insert(users).values(rows);
  await db.insert(accounts).values(
    rows.map((row) => ({
      id: `acc_${row.id}`,
      accountId: row.id,
      providerId: "credential",
      userId: row.id,
      password: passwordHash,
    })),
  );
  return rows;
}

/** Deterministic pseudo-random numbers (mulberry32): the same seed plans the same workload every run. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T,
  };
}

/** Runs `task(i)` for i in 0..count−1 with at most `limit` running at once. */
export async function runBounded(
  count: number,
  limit: number,
  task: (index: number) => Promise<void>,
): Promise<void> {
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < count) {
      const index = nextIndex++;
      await task(index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker));
}

export interface ScratchDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** An empty database on the TEST_DATABASE_URL server (no migrations), dropped with `drop()`. */
export async function createScratchDatabase(label: string): Promise<ScratchDatabase> {
  if (!SERVER_URL) throw new Error("TEST_DATABASE_URL no está definida");
  const name = `rifazo_f_${label}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const client = new pg.Client({ connectionString: SERVER_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

export interface SseMessage {
  id?: string;
  event?: string;
  data?: string;
  retry?: string;
}

/**
 * Reads an event stream's body into `messages` as each message arrives (comments skipped); resolves
 * when the stream ends or is aborted.
 */
export async function collectSseMessages(body: ReadableStream<Uint8Array>, messages: SseMessage[]) {
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        const message: Record<string, string> = {};
        for (const line of buffer.slice(0, end).split("\n")) {
          if (line.startsWith(":")) continue;
          const [field, ...rest] = line.split(": ");
          if (field) message[field] = rest.join(": ");
        }
        if (Object.keys(message).length > 0) messages.push(message);
        buffer = buffer.slice(end + 2);
      }
    }
  } catch {
    // Aborted by the test, or the server went away.
  }
}

/** A streaming fetch of /api/events that collects messages as they arrive. */
export async function openEventStream(url: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(url, {
    headers: { accept: "text/event-stream", ...headers },
    signal: controller.signal,
  });
  if (!response.ok || !response.body) throw new Error(`SSE: ${response.status}`);
  const messages: SseMessage[] = [];
  let ended = false;
  void collectSseMessages(response.body, messages).finally(() => {
    ended = true;
  });

  async function waitFor(match: (message: SseMessage) => boolean, timeoutMs: number): Promise<SseMessage> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const found = messages.find(match);
      if (found) return found;
      if (ended) throw new Error("el flujo SSE terminó");
      await sleep(25);
    }
    throw new Error(`el mensaje SSE no llegó en ${timeoutMs} ms`);
  }

  return {
    messages,
    waitFor,
    get ended() {
      return ended;
    },
    close: () => controller.abort(),
  };
}

/** How long one teardown step may take before the next one runs anyway. */
export const TEARDOWN_STEP_MS = 10_000;

/**
 * Runs every teardown step even when one fails (a leaked database would outlive the run), then rethrows.
 * A step still running after TEARDOWN_STEP_MS is named in a warning (console.warn, not a failure) and left
 * behind: the scratch database is still dropped (WITH FORCE), and one slow close cannot time the whole hook
 * out after the suite's assertions have passed.
 */
export async function teardown(...steps: Array<() => unknown>): Promise<void> {
  const errors: unknown[] = [];
  for (const step of steps) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<"late">((resolve) => {
      timer = setTimeout(() => resolve("late"), TEARDOWN_STEP_MS);
    });
    try {
      const outcome = await Promise.race([Promise.resolve().then(step), late]);
      if (outcome === "late") {
        console.warn(
          `[teardown] «${String(step).replace(/\s+/g, " ")}» sigue sin terminar tras ${TEARDOWN_STEP_MS} ms`,
        );
      }
    } catch (error) {
      errors.push(error);
    } finally {
      clearTimeout(timer);
    }
  }
  if (errors.length > 0) throw errors[0];
}

/** Forwards 127.0.0.1:<port> to PostgreSQL; `cut()` drops every connection and stops accepting new ones. */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  port = 0;
  connectionsCut = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  async start(): Promise<void> {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.targetPort, this.targetHost);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on("close", () => this.sockets.delete(socket));
        socket.on("error", () => {});
      }
      client.on("close", () => upstream.destroy());
      upstream.on("close", () => client.destroy());
      client.pipe(upstream);
      upstream.pipe(client);
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(this.port, "127.0.0.1", () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Connection refused from now on, and every open connection torn down at once. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    const closed = server ? new Promise<void>((resolve) => server.close(() => resolve())) : undefined;
    this.connectionsCut = this.sockets.size / 2;
    for (const socket of this.sockets) socket.destroy();
    await closed;
  }

  restore(): Promise<void> {
    return this.start();
  }

  async stop(): Promise<void> {
    await this.cut();
  }
}
