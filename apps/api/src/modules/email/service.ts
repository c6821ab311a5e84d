// Outgoing email through an outbox: a message is a row written in the caller's transaction, so it is sent
// only if the action that caused it commits. A worker claims due rows, sends them and retries with backoff.
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../../config";
import type { Db, Executor } from "../../db/client";
import { mailOutbox } from "../../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  html: string;
  text: string;
  replyTo?: string;
}

export interface Mailer {
  /** Writes the message to the outbox with the caller's executor and returns the outbox row id. */
  enqueue(exec: Executor, message: MailMessage): Promise<string>;
  /** Asks the worker to look at the outbox now (call it after the enqueuing transaction commits). */
  flushSoon(): void;
  /** Sends what is already due; the polling is the "mail-outbox" job's (modules/jobs, added in app.ts). */
  start(): void;
  stop(): Promise<void>;
  /** Sends everything due now and resolves when done (tests and shutdown). */
  drain(): Promise<void>;
}

type OutboxRow = typeof mailOutbox.$inferSelect;

/** How often the background job (modules/jobs, added in app.ts) delivers what is due. */
export const MAIL_POLL_INTERVAL_MS = 5_000;
const BATCH_SIZE = 20;
const MAX_ATTEMPTS = 8;
const BASE_BACKOFF_SECONDS = 30;
const MAX_BACKOFF_SECONDS = 60 * 60;
// One claim round handles at most BATCH_SIZE rows; this bounds a single drain on a huge backlog.
const MAX_ROUNDS_PER_RUN = 50;

/** Seconds to wait before the next try after `attempts` failed tries: 30 s, 60 s, 2 min ... at most 1 h. */
export function backoffSeconds(attempts: number): number {
  return Math.min(MAX_BACKOFF_SECONDS, BASE_BACKOFF_SECONDS * 2 ** Math.max(0, attempts - 1));
}

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

