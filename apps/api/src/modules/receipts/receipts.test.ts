// Receipts of approved purchases: the token set at approval (and by the migration's backfill), the JSON
// anyone with the link reads, the PNG (its QR code decoded back to the verifier link) and the PDF (its
// text read back from the content stream), and the approval email that links it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Receipt } from "@rifazo/shared";
import { isReceiptToken } from "@rifazo/shared/domain/receipt";
import { and, eq, notInArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import jsQR from "jsqr";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { call, createRaffle, useAdminTest } from "../../../test/admin-fixtures";
import { closedRaffleWithSales, freezeAt } from "../../../test/draw-fixtures";
import { insertProof } from "../../../test/fixtures";
import { createTestApp, nextIp, signedInUser } from "../../../test/helpers";
import { pdfText } from "../../../test/pdf-text";
import { fakeWebDist } from "../../../test/security/support";
import { mailOutbox, paymentProofs, tickets } from "../../db/schema";
import { RECEIPT_IMAGE_MAX_HEIGHT, RECEIPT_IMAGE_WIDTH, receiptImageLayout } from "./render";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
const PUBLIC_URL = "http://localhost:3000";
const here = path.dirname(fileURLToPath(import.meta.url));

const visitor = (url: string) => ctx.t.app.inject({ method: "GET", url, remoteAddress: nextIp() });

/**
 * A buyer's 2-ticket purchase paid in bolívares, approved by the administrator through the API. With
 * `onlyNumbers`, only those are left in the pool, so the random approval gives exactly those.
 */
let purchases = 0;
async function approvedPurchase(
  options: { buyerName?: string; totalTickets?: number; title?: string; onlyNumbers?: number[] } = {},
) {
  purchases += 1;
  const reference = `0102-998877${String(purchases).padStart(4, "0")}`;
  const buyer = await signedInUser(ctx.t.app, { fullName: options.buyerName ?? "Ana María Pérez" });
  const raffle = await createRaffle(ctx, {
    totalTickets: options.totalTickets ?? 100,
    title: options.title ?? "Moto Bera: edición ñandú",
  });
  if (options.onlyNumbers) {
    await db()
      .delete(tickets)
      .where(and(eq(tickets.raffleId, raffle.id), notInArray(tickets.ticketNumber, options.onlyNumbers)));
  }
  const proof = await insertProof(db(), {
    userId: buyer.id,
    raffleId: raffle.id,
    amount: 365,
    currency: "VES",
    exchangeRate: 36.5,
    transactionRef: reference,
    quantityOfTickets: 2,
  });
  const approved = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);
  expect(approved.statusCode, approved.body).toBe(200);
  const mine = await call(ctx.t, "GET", `/api/proofs/${proof.id}`, buyer.cookie);
  expect(mine.statusCode).toBe(200);
  const payload = mine.json() as {
    receiptToken: string | null;
    receiptSecret: string;
    ticketNumbers: string[];
  };
  const numbers = approved.json().tickets as string[];
  return { buyer, raffle, proofId: proof.id, payload, numbers, reference };
}

