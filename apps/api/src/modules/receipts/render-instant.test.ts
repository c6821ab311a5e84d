// The receipt's PNG drawing and PDF with the purchase's instant draw (docs/decisions/0035-prizes-on-the-
// record.md): the shared sentence while it waits on its drand round, with its wins, or without one; nothing
// for a raffle without instant prizes; and the card still whole, its QR code readable, with the line added.
import type { Receipt } from "@rifazo/shared";
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pdfPages } from "../../../test/pdf-text";
import { PAID_REFUND } from "../../../test/receipt-fixtures";
import { receiptPdf } from "./pdf";
import {
  RECEIPT_IMAGE_MAX_HEIGHT,
  RECEIPT_IMAGE_PREVIEW_HEIGHT,
  receiptImageLayout,
  receiptPng,
  receiptSvg,
} from "./render";

const raffleId = "6effb3c7-fc44-4bd9-ad4b-41f43c16874a";
const PENDING: NonNullable<Receipt["instant"]> = {
  status: "pending",
  round: 5123456,
  roundTime: "2026-11-25T19:05:30.000Z",
};
const PENDING_TEXT =
  "Premios instantáneos: esta compra se decide con la ronda 5123456 de drand (hacia las 3:05 p. m.).";
const WON: NonNullable<Receipt["instant"]> = {
  status: "decided",
  round: 5123456,
  decidedAt: "2026-11-25T19:05:40.000Z",
  wins: [{ ticketNumber: "0042", description: "Bono de $20", winnerId: null }],
};
const NONE: NonNullable<Receipt["instant"]> = { ...WON, wins: [] };

const numbers = (count: number) =>
  Array.from({ length: count }, (_, i) => String(i * 7 + 3).padStart(4, "0"));

function receipt(list: string[], over: Partial<Receipt> = {}): Receipt {
  return {
    instant: null,
    token: "t".repeat(43),
    raffle: { id: raffleId, title: "Moto Bera SBR 150" },
    draw: {
      kind: "drand_round",
      at: "2026-12-24T23:00:00.000Z",
      round: 16234567,
      lottery: null,
      lotteryRule: null,
      text: "24 de diciembre de 2026 a las 7:00 p. m. (ronda 16234567 de drand)",
      trust: "drand",
    },
    buyerName: "Ana M.",
    numbers: list,
    quantity: list.length,
    payment: {
      amount: 10,
      currency: "USD",
      amountText: "$10,00",
      exchangeRate: null,
      exchangeRateText: null,
      method: "zelle",
      methodLabel: "Zelle",
      referenceLast4: "7766",
    },
    approvedAt: "2026-11-25T19:04:00.000Z",
    refund: null,
    checkpoint: null,
    receiptCode: "3a9f".repeat(16),
    verifierUrl: `http://localhost:3000/verificar-boleto?rifa=${raffleId}&numeros=${list.join(",")}`,
    verifierHasNumbers: true,
    receiptUrl: "http://localhost:3000/recibo/t",
    imageUrl: "/api/receipts/t/image.png",
    pdfUrl: "/api/receipts/t/receipt.pdf",
    ...over,
  };
}

/** The drawing's words, line after line joined by spaces (the sentence wraps over several). */
function svgWords(svg: string): string {
  return Array.from(svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g), (m) => m[1] ?? "")
    .join(" ")
    .replaceAll("&apos;", "'")
    .replaceAll("&amp;", "&");
}

const pdfWords = async (r: Receipt) =>
  (await pdfPages(await receiptPdf(r))).map((p) => p.replaceAll("\n", " "));

