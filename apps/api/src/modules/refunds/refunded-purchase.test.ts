// A refunded purchase (cancelled raffle, decision 0016) never looks valid: every view of it says
// "Reembolsado" (or "Reembolso pendiente" while unpaid), from purchaseDisplayState, for the buyer, a
// visitor holding the receipt link, another buyer, and the administrator; the ticket verifier calls its
// numbers void; the receipt's PNG and PDF print the refund.
import type {
  AdminParticipation,
  AdminProof,
  PaymentProof,
  Receipt,
  TicketVerificationResponse,
} from "@rifazo/shared";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { call, createRaffle, useAdminTest } from "../../../test/admin-fixtures";
import { insertProof } from "../../../test/fixtures";
import { nextIp, signedInUser } from "../../../test/helpers";
import { multipartBody } from "../../../test/multipart";
import { pdfText } from "../../../test/pdf-text";
import { refunds } from "../../db/schema";

const ctx = useAdminTest();
const db = () => ctx.t.app.ctx.db;
const visitor = (url: string) => ctx.t.app.inject({ method: "GET", url, remoteAddress: nextIp() });

function markPaid(refundId: string, reference: string) {
  const form = multipartBody({ reference });
  return ctx.t.app.inject({
    method: "POST",
    url: `/api/admin/refunds/${refundId}/paid`,
    payload: form.payload,
    headers: { ...form.headers, cookie: ctx.admin.cookie },
  });
}

async function refundedPurchases() {
  const buyer = await signedInUser(ctx.t.app, { fullName: "Ana María Pérez" });
  const raffle = await createRaffle(ctx, { totalTickets: 100, title: "Moto cancelada" });
  const paid = await insertProof(db(), {
    userId: buyer.id,
    raffleId: raffle.id,
    amount: 10,
    currency: "USD",
    paymentMethod: "zelle",
    quantityOfTickets: 2,
  });
  const owed = await insertProof(db(), { userId: buyer.id, raffleId: raffle.id, quantityOfTickets: 1 });
  const numbers: Record<string, string[]> = {};
  for (const proof of [paid, owed]) {
    const approved = await call(ctx.t, "POST", `/api/admin/proofs/${proof.id}/approve`, ctx.admin.cookie);
    expect(approved.statusCode, approved.body).toBe(200);
    numbers[proof.id] = approved.json().tickets;
  }
  const cancel = await call(ctx.t, "POST", `/api/admin/raffles/${raffle.id}/cancel`, ctx.admin.cookie, {
    reason: "No se alcanzó el mínimo de boletos.",
  });
  expect(cancel.statusCode, cancel.body).toBe(200);
  const [refund] = await db().select().from(refunds).where(eq(refunds.proofId, paid.id));
  const marked = await markPaid(refund?.id as string, "ZL-77889911");
  expect(marked.statusCode, marked.body).toBe(200);
  const mine = (await call(ctx.t, "GET", "/api/proofs/mine", buyer.cookie)).json().items as PaymentProof[];
  const tokenOf = (id: string) => mine.find((p) => p.id === id)?.receiptToken as string;
  return {
    buyer,
    raffle,
    paid,
    owed,
    numbers,
    mine,
    paidToken: tokenOf(paid.id),
    owedToken: tokenOf(owed.id),
  };
}