export function linksIn(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

export function createMailer(opts: { config: Config; db: Db; log: FastifyBaseLogger }): Mailer {
  const { config, db, log } = opts;
  const sender: Sender = {
    config,
    log,
    transport: transportFor(config),
    outboxDir: path.join(config.dataDir, "outbox"),
    messageIdHost: hostOf(config.publicUrl),
  };

  let soonTimer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Runs are chained so two never overlap in this process; other processes are kept apart by the row locks.
  let chain: Promise<void> = Promise.resolve();

  function run(): Promise<void> {
    const next = chain
      .then(() => processDue(db, sender))
      .catch((error: unknown) => {
        log.error({ err: error }, "correo: fallo inesperado del despachador");
      });
    chain = next;
    return next;
  }

  function flushSoon(): void {
    if (stopped || soonTimer) return;
    soonTimer = setTimeout(() => {
      soonTimer = undefined;
      void run();
    }, 50);
    soonTimer.unref();
  }

  return {
    enqueue: enqueueMail,
    flushSoon,
    start() {
      stopped = false;
      // Mail left over from a previous run goes out right away rather than after the first interval.
      flushSoon();
    },
    async stop() {
      stopped = true;
      if (soonTimer) clearTimeout(soonTimer);
      soonTimer = undefined;
      await chain;
      sender.transport.close();
    },
    drain() {
      return run();
    },
  };
}

/** What sending one message needs: the transport (SMTP, or a file in the outbox folder without it). */
interface Sender {
  config: Config;
  log: FastifyBaseLogger;
  transport: Transporter;
  outboxDir: string;
  messageIdHost: string;
}

function transportFor(config: Config): Transporter {
  return config.smtpUrl
    ? nodemailer.createTransport({
        url: config.smtpUrl,
        // A hung relay must not stall the worker for nodemailer's default two minutes.
        connectionTimeout: 15_000,
        greetingTimeout: 15_000,
        socketTimeout: 60_000,
      })
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
}

async function enqueueMail(exec: Executor, message: MailMessage): Promise<string> {
  const [row] = await exec
    .insert(mailOutbox)
    .values({
      to: message.to,
      replyTo: message.replyTo ?? null,
      subject: message.subject,
      html: message.html,
      text: message.text,
    })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error("mail_outbox insert returned no row");
  return row.id;
}

async function processDue(db: Db, sender: Sender): Promise<void> {
  const { log } = sender;
  for (let round = 0; round < MAX_ROUNDS_PER_RUN; round++) {
    const rows = await claim(db);
    if (rows.length === 0) return;
    for (const row of rows) {
      try {
        await deliver(sender, row);
      } catch (error) {
        await markFailed(db, log, row, error).catch((dbError: unknown) => {
          // The lock expires in a minute and the row is retried then.
          log.error({ err: dbError, mailId: row.id }, "correo: no se pudo registrar el fallo de envío");
        });
        continue;
      }
      await markSent(db, row).catch((dbError: unknown) => {
        log.error({ err: dbError, mailId: row.id }, "correo: enviado pero no se pudo marcar como enviado");
      });
    }
  }
}

async function claim(db: Db): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        eq(mailOutbox.status, "pending"),
        lte(mailOutbox.nextAttemptAt, sql`now()`),
        or(isNull(mailOutbox.lockedUntil), lt(mailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .orderBy(mailOutbox.nextAttemptAt)
    .limit(BATCH_SIZE)
    .for("update", { skipLocked: true });
  return db
    .update(mailOutbox)
    .set({ lockedUntil: sql`now() + interval '1 minute'` })
    .where(inArray(mailOutbox.id, due))
    .returning();
}

async function deliver(sender: Sender, row: OutboxRow): Promise<void> {
  const { config, transport, log } = sender;
  const info = await transport.sendMail({
    from: config.mailFrom,
    to: row.to,
    replyTo: row.replyTo ?? undefined,
    subject: row.subject,
    html: row.html,
    text: row.text,
    // Stable per outbox row, so a resend after a crash can be recognised as the same message.
    messageId: `<${row.id}@${sender.messageIdHost}>`,
    headers: { "Auto-Submitted": "auto-generated" },
  });
  if (config.smtpUrl) return;
  // Without SMTP the message is kept as a file (links and all, to follow them in development); the log
  // shows its links with their tokens hidden (app.ts redacts every log line).
  const message = (info as { message?: unknown }).message;
  await mkdir(sender.outboxDir, { recursive: true });
  const file = path.join(sender.outboxDir, `${row.createdAt.getTime()}-${row.id}.eml`);
  await writeFile(file, Buffer.isBuffer(message) ? message : String(message ?? ""));
  log.info(
    { to: row.to, subject: row.subject, links: linksIn(row.text), file },
    `correo (sin SMTP) guardado: ${row.subject}`,
  );
}

async function markSent(db: Db, row: OutboxRow): Promise<void> {
  await db
    .update(mailOutbox)
    .set({
      status: "sent",
      sentAt: sql`now()`,
      attempts: sql`${mailOutbox.attempts} + 1`,
      lastError: null,
      lockedUntil: null,
    })
    .where(eq(mailOutbox.id, row.id));
}

async function markFailed(db: Db, log: FastifyBaseLogger, row: OutboxRow, error: unknown): Promise<void> {
  const attempts = row.attempts + 1;
  const giveUp = attempts >= MAX_ATTEMPTS;
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2_000);
  await db
    .update(mailOutbox)
    .set({
      status: giveUp ? "failed" : "pending",
      attempts,
      lastError: message,
      lockedUntil: null,
      nextAttemptAt: sql`now() + ${backoffSeconds(attempts)}::int * interval '1 second'`,
    })
    .where(eq(mailOutbox.id, row.id));
  const details = { err: error, mailId: row.id, to: row.to, subject: row.subject, attempts };
  if (giveUp) log.error(details, "correo: envío abandonado tras varios intentos");
  else log.warn(details, "correo: envío fallido, se reintentará");
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname || "rifazo.local";
  } catch {
    return "rifazo.local";
  }
}
