import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import {
  ERROR_MESSAGES,
  MAX_PROOF_BYTES,
  MONEY_MESSAGES,
  type MyProofs,
  type PaymentProof,
  PROOF_MESSAGES,
  RAFFLE_MESSAGES,
} from "@rifazo/shared";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import { and, eq, inArray, like } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { putSetting } from "../../../test/fixtures";
import { createTestApp, signedInUser, type TestApp } from "../../../test/helpers";
import { type FilePart, multipartBody } from "../../../test/multipart";
import { paymentProofs, raffles, rateLimits, tickets, winners } from "../../db/schema";
import { PROOF_UPLOAD_RULE } from "./routes";

let t: TestApp;
type SignedIn = Awaited<ReturnType<typeof signedInUser>>;
let user: SignedIn;
let other: SignedIn;
let admin: SignedIn;
let png: Buffer;
let jpeg: Buffer;

const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n" +
    "trailer<</Root 1 0 R>>\n%%EOF\n",
  "latin1",
);

beforeAll(async () => {
  t = await createTestApp();
  [user, other, admin] = await Promise.all([
    signedInUser(t.app, { fullName: "Ana Pérez" }),
    signedInUser(t.app, { fullName: "Otro Usuario" }),
    signedInUser(t.app, { role: "admin" }),
  ]);
  const image = sharp({
    create: { width: 8, height: 8, channels: 3, background: { r: 10, g: 120, b: 200 } },
  });
  png = await image.clone().png().toBuffer();
  jpeg = await image.clone().jpeg().toBuffer();
});
afterAll(async () => {
  await t?.close();
});
// Each test starts with fresh upload allowances; the limit itself has its own test.
beforeEach(async () => {
  await t.app.ctx.db.delete(rateLimits).where(like(rateLimits.key, "rl:proof-upload:%"));
  // An account may have only a few proofs under review at once: each test starts with none of the
  // shared buyers' pending (that limit has its own tests in test/security/purchase-caps.test.ts).
  await t.app.ctx.db
    .update(paymentProofs)
    .set({ status: "rejected" })
    .where(and(inArray(paymentProofs.userId, [user.id, other.id]), eq(paymentProofs.status, "pending")));
});

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

let raffleCounter = 0;
async function insertRaffle(values: Partial<typeof raffles.$inferInsert> = {}) {
  raffleCounter += 1;
  const [row] = await t.app.ctx.db
    .insert(raffles)
    .values({
      title: `Moto ${raffleCounter}`,
      price: 5,
      status: "active",
      totalTickets: 100,
      endDate: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      ...values,
    })
    .returning();
  if (!row) throw new Error("sin rifa");
  return row;
}

/** A bank reference's key is its number (decision 0022): random digits keep each one unique. */
const ref = () => `REF-${randomBytes(5).readUIntBE(0, 5)}`;
/** Method, reference and key of a row written straight into the table. */
function zelleReference() {
  const transactionRef = ref();
  return {
    paymentMethod: "zelle",
    transactionRef,
    referenceKey: paymentReferenceKey("zelle", transactionRef),
  };
}

function fieldsFor(raffle: { id: string; price: number; currency?: string }, quantity = 2) {
  return {
    raffleId: raffle.id,
    paymentMethod: "pago_movil",
    transactionRef: ref(),
    amount: (raffle.price * quantity).toFixed(2),
    currency: raffle.currency ?? "USD",
    quantity,
  };
}

const pngFile = (): FilePart => ({ name: "comprobante.png", type: "image/png", data: png });

function upload(
  cookie: string | undefined,
  fields: Record<string, string | number | undefined>,
  file: FilePart | null = pngFile(),
  headers: Record<string, string> = {},
) {
  const body = multipartBody(fields, file ?? undefined);
  return t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, ...(cookie ? { cookie } : {}), ...headers },
  });
}

function get(url: string, cookie?: string) {
  return t.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
}

/** Every stored proof file (relative keys), to prove that nothing is left behind. */
function storedProofFiles(): string[] {
  const dir = path.join(t.dataDir, "files", "proofs");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(path.join(t.dataDir, "files"), path.join(entry.parentPath, entry.name)))
    .sort();
}

