// The receipt and Mis pagos of an abono's payments (docs/decisions/0034-vendedores.md, "Abonos"): only
// the approval that completes the price sells the numbers, so the receipt of an earlier payment shows the
// purchase's numbers apartados (not in the draw) and then, once paid whole, sold with the owner tags the
// frozen list gives them, made with the completing payment's secret, which never leaves the server (nor
// its link). Online and through a vendedor in cash. Runs on PGlite and, with TEST_DATABASE_URL, PostgreSQL.
import { randomBytes, randomUUID } from "node:crypto";
import type { MyProofs, Receipt, Reservation } from "@rifazo/shared";
import { ownerTag } from "@rifazo/shared/domain/owner-tag";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { paymentProofs, raffles } from "../src/db/schema";
import { call, createRaffle, useAdminTest } from "./admin-fixtures";
import { freezeAt, recordOf } from "./draw-fixtures";
import { insertRaffleWithTickets, putSetting } from "./fixtures";
import { signedInUser } from "./helpers";
import { multipartBody, tinyPng } from "./multipart";
import { pdfText } from "./pdf-text";
import { sellerOf } from "./seller-fixtures";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
let png: Buffer;

beforeAll(async () => {
  png = await tinyPng();
  await putSetting(db(), "exchange_rate", { rate: 40, date: "2026-11-25", source: "BCV" });
  await putSetting(db(), "payment_accounts", {
    pagoMovil: { bank: "0102 - Banco de Venezuela", phone: "0414-1234567", idNumber: "V-12345678" },
    zelle: { email: "pagos@rifazo.com", name: "Rifazo LLC" },
    binance: null,
    transfer: null,
  });
});

/** The payment's row: its receipt token and secret, as only the server holds them. */
async function proofRow(id: string) {
  const [row] = await db().select().from(paymentProofs).where(eq(paymentProofs.id, id));
  if (!row?.receiptToken) throw new Error(`sin recibo: ${id}`);
  return { token: row.receiptToken, secret: row.receiptSecret };
}

async function receiptOf(token: string): Promise<{ body: string; receipt: Receipt }> {
  const response = await call(ctx.t, "GET", `/api/receipts/${token}`);
  expect(response.statusCode, response.body).toBe(200);
  return { body: response.body, receipt: response.json() as Receipt };
}

/** The payload names neither the token nor the secret of another payment. */
function expectNoLeak(body: string, other: { token: string; secret: string }) {
  expect(body).not.toContain(other.token);
  expect(body).not.toContain(other.secret);
}

/** The frozen list's entries, after closing and freezing the raffle. */
async function frozenList(raffleId: string) {
  const now = new Date();
  await db().update(raffles).set({ status: "closed", closedAt: now }).where(eq(raffles.id, raffleId));
  await freezeAt(ctx.t.app.ctx, raffleId, now);
  const record = await recordOf(ctx.t, raffleId);
  const frozen = record.entries.find((entry) => entry.type === "frozen");
  return frozen?.type === "frozen" ? frozen.data.tickets : [];
}

/** The receipt's numbers as the frozen list writes them. */
const listed = (receipt: Receipt) =>
  (receipt.abono?.numbers.items ?? []).map((item) => ({ number: Number(item.number), tag: item.tag }));

async function tagsOf(secret: string, raffleId: string, numbers: number[]) {
  return Promise.all(numbers.map(async (n) => ({ number: n, tag: await ownerTag(secret, raffleId, n) })));
}

function pay(cookie: string, raffleId: string, reservationId: string, amount: string, method: string) {
  const body = multipartBody(
    {
      raffleId,
      reservationId,
      paymentMethod: method,
      currency: method === "zelle" ? "USD" : "VES",
      amount,
      transactionRef: `AR-${randomBytes(5).readUIntBE(0, 5)}`,
    },
    { name: "pago.png", type: "image/png", data: png },
  );
  return ctx.t.app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

async function approve(proofId: string) {
  const response = await call(ctx.t, "POST", `/api/admin/proofs/${proofId}/approve`, ctx.admin.cookie, {});
  expect(response.statusCode, response.body).toBe(200);
}

async function mine(cookie: string) {
  const response = await call(ctx.t, "GET", "/api/proofs/mine", cookie);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as MyProofs).items;
}

