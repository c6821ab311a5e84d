// Decompression bombs: every archive, image and PDF the server opens is bounded by what it actually
// inflates or decodes, never by what the file declares. Bank statements (XLSX is a ZIP) are inflated with
// each byte counted (reconciliation/parse/zip.ts: total, per entry, entries, ratio, no overlapping entries)
// and read in a worker thread with a heap and a time limit (parse/statement-reader.ts), so the requests of
// everyone else stay fast meanwhile; images are refused by the pixels their header declares before any
// decoding, for every upload kind; PDFs are stored as they are, never parsed.
import { randomBytes } from "node:crypto";
import { gzipSync } from "node:zlib";
import { ADMIN_MESSAGES, PROOF_MESSAGES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { refunds } from "../../src/db/schema";
import { readStatementFile, StatementFileError } from "../../src/modules/reconciliation/parse";
import {
  READ_MEMORY_MESSAGE,
  READ_TIMEOUT_MESSAGE,
  STATEMENT_READER_LIMITS,
  StatementReader,
} from "../../src/modules/reconciliation/parse/statement-reader";
import { INFLATED_TOO_LARGE_MESSAGE } from "../../src/modules/reconciliation/parse/xlsx";
import { raffleBody } from "../admin-fixtures";
import {
  deflatedPart,
  jpegDeclaring,
  overlappingZip,
  pdfWithBombStream,
  pngDeclaring,
  storedPart,
  workbookParts,
  workbookWithSpaces,
  zipArchive,
} from "../archive-bombs";
import { insertProof } from "../fixtures";
import { signedInUser, type TestApp } from "../helpers";
import { randomMovements, statementXlsx } from "../statement-fixtures";
import { useTestApp } from "./lifecycle";
import { expectSpanishError, type FilePart, multipartBody, tableCounts } from "./support";
import {
  expectTooManyPixels,
  postGalleryImage,
  postGeneralProof,
  storedFiles as storedFilesOf,
} from "./uploads";

const MB = 1024 * 1024;

/** The refusal readStatementFile gives for `file`, how long it took and how much the process grew. */
async function refusalOf(file: Buffer) {
  const heapBefore = process.memoryUsage().heapUsed;
  const rssBefore = process.memoryUsage.rss();
  const started = performance.now();
  const error = await readStatementFile(file, "bomba.xlsx").then(
    () => null,
    (e: unknown) => e,
  );
  const ms = performance.now() - started;
  const heapGrowth = process.memoryUsage().heapUsed - heapBefore;
  const rssGrowth = process.memoryUsage.rss() - rssBefore;
  expect(error, "the bomb was read as a statement").toBeInstanceOf(StatementFileError);
  return { error: error as StatementFileError, ms, heapGrowth, rssGrowth };
}

describe("statement XLSX: sizes are counted while inflating", () => {
  it("an entry declaring 1,000 bytes that inflates to 300 MiB is refused in a few seconds, the heap flat", async () => {
    const { file } = await workbookWithSpaces(300, 1000);
    expect(file.length).toBeLessThan(400 * 1024);
    const { error, ms, heapGrowth, rssGrowth } = await refusalOf(file);
    expect(error.code).toBe("STATEMENT_TOO_LARGE");
    expect(error.message).toBe(INFLATED_TOO_LARGE_MESSAGE);
    expect(error.message).toMatch(/demasiado grande al descomprimirlo/);
    // Before the fix: inflated whole (8.9 s here, heap +317 MB, RSS +365 MB kept) and then refused as
    // unreadable. Now: ~2 MB inflated, then the ratio stops it.
    expect(ms).toBeLessThan(3_000);
    expect(heapGrowth).toBeLessThan(32 * MB);
    expect(rssGrowth).toBeLessThan(96 * MB);
  });

  it("10,000 entries: refused from the central directory, before inflating anything", async () => {
    const parts = [...(await workbookParts())].map(([name, data]) => deflatedPart(name, data));
    for (let i = 0; i < 10_000; i++) parts.push(storedPart(`xl/media/p${i}.bin`, Buffer.from("x")));
    const { error, ms } = await refusalOf(zipArchive(parts));
    // Before: read as a statement after 145 s of a blocked event loop.
    expect(error.code).toBe("STATEMENT_TOO_LARGE");
    expect(error.message).toMatch(/demasiadas partes internas/);
    expect(ms).toBeLessThan(1_000);
  });

  it("overlapping entries (18 × 5 MiB from a 13 kB file) are refused without inflating them", async () => {
    const parts = [...(await workbookParts())].map(([name, data]) => deflatedPart(name, data));
    const names = Array.from({ length: 18 }, (_, i) => `xl/media/image${i}.bin`);
    const file = overlappingZip(parts, names, [{ byte: 0x41, mib: 5 }], 5);
    expect(file.length).toBeLessThan(32 * 1024);
    const { error, ms, rssGrowth } = await refusalOf(file);
    // Before: all 90 MiB inflated and the workbook read as a statement.
    expect(error.code).toBe("STATEMENT_TOO_LARGE");
    expect(error.message).toBe(INFLATED_TOO_LARGE_MESSAGE);
    expect(ms).toBeLessThan(1_000);
    expect(rssGrowth).toBeLessThan(64 * MB);
  });

  it("an entry that declares its 30 MiB honestly but inflates 1,000 to 1 is refused by its ratio", async () => {
    // Under the size limits (and the old declared 100 MB): only the ratio tells it from a real sheet.
    const { file, inflated } = await workbookWithSpaces(30, "true");
    expect(inflated).toBeGreaterThan(file.length * 500);
    const { error, ms } = await refusalOf(file);
    // Before: inflated and parsed, then "El archivo está vacío" (3.6 s with the event loop blocked 2 s).
    expect(error.code).toBe("STATEMENT_TOO_LARGE");
    expect(error.message).toBe(INFLATED_TOO_LARGE_MESSAGE);
    expect(ms).toBeLessThan(3_000);
  });

  it("a real export (5,000 movements, about 6 to 1) still reads", async () => {
    const grid = await readStatementFile(
      await statementXlsx("mercantil", randomMovements(5_000, 8)),
      "m.xlsx",
    );
    expect(grid.kind).toBe("xlsx");
    expect(grid.rows.length).toBeGreaterThan(5_000);
  });
});

describe("statement reader: a worker thread with a heap and a time limit", () => {
  const small = Buffer.from("Fecha;Referencia;Monto\n01/02/2024;123456;10,00\n");

  it("a file that needs more heap than the worker has is refused; the next file gets a fresh worker", async () => {
    const reader = new StatementReader({ ...STATEMENT_READER_LIMITS, maxHeapMb: 64 });
    try {
      // The worker runs within its 64 MB: a small file reads.
      expect((await reader.read(small, "m.csv")).rows).toHaveLength(2);
      // 9.6 MB of one-digit cells: 24,000 rows of 200, almost five million strings to split.
      const cells = Buffer.from(`${"1;".repeat(199)}1\n`.repeat(24_000));
      const heapBefore = process.memoryUsage().heapUsed;
      const error = await reader.read(cells, "celdas.csv").catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StatementFileError);
      expect((error as StatementFileError).code).toBe("STATEMENT_TOO_LARGE");
      expect((error as StatementFileError).message).toBe(READ_MEMORY_MESSAGE);
      // The main thread's heap never held the cells.
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(48 * MB);
      expect((await reader.read(small, "m.csv")).rows).toHaveLength(2);
    } finally {
      await reader.close();
    }
  });

  it("a file that takes longer than the time limit is refused; the next file reads", async () => {
    const reader = new StatementReader({ ...STATEMENT_READER_LIMITS, timeoutMs: 250 });
    try {
      expect((await reader.read(small, "m.csv")).rows).toHaveLength(2);
      const big = await statementXlsx("mercantil", randomMovements(5_000, 9));
      const started = performance.now();
      const error = await reader.read(big, "grande.xlsx").catch((e: unknown) => e);
      expect(performance.now() - started).toBeLessThan(2_000);
      expect(error).toBeInstanceOf(StatementFileError);
      expect((error as StatementFileError).message).toBe(READ_TIMEOUT_MESSAGE);
      expect((await reader.read(small, "m.csv")).rows).toHaveLength(2);
    } finally {
      await reader.close();
    }
  });
});

