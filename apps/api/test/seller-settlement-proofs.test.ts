// A settlement paid by transfer carries its receipt (docs/decisions/0034-vendedores.md): checked like every
// upload, stored privately, read only by the administrators and the vendedor it was paid to, and never
// half-written (no file without its settlement, no settlement without its file).

import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { MAX_PROOF_BYTES, SELLER_MESSAGES } from "@rifazo/shared";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sellerLedger, sellerSettlements } from "../src/db/schema";
import { call, createRaffle, useAdminTest } from "./admin-fixtures";
import { signedInUser } from "./helpers";
import { type FilePart, multipartBody, tinyPng } from "./multipart";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;

/** An active vendedor of a new raffle who sold 4 tickets in cash: $20 held, $2 of commission owed. */
async function sellerWithMoney() {
  const { id: raffleId } = await createRaffle(ctx, { totalTickets: 100 });
  const account = await signedInUser(ctx.t.app, { fullName: "Vendedora Liquidada" });
  const invited = await call(ctx.t, "POST", "/api/admin/sellers", ctx.admin.cookie, {
    name: "Vendedora Liquidada",
    email: account.email,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const sellerId = invited.json().seller.id as string;
  const token = new URL(invited.json().invitationUrl).searchParams.get("token");
  await call(ctx.t, "POST", "/api/seller/invitations/accept", account.cookie, { token });
  await call(ctx.t, "PUT", `/api/admin/sellers/${sellerId}/raffles/${raffleId}`, ctx.admin.cookie, {
    allowed: true,
    commissionKind: "percent",
    commissionValue: 10,
    creditLimit: 100,
  });
  const sold = await call(ctx.t, "POST", "/api/seller/sales", account.cookie, {
    saleId: randomUUID(),
    raffleId,
    quantity: 4,
    buyerName: "Compradora Calle",
    buyerPhone: "0414-5557777",
    method: "efectivo_usd",
    amount: "20,00",
  });
  expect(sold.statusCode, sold.body).toBe(201);
  return { account, sellerId, raffleId };
}

function settleForm(
  sellerId: string,
  raffleId: string,
  fields: Record<string, string>,
  file?: FilePart,
  cookie = ctx.admin.cookie,
) {
  const form = multipartBody(fields, file);
  return ctx.t.app.inject({
    method: "POST",
    url: `/api/admin/sellers/${sellerId}/raffles/${raffleId}/settlements`,
    payload: form.payload,
    headers: { ...form.headers, cookie },
  });
}

/** The stored receipts (DATA_DIR/files/settlements), as relative paths. */
function storedReceipts(): string[] {
  const root = path.join(ctx.t.dataDir, "files", "settlements");
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

async function written(sellerId: string) {
  const [settlements] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(sellerSettlements)
    .where(eq(sellerSettlements.sellerId, sellerId));
  const [ledger] = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(sellerLedger)
    .where(eq(sellerLedger.sellerId, sellerId));
  return { settlements: settlements?.n, ledger: ledger?.n, files: storedReceipts() };
}

const transfer = { kind: "commission", amount: "1,50", method: "transferencia", reference: "0102-445566" };

describe("el comprobante de una liquidación", () => {
  it("se guarda con el pago y lo leen el organizador y su vendedor, nadie más", async () => {
    const { account, sellerId, raffleId } = await sellerWithMoney();
    const png = await tinyPng({ r: 40, g: 50, b: 60 });
    const paid = await settleForm(sellerId, raffleId, transfer, {
      name: "transferencia.png",
      type: "image/png",
      data: png,
    });
    expect(paid.statusCode, paid.body).toBe(201);
    const [settlement] = paid.json().settlements;
    expect(settlement).toMatchObject({ amount: 1.5, method: "transferencia", reference: "0102-445566" });
    expect(settlement.proofUrl).toBe(`/api/admin/sellers/settlements/${settlement.id}/proof`);
    const [row] = await db().select().from(sellerSettlements).where(eq(sellerSettlements.id, settlement.id));
    expect(row?.proofPath).toMatch(/^settlements\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(row).toMatchObject({ proofContentType: "image/png", proofSize: png.length });
    expect(paid.json().raffles[0]).toMatchObject({ commissionOwed: 0.5, commissionPaid: 1.5 });

    // The vendedor's area lists it with the link to their own route.
    const me = await call(ctx.t, "GET", "/api/seller/me", account.cookie);
    const sellerUrl = `/api/seller/settlements/${settlement.id}/proof`;
    expect(me.json().settlements).toEqual([
      expect.objectContaining({ id: settlement.id, amount: 1.5, proofUrl: sellerUrl }),
    ]);

    for (const [url, cookie] of [
      [settlement.proofUrl, ctx.admin.cookie],
      [sellerUrl, account.cookie],
    ] as const) {
      const file = await call(ctx.t, "GET", url, cookie);
      expect(file.statusCode, url).toBe(200);
      expect(file.headers["content-type"]).toBe("image/png");
      expect(file.headers["cache-control"]).toBe("private, no-store");
      expect(file.headers["x-content-type-options"]).toBe("nosniff");
      expect(String(file.headers["content-security-policy"])).toMatch(/\bsandbox\b/);
      expect(file.rawPayload.equals(png)).toBe(true);
    }

    // Refused: a visitor, a buyer, another vendedor (as if it did not exist), an administrator on the
    // vendedor's route and anyone else on the organiser's.
    const other = await sellerWithMoney();
    const refusals: Array<[string, string | undefined, number]> = [
      [settlement.proofUrl, undefined, 401],
      [settlement.proofUrl, ctx.user.cookie, 403],
      [settlement.proofUrl, account.cookie, 403],
      [sellerUrl, undefined, 401],
      [sellerUrl, ctx.user.cookie, 403],
      [sellerUrl, other.account.cookie, 404],
      [sellerUrl, ctx.admin.cookie, 403],
      [`/api/seller/settlements/${randomUUID()}/proof`, account.cookie, 404],
      [`/api/admin/sellers/settlements/no-es-un-id/proof`, ctx.admin.cookie, 404],
    ];
    for (const [url, cookie, status] of refusals) {
      const response = await call(ctx.t, "GET", url, cookie);
      expect(response.statusCode, `${url} ${cookie ? "con sesión" : "visitante"}`).toBe(status);
      expect(response.rawPayload.equals(png)).toBe(false);
    }
    // Suspended, the vendedor no longer reads it either.
    await call(ctx.t, "POST", `/api/admin/sellers/${sellerId}/suspend`, ctx.admin.cookie);
    expect((await call(ctx.t, "GET", sellerUrl, account.cookie)).statusCode).toBe(403);
  });

  it("sin archivo sigue funcionando, en JSON o en formulario; en PDF también", async () => {
    const { account, sellerId, raffleId } = await sellerWithMoney();
    const json = await call(
      ctx.t,
      "POST",
      `/api/admin/sellers/${sellerId}/raffles/${raffleId}/settlements`,
      ctx.admin.cookie,
      { amount: "0,50", method: "zelle", reference: "ZL-1" },
    );
    expect(json.statusCode, json.body).toBe(201);
    expect(json.json().settlements[0].proofUrl).toBeNull();
    const missing = await call(
      ctx.t,
      "GET",
      `/api/admin/sellers/settlements/${json.json().settlements[0].id}/proof`,
      ctx.admin.cookie,
    );
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.message).toBe(SELLER_MESSAGES.proofMissing);

    const cash = await settleForm(sellerId, raffleId, { kind: "cash", amount: "5", method: "efectivo" });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().raffles[0]).toMatchObject({ cashHeld: 15 });

    const pdf = Buffer.from("%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n");
    const withPdf = await settleForm(
      sellerId,
      raffleId,
      { kind: "cash", amount: "5", method: "pago_movil", reference: "0102-1" },
      { name: "recibo.pdf", type: "application/pdf", data: pdf },
    );
    expect(withPdf.statusCode, withPdf.body).toBe(201);
    const id = withPdf.json().settlements[0].id;
    const file = await call(ctx.t, "GET", `/api/seller/settlements/${id}/proof`, account.cookie);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("application/pdf");
    expect(String(file.headers["content-disposition"])).toMatch(/^inline;/);
  });

  it("un archivo que no sirve se rechaza en español y no deja liquidación, asiento ni archivo", async () => {
    const { sellerId, raffleId } = await sellerWithMoney();
    const before = await written(sellerId);
    const png = await tinyPng();
    const html = Buffer.from("<html><script>alert(1)</script></html>");
    const cases: Array<[Record<string, string>, FilePart, number, string]> = [
      [transfer, { name: "recibo.png", type: "image/png", data: html }, 400, SELLER_MESSAGES.proofType],
      [
        transfer,
        { name: "recibo.svg", type: "image/svg+xml", data: Buffer.from('<svg onload="x"/>') },
        400,
        SELLER_MESSAGES.proofType,
      ],
      [
        transfer,
        { name: "grande.png", type: "image/png", data: Buffer.concat([png, Buffer.alloc(MAX_PROOF_BYTES)]) },
        413,
        SELLER_MESSAGES.proofTooLarge,
      ],
      [
        { amount: "1", method: "efectivo" },
        { name: "recibo.png", type: "image/png", data: png },
        400,
        SELLER_MESSAGES.proofCash,
      ],
      // A valid receipt on a refused settlement (more than is owed) leaves no file behind.
      [
        { ...transfer, amount: "3" },
        { name: "recibo.png", type: "image/png", data: png },
        409,
        "El pago supera la comisión por pagar de esta rifa",
      ],
      [
        { ...transfer, note: "nota\u0000oculta" },
        { name: "recibo.png", type: "image/png", data: png },
        400,
        "El texto enviado contiene caracteres no válidos.",
      ],
    ];
    for (const [fields, file, status, message] of cases) {
      const response = await settleForm(sellerId, raffleId, fields, file);
      expect(response.statusCode, `${file.name}: ${response.body}`).toBe(status);
      expect(response.json().error.message).toContain(message);
    }
    expect(await written(sellerId)).toEqual(before);

    // The storage failing mid-upload: no settlement, no ledger entry.
    const { storage } = ctx.t.app.ctx;
    const put = storage.put;
    storage.put = () => Promise.reject(new Error("disco lleno"));
    try {
      const failed = await settleForm(sellerId, raffleId, transfer, {
        name: "recibo.png",
        type: "image/png",
        data: png,
      });
      expect(failed.statusCode).toBe(500);
    } finally {
      storage.put = put;
    }
    expect(await written(sellerId)).toEqual(before);
  });
});
