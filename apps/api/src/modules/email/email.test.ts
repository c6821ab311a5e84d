import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { type AddressInfo, createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/helpers";
import { type Config, loadConfig } from "../../config";
import type { Db } from "../../db/client";
import { mailOutbox } from "../../db/schema";
import { backoffSeconds, createMailer, type Mailer, type MailMessage } from "./service";
import { escapeHtml, noticeEmail, verificationEmail } from "./templates";

interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

interface Sink {
  port: number;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/** A local SMTP server that accepts anything and keeps the messages in memory. */
async function startSink(port = 0): Promise<Sink> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.server.address() as AddressInfo;
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (bound then released). */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", () => resolve()));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** Undo quoted-printable soft breaks and escapes so links can be found in the raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

interface LogEntry {
  level: string;
  obj: Record<string, unknown>;
  msg: string | undefined;
}

function recordingLogger(entries: LogEntry[]): FastifyBaseLogger {
  const at =
    (level: string) =>
    (obj: unknown, msg?: string): void => {
      entries.push({
        level,
        obj: typeof obj === "object" && obj ? (obj as Record<string, unknown>) : {},
        msg,
      });
    };
  const logger = {
    level: "info",
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    debug: at("debug"),
    trace: at("trace"),
    fatal: at("fatal"),
    silent: () => {},
    child: () => logger,
  };
  return logger as unknown as FastifyBaseLogger;
}

let testDb: TestDatabase;
let dataDir: string;

function configWith(overrides: Partial<Config>): Config {
  return loadConfig(
    { NODE_ENV: "test" },
    { dataDir, logLevel: "silent", mailFrom: "Rifazo <no-responder@rifazo.test>", ...overrides },
  );
}

const link =
  "http://localhost:3000/api/auth/verify-email?token=abc.def-123_XYZ&callbackURL=%2Flogin%3Fverificado%3D1";

function message(to: string): MailMessage {
  const content = verificationEmail({ name: "María González", url: link });
  return { to, ...content };
}

/** A mailer sending to a fresh local sink, for `run`; both are stopped afterwards, whatever `run` throws. */
async function withSinkMailer(run: (sink: Sink, mailer: Mailer, db: Db) => Promise<void>): Promise<void> {
  const sink = await startSink();
  const db = testDb.database.db;
  const mailer = createMailer({
    config: configWith({ smtpUrl: `smtp://127.0.0.1:${sink.port}` }),
    db,
    log: recordingLogger([]),
  });
  try {
    await run(sink, mailer, db);
  } finally {
    await mailer.stop();
    await sink.close();
  }
}

/** A mailer pointed at a port nothing listens on (yet), its log kept. */
async function mailerWithoutServer() {
  const port = await freePort();
  const db = testDb.database.db;
  const logs: LogEntry[] = [];
  const mailer = createMailer({
    config: configWith({ smtpUrl: `smtp://127.0.0.1:${port}` }),
    db,
    log: recordingLogger(logs),
  });
  return { port, db, logs, mailer };
}

beforeAll(async () => {
  testDb = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "rifazo-mail-"));
});