describe("recibo de un abono en línea", () => {
  it("aparta sin vender; al completarse muestra los números con las etiquetas de la lista congelada", async () => {
    const raffle = await insertRaffleWithTickets(db(), {
      numberMode: "chosen",
      totalTickets: 100,
      installmentMinimum: 3,
      paymentMethods: ["Pago Móvil", "Zelle"],
    });
    const buyer = await signedInUser(ctx.t.app);
    const held = await call(ctx.t, "POST", `/api/raffles/${raffle.id}/reservations`, buyer.cookie, {
      numbers: [7, 42],
      abono: true,
    });
    expect(held.statusCode, held.body).toBe(201);
    const reservation = held.json() as Reservation;
    const first = await pay(buyer.cookie, raffle.id, reservation.id, "4", "zelle");
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().id as string;
    await approve(firstId);
    const firstRow = await proofRow(firstId);

    const before = (await receiptOf(firstRow.token)).receipt;
    expect(before.numbers).toEqual([]);
    expect(before.verifierHasNumbers).toBe(false);
    expect(before.receiptCode).toBe(firstRow.secret);
    expect(before.abono).toMatchObject({
      total: 10,
      paid: 4,
      remaining: 6,
      currency: "USD",
      complete: false,
      final: false,
      title: "Abono 1 de 1",
      payments: [{ amount: 4, currency: "USD", method: "zelle", status: "approved", isThis: true }],
      numbers: {
        state: "apartados",
        label: "Números apartados (2)",
        note: "Apartados, no participan hasta completar el pago.",
        items: [
          { number: "07", tag: null },
          { number: "42", tag: null },
        ],
      },
    });
    expect(before.abono?.text).toMatch(/^Pagado \$4,00 de \$10,00 · faltan \$6,00 antes del cierre \(.+\)$/);
    const pdf = await call(ctx.t, "GET", `/api/receipts/${firstRow.token}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    const printed = await pdfText(pdf.rawPayload);
    expect(printed).toContain("Recibo de abono - Abono 1 de 1");
    expect(printed).toContain("Pagado $4,00 de $10,00");
    expect(printed).toContain("Apartados, no participan hasta completar el pago.");
    const image = await call(ctx.t, "GET", `/api/receipts/${firstRow.token}/image.png`);
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");

    // Mis pagos: an approved abono that sold nothing is not a plain "Aprobado" purchase.
    const [paidPart] = await mine(buyer.cookie);
    expect(paidPart).toMatchObject({
      id: firstId,
      statusLabel: "Abono aprobado · pagado $4,00 de $10,00",
      abono: { paid: 4, total: 10, remaining: 6, currency: "USD", complete: false, final: false },
      ticketNumbers: [],
      heldNumbers: ["07", "42"],
    });

    // The rest in bolívares (6 × 40): under review it is listed on the receipt, not yet counted.
    const rest = await pay(buyer.cookie, raffle.id, reservation.id, "240,00", "pago_movil");
    expect(rest.statusCode, rest.body).toBe(201);
    const restId = rest.json().id as string;
    const [pending] = await mine(buyer.cookie);
    expect(pending).toMatchObject({
      id: restId,
      statusLabel: "En Revisión",
      abono: { paid: 4, final: false },
    });
    const reviewing = (await receiptOf(firstRow.token)).receipt;
    expect(reviewing.abono?.payments.map((p) => [p.status, p.isThis])).toEqual([
      ["approved", true],
      ["pending", false],
    ]);
    expect(reviewing.abono?.numbers.state).toBe("apartados");

    await approve(restId);
    const restRow = await proofRow(restId);
    const after = await receiptOf(firstRow.token);
    expectNoLeak(after.body, restRow);
    expect(after.receipt.numbers).toEqual([]);
    expect(after.receipt.receiptCode).toBe(firstRow.secret);
    expect(after.receipt.abono).toMatchObject({
      paid: 10,
      remaining: 0,
      complete: true,
      final: false,
      title: "Abono 1 de 2",
      text: "Pagado $10,00 de $10,00 · compra pagada",
      numbers: { state: "sold", label: "Números de la compra (2)" },
    });
    expect(after.receipt.abono?.payments.map((p) => [p.method, p.status, p.isThis])).toEqual([
      ["zelle", "approved", true],
      ["pago_movil", "approved", false],
    ]);
    // The owner tags are the completing payment's, never this one's.
    expect(listed(after.receipt)).toEqual(await tagsOf(restRow.secret, raffle.id, [7, 42]));
    expect(after.receipt.verifierUrl).toContain("numeros=07,42");
    const printedAfter = await pdfText(
      (await call(ctx.t, "GET", `/api/receipts/${firstRow.token}/receipt.pdf`)).rawPayload,
    );
    const [tag7] = listed(after.receipt);
    expect(printedAfter).toContain(`07  ${tag7?.tag}`);
    expect(printedAfter).toContain("Pagado $10,00 de $10,00 · compra pagada");
    expect(printedAfter).toContain("Este abono no vendió números");
    expect(printedAfter).not.toContain(restRow.secret.slice(0, 32));

    const last = await receiptOf(restRow.token);
    expectNoLeak(last.body, firstRow);
    expect(last.receipt.numbers).toEqual(["07", "42"]);
    expect(last.receipt.receiptCode).toBe(restRow.secret);
    expect(last.receipt.abono).toMatchObject({ final: true, title: "Abono 2 de 2", complete: true });
    expect(last.receipt.abono?.numbers.note).toBe("Vendidos con este pago, el que completó la compra.");

    const items = await mine(buyer.cookie);
    expect(items.map((p) => [p.id, p.statusLabel, p.abono?.final, p.ticketNumbers, p.heldNumbers])).toEqual([
      [restId, "Abono final: compra pagada", true, ["07", "42"], []],
      [firstId, "Abono aprobado · pagado $10,00 de $10,00", false, [], []],
    ]);

    // The frozen list gives the purchase's numbers exactly the tags the first receipt showed.
    expect(await frozenList(raffle.id)).toEqual(listed(after.receipt));
    expect(listed((await receiptOf(firstRow.token)).receipt)).toEqual(listed(after.receipt));
  });
});

describe("recibo de un abono de un vendedor en efectivo", () => {
  it("el recibo del primer abono, antes y después de completarse, sin el enlace ni el código del otro pago", async () => {
    const raffle = await createRaffle(ctx, {
      numberMode: "chosen",
      totalTickets: 100,
      price: 5,
      paymentMethods: ["Pago Móvil", "Zelle"],
    });
    await db().update(raffles).set({ installmentMinimum: 3 }).where(eq(raffles.id, raffle.id));
    const { account } = await sellerOf(ctx, raffle.id, { creditLimit: 50 });
    const sale = {
      raffleId: raffle.id,
      buyerName: "María Pérez",
      buyerPhone: "0414-1234567",
      method: "efectivo_usd",
    };
    const firstSaleId = randomUUID();
    const first = await call(ctx.t, "POST", "/api/seller/sales", account.cookie, {
      ...sale,
      saleId: firstSaleId,
      numbers: [7, 8],
      abono: true,
      amount: "4,00",
    });
    expect(first.statusCode, first.body).toBe(201);
    const firstRow = await proofRow(first.json().id);
    const before = (await receiptOf(firstRow.token)).receipt;
    expect(before).toMatchObject({ numbers: [], buyerName: "María P." });
    expect(before.abono).toMatchObject({
      paid: 4,
      remaining: 6,
      complete: false,
      payments: [{ amount: 4, method: "efectivo_usd", status: "approved", isThis: true }],
      numbers: { state: "apartados", items: [{ number: "07" }, { number: "08" }] },
    });

    // Cash is approved as recorded: the second payment completes the purchase at once.
    const second = await call(ctx.t, "POST", "/api/seller/sales", account.cookie, {
      ...sale,
      saleId: randomUUID(),
      abonoOf: firstSaleId,
      amount: "6,00",
    });
    expect(second.statusCode, second.body).toBe(201);
    const secondRow = await proofRow(second.json().id);
    const after = await receiptOf(firstRow.token);
    expectNoLeak(after.body, secondRow);
    expect(after.receipt.abono).toMatchObject({
      complete: true,
      final: false,
      title: "Abono 1 de 2",
      numbers: { state: "sold" },
    });
    expect(listed(after.receipt)).toEqual(await tagsOf(secondRow.secret, raffle.id, [7, 8]));
    const last = await receiptOf(secondRow.token);
    expectNoLeak(last.body, firstRow);
    expect(last.receipt).toMatchObject({ numbers: ["07", "08"], abono: { final: true } });

    // A whole sale's receipt has no abono.
    const whole = await call(ctx.t, "POST", "/api/seller/sales", account.cookie, {
      ...sale,
      buyerPhone: "0414-7654321",
      saleId: randomUUID(),
      numbers: [1, 2],
      amount: "10,00",
    });
    expect(whole.statusCode, whole.body).toBe(201);
    const plain = (await receiptOf((await proofRow(whole.json().id)).token)).receipt;
    expect(plain).toMatchObject({ numbers: ["01", "02"], abono: null });

    const frozen = await frozenList(raffle.id);
    expect(frozen.filter((t) => t.number === 7 || t.number === 8)).toEqual(listed(after.receipt));
  });
});