describe("token del recibo", () => {
  it("se crea al aprobar; solo el dueño lo ve; administrador, pendiente, rechazado, general y ajeno no", async () => {
    const { buyer, raffle, proofId, payload, numbers } = await approvedPurchase();
    expect(isReceiptToken(payload.receiptToken)).toBe(true);
    expect(payload.ticketNumbers).toEqual(numbers);
    const asAdmin = await call(ctx.t, "GET", `/api/proofs/${proofId}`, ctx.admin.cookie);
    // The receipt shows the receipt code, which administrators never see (decision 0012).
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().receiptToken).toBeNull();
    expect(asAdmin.body).not.toContain(payload.receiptToken as string);

    const other = await signedInUser(ctx.t.app, { fullName: "Otro Comprador" });
    const foreign = await call(ctx.t, "GET", `/api/proofs/${proofId}`, other.cookie);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(payload.receiptToken as string);

    const pending = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    const rejected = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    const reject = await call(ctx.t, "POST", `/api/admin/proofs/${rejected.id}/reject`, ctx.admin.cookie, {
      adminNotes: "Referencia ilegible",
    });
    expect(reject.statusCode, reject.body).toBe(200);
    const general = await insertProof(db(), { userId: buyer.id, raffleId: null, amount: 5 });
    expect(
      (await call(ctx.t, "POST", `/api/admin/proofs/${general.id}/approve`, ctx.admin.cookie)).statusCode,
    ).toBe(200);
    const list = await call(ctx.t, "GET", "/api/proofs/mine", buyer.cookie);
    const byId = new Map(
      (list.json().items as Array<{ id: string; receiptToken: string | null }>).map((p) => [p.id, p]),
    );
    expect(byId.get(pending.id)?.receiptToken).toBeNull();
    expect(byId.get(rejected.id)?.receiptToken).toBeNull();
    expect(byId.get(general.id)?.receiptToken).toBeNull();
    expect(byId.get(proofId)?.receiptToken).toBe(payload.receiptToken);
    const rows = await db()
      .select({ id: paymentProofs.id, token: paymentProofs.receiptToken })
      .from(paymentProofs)
      .where(eq(paymentProofs.userId, buyer.id));
    expect(rows.filter((row) => row.token !== null).map((row) => row.id)).toEqual([proofId]);
  });

  it("la migración da enlace a las compras aprobadas antes de los recibos", async () => {
    const buyer = await signedInUser(ctx.t.app);
    const raffle = await createRaffle(ctx, { totalTickets: 10 });
    const old = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, status: "approved" });
    const pending = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id });
    const file = readdirSync(path.resolve(here, "../../../drizzle")).find((name) =>
      name.endsWith("_receipts.sql"),
    );
    expect(file).toBeDefined();
    const migration = readFileSync(path.resolve(here, "../../../drizzle", file as string), "utf8");
    const backfill = migration.slice(migration.indexOf("UPDATE"));
    await db().execute(sql.raw(backfill));
    const rows = await db()
      .select({ id: paymentProofs.id, token: paymentProofs.receiptToken })
      .from(paymentProofs)
      .where(eq(paymentProofs.userId, buyer.id));
    const tokenOf = new Map(rows.map((row) => [row.id, row.token]));
    expect(isReceiptToken(tokenOf.get(old.id))).toBe(true);
    expect(tokenOf.get(pending.id)).toBeNull();
  });
});

