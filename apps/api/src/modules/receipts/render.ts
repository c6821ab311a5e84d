import type { Receipt } from "@rifazo/shared";
import { receiptDrawLabel } from "@rifazo/shared/domain/glossary";
import { receiptDateTime } from "@rifazo/shared/domain/receipt";
import { PDFDocument, type PDFFont, rgb, StandardFonts } from "pdf-lib";
import sharp from "sharp";
import { encode } from "uqr";

// The receipt as a PNG (an SVG drawn by sharp/librsvg with the DejaVu fonts) and as a PDF (pdf-lib with
// the standard Helvetica, whose WinAnsi encoding has every Spanish letter). Both carry the same texts as
// the page (the Receipt payload) and the same QR code: the ticket verifier for these numbers.

export const RECEIPT_IMAGE_WIDTH = 1080;
export const RECEIPT_IMAGE_HEIGHT = 1700;
/** Where the QR code sits in the PNG (quiet zone included), for whoever needs to find it again. */
export const RECEIPT_IMAGE_QR = { left: 60, top: 1200, size: 280 } as const;
/** Numbers drawn as chips in the PNG; a larger purchase ends with "+N" (the page lists them all). */
const IMAGE_NUMBER_CHIPS = 15;

const BRAND = "#4c1d95";
const ACCENT = "#fcd34d";
const INK = "#1b1530";
const MUTED = "#5f5a72";
const CANVAS = "#f7f6fb";
const CHIP = "#ede9fe";
/** A refunded receipt's stamp (decision 0016). */
const VOID = "#b91c1c";
const SANS = "DejaVu Sans, sans-serif";
const MONO = "DejaVu Sans Mono, monospace";
/** Quiet zone around the symbol, in modules, as the QR standard asks. */
const QUIET_ZONE = 4;

/** The QR symbol of the verifier link: modules[y][x] true for dark, no quiet zone. */
export function receiptQrModules(receipt: Pick<Receipt, "verifierUrl">): boolean[][] {
  return encode(receipt.verifierUrl, { ecc: "M", border: 0 }).data;
}

/** One SVG path with a unit square per dark module, offset by the quiet zone. */
function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    });
  });
  return parts.join("");
}

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/** Greedy word wrap by character count (good enough for a proportional font at a known size). */
function wrap(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    const last = kept[maxLines - 1] ?? "";
    kept[maxLines - 1] = `${last.slice(0, Math.max(0, maxChars - 1))}…`;
    return kept;
  }
  return lines;
}

function text(x: number, y: number, value: string, size: number, attrs = ""): string {
  return `<text x="${x}" y="${y}" font-size="${size}" ${attrs}>${escapeXml(value)}</text>`;
}