describe("compra reembolsada", () => {
  it("el comprador la ve Reembolsado / Reembolso pendiente en Mis pagos; otro comprador no la ve", async () => {
    const { paid, owed, mine } = await refundedPurchases();
    const paidView = mine.find((p) => p.id === paid.id);
    const owedView = mine.find((p) => p.id === owed.id);
    expect(paidView).toMatchObject({
      status: "approved",
      statusLabel: "Reembolsado",
      refund: { status: "paid" },
    });
    expect(owedView).toMatchObject({ statusLabel: "Reembolso pendiente", refund: { status: "pending" } });

    const other = await signedInUser(ctx.t.app, { fullName: "Otro Comprador" });
    expect((await call(ctx.t, "GET", `/api/proofs/${paid.id}`, other.cookie)).statusCode).toBe(404);
    const theirs = (await call(ctx.t, "GET", "/api/proofs/mine", other.cookie)).json()
      .items as PaymentProof[];
    expect(theirs.map((p) => p.id)).not.toContain(paid.id);
  });

  it("el recibo (con el enlace) dice Reembolsado el <fecha>, con la referencia, y su PNG y PDF también", async () => {
    const { paidToken, owedToken, numbers, paid } = await refundedPurchases();
    const receipt = (await visitor(`/api/receipts/${paidToken}`)).json() as Receipt;
    expect(receipt.refund).toMatchObject({
      status: "paid",
      label: "Reembolsado",
      referenceLast4: "9911",
      headline: expect.stringMatching(/^Reembolsado el \d+ de [a-z]+ de \d{4}/),
      detail:
        "Referencia del reembolso terminada en 9911. Estos números quedaron anulados: no participan en el sorteo.",
    });
    expect(receipt.numbers).toEqual(numbers[paid.id]);
    const pending = (await visitor(`/api/receipts/${owedToken}`)).json() as Receipt;
    expect(pending.refund).toMatchObject({
      status: "pending",
      label: "Reembolso pendiente",
      referenceLast4: null,
    });

    const pdf = await visitor(`/api/receipts/${paidToken}/receipt.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(new Uint8Array(pdf.rawPayload));
    expect(text).toContain("Recibo de compra - Reembolsado");
    expect(text).toContain(receipt.refund?.headline);
    expect(text).toContain("Referencia del reembolso terminada en 9911.");
    expect(text).toContain("Números anulados (2)");
    expect(text).not.toContain("Pago aprobado");

    const png = await visitor(`/api/receipts/${paidToken}/image.png`);
    expect(png.statusCode).toBe(200);
    expect((await sharp(png.rawPayload).metadata()).format).toBe("png");
  });

  it("el verificador no presenta sus boletos como vendidos: anulados, a nombre de nadie para un visitante", async () => {
    const { buyer, numbers, paid, raffle } = await refundedPurchases();
    const n = (numbers[paid.id] ?? [])[0] as string;
    const asVisitor = (await visitor(`/api/tickets/verify/${n}`)).json() as TicketVerificationResponse;
    const match = asVisitor.matches.find((m) => m.raffleId === raffle.id);
    expect(match).toMatchObject({
      sold: false,
      refunded: true,
      isWinner: false,
      ownerName: null,
      mine: false,
    });
    expect(asVisitor.result).not.toBe("not_winner");
    const asBuyer = (await call(ctx.t, "GET", `/api/tickets/verify/${n}`, buyer.cookie)).json();
    expect(asBuyer.matches.find((m: { raffleId: string }) => m.raffleId === raffle.id)).toMatchObject({
      sold: false,
      refunded: true,
      mine: true,
    });
  });

  it("el administrador la ve reembolsada en el buzón de pagos y en las participaciones del usuario", async () => {
    const { buyer, raffle, paid, owed } = await refundedPurchases();
    const inbox = await call(ctx.t, "GET", `/api/admin/proofs?raffleId=${raffle.id}`, ctx.admin.cookie);
    expect(inbox.statusCode, inbox.body).toBe(200);
    const items = inbox.json().items as AdminProof[];
    expect(items.find((p) => p.id === paid.id)?.refund).toEqual({ status: "paid" });
    expect(items.find((p) => p.id === owed.id)?.refund).toEqual({ status: "pending" });
    const participations = await call(
      ctx.t,
      "GET",
      `/api/admin/users/${buyer.id}/participations`,
      ctx.admin.cookie,
    );
    const rows = participations.json().items as AdminParticipation[];
    expect(rows.find((p) => p.paymentProofId === paid.id)?.refund).toEqual({ status: "paid" });
    expect(
      (await call(ctx.t, "GET", `/api/admin/proofs?raffleId=${raffle.id}`, buyer.cookie)).statusCode,
    ).toBe(403);
  });
});
