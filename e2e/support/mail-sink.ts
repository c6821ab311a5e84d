// A local SMTP server that keeps every message in memory, plus just enough MIME decoding (multipart,
// quoted-printable, base64, encoded-word headers) to read what nodemailer sends. No mailparser needed.
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export class MailSink {
  readonly messages: ReceivedMail[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    banner: "Rifazo e2e mail sink",
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const parsed = parseMessage(raw);
        this.messages.push({
          ...parsed,
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
        });
        for (const wake of this.waiters) wake();
        callback();
      });
    },
  });

  /** Listens on a free port on 127.0.0.1 and returns it. */
  start(): Promise<number> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => {
        const address = this.server.server.address();
        if (address && typeof address === "object") resolve(address.port);
        else reject(new Error("smtp sink: sin puerto"));
      });
    });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** The first message (already received or arriving within the timeout) addressed to `to`. */
  async waitFor(to: string, match: (mail: ReceivedMail) => boolean = () => true, timeoutMs = 20_000) {
    const wanted = to.toLowerCase();
    const find = () => this.messages.find((m) => m.to.includes(wanted) && match(m));
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = find();
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) {
        const seen = this.messages.map((m) => `${m.to.join(",")}: ${m.subject}`).join("; ") || "ninguno";
        throw new Error(`No llegó correo para ${to} en ${timeoutMs} ms (recibidos: ${seen})`);
      }
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiters.add(wake);
      });
    }
  }
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with whitespace.
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const match = header?.match(new RegExp(`${name}="?([^";]+)"?`, "i"));
  return match?.[1];
}

export function decodeQuotedPrintable(input: string, charset = "utf-8"): string {
  const softBreaksRemoved = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < softBreaksRemoved.length; i++) {
    const char = softBreaksRemoved[i] as string;
    const hex = softBreaksRemoved.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      for (const byte of Buffer.from(char, "utf8")) bytes.push(byte);
    }
  }
  return new TextDecoder(charset).decode(Uint8Array.from(bytes));
}

function decodeBody(part: Part): string {
  const encoding = part.headers.get("content-transfer-encoding")?.toLowerCase();
  const charset = param(part.headers.get("content-type"), "charset") ?? "utf-8";
  if (encoding === "quoted-printable") return decodeQuotedPrintable(part.body, charset);
  if (encoding === "base64") return new TextDecoder(charset).decode(Buffer.from(part.body, "base64"));
  return part.body;
}

/** RFC 2047 encoded words, as nodemailer writes non-ASCII subjects. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, charset: string, kind: string, text: string) =>
      kind.toUpperCase() === "B"
        ? new TextDecoder(charset).decode(Buffer.from(text, "base64"))
        : decodeQuotedPrintable(text.replace(/_/g, " "), charset),
    );
}

function collect(part: Part, out: { text: string; html: string }): void {
  const type = part.headers.get("content-type")?.toLowerCase() ?? "text/plain";
  if (type.startsWith("multipart/")) {
    const boundary = param(part.headers.get("content-type"), "boundary");
    if (!boundary) return;
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith("--")) break;
      collect(splitPart(section.replace(/^\n/, "")), out);
    }
    return;
  }
  if (type.startsWith("text/html")) out.html ||= decodeBody(part);
  else if (type.startsWith("text/plain")) out.text ||= decodeBody(part);
}

export function parseMessage(raw: string): Omit<ReceivedMail, "from" | "to"> {
  const top = splitPart(raw);
  const out = { text: "", html: "" };
  collect(top, out);
  return { subject: decodeHeader(top.headers.get("subject") ?? ""), text: out.text, html: out.html, raw };
}

/** Every http(s) link in the message: plain-text links plus HTML hrefs (entities decoded). */
export function linksIn(mail: ReceivedMail): string[] {
  const fromText = mail.text.match(/https?:\/\/[^\s<>"')\]]+/g) ?? [];
  const fromHtml = [...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => (m[1] ?? "").replace(/&amp;/g, "&"));
  return [...new Set([...fromText, ...fromHtml])];
}