/** The PNG's drawing: header, raffle, numbers, draw date, payment, QR code and receipt code. */
export function receiptSvg(receipt: Receipt): string {
  const W = RECEIPT_IMAGE_WIDTH;
  const parts: string[] = [];
  parts.push(`<rect width="${W}" height="${RECEIPT_IMAGE_HEIGHT}" fill="${CANVAS}"/>`);
  parts.push(`<rect width="${W}" height="200" fill="${BRAND}"/>`);
  parts.push(text(60, 105, "Rifazo", 64, `font-weight="bold" fill="#ffffff"`));
  const subtitle = receipt.refund
    ? `Recibo de compra · ${receipt.refund.label}`
    : "Recibo de compra · Pago aprobado";
  parts.push(text(60, 160, subtitle, 32, `fill="${ACCENT}"`));

  parts.push(text(60, 265, "Rifa", 26, `fill="${MUTED}"`));
  wrap(receipt.raffle.title, 34, 2).forEach((line, i) => {
    parts.push(text(60, 320 + i * 56, line, 46, `font-weight="bold" fill="${INK}"`));
  });

  const numbersLabel = receipt.refund ? "Números anulados" : "Tus números";
  parts.push(text(60, 460, `${numbersLabel} (${receipt.quantity})`, 26, `fill="${MUTED}"`));
  const shown =
    receipt.numbers.length > IMAGE_NUMBER_CHIPS
      ? [
          ...receipt.numbers.slice(0, IMAGE_NUMBER_CHIPS - 1),
          `+${receipt.numbers.length - (IMAGE_NUMBER_CHIPS - 1)}`,
        ]
      : receipt.numbers;
  shown.forEach((label, i) => {
    const x = 60 + (i % 5) * 196;
    const y = 480 + Math.floor(i / 5) * 112;
    parts.push(`<rect x="${x}" y="${y}" width="176" height="96" rx="18" fill="${CHIP}"/>`);
    parts.push(
      text(
        x + 88,
        y + 68,
        label,
        54,
        `font-family="${MONO}" font-weight="bold" fill="${BRAND}" text-anchor="middle"`,
      ),
    );
  });

  if (receipt.refund) parts.push(refundStamp(receipt.refund));

  parts.push(text(60, 850, receiptDrawLabel(receipt.draw.kind), 26, `fill="${MUTED}"`));
  wrap(receipt.draw.text, 48, 2).forEach((line, i) => {
    parts.push(text(60, 892 + i * 40, line, 32, `font-weight="bold" fill="${INK}"`));
  });

  const cell = (x: number, y: number, label: string, value: string, note?: string | null) => {
    parts.push(text(x, y, label, 26, `fill="${MUTED}"`));
    parts.push(text(x, y + 40, wrap(value, 26, 1)[0] ?? "", 32, `font-weight="bold" fill="${INK}"`));
    if (note) parts.push(text(x, y + 76, note, 24, `fill="${MUTED}"`));
  };
  cell(60, 990, "Comprador", receipt.buyerName);
  cell(560, 990, "Método", receipt.payment.methodLabel, `Referencia ····${receipt.payment.referenceLast4}`);
  cell(60, 1100, "Pagado", receipt.payment.amountText, receipt.payment.exchangeRateText);
  cell(560, 1100, "Aprobado", receiptDateTime(receipt.approvedAt, "short"));

  const modules = receiptQrModules(receipt);
  const span = modules.length + QUIET_ZONE * 2;
  const qr = RECEIPT_IMAGE_QR;
  parts.push(
    `<svg x="${qr.left}" y="${qr.top}" width="${qr.size}" height="${qr.size}" viewBox="0 0 ${span} ${span}" shape-rendering="crispEdges">` +
      `<rect width="${span}" height="${span}" fill="#ffffff"/><path d="${qrPath(modules)}" fill="#000000"/></svg>`,
  );
  const right = qr.left + qr.size + 40;
  parts.push(text(right, 1235, "Escanea el código para verificar", 26, `fill="${MUTED}"`));
  parts.push(text(right, 1268, "tus boletos en Rifazo.", 26, `fill="${MUTED}"`));
  parts.push(text(right, 1330, "Código de verificación del recibo", 26, `font-weight="bold" fill="${INK}"`));
  for (let i = 0; i < 4; i += 1) {
    const chunk = receipt.receiptCode.slice(i * 16, i * 16 + 16);
    parts.push(text(right, 1372 + i * 34, chunk, 28, `font-family="${MONO}" fill="${INK}"`));
  }
  // The record checkpoint (docs/draw-protocol.md §14): what the buyer can hold the published record to.
  parts.push(`<rect x="60" y="1516" width="${W - 120}" height="2" fill="${CHIP}"/>`);
  parts.push(text(60, 1560, "Punto de control del acta", 26, `font-weight="bold" fill="${INK}"`));
  if (receipt.checkpoint) {
    const cp = receipt.checkpoint;
    const round = cp.round === null ? "sin ronda drand registrada" : `ronda drand ${cp.round}`;
    parts.push(
      text(
        60,
        1598,
        `Entrada ${cp.length}, huella ${cp.headHash.slice(0, 16)}…; ${round}`,
        26,
        `fill="${INK}"`,
      ),
    );
    for (let i = 0; i * 72 < cp.code.length; i += 1) {
      parts.push(
        text(
          60,
          1632 + i * 26,
          cp.code.slice(i * 72, i * 72 + 72),
          18,
          `font-family="${MONO}" fill="${MUTED}"`,
        ),
      );
    }
  } else {
    parts.push(
      text(60, 1598, "La rifa no tenía acta pública al aprobarse este pago.", 26, `fill="${MUTED}"`),
    );
  }
  parts.push(`<rect y="${RECEIPT_IMAGE_HEIGHT - 16}" width="${W}" height="16" fill="${BRAND}"/>`);

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${RECEIPT_IMAGE_HEIGHT}" viewBox="0 0 ${W} ${RECEIPT_IMAGE_HEIGHT}" font-family="${SANS}">${parts.join("")}</svg>`;
}