describe("uploads through the API", () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signedInUser>>;

  useTestApp(async (app) => {
    t = app;
    admin = await signedInUser(t.app, { role: "admin" });
  });

  const storedFiles = () => storedFilesOf(t.dataDir);

  function uploadStatement(data: Buffer, name = "movimientos.xlsx") {
    const body = multipartBody({}, { name, type: "application/octet-stream", data });
    return t.app.inject({
      method: "POST",
      url: "/api/admin/statements",
      payload: body.payload,
      headers: { ...body.headers, cookie: admin.cookie },
    });
  }

  const uploadProof = (file: FilePart, cookie: string) =>
    postGeneralProof(t.app, cookie, file, `BOMB${randomBytes(4).toString("hex")}`);

  it("a statement bomb answers 413 in Spanish, nothing is stored, and /api/health stays fast meanwhile", async () => {
    // The reader's worker started once (as after any earlier statement): the bomb's cost is what is measured.
    const warm = await uploadStatement(
      Buffer.from("Fecha;Referencia;Monto\n01/02/2024;123456;10,00\n"),
      "m.csv",
    );
    expect(warm.statusCode, warm.body).toBe(201);
    const before = await tableCounts(t.app);
    const files = storedFiles();

    const { file } = await workbookWithSpaces(300, 1000);
    const started = performance.now();
    let answered = false;
    const upload = uploadStatement(file).finally(() => {
      answered = true;
    });
    // A public request every 20 ms, each timed from when it was due: a blocked event loop delays both the
    // timer that sends it and its answer.
    const latencies: number[] = [];
    do {
      const due = performance.now() + 20;
      await new Promise((resolve) => setTimeout(resolve, 20));
      const health = await t.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      latencies.push(performance.now() - due);
    } while (!answered);
    const response = await upload;
    const ms = performance.now() - started;

    expect(response.statusCode, response.body).toBe(413);
    expect(response.json().error).toMatchObject({
      code: "STATEMENT_TOO_LARGE",
      message: INFLATED_TOO_LARGE_MESSAGE,
    });
    expectSpanishError(response, "extracto bomba");
    // Before: the upload took ~9 s, in which the event loop stopped for over a second at a time.
    expect(ms).toBeLessThan(5_000);
    expect(latencies.length).toBeGreaterThan(0);
    expect(Math.max(...latencies)).toBeLessThan(750);
    expect(await tableCounts(t.app)).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it.each([
    ["PNG", () => pngDeclaring(50_000, 50_000), "image/png"],
    ["JPEG", () => jpegDeclaring(60_000, 60_000), "image/jpeg"],
  ] as const)(
    "a payment proof %s declaring a gigapixel canvas is refused with 422 before decoding",
    async (_, make, type) => {
      const data = await make();
      expect(data.length).toBeLessThan(4096);
      const { cookie } = await signedInUser(t.app);
      const before = await tableCounts(t.app);
      const files = storedFiles();
      const response = await uploadProof({ name: "captura", type, data }, cookie);
      expectTooManyPixels(response, PROOF_MESSAGES.imageTooManyPixels);
      expect(await tableCounts(t.app)).toEqual(before);
      expect(storedFiles()).toEqual(files);
    },
  );

  it("a gallery image declaring a gigapixel canvas is refused with 422 before decoding", async () => {
    const files = storedFiles();
    const response = await postGalleryImage(
      t.app,
      { name: "premio.png", type: "image/png", data: pngDeclaring(50_000, 50_000) },
      admin.cookie,
    );
    expectTooManyPixels(response, ADMIN_MESSAGES.imageTooManyPixels);
    expect(storedFiles()).toEqual(files);
  });

  it("a refund proof declaring a gigapixel canvas is refused with 422; the refund stays pending", async () => {
    const buyer = await signedInUser(t.app);
    const raffleResponse = await t.app.inject({
      method: "POST",
      url: "/api/admin/raffles",
      headers: { cookie: admin.cookie },
      payload: raffleBody({ title: "Rifa cancelada", totalTickets: 20 }),
    });
    expect(raffleResponse.statusCode, raffleResponse.body).toBe(201);
    const raffleId = raffleResponse.json().id as string;
    const proof = await insertProof(t.app.ctx.db, { userId: buyer.id, raffleId, amount: 5, currency: "USD" });
    const [refund] = await t.app.ctx.db
      .insert(refunds)
      .values({
        proofId: proof.id,
        raffleId,
        userId: buyer.id,
        amount: 5,
        currency: "USD",
        paymentMethod: "zelle",
        payTo: { name: "Comprador", email: buyer.email, phone: null },
      })
      .returning();
    if (!refund) throw new Error("no refund");
    const files = storedFiles();
    for (const data of [pngDeclaring(50_000, 50_000), await jpegDeclaring(60_000, 60_000)]) {
      const body = multipartBody(
        { reference: "REEMBOLSO123" },
        { name: "reembolso", type: "image/png", data },
      );
      const response = await t.app.inject({
        method: "POST",
        url: `/api/admin/refunds/${refund.id}/paid`,
        payload: body.payload,
        headers: { ...body.headers, cookie: admin.cookie },
      });
      // Before: stored and served to the buyer, whose browser would try to decode 2.5 gigapixels.
      expectTooManyPixels(response, ADMIN_MESSAGES.imageTooManyPixels);
    }
    const [row] = await t.app.ctx.db.select().from(refunds).where(eq(refunds.id, refund.id));
    expect(row?.status).toBe("pending");
    expect(storedFiles()).toEqual(files);
  });

  it("a PDF proof with a 300 MiB FlateDecode stream is stored as it is: the server never inflates PDFs", async () => {
    const pdf = pdfWithBombStream(300);
    expect(pdf.length).toBeLessThan(400 * 1024);
    const { cookie } = await signedInUser(t.app);
    const rssBefore = process.memoryUsage.rss();
    const started = performance.now();
    const response = await uploadProof(
      { name: "comprobante.pdf", type: "application/pdf", data: pdf },
      cookie,
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(96 * MB);
  });

  it("a gzip request body inflating past the 1 MB body limit is refused with 413 as it inflates", async () => {
    const body = gzipSync(Buffer.from(`{"email":"${" ".repeat(64 * MB)}"}`));
    expect(body.length).toBeLessThan(128 * 1024);
    const started = performance.now();
    const response = await t.app.inject({
      method: "POST",
      url: "/api/contact",
      payload: body,
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    expect(response.statusCode, response.body).toBe(413);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