describe("GET /api/receipts/:token", () => {
  it("un visitante con el enlace ve el recibo, privado y sin indexar", async () => {
    const { raffle, payload, numbers, reference } = await approvedPurchase();
    const token = payload.receiptToken as string;
    const response = await visitor(`/api/receipts/${token}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    expect(response.headers["x-robots-tag"]).toContain("noindex");
    const receipt = response.json() as Receipt;
    expect(receipt).toMatchObject({
      token,
      raffle: { id: raffle.id, title: "Moto Bera: edición ñandú" },
      buyerName: "Ana M.",
      numbers,
      quantity: 2,
      payment: {
        amount: 365,
        currency: "VES",
        amountText: "Bs. 365,00",
        exchangeRate: 36.5,
        exchangeRateText: "Tasa: Bs. 36,50 por dólar",
        method: "pago_movil",
        methodLabel: "Pago Móvil",
        referenceLast4: reference.slice(-4),
      },
      receiptCode: payload.receiptSecret,
      verifierUrl: `${PUBLIC_URL}/verificar-boleto?rifa=${raffle.id}&numeros=${numbers.join(",")}&punto=${receipt.checkpoint?.code}`,
      verifierHasNumbers: true,
      receiptUrl: `${PUBLIC_URL}/recibo/${token}`,
      imageUrl: `/api/receipts/${token}/image.png`,
      pdfUrl: `/api/receipts/${token}/receipt.pdf`,
    });
    expect(receipt.draw).toMatchObject({ kind: "end_date", at: "2030-06-01T20:00:00.000Z" });
    expect(receipt.draw.text).toContain("2030");
    expect(response.body).not.toContain(reference.slice(-8));
    expect(response.body).not.toContain("Pérez");
  });

  it("un token desconocido o mal formado es 404, igual que uno que no existe", async () => {
    const unknown = "A".repeat(43);
    const answers = await Promise.all(
      [
        `/api/receipts/${unknown}`,
        "/api/receipts/corto",
        `/api/receipts/${unknown}/image.png`,
        `/api/receipts/${unknown}/receipt.pdf`,
      ].map(visitor),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json().error.code).toBe("NOT_FOUND");
    }
    expect(answers[0]?.body).toBe(answers[1]?.body);
  });

  it("un recibo cuya rifa se congeló nombra la ronda de drand", async () => {
    const buyer = await signedInUser(ctx.t.app, { fullName: "Beto" });
    const raffle = await closedRaffleWithSales(ctx.t.app.ctx, {}, [{ userId: buyer.id, numbers: [4, 8] }]);
    await freezeAt(ctx.t.app.ctx, raffle.id, new Date());
    const token = "B".repeat(43);
    await db()
      .update(paymentProofs)
      .set({ receiptToken: token })
      .where(eq(paymentProofs.id, raffle.proofIds[0] as string));
    const receipt = (await visitor(`/api/receipts/${token}`)).json() as Receipt;
    expect(receipt.numbers).toEqual(["04", "08"]);
    expect(receipt.buyerName).toBe("Beto");
    expect(receipt.draw.kind).toBe("drand_round");
    expect(receipt.draw.round).toBeGreaterThan(0);
    expect(receipt.draw.text).toContain(`ronda ${receipt.draw.round} de drand`);
  });
});

describe("PNG y PDF del recibo", () => {
  it("el PNG mide lo que su contenido pide y su QR abre el verificador de esos números", async () => {
    const { payload } = await approvedPurchase();
    const token = payload.receiptToken as string;
    const receipt = (await visitor(`/api/receipts/${token}`)).json() as Receipt;
    const response = await visitor(`/api/receipts/${token}/image.png`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("image/png");
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const png = response.rawPayload;
    const meta = await sharp(png).metadata();
    const layout = receiptImageLayout(receipt);
    expect(meta).toMatchObject({ format: "png", width: RECEIPT_IMAGE_WIDTH, height: layout.height });
    expect(layout.height).toBeLessThanOrEqual(RECEIPT_IMAGE_MAX_HEIGHT);

    const qr = layout.qr;
    const region = await sharp(png)
      .extract({ left: qr.left - 20, top: qr.top - 20, width: qr.size + 40, height: qr.size + 40 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(region.data), region.info.width, region.info.height);
    expect(decoded?.data).toBe(receipt.verifierUrl);
    // The QR link carries the approval's record checkpoint (docs/draw-protocol.md §14).
    expect(decoded?.data).toContain(`&punto=${receipt.checkpoint?.code}`);
  });

  it("el PDF se abre y su texto lleva la rifa, los números, el pago y el código", async () => {
    const { payload, numbers, reference } = await approvedPurchase();
    const token = payload.receiptToken as string;
    const response = await visitor(`/api/receipts/${token}/receipt.pdf`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/pdf");
    expect(response.headers["x-robots-tag"]).toContain("noindex");
    const bytes = new Uint8Array(response.rawPayload);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe("Recibo de Rifazo: Moto Bera: edición ñandú");
    const text = await pdfText(bytes);
    expect(text).toContain("Moto Bera: edición ñandú");
    expect(text).toContain(numbers.join(" "));
    expect(text).toContain("Bs. 365,00 (Tasa: Bs. 36,50 por dólar)");
    expect(text).toContain(`Pago Móvil, referencia terminada en ${reference.slice(-4)}`);
    expect(text).toContain(payload.receiptSecret.slice(0, 32));
    // The record checkpoint, in words and as the code the record page and verify-draw accept.
    const receipt = (await visitor(`/api/receipts/${payload.receiptToken}`)).json() as Receipt;
    expect(text).toContain(
      `Punto de control del acta: entrada 1, huella ${receipt.checkpoint?.headHash.slice(0, 12)}`,
    );
    expect(text).toContain(receipt.checkpoint?.code.slice(0, 100));
    expect(text).not.toContain(reference.slice(-8));
  });
});

describe("cifras de la rifa (1.000 boletos: 3 cifras)", () => {
  it("recibo (JSON, PDF, enlace del QR), correo, Mis pagos y exportaciones CSV/XLSX muestran 007 y 042", async () => {
    const { buyer, proofId, payload, numbers } = await approvedPurchase({
      buyerName: "Rosa Tres Cifras",
      totalTickets: 1000,
      title: "Rifa de mil boletos",
      onlyNumbers: [7, 42],
    });
    expect(numbers).toEqual(["007", "042"]);
    expect(payload.ticketNumbers).toEqual(["007", "042"]);
    const token = payload.receiptToken;
    const receipt = (await visitor(`/api/receipts/${token}`)).json() as Receipt;
    expect(receipt.numbers).toEqual(["007", "042"]);
    expect(receipt.verifierUrl).toContain("numeros=007,042");
    const pdf = await visitor(`/api/receipts/${token}/receipt.pdf`);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain("007 042");
    expect(text).not.toContain("0007");

    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    expect(mail?.text).toContain("Tus números: 007, 042.");

    const csv = await call(ctx.t, "GET", "/api/admin/exports/proofs.csv", ctx.admin.cookie);
    const line = csv.rawPayload
      .toString("utf8")
      .split("\n")
      .find((l) => l.includes(proofId));
    expect(line).toContain(`,"007 042",`);
    const xlsx = await call(ctx.t, "GET", "/api/admin/exports/proofs.xlsx", ctx.admin.cookie);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    let cell: unknown;
    workbook.getWorksheet("Comprobantes")?.eachRow((row) => {
      if (row.getCell(1).value === proofId) cell = row.getCell(13).value;
    });
    expect(cell).toBe("007 042");
  });
});

describe("correo de aprobación", () => {
  it("lista los números y enlaza el recibo", async () => {
    const { buyer, payload, numbers } = await approvedPurchase();
    const [mail] = await db().select().from(mailOutbox).where(eq(mailOutbox.to, buyer.email));
    const link = `${PUBLIC_URL}/recibo/${payload.receiptToken}`;
    expect(mail?.text).toContain(`Tus números: ${numbers.join(", ")}.`);
    expect(mail?.text).toContain(`Ver mi recibo: ${link}`);
    expect(mail?.html).toContain(link);
    expect(mail?.html).toContain("Ver mi recibo");
  });
});

describe("página /recibo/:token", () => {
  it("se sirve como las demás páginas de la app, sin indexar ni guardar en cachés compartidas", async () => {
    const web = fakeWebDist();
    const other = await createTestApp({ webDist: web.dir });
    try {
      const response = await other.app.inject({ method: "GET", url: `/recibo/${"C".repeat(43)}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.body).toContain('<div id="root">');
      expect(response.headers["x-robots-tag"]).toBe("noindex, nofollow");
      expect(response.headers["cache-control"]).toBe("private, no-store");
      const verifier = await other.app.inject({
        method: "GET",
        url: "/verificar-boleto?rifa=x&numeros=0001",
      });
      expect(verifier.headers["cache-control"]).toBe("no-cache");
      expect(verifier.headers["x-robots-tag"]).toBeUndefined();
    } finally {
      await other.close();
      web.remove();
    }
  });
});