/** Over the numbers: they are veiled, and a stamp says when and how the purchase was refunded. */
function refundStamp(refund: NonNullable<Receipt["refund"]>): string {
  const lines = [
    text(540, 600, refund.label.toUpperCase(), 56, `font-weight="bold" fill="${VOID}" text-anchor="middle"`),
    ...wrap(refund.headline, 56, 1).map((line) =>
      text(540, 660, line, 27, `font-weight="bold" fill="${INK}" text-anchor="middle"`),
    ),
    ...wrap(refund.detail, 62, 2).map((line, i) =>
      text(540, 706 + i * 34, line, 24, `fill="${INK}" text-anchor="middle"`),
    ),
  ];
  return (
    `<rect x="50" y="470" width="980" height="340" fill="#ffffff" fill-opacity="0.82"/>` +
    `<rect x="90" y="530" width="900" height="250" rx="24" fill="none" stroke="${VOID}" stroke-width="6"/>` +
    lines.join("")
  );
}

export async function receiptPng(receipt: Receipt): Promise<Buffer> {
  return sharp(Buffer.from(receiptSvg(receipt)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/**
 * The text without the characters the standard font cannot encode (an emoji in a raffle's title would
 * make pdf-lib throw): WinAnsi has every Spanish letter, so only such symbols are dropped.
 */
function encodable(font: PDFFont, value: string): string {
  const supported = new Set(font.getCharacterSet());
  return Array.from(value.normalize("NFC"))
    .filter((char) => supported.has(char.codePointAt(0) ?? 0) || char === " ")
    .join("");
}

/** Lines of at most `width` points in `font` at `size` (word wrap; an over-long word is cut). */
function wrapPdf(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of encodable(font, value).split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * One A4 page (more when the numbers need them): the same receipt in vector text, so it prints sharp
 * and its numbers can be searched and copied.
 */
export async function receiptPdf(receipt: Receipt): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Recibo de Rifazo: ${receipt.raffle.title}`);
  doc.setSubject(`Números: ${receipt.numbers.join(", ")}`);
  doc.setAuthor("Rifazo");
  doc.setCreator("Rifazo");
  doc.setProducer("Rifazo (pdf-lib)");
  doc.setLanguage("es-VE");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const mono = await doc.embedFont(StandardFonts.Courier);
  const monoBold = await doc.embedFont(StandardFonts.CourierBold);
  const brand = rgb(0x4c / 255, 0x1d / 255, 0x95 / 255);
  const ink = rgb(0x1b / 255, 0x15 / 255, 0x30 / 255);
  const muted = rgb(0x5f / 255, 0x5a / 255, 0x72 / 255);
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 48;
  const width = pageWidth - margin * 2;

  let page = doc.addPage([pageWidth, pageHeight]);
  page.drawRectangle({ x: 0, y: pageHeight - 96, width: pageWidth, height: 96, color: brand });
  page.drawText("Rifazo", { x: margin, y: pageHeight - 52, size: 30, font: bold, color: rgb(1, 1, 1) });
  page.drawText(
    receipt.refund ? `Recibo de compra - ${receipt.refund.label}` : "Recibo de compra - Pago aprobado",
    {
      x: margin,
      y: pageHeight - 78,
      size: 14,
      font: regular,
      color: rgb(0xfc / 255, 0xd3 / 255, 0x4d / 255),
    },
  );

  let y = pageHeight - 130;
  const newPageIfNeeded = (needed: number) => {
    if (y - needed >= margin) return;
    page = doc.addPage([pageWidth, pageHeight]);
    y = pageHeight - margin;
  };
  const label = (value: string) => {
    newPageIfNeeded(30);
    page.drawText(value, { x: margin, y, size: 10, font: regular, color: muted });
    y -= 18;
  };
  const paragraph = (value: string, size: number, font = bold, color = ink) => {
    for (const line of wrapPdf(value, font, size, width)) {
      newPageIfNeeded(size + 4);
      page.drawText(line, { x: margin, y, size, font, color });
      y -= size + 6;
    }
    y -= 8;
  };

  label("Rifa");
  paragraph(receipt.raffle.title, 20);
  if (receipt.refund) {
    // Refunded (decision 0016): the stamp first, then the numbers, struck out by their label.
    paragraph(receipt.refund.headline, 16, bold, rgb(0xb9 / 255, 0x1c / 255, 0x1c / 255));
    paragraph(receipt.refund.detail, 11, regular);
  }
  label(`${receipt.refund ? "Números anulados" : "Tus números"} (${receipt.quantity})`);
  paragraph(receipt.numbers.join("  "), 18, monoBold, receipt.refund ? muted : brand);
  label(receiptDrawLabel(receipt.draw.kind));
  paragraph(receipt.draw.text, 13);
  if (receipt.draw.lotteryRule) paragraph(receipt.draw.lotteryRule, 10);
  label("Comprador");
  paragraph(receipt.buyerName, 13);
  label("Pagado");
  paragraph(
    receipt.payment.exchangeRateText
      ? `${receipt.payment.amountText} (${receipt.payment.exchangeRateText})`
      : receipt.payment.amountText,
    13,
  );
  label("Método y referencia");
  paragraph(`${receipt.payment.methodLabel}, referencia terminada en ${receipt.payment.referenceLast4}`, 13);
  label("Aprobado");
  paragraph(receiptDateTime(receipt.approvedAt), 13);

  const modules = receiptQrModules(receipt);
  const qrSize = 150;
  newPageIfNeeded(qrSize + 20);
  const span = modules.length + QUIET_ZONE * 2;
  const scale = qrSize / span;
  const top = y;
  page.drawRectangle({ x: margin, y: top - qrSize, width: qrSize, height: qrSize, color: rgb(1, 1, 1) });
  page.drawSvgPath(qrPath(modules), { x: margin, y: top, scale, color: rgb(0, 0, 0) });
  const textX = margin + qrSize + 20;
  const textWidth = width - qrSize - 20;
  let ty = top - 12;
  for (const line of wrapPdf(
    "Escanea el código para verificar tus boletos en Rifazo.",
    regular,
    10,
    textWidth,
  )) {
    page.drawText(line, { x: textX, y: ty, size: 10, font: regular, color: muted });
    ty -= 14;
  }
  ty -= 8;
  page.drawText("Código de verificación del recibo", { x: textX, y: ty, size: 11, font: bold, color: ink });
  ty -= 18;
  for (let i = 0; i < 2; i += 1) {
    page.drawText(receipt.receiptCode.slice(i * 32, i * 32 + 32), {
      x: textX,
      y: ty,
      size: 10,
      font: mono,
      color: ink,
    });
    ty -= 14;
  }
  y = Math.min(top - qrSize, ty) - 24;
  newPageIfNeeded(60);
  for (const line of wrapPdf(
    "Con este código compruebas en la lista congelada del sorteo (su acta) que cada uno de tus números está marcado como tuyo: en el verificador de boletos, sección «Comprobar mis boletos».",
    regular,
    9,
    width,
  )) {
    page.drawText(line, { x: margin, y, size: 9, font: regular, color: muted });
    y -= 12;
  }
  y -= 6;
  // The record checkpoint (docs/draw-protocol.md §14), in words and as the code the record page accepts.
  newPageIfNeeded(70);
  page.drawText("Punto de control del acta", { x: margin, y, size: 11, font: bold, color: ink });
  y -= 16;
  const cp = receipt.checkpoint;
  for (const line of wrapPdf(
    cp
      ? `${cp.text}. Si el acta publicada no extiende este punto, se reescribió después de tu compra: compruébalo en la página del acta.`
      : "La rifa no tenía acta pública al aprobarse este pago.",
    regular,
    9,
    width,
  )) {
    page.drawText(line, { x: margin, y, size: 9, font: regular, color: muted });
    y -= 12;
  }
  if (cp) {
    for (let start = 0; start < cp.code.length; start += 100) {
      newPageIfNeeded(12);
      page.drawText(encodable(mono, cp.code.slice(start, start + 100)), {
        x: margin,
        y,
        size: 8,
        font: mono,
        color: ink,
      });
      y -= 11;
    }
  }
  y -= 6;
  // The QR code's link in full (Courier 8 pt: 100 characters a line), for whoever cannot scan it.
  for (let start = 0; start < receipt.verifierUrl.length; start += 100) {
    newPageIfNeeded(12);
    const line = encodable(mono, receipt.verifierUrl.slice(start, start + 100));
    page.drawText(line, { x: margin, y, size: 8, font: mono, color: muted });
    y -= 11;
  }
  return doc.save();
}