afterAll(async () => {
  await testDb.drop();
  rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(async () => {
  await testDb.database.db.delete(mailOutbox);
});

describe("mail outbox", () => {
  it("delivers an enqueued message over SMTP and marks it sent", async () => {
    await withSinkMailer(async (sink, mailer, db) => {
      const id = await mailer.enqueue(db, {
        ...message("maria.gonzalez@example.com"),
        replyTo: "soporte@rifazo.test",
      });
      await mailer.drain();

      expect(sink.received).toHaveLength(1);
      const mail = sink.received[0];
      expect(mail?.to).toEqual(["maria.gonzalez@example.com"]);
      expect(mail?.from).toBe("no-responder@rifazo.test");
      const decoded = decodeQuotedPrintable(mail?.raw ?? "");
      expect(decoded).toMatch(/^Subject: Confirma tu correo en Rifazo/m);
      expect(decoded).toMatch(/^Reply-To: soporte@rifazo\.test/m);
      expect(decoded).toContain(link);
      expect(decoded).toContain(escapeHtml(link));

      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.status).toBe("sent");
      expect(row?.sentAt).toBeInstanceOf(Date);
      expect(row?.lockedUntil).toBeNull();

      // Already sent: a second drain sends nothing more.
      await mailer.drain();
      expect(sink.received).toHaveLength(1);
    });
  });

  it("sends nothing when the enqueuing transaction rolls back", async () => {
    await withSinkMailer(async (sink, mailer, db) => {
      await expect(
        db.transaction(async (tx) => {
          await mailer.enqueue(tx, message("jose.rodriguez@example.com"));
          tx.rollback();
        }),
      ).rejects.toThrow();
      await mailer.drain();
      expect(sink.received).toHaveLength(0);
      const rows = await db.select().from(mailOutbox);
      expect(rows).toHaveLength(0);
    });
  });

  it("writes an .eml file and logs the links when no SMTP server is configured", async () => {
    const db = testDb.database.db;
    const logs: LogEntry[] = [];
    const mailer = createMailer({
      config: configWith({ smtpUrl: undefined }),
      db,
      log: recordingLogger(logs),
    });
    try {
      const id = await mailer.enqueue(db, message("ana.martinez@example.com"));
      await mailer.drain();

      const files = readdirSync(path.join(dataDir, "outbox")).filter((f) => f.endsWith(`${id}.eml`));
      expect(files).toHaveLength(1);
      const eml = decodeQuotedPrintable(readFileSync(path.join(dataDir, "outbox", files[0] ?? ""), "utf8"));
      expect(eml).toMatch(/^To: ana\.martinez@example\.com/m);
      expect(eml).toMatch(/^Subject: Confirma tu correo en Rifazo/m);
      expect(eml).toContain(link);

      const entry = logs.find((l) => l.level === "info" && l.obj.to === "ana.martinez@example.com");
      expect(entry?.obj.subject).toBe("Confirma tu correo en Rifazo");
      expect(entry?.obj.links).toEqual([link]);

      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.status).toBe("sent");
    } finally {
      await mailer.stop();
    }
  });

  it("keeps a message pending with backoff when SMTP is down and sends it once the server is up", async () => {
    const { port, db, logs, mailer } = await mailerWithoutServer();
    let sink: Sink | undefined;
    try {
      const id = await mailer.enqueue(db, message("carlos.perez@example.com"));
      await mailer.drain();

      const [failed] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(failed?.status).toBe("pending");
      expect(failed?.attempts).toBe(1);
      expect(failed?.lastError).toBeTruthy();
      expect(failed?.lockedUntil).toBeNull();
      expect(failed?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
      expect(logs.some((l) => l.level === "warn")).toBe(true);

      // Not due yet: another drain does not try again.
      await mailer.drain();
      const [still] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(still?.attempts).toBe(1);

      sink = await startSink(port);
      await db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.id, id));
      await mailer.drain();

      expect(sink.received).toHaveLength(1);
      expect(sink.received[0]?.to).toEqual(["carlos.perez@example.com"]);
      const [sent] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(sent?.status).toBe("sent");
    } finally {
      await mailer.stop();
      await sink?.close();
    }
  });

  it("gives up after the last attempt and marks the message failed", async () => {
    const { db, logs, mailer } = await mailerWithoutServer();
    try {
      const id = await mailer.enqueue(db, message("luis.hernandez@example.com"));
      await db.update(mailOutbox).set({ attempts: 7 }).where(eq(mailOutbox.id, id));
      await mailer.drain();
      const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
      expect(row?.status).toBe("failed");
      expect(row?.attempts).toBe(8);
      expect(logs.some((l) => l.level === "error")).toBe(true);
    } finally {
      await mailer.stop();
    }
  });

  it("delivers each message once when two workers drain at the same time", async () => {
    const sink = await startSink();
    const db = testDb.database.db;
    const config = configWith({ smtpUrl: `smtp://127.0.0.1:${sink.port}` });
    const first = createMailer({ config, db, log: recordingLogger([]) });
    const second = createMailer({ config, db, log: recordingLogger([]) });
    try {
      for (let i = 0; i < 6; i++) await first.enqueue(db, message(`usuario${i}@example.com`));
      await Promise.all([first.drain(), second.drain()]);
      expect(sink.received).toHaveLength(6);
      expect(new Set(sink.received.flatMap((m) => m.to)).size).toBe(6);
    } finally {
      await first.stop();
      await second.stop();
      await sink.close();
    }
  });

  it("sends due mail on its own once started", async () => {
    await withSinkMailer(async (sink, mailer, db) => {
      await mailer.enqueue(db, message("gabriela.rojas@example.com"));
      mailer.start();
      mailer.flushSoon();
      await expect.poll(() => sink.received.length, { timeout: 5_000 }).toBe(1);
    });
  });

  it("backs off exponentially up to one hour", () => {
    expect(backoffSeconds(1)).toBe(30);
    expect(backoffSeconds(2)).toBe(60);
    expect(backoffSeconds(3)).toBe(120);
    expect(backoffSeconds(20)).toBe(3600);
  });
});

describe("email templates", () => {
  it("escapes names and messages in the HTML", () => {
    const evil = '<script>alert("x")</script>';
    const verification = verificationEmail({
      name: evil,
      url: "https://rifazo.example/api/auth/verify-email?token=t",
    });
    expect(verification.html).not.toContain("<script>");
    expect(verification.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");

    const notice = noticeEmail({
      name: evil,
      title: `Pago aprobado ${evil}`,
      message: `Tus boletos ${evil} ya están asignados.`,
      actionUrl: "https://rifazo.example/perfil/pagos?a=1&b=2",
      actionLabel: `Ver ${evil}`,
    });
    expect(notice.html).not.toContain("<script>");
    expect(notice.html).toContain('href="https://rifazo.example/perfil/pagos?a=1&amp;b=2"');
    expect(notice.text).toContain("https://rifazo.example/perfil/pagos?a=1&b=2");
  });

  it("builds the verification email in Spanish with the link and the expiry note", () => {
    const url = "https://rifazo.example/api/auth/verify-email?token=abc";
    const email = verificationEmail({ name: "María", url });
    expect(email.subject).toBe("Confirma tu correo en Rifazo");
    expect(email.html).toContain('<html lang="es">');
    expect(email.html).toContain(`href="${url}"`);
    expect(email.html).toContain("El enlace vence en 24 horas y solo puede usarse una vez.");
    expect(email.html).toContain("Juega responsablemente. Prohibida la venta a menores de 18 años.");
    expect(email.html).not.toContain("<table");
    expect(email.text).toContain(url);
    expect(email.text).toContain("Hola, María:");
    expect(email.text).toContain("Juega responsablemente. Prohibida la venta a menores de 18 años.");
  });

  it("drops action links that are not absolute http(s) URLs", () => {
    const email = noticeEmail({
      name: "Ana",
      title: "Aviso",
      message: "Hola",
      actionUrl: "javascript:alert(1)",
      actionLabel: "Abrir",
    });
    expect(email.html).not.toContain("javascript:");
    expect(email.text).not.toContain("javascript:");
  });
});