describe("recibo con premios instantáneos", () => {
  it("la línea ocupa el lugar de una fila de números: 10 a la vista y «y 290 más», el mismo alto", () => {
    const plain = receipt(numbers(300));
    const withLine = receipt(numbers(300), { instant: PENDING });
    const svg = receiptSvg(withLine);
    expect(svg).toContain(`>${numbers(10)[9]}<`);
    expect(svg).not.toContain(`>${numbers(11)[10]}<`);
    expect(svg).toContain(">y 290 más<");
    expect(receiptImageLayout(withLine).height).toBeLessThanOrEqual(receiptImageLayout(plain).height);
    // A short purchase keeps all its chips.
    expect(receiptSvg(receipt(numbers(5), { instant: PENDING }))).not.toContain(" más<");
  });

  it("el PNG dice la línea compartida: en espera, con premio, sin premio; nada sin premios instantáneos", () => {
    expect(svgWords(receiptSvg(receipt(numbers(2), { instant: PENDING })))).toContain(PENDING_TEXT);
    const won = receiptSvg(receipt(numbers(2), { instant: WON }));
    expect(svgWords(won)).toContain("¡Ganaste un premio instantáneo! Boleto 0042: Bono de $20.");
    // A win stands out: the gold box and bold text.
    expect(won).toContain('fill="#fef3c7"');
    expect(svgWords(receiptSvg(receipt(numbers(2), { instant: NONE })))).toContain(
      "Esta compra no ganó premio instantáneo (ronda 5123456 de drand).",
    );
    const plain = receiptSvg(receipt(numbers(2)));
    expect(svgWords(plain)).not.toMatch(/instantáneo/);
    expect(plain).not.toContain('fill="#fef3c7"');
  });

  it("el PDF lleva la misma línea en la primera página", async () => {
    expect((await pdfWords(receipt(numbers(2), { instant: PENDING })))[0]).toContain(PENDING_TEXT);
    expect((await pdfWords(receipt(numbers(300), { instant: WON })))[0]).toContain(
      "¡Ganaste un premio instantáneo! Boleto 0042: Bono de $20.",
    );
    expect((await pdfWords(receipt(numbers(2), { instant: NONE })))[0]).toContain(
      "Esta compra no ganó premio instantáneo (ronda 5123456 de drand).",
    );
    expect((await pdfWords(receipt(numbers(2)))).join(" ")).not.toMatch(/instantáneo/);
  });

  it("con la línea, lo más largo a la vez cabe: el QR en el marco de la vista previa y se lee", async () => {
    const many: NonNullable<Receipt["instant"]> = {
      ...WON,
      wins: ["0003", "0010", "0017", "0024"].map((ticketNumber) => ({
        ticketNumber,
        description: "Bono de consumo en la Panadería La Nueva Esperanza",
        winnerId: null,
      })),
    };
    const r = receipt(numbers(300), {
      instant: many,
      refund: PAID_REFUND,
      raffle: {
        id: raffleId,
        title:
          "Gran rifa navideña de la Asociación de Vecinos de la Urbanización Los Palos Grandes: camioneta Toyota Fortuner 2026 0 km más diez premios",
      },
      draw: {
        kind: "external",
        at: "2026-12-20T20:00:00.000Z",
        round: null,
        lottery: "Triple Caracas (sorteo de las 4:00 p. m.)",
        lotteryRule:
          "Gana el boleto formado por las últimas 4 cifras de cada número del resultado oficial (módulo 10000); si ese boleto no se vendió o ya ganó, el siguiente vendido hacia arriba.",
        text: "20 de diciembre de 2026 a las 4:00 p. m. (Triple Caracas (sorteo de las 4:00 p. m.))",
        trust: "lottery",
      },
      checkpoint: {
        code: `rifazo-cp-1:${raffleId}:3:${"9f".repeat(32)}:5123456`,
        length: 3,
        headHash: "9f".repeat(32),
        round: 5123456,
        at: "2026-11-25T19:04:00.000Z",
        text: "Punto de control del acta: entrada 3",
      },
    });
    const layout = receiptImageLayout(r);
    expect(layout.height).toBeLessThanOrEqual(RECEIPT_IMAGE_MAX_HEIGHT);
    expect(layout.qr.top + layout.qr.size).toBeLessThanOrEqual(RECEIPT_IMAGE_PREVIEW_HEIGHT);
    // Every line is drawn above the footer band: nothing cut off at the bottom.
    const baselines = Array.from(receiptSvg(r).matchAll(/<text x="[\d.]+" y="([\d.]+)"/g), (m) =>
      Number(m[1]),
    );
    expect(Math.max(...baselines)).toBeLessThan(layout.height - 16);
    // Four wins take two lines at most, the second cut with "…" (the receipt page lists them all).
    const words = svgWords(receiptSvg(r));
    expect(words).toContain("¡Ganaste 4 premios instantáneos!");
    expect(words).toContain("…");
    const png = await receiptPng(r);
    const { qr } = layout;
    const region = await sharp(png)
      .extract({ left: qr.left - 20, top: qr.top - 20, width: qr.size + 40, height: qr.size + 40 })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(region.data), region.info.width, region.info.height)?.data;
    expect(decoded).toBe(r.verifierUrl);
  });
});
