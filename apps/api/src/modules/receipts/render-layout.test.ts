// The receipt's PNG as a phone card: as tall as its content (no empty bands), the key facts and the QR
// code inside the 4:5 frame a chat preview shows, text inside its margins, and the QR code readable
// however many numbers and however long the titles.

import type { Receipt } from "@rifazo/shared";
import { receiptVerifierPath } from "@rifazo/shared/domain/receipt";
import jsQR from "jsqr";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pdfPages } from "../../../test/pdf-text";
import { PAID_REFUND } from "../../../test/receipt-fixtures";
import { receiptPdf } from "./pdf";
import {
  RECEIPT_IMAGE_MAX_HEIGHT,
  RECEIPT_IMAGE_PREVIEW_HEIGHT,
  RECEIPT_IMAGE_WIDTH,
  receiptImageLayout,
  receiptPng,
  receiptSvg,
} from "./render";

const raffleId = "6effb3c7-fc44-4bd9-ad4b-41f43c16874a";
const headHash = "9f3c2a7be41d0c55a8e6f1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6";
const checkpoint = {
  code: `rifazo-cp-1:${raffleId}:3:${headHash}:5123456`,
  length: 3,
  headHash,
  round: 5123456,
  at: "2026-11-25T20:52:00.000Z",
  text: "Punto de control del acta: entrada 3, huella 9f3c2a7be41d…; ronda drand 5123456",
};
/** `count` distinct numbers of `digits` digits, ascending. */
const numbers = (count: number, digits = 4) =>
  Array.from({ length: count }, (_, i) => String(i * 7 + 3).padStart(digits, "0"));

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
      trust: "announced",
    },
    buyerName: "Ana M.",
    numbers: list,
    quantity: list.length,
    payment: {
      amount: 365,
      currency: "VES",
      amountText: "Bs. 1.194,56",
      exchangeRate: 36.5,
      exchangeRateText: "Tasa: Bs. 36,50 por dólar",
      method: "pago_movil",
      methodLabel: "Pago Móvil",
      referenceLast4: "7766",
    },
    approvedAt: "2026-11-25T20:52:00.000Z",
    refund: null,
    checkpoint,
    receiptCode: "3a9f".repeat(16),
    verifierUrl: `http://localhost:3000${receiptVerifierPath(raffleId, list, checkpoint.code)}`,
    verifierHasNumbers: list.length <= 30,
    receiptUrl: "http://localhost:3000/recibo/t",
    imageUrl: "/api/receipts/t/image.png",
    pdfUrl: "/api/receipts/t/receipt.pdf",
    ...over,
  };
}

/** Everything long at once: title, buyer, method, lottery rule, a refund stamp, 300 numbers. */
const longest = (list: string[]) =>
  receipt(list, {
    raffle: {
      id: raffleId,
      title:
        "Gran rifa navideña de la Asociación de Vecinos de la Urbanización Los Palos Grandes: camioneta Toyota Fortuner 2026 0 km más diez premios",
    },
    buyerName: "Maximiliano Alejandro de la Santísima Trinidad G.",
    payment: {
      ...receipt([]).payment,
      methodLabel: "Transferencia bancaria nacional (Banco de Venezuela, cuenta corriente)",
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
    refund: PAID_REFUND,
  });

async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return [data[i] ?? 0, data[i + 1] ?? 0, data[i + 2] ?? 0] as const;
  };
  const background = at(RECEIPT_IMAGE_WIDTH - 2, 200);
  const isBackground = (x: number, y: number) =>
    at(x, y).every((channel, c) => Math.abs(channel - (background[c] ?? 0)) <= 6);
  return { info, isBackground };
}

/** The tallest band of rows with nothing drawn in it, in pixels. */
async function tallestBlankBand(png: Buffer): Promise<number> {
  const { info, isBackground } = await pixels(png);
  let tallest = 0;
  let run = 0;
  for (let y = 0; y < info.height; y += 1) {
    let blank = true;
    for (let x = 0; x < info.width && blank; x += 1) blank = isBackground(x, y);
    run = blank ? run + 1 : 0;
    tallest = Math.max(tallest, run);
  }
  return tallest;
}

async function decodeQr(png: Buffer, qr: { left: number; top: number; size: number }) {
  const region = await sharp(png)
    .extract({ left: qr.left - 20, top: qr.top - 20, width: qr.size + 40, height: qr.size + 40 })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(region.data), region.info.width, region.info.height)?.data;
}