async function expectError(
  response: Awaited<ReturnType<typeof upload>>,
  status: number,
  message: string,
  code?: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.message).toBe(message);
  if (code) expect(body.error.code).toBe(code);
}

async function proofRow(id: string) {
  const [row] = await t.app.ctx.db.select().from(paymentProofs).where(eq(paymentProofs.id, id));
  return row;
}

// ---------------------------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------------------------

describe("POST /api/proofs", () => {
  it("guarda un comprobante de rifa: 201, pendiente, archivo privado con los bytes exactos", async () => {
    const raffle = await insertRaffle({ title: "Moto Bera 2025", price: 7.5 });
    const before = storedProofFiles();
    const fields = { ...fieldsFor(raffle, 3), userNotes: "  Pagué desde Banesco  " };
    const response = await upload(user.cookie, fields);
    expect(response.statusCode, response.body).toBe(201);
    const proof = response.json() as PaymentProof;
    expect(proof).toMatchObject({
      raffleId: raffle.id,
      raffleTitle: "Moto Bera 2025",
      amount: 22.5,
      currency: "USD",
      exchangeRate: null,
      paymentMethod: "pago_movil",
      paymentMethodLabel: "Pago Móvil",
      transactionRef: fields.transactionRef,
      status: "pending",
      statusLabel: "En Revisión",
      userNotes: "Pagué desde Banesco",
      adminNotes: null,
      quantityOfTickets: 3,
      ticketNumbers: [],
      file: { url: `/api/proofs/${proof.id}/file`, filename: "comprobante.png", contentType: "image/png" },
      reviewedAt: null,
    });
    const row = await proofRow(proof.id);
    expect(row?.userId).toBe(user.id);
    expect(row?.proofImagePath).toMatch(/^proofs\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(row?.proofSize).toBe(png.length);
    const after = storedProofFiles();
    expect(after.length).toBe(before.length + 1);
    expect(readFileSync(path.join(t.dataDir, "files", row?.proofImagePath ?? "")).equals(png)).toBe(true);
  });

  it("acepta JPG y PDF reconocidos por su contenido, no por el nombre", async () => {
    const raffle = await insertRaffle();
    const cases: Array<[FilePart, string]> = [
      [{ name: "foto", type: "text/plain", data: jpeg }, "image/jpeg"],
      [{ name: "recibo.pdf", type: "application/octet-stream", data: PDF }, "application/pdf"],
    ];
    for (const [file, contentType] of cases) {
      const response = await upload(user.cookie, fieldsFor(raffle), file);
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json().file.contentType).toBe(contentType);
    }
  });

  it("un pago general admite 1 boleto y monto libre; en VES guarda la tasa vigente", async () => {
    await putSetting(t.app.ctx.db, "exchange_rate", { rate: 36.5812, date: "2026-01-10", source: "BCV" });
    const response = await upload(user.cookie, {
      raffleId: "general",
      paymentMethod: "zelle",
      transactionRef: ref(),
      amount: "365.80",
      currency: "VES",
      quantity: 1,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      raffleId: null,
      raffleTitle: null,
      amount: 365.8,
      currency: "VES",
      exchangeRate: 36.5812,
      quantityOfTickets: 1,
    });
    const usd = await upload(user.cookie, {
      raffleId: "general",
      paymentMethod: "binance",
      transactionRef: ref(),
      amount: "10",
      quantity: 1,
    });
    expect(usd.statusCode, usd.body).toBe(201);
    expect(usd.json()).toMatchObject({ currency: "USD", exchangeRate: null });
  });

  it("una rifa en bolívares exige su moneda y su total, y guarda la tasa", async () => {
    const raffle = await insertRaffle({ price: 180.25, currency: "VES" });
    const wrongCurrency = await upload(user.cookie, { ...fieldsFor(raffle), currency: "USD" });
    await expectError(wrongCurrency, 400, PROOF_MESSAGES.currencyMismatch("VES"), "CURRENCY_MISMATCH");
    const ok = await upload(user.cookie, fieldsFor({ ...raffle, currency: "VES" }, 4));
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ amount: 721, currency: "VES", exchangeRate: 36.5812 });
  });

  it("anónimo: 401 y nada guardado; administrador: 403", async () => {
    const raffle = await insertRaffle();
    const before = storedProofFiles();
    await expectError(
      await upload(undefined, fieldsFor(raffle)),
      401,
      PROOF_MESSAGES.signIn,
      "UNAUTHENTICATED",
    );
    // The session cookie itself is tampered with (the jar's last cookie may be the device one).
    const tampered = user.cookie.replace(/(session_token=[^;]+)/, "$1x");
    expect(tampered).not.toBe(user.cookie);
    await expectError(
      await upload(tampered, fieldsFor(raffle)),
      401,
      PROOF_MESSAGES.signIn,
      "UNAUTHENTICATED",
    );
    await expectError(await upload(admin.cookie, fieldsFor(raffle)), 403, PROOF_MESSAGES.adminNotAllowed);
    expect(storedProofFiles()).toEqual(before);
  });

  it("valida cada campo con los mensajes de la pantalla", async () => {
    const raffle = await insertRaffle();
    const before = storedProofFiles();
    const base = fieldsFor(raffle);
    const cases: Array<[Record<string, string | number | undefined>, FilePart | null, string]> = [
      [base, null, PROOF_MESSAGES.fileMissing],
      [{ ...base, paymentMethod: undefined }, null, PROOF_MESSAGES.fileMissing],
      [base, { name: "vacio.png", type: "image/png", data: Buffer.alloc(0) }, PROOF_MESSAGES.fileMissing],
      [{ ...base, paymentMethod: undefined }, pngFile(), PROOF_MESSAGES.methodMissing],
      [{ ...base, paymentMethod: "bitcoin" }, pngFile(), PROOF_MESSAGES.methodMissing],
      [{ ...base, transactionRef: "   " }, pngFile(), PROOF_MESSAGES.referenceMissing],
      [{ ...base, transactionRef: undefined }, pngFile(), PROOF_MESSAGES.referenceMissing],
      [{ ...base, transactionRef: "x".repeat(101) }, pngFile(), PROOF_MESSAGES.referenceTooLong],
      [{ ...base, amount: "0" }, pngFile(), PROOF_MESSAGES.amountInvalid],
      // What the shared es-VE parser refuses, in its words (decision 0013; the form titles them "Monto
      // Inválido"). "10.001" is not here: money has two decimals, so it reads as 10 001.
      [{ ...base, amount: "-10" }, pngFile(), MONEY_MESSAGES.negative],
      [{ ...base, amount: "diez" }, pngFile(), MONEY_MESSAGES.invalid],
      [{ ...base, amount: "10,001" }, pngFile(), MONEY_MESSAGES.tooManyDecimals(2)],
      [{ ...base, amount: undefined }, pngFile(), PROOF_MESSAGES.amountInvalid],
      [{ ...base, currency: "EUR" }, pngFile(), PROOF_MESSAGES.currencyInvalid],
      [{ ...base, quantity: "0" }, pngFile(), PROOF_MESSAGES.quantityInvalid],
      [{ ...base, quantity: "2.5" }, pngFile(), PROOF_MESSAGES.quantityInvalid],
      [{ ...base, userNotes: "n".repeat(501) }, pngFile(), PROOF_MESSAGES.notesTooLong],
      [{ ...base, raffleId: undefined }, pngFile(), PROOF_MESSAGES.raffleRequired],
      [{ ...base, idempotencyKey: "corta" }, pngFile(), PROOF_MESSAGES.idempotencyKeyInvalid],
    ];
    for (const [fields, file, message] of cases) {
      const response = await upload(user.cookie, fields, file);
      expect(response.statusCode, `${JSON.stringify(fields)} ${response.body}`).toBe(400);
      await expectError(response, 400, message, "VALIDATION");
    }
    const both = await upload(user.cookie, { ...base, paymentMethod: "", transactionRef: "" }, null);
    expect(both.json().error.fields).toEqual({
      file: PROOF_MESSAGES.fileMissing,
      paymentMethod: PROOF_MESSAGES.methodMissing,
      transactionRef: PROOF_MESSAGES.referenceMissing,
    });
    expect(storedProofFiles()).toEqual(before);
  });

  it("una petición que no es multipart responde 'Falta Comprobante'", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/proofs",
      payload: fieldsFor(await insertRaffle()),
      headers: { cookie: user.cookie },
    });
    await expectError(response, 400, PROOF_MESSAGES.fileMissing);
  });

  it("rechaza dos archivos en un envío y un formulario malformado", async () => {
    const raffle = await insertRaffle();
    const before = storedProofFiles();
    const boundary = "----dos-archivos";
    const filePart = (name: string) =>
      Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.png"\r\n` +
            "Content-Type: image/png\r\n\r\n",
        ),
        png,
        Buffer.from("\r\n"),
      ]);
    const fields = Object.entries(fieldsFor(raffle)).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    const twoFiles = await t.app.inject({
      method: "POST",
      url: "/api/proofs",
      payload: Buffer.concat([...fields, filePart("a"), filePart("b"), Buffer.from(`--${boundary}--\r\n`)]),
      headers: { cookie: user.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    await expectError(twoFiles, 400, "Adjunta un solo archivo por comprobante.");
    const truncated = await t.app.inject({
      method: "POST",
      url: "/api/proofs",
      payload: Buffer.concat([...fields, filePart("a").subarray(0, 120)]),
      headers: { cookie: user.cookie, "content-type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(storedProofFiles()).toEqual(before);
  });

  it("aplica las reglas de la rifa: mínimo 2 boletos, total exacto, rifa existente y abierta", async () => {
    const raffle = await insertRaffle({ price: 3.33 });
    await expectError(
      await upload(user.cookie, { ...fieldsFor(raffle, 1) }),
      400,
      PROOF_MESSAGES.minPurchase,
      "MIN_PURCHASE",
    );
    await expectError(
      await upload(user.cookie, { ...fieldsFor(raffle, 3), amount: "9.98" }),
      400,
      PROOF_MESSAGES.amountMismatch(9.99, "USD"),
      "AMOUNT_MISMATCH",
    );
    expect((await upload(user.cookie, { ...fieldsFor(raffle, 3), amount: "9.99" })).statusCode).toBe(201);

    const unknown = "7d4a3a5e-8f7b-4a8e-9a43-2a1b0c9d8e7f";
    await expectError(
      await upload(user.cookie, { ...fieldsFor(raffle), raffleId: unknown }),
      404,
      RAFFLE_MESSAGES.notFound,
      "RAFFLE_NOT_FOUND",
    );
    await expectError(
      await upload(user.cookie, { ...fieldsFor(raffle), raffleId: "no-es-un-uuid" }),
      404,
      RAFFLE_MESSAGES.notFound,
    );

    const hour = 3600 * 1000;
    const closed = await Promise.all([
      insertRaffle({ status: "upcoming" }),
      insertRaffle({ status: "finished" }),
      insertRaffle({ status: "closed" }),
      insertRaffle({ status: "frozen" }),
      insertRaffle({ endDate: new Date(Date.now() - hour) }),
      insertRaffle({
        activationType: "percentage",
        activationPercentage: 50,
        soldTickets: 60,
        percentageDrawActivatedAt: new Date(Date.now() - 25 * hour),
      }),
      insertRaffle({ winningTicketNumber: 7 }),
    ]);
    const drawn = await insertRaffle();
    await t.app.ctx.db
      .insert(winners)
      .values({ raffleId: drawn.id, ticketNumber: 3, winnerName: "Ganador", prizeDescription: "Moto" });
    for (const row of [...closed, drawn]) {
      await expectError(
        await upload(user.cookie, fieldsFor(row)),
        409,
        PROOF_MESSAGES.salesClosed,
        "SALES_CLOSED",
      );
    }
    // Inside the 24 h last-sales window the raffle still sells.
    const lastDay = await insertRaffle({
      activationType: "percentage",
      activationPercentage: 50,
      soldTickets: 60,
      endDate: null,
      percentageDrawActivatedAt: new Date(Date.now() - 23 * hour),
    });
    expect((await upload(user.cookie, fieldsFor(lastDay))).statusCode).toBe(201);
  });

  it("rechaza por contenido un texto llamado .png, y los archivos de más de 5 MB", async () => {
    const raffle = await insertRaffle();
    const before = storedProofFiles();
    const fake = await upload(user.cookie, fieldsFor(raffle), {
      name: "comprobante.png",
      type: "image/png",
      data: Buffer.from("<html><script>alert(1)</script></html>"),
    });
    await expectError(fake, 400, PROOF_MESSAGES.fileType, "UNSUPPORTED_FILE_TYPE");
    const gif = await sharp({ create: { width: 2, height: 2, channels: 3, background: "#fff" } })
      .gif()
      .toBuffer();
    await expectError(
      await upload(user.cookie, fieldsFor(raffle), { name: "a.gif", type: "image/gif", data: gif }),
      400,
      PROOF_MESSAGES.fileType,
    );

    // A real PNG padded after its end: exactly 5 MB is accepted, one byte more is refused.
    const exact = Buffer.concat([png, Buffer.alloc(MAX_PROOF_BYTES - png.length)]);
    const atLimit = await upload(user.cookie, fieldsFor(raffle), {
      name: "grande.png",
      type: "image/png",
      data: exact,
    });
    expect(atLimit.statusCode, atLimit.body).toBe(201);
    expect(atLimit.json().file.size).toBe(MAX_PROOF_BYTES);
    const over = Buffer.concat([exact, Buffer.alloc(1)]);
    await expectError(
      await upload(user.cookie, fieldsFor(raffle), { name: "grande.png", type: "image/png", data: over }),
      413,
      PROOF_MESSAGES.fileTooLarge,
      "PAYLOAD_TOO_LARGE",
    );
    expect(storedProofFiles().length).toBe(before.length + 1);
  });

  it("retiene boletos: no acepta más de total − vendidos − en revisión", async () => {
    // The per-buyer cap (its own tests in test/security/purchase-caps.test.ts) is the whole raffle here.
    const raffle = await insertRaffle({ totalTickets: 20, soldTickets: 10, maxTicketsPerBuyer: 20 });
    // A rejected proof holds nothing; a pending one holds its tickets.
    await t.app.ctx.db.insert(paymentProofs).values([
      {
        userId: other.id,
        raffleId: raffle.id,
        amount: 15,
        ...zelleReference(),
        proofImagePath: "proofs/x/a.png",
        proofContentType: "image/png",
        proofSize: 1,
        quantityOfTickets: 3,
        status: "pending",
      },
      {
        userId: other.id,
        raffleId: raffle.id,
        amount: 25,
        ...zelleReference(),
        proofImagePath: "proofs/x/b.png",
        proofContentType: "image/png",
        proofSize: 1,
        quantityOfTickets: 5,
        status: "rejected",
      },
    ]);
    const before = storedProofFiles();
    await expectError(
      await upload(user.cookie, fieldsFor(raffle, 8)),
      409,
      PROOF_MESSAGES.remaining(7),
      "INSUFFICIENT_TICKETS",
    );
    expect(storedProofFiles()).toEqual(before);
    expect((await upload(user.cookie, fieldsFor(raffle, 7))).statusCode).toBe(201);
    await expectError(await upload(user.cookie, fieldsFor(raffle, 2)), 409, PROOF_MESSAGES.remaining(0));
  });

  it("subidas simultáneas por los últimos boletos nunca retienen más de los que hay", async () => {
    const raffle = await insertRaffle({ totalTickets: 50, soldTickets: 45 });
    const buyers = await Promise.all(Array.from({ length: 10 }, () => signedInUser(t.app)));
    const before = storedProofFiles();
    const responses = await Promise.all(buyers.map((buyer) => upload(buyer.cookie, fieldsFor(raffle, 2))));
    const accepted = responses.filter((r) => r.statusCode === 201);
    const refused = responses.filter((r) => r.statusCode !== 201);
    expect(accepted.length).toBe(2);
    for (const response of refused) {
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json().error.message).toBe(PROOF_MESSAGES.remaining(1));
    }
    const held = await t.app.ctx.db.select().from(paymentProofs).where(eq(paymentProofs.raffleId, raffle.id));
    expect(held.reduce((sum, row) => sum + row.quantityOfTickets, 0)).toBe(4);
    // The refused uploads' files were deleted again.
    expect(storedProofFiles().length).toBe(before.length + 2);
  });

  it("un reintento con la misma clave devuelve el mismo comprobante y guarda un solo archivo", async () => {
    const raffle = await insertRaffle();
    const before = storedProofFiles();
    const fields = { ...fieldsFor(raffle), idempotencyKey: `key-${randomBytes(6).toString("hex")}` };
    const first = await upload(user.cookie, fields);
    expect(first.statusCode, first.body).toBe(201);
    const second = await upload(user.cookie, fields);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    expect(storedProofFiles().length).toBe(before.length + 1);

    // The header works too, and several simultaneous retries still make one proof.
    const key = `hdr-${randomBytes(6).toString("hex")}`;
    const same = fieldsFor(raffle);
    const parallel = await Promise.all(
      Array.from({ length: 5 }, () => upload(user.cookie, same, pngFile(), { "idempotency-key": key })),
    );
    expect(parallel.filter((r) => r.statusCode === 201).length).toBe(1);
    expect(parallel.every((r) => r.statusCode === 201 || r.statusCode === 200)).toBe(true);
    expect(new Set(parallel.map((r) => r.json().id)).size).toBe(1);
    const rows = await t.app.ctx.db.select().from(paymentProofs).where(eq(paymentProofs.idempotencyKey, key));
    expect(rows.length).toBe(1);
    expect(storedProofFiles().length).toBe(before.length + 2);

    // A general payment has no raffle row to lock: the unique index alone keeps one proof per key.
    const generalKey = `gen-${randomBytes(6).toString("hex")}`;
    const general = {
      raffleId: "general",
      paymentMethod: "zelle",
      transactionRef: ref(),
      amount: "20",
      quantity: 1,
    };
    const generalRuns = await Promise.all(
      Array.from({ length: 5 }, () => upload(user.cookie, { ...general, idempotencyKey: generalKey })),
    );
    expect(generalRuns.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(generalRuns.map((r) => r.json().id)).size).toBe(1);
    expect(storedProofFiles().length).toBe(before.length + 3);

    // The same key from another user is another proof.
    const theirs = await upload(other.cookie, {
      ...fieldsFor(raffle),
      idempotencyKey: fields.idempotencyKey,
    });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().id).not.toBe(first.json().id);
  });

  it("rechaza una referencia ya registrada con el mismo método (sin importar mayúsculas ni espacios)", async () => {
    const raffle = await insertRaffle();
    const reference = `Ban ${randomBytes(4).toString("hex")}`;
    const first = await upload(user.cookie, { ...fieldsFor(raffle), transactionRef: reference });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().transactionRef).toBe(reference.replace(/\s/g, ""));
    const before = storedProofFiles();
    for (const variant of [reference, `  ${reference.toUpperCase()} `, reference.replace(" ", "")]) {
      await expectError(
        await upload(other.cookie, { ...fieldsFor(raffle), transactionRef: variant }),
        409,
        PROOF_MESSAGES.duplicateReference,
        "DUPLICATE_REFERENCE",
      );
    }
    expect(storedProofFiles()).toEqual(before);
    // Another method may carry the same reference; a rejected proof frees its reference.
    const zelle = await upload(user.cookie, {
      ...fieldsFor(raffle),
      paymentMethod: "zelle",
      transactionRef: reference,
    });
    expect(zelle.statusCode).toBe(201);
    await t.app.ctx.db
      .update(paymentProofs)
      .set({ status: "rejected" })
      .where(eq(paymentProofs.id, first.json().id));
    expect((await upload(other.cookie, { ...fieldsFor(raffle), transactionRef: reference })).statusCode).toBe(
      201,
    );

    // Two simultaneous uploads of one reference: one wins, the other is refused, one file stays.
    const racing = `RACE-${randomBytes(4).toString("hex")}`;
    const filesBefore = storedProofFiles();
    const race = await Promise.all([
      upload(user.cookie, { ...fieldsFor(raffle), transactionRef: racing }),
      upload(other.cookie, { ...fieldsFor(raffle), transactionRef: racing }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(storedProofFiles().length).toBe(filesBefore.length + 1);
  });

  it("limita los envíos por usuario (429 con mensaje propio), sin guardar archivos", async () => {
    const sender = await signedInUser(t.app);
    const before = storedProofFiles();
    for (let i = 0; i < PROOF_UPLOAD_RULE.max; i++) {
      expect((await upload(sender.cookie, { raffleId: "general" }, null)).statusCode).toBe(400);
    }
    const raffle = await insertRaffle();
    await expectError(
      await upload(sender.cookie, fieldsFor(raffle)),
      429,
      PROOF_MESSAGES.rateLimited,
      "RATE_LIMITED",
    );
    expect(storedProofFiles()).toEqual(before);
    // Another user is not affected.
    expect((await upload(other.cookie, fieldsFor(raffle))).statusCode).toBe(201);
  });

  it("si el registro no se puede guardar, borra el archivo ya guardado", async () => {
    const raffle = await insertRaffle();
    const database = t.testDb.database;
    await database.query(
      "CREATE FUNCTION test_refuse_proof() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'disco lleno'; END; $$ LANGUAGE plpgsql",
    );
    await database.query(
      "CREATE TRIGGER test_refuse_proof BEFORE INSERT ON payment_proofs FOR EACH ROW EXECUTE FUNCTION test_refuse_proof()",
    );
    const before = storedProofFiles();
    try {
      const response = await upload(user.cookie, fieldsFor(raffle));
      await expectError(response, 500, PROOF_MESSAGES.saveFailed, "PROOF_SAVE_FAILED");
    } finally {
      await database.query("DROP TRIGGER test_refuse_proof ON payment_proofs");
      await database.query("DROP FUNCTION test_refuse_proof()");
    }
    expect(storedProofFiles()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

describe("lectura de comprobantes", () => {
  let reader: SignedIn;
  let stranger: SignedIn;
  const ids: string[] = [];
  let approvedId = "";
  let rejectedId = "";

  beforeAll(async () => {
    [reader, stranger] = await Promise.all([signedInUser(t.app), signedInUser(t.app)]);
    const moto = await insertRaffle({ title: "Moto Empire Horse", price: 2 });
    const tv = await insertRaffle({ title: "Televisor Samsung", price: 2 });
    for (let i = 0; i < 7; i++) {
      const raffle = i % 2 === 0 ? moto : tv;
      const response = await upload(reader.cookie, {
        ...fieldsFor(raffle),
        transactionRef: `LECT-${i}-${ref()}`,
      });
      expect(response.statusCode, response.body).toBe(201);
      ids.push(response.json().id);
      // Distinct creation times, so "newest first" is well defined. Parked as rejected meanwhile: an
      // account may have only 3 proofs under review, and this list needs 7 (put back below).
      await t.app.ctx.db
        .update(paymentProofs)
        .set({ createdAt: new Date(Date.UTC(2026, 0, 1 + i)), status: "rejected" })
        .where(eq(paymentProofs.id, response.json().id));
    }
    await t.app.ctx.db.update(paymentProofs).set({ status: "pending" }).where(inArray(paymentProofs.id, ids));
    approvedId = ids[0] ?? "";
    rejectedId = ids[1] ?? "";
    await t.app.ctx.db
      .update(paymentProofs)
      .set({ status: "approved", adminNotes: "Todo en orden", reviewedAt: new Date() })
      .where(eq(paymentProofs.id, approvedId));
    await t.app.ctx.db
      .update(paymentProofs)
      .set({
        status: "rejected",
        adminNotes: "La referencia no aparece en el banco.",
        reviewedAt: new Date(),
      })
      .where(eq(paymentProofs.id, rejectedId));
    await t.app.ctx.db.insert(tickets).values(
      [7, 42].map((ticketNumber) => ({
        raffleId: moto.id,
        ticketNumber,
        status: "sold",
        userId: reader.id,
        paymentId: approvedId,
        soldAt: new Date(),
      })),
    );
  });

  it("GET /api/proofs/mine pagina de 5 en 5, del más nuevo al más antiguo, solo los propios", async () => {
    const first = await get("/api/proofs/mine", reader.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.headers["cache-control"]).toBe("no-store");
    const page1 = first.json() as MyProofs;
    expect(page1).toMatchObject({ total: 7, page: 1, pageSize: 5, pageCount: 2 });
    expect(page1.items.map((p) => p.id)).toEqual([...ids].reverse().slice(0, 5));
    const page2 = (await get("/api/proofs/mine?page=2", reader.cookie)).json() as MyProofs;
    expect(page2.items.map((p) => p.id)).toEqual([ids[1], ids[0]]);

    const approved = page2.items.find((p) => p.id === approvedId);
    expect(approved).toMatchObject({
      status: "approved",
      statusLabel: "Aprobado",
      ticketNumbers: ["07", "42"],
      adminNotes: null,
    });
    const rejected = page2.items.find((p) => p.id === rejectedId);
    expect(rejected).toMatchObject({
      statusLabel: "Rechazado",
      adminNotes: "La referencia no aparece en el banco.",
      ticketNumbers: [],
    });

    const empty = (await get("/api/proofs/mine?page=3", reader.cookie)).json() as MyProofs;
    expect(empty.items).toEqual([]);
    expect((await get("/api/proofs/mine?page=0", reader.cookie)).statusCode).toBe(400);

    const strangers = (await get("/api/proofs/mine", stranger.cookie)).json() as MyProofs;
    expect(strangers).toMatchObject({ items: [], total: 0, pageCount: 0 });
    const admins = (await get("/api/proofs/mine", admin.cookie)).json() as MyProofs;
    expect(admins.total).toBe(0);
    expect((await get("/api/proofs/mine")).statusCode).toBe(401);
  });

  it("busca por título de la rifa (sin acentos ni mayúsculas) y por referencia", async () => {
    const byTitle = (
      await get(`/api/proofs/mine?q=${encodeURIComponent("TELEVISÓR")}`, reader.cookie)
    ).json();
    expect(byTitle.total).toBe(3);
    expect(byTitle.items.every((p: PaymentProof) => p.raffleTitle === "Televisor Samsung")).toBe(true);
    const byRef = (await get("/api/proofs/mine?q=lect-4", reader.cookie)).json();
    expect(byRef.items.map((p: PaymentProof) => p.id)).toEqual([ids[4]]);
  });

  it("GET /api/proofs/:id: dueño y administrador; para cualquier otro no existe", async () => {
    const own = await get(`/api/proofs/${approvedId}`, reader.cookie);
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ id: approvedId, ticketNumbers: ["07", "42"], adminNotes: null });
    const asAdmin = await get(`/api/proofs/${approvedId}`, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().adminNotes).toBe("Todo en orden");

    const foreign = await get(`/api/proofs/${approvedId}`, stranger.cookie);
    const missing = await get("/api/proofs/7d4a3a5e-8f7b-4a8e-9a43-2a1b0c9d8e7f", stranger.cookie);
    const malformed = await get("/api/proofs/abc", stranger.cookie);
    for (const response of [foreign, missing, malformed]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ error: { code: "NOT_FOUND", message: PROOF_MESSAGES.notFound } });
    }
    const anonymous = await get(`/api/proofs/${approvedId}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.message).toBe(ERROR_MESSAGES.UNAUTHENTICATED);
  });

  it("GET /api/proofs/:id/file entrega el archivo en línea solo al dueño y al administrador", async () => {
    for (const cookie of [reader.cookie, admin.cookie]) {
      const response = await get(`/api/proofs/${ids[2]}/file`, cookie);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(png)).toBe(true);
      expect(response.headers["content-type"]).toBe("image/png");
      expect(response.headers["content-disposition"]).toMatch(/^inline; filename="comprobante\.png"/);
      expect(response.headers["cache-control"]).toBe("private, no-store");
      expect(response.headers["x-content-type-options"]).toBe("nosniff");
    }
    const guessed = await get(`/api/proofs/${ids[2]}/file`, stranger.cookie);
    expect(guessed.statusCode).toBe(404);
    expect(guessed.json().error.message).toBe(PROOF_MESSAGES.notFound);
    expect((await get(`/api/proofs/${ids[2]}/file`)).statusCode).toBe(401);
    // The storage key is never a public URL: the files folder is not served.
    const row = await proofRow(ids[2] ?? "");
    const direct = await get(`/${row?.proofImagePath}`);
    expect(direct.headers["content-type"] ?? "").not.toMatch(/image\/png/);
  });
});