describe("PNG del recibo para el teléfono", () => {
  it("su alto sigue al contenido, sin franjas vacías (1, 5, 6, 40 y 300 números)", async () => {
    const heights: number[] = [];
    for (const count of [1, 5, 6, 40, 300]) {
      const png = await receiptPng(receipt(numbers(count)));
      const meta = await sharp(png).metadata();
      expect(meta.width).toBe(RECEIPT_IMAGE_WIDTH);
      heights.push(meta.height ?? 0);
      // The old layout left 250 px and more of nothing under a short list of numbers.
      expect(await tallestBlankBand(png), `${count} números`).toBeLessThanOrEqual(80);
    }
    const [one, five, six, forty, many] = heights as [number, number, number, number, number];
    // Five chips make one row, the sixth starts another.
    expect(five).toBe(one);
    expect(six).toBeGreaterThan(five);
    expect(forty).toBeGreaterThan(six);
    // Past the chips' cap the card stops growing: "y N más" and the full list on the receipt page.
    expect(many).toBe(forty);
    expect(one).toBeLessThan(1400);
    expect(forty).toBeLessThanOrEqual(RECEIPT_IMAGE_MAX_HEIGHT);
  });

  it("300 números: 15 a la vista y «y 285 más»", () => {
    const svg = receiptSvg(receipt(numbers(300)));
    expect(svg).toContain(">0003<");
    expect(svg).toContain(`>${numbers(15)[14]}<`);
    expect(svg).not.toContain(`>${numbers(16)[15]}<`);
    expect(svg).toContain(">y 285 más<");
    expect(receiptSvg(receipt(numbers(15)))).not.toContain(" más<");
  });

  it("títulos y nombres largos no se salen: el texto queda dentro de los márgenes y el QR se lee", async () => {
    for (const list of [numbers(300), numbers(30), numbers(2, 2)]) {
      for (const r of [longest(list), { ...longest(list), refund: null }]) {
        const png = await receiptPng(r);
        const layout = receiptImageLayout(r);
        const meta = await sharp(png).metadata();
        expect(meta).toMatchObject({ width: RECEIPT_IMAGE_WIDTH, height: layout.height });
        expect(layout.height).toBeLessThanOrEqual(RECEIPT_IMAGE_MAX_HEIGHT);
        // The QR code fits in the 4:5 frame a chat preview shows first.
        expect(layout.qr.top + layout.qr.size).toBeLessThanOrEqual(RECEIPT_IMAGE_PREVIEW_HEIGHT);
        expect(await decodeQr(png, layout.qr)).toBe(r.verifierUrl);
        // Nothing drawn in the right margin between the header and the footer bands.
        const { isBackground } = await pixels(png);
        for (let y = 160; y < layout.height - 20; y += 1) {
          for (let x = RECEIPT_IMAGE_WIDTH - 44; x < RECEIPT_IMAGE_WIDTH; x += 1) {
            if (!isBackground(x, y)) throw new Error(`Texto fuera del margen en (${x}, ${y})`);
          }
        }
        expect(await tallestBlankBand(png)).toBeLessThanOrEqual(80);
      }
    }
    const svg = receiptSvg(longest(numbers(3)));
    expect(svg).toContain("Gana el boleto formado por las últimas 4 cifras");
    expect(svg).toContain("Maximiliano Alejandro");
    expect(svg).toContain("…");
  });

  it("un recibo con muchos números lleva el QR de la rifa con el punto de control", async () => {
    const r = receipt(numbers(40));
    const png = await receiptPng(r);
    const decoded = await decodeQr(png, receiptImageLayout(r).qr);
    expect(decoded).toBe(`http://localhost:3000/verificar-boleto?rifa=${raffleId}&punto=${checkpoint.code}`);
  });
});

describe("PDF del recibo", () => {
  it("el QR y el pago van en la primera página; la lista completa sigue, sin páginas casi vacías", async () => {
    const many = receipt(numbers(300));
    const pages = await pdfPages(await receiptPdf(many));
    // The old layout put the QR code after the 300 numbers and the checkpoint alone on a third page.
    expect(pages.length).toBe(2);
    expect(pages[0]).toContain("Escanea el código para verificar tus boletos en Rifazo.");
    expect(pages[0]).toContain("Bs. 1.194,56 (Tasa: Bs. 36,50 por dólar)");
    expect(pages.join("")).toContain(numbers(300).slice(-3).join(" "));
    // A refunded receipt with its checkpoint and lottery rule fits on one page (it took two).
    const { refund, draw } = longest([]);
    const refunded = await pdfPages(await receiptPdf(receipt(numbers(6), { refund, draw })));
    expect(refunded.length).toBe(1);
    expect(refunded[0]).toContain("Punto de control del acta");
    expect(refunded[0]).toContain("Gana el boleto formado por las últimas 4 cifras");
    // Everything long at once may take a second page, but the QR code and the payment stay on the first.
    const longestPages = await pdfPages(await receiptPdf(longest(numbers(6))));
    expect(longestPages.length).toBeLessThanOrEqual(2);
    expect(longestPages[0]).toContain("Escanea el código para verificar tus boletos en Rifazo.");
  });
});
