import { PAYMENT_METHOD_LABELS, PROOF_STATUS_LABELS, type Receipt } from "@rifazo/shared";
import { receiptDrawLabel } from "@rifazo/shared/domain/glossary";
import { instantOutcomeText } from "@rifazo/shared/domain/instant-texts";
import { formatMoney } from "@rifazo/shared/domain/money";
import { receiptDateTime } from "@rifazo/shared/domain/receipt";
import { type Color, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from "pdf-lib";
import { QUIET_ZONE, qrPath, receiptQrModules } from "./render";

// The receipt as a PDF (pdf-lib with the standard Helvetica, whose WinAnsi encoding has every Spanish
// letter): the same texts and QR code as the PNG (./render).

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

const [PAGE_WIDTH, PAGE_HEIGHT] = [595.28, 841.89];
const MARGIN = 48;
const WIDTH = PAGE_WIDTH - MARGIN * 2;
const BRAND = rgb(0x4c / 255, 0x1d / 255, 0x95 / 255);
const INK = rgb(0x1b / 255, 0x15 / 255, 0x30 / 255);
const MUTED = rgb(0x5f / 255, 0x5a / 255, 0x72 / 255);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  mono: PDFFont;
  monoBold: PDFFont;
}

/** The page being written and the baseline of the next line, top to bottom; a new page when full. */
class PdfCursor {
  page: PDFPage;
  y: number;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - 116;
  }

  newPageIfNeeded(needed: number): void {
    // 36 pt (half an inch) at the foot: printers' usual unprintable edge is smaller.
    if (this.y - needed >= 36) return;
    this.page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.y = PAGE_HEIGHT - MARGIN;
  }

  label(value: string): void {
    this.newPageIfNeeded(30);
    this.page.drawText(value, { x: MARGIN, y: this.y, size: 10, font: this.fonts.regular, color: MUTED });
    this.y -= 18;
  }

  paragraph(value: string, size: number, font = this.fonts.bold, color: Color = INK): void {
    for (const line of wrapPdf(value, font, size, WIDTH)) {
      this.newPageIfNeeded(size + 4);
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
      this.y -= size + 6;
    }
    this.y -= 8;
  }

  /** A section's heading (11 pt bold), without a page check (the caller made room for the section). */
  heading(title: string): void {
    this.page.drawText(title, { x: MARGIN, y: this.y, size: 11, font: this.fonts.bold, color: INK });
    this.y -= 16;
  }

  /** Lines of small print, without a page check (the caller made room). */
  smallPrint(lines: string[], size: number, font: PDFFont, color: Color, step: number): void {
    for (const line of lines) {
      this.page.drawText(line, { x: MARGIN, y: this.y, size, font, color });
      this.y -= step;
    }
  }
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
  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    mono: await doc.embedFont(StandardFonts.Courier),
    monoBold: await doc.embedFont(StandardFonts.CourierBold),
  };
  const cursor = new PdfCursor(doc, fonts);
  drawHeader(cursor, receipt);
  drawQrAndPayment(cursor, receipt);
  if (receipt.instant) drawInstant(cursor, receipt.instant);

  if (receipt.abono) drawAbono(cursor, receipt.abono, Boolean(receipt.refund));
  else
    drawNumbers(
      cursor,
      receipt.numbers,
      `${receipt.refund ? "Números anulados" : "Tus números"} (${receipt.quantity})`,
      receipt.refund ? MUTED : BRAND,
    );
  cursor.label(receiptDrawLabel(receipt.draw.kind));
  cursor.paragraph(receipt.draw.text, 13);
  if (receipt.draw.lotteryRule) cursor.paragraph(receipt.draw.lotteryRule, 10, fonts.regular);

  drawReceiptCode(cursor, receipt);
  drawCheckpointAndLink(cursor, receipt);
  return doc.save();
}

/**
 * The purchase's instant draw (docs/decisions/0035-prizes-on-the-record.md) in the shared sentence, on the
 * first page beside the payment: a win in bold brand colour.
 */
function drawInstant(cursor: PdfCursor, instant: NonNullable<Receipt["instant"]>): void {
  const won = instant.status === "decided" && instant.wins.length > 0;
  const { bold, regular } = cursor.fonts;
  cursor.paragraph(instantOutcomeText(instant), 12, won ? bold : regular, won ? BRAND : INK);
}

/** The numbers, large; a long list in a smaller size (300 numbers fill half a page instead of two). */
function drawNumbers(cursor: PdfCursor, numbers: string[], label: string, color: Color): void {
  cursor.label(label);
  if (numbers.length > 0) {
    cursor.paragraph(numbers.join("  "), numbers.length > 40 ? 12 : 18, cursor.fonts.monoBold, color);
  }
}

/**
 * One payment of an abono (decision 0034): which one, the balance, the purchase's numbers with their
 * state (apartados never as tickets in the draw) and, on an earlier payment's receipt once sold, each
 * number's owner tag in the frozen list (its own code does not make them); then every payment.
 */
function drawAbono(cursor: PdfCursor, abono: NonNullable<Receipt["abono"]>, refunded: boolean): void {
  const { fonts } = cursor;
  cursor.label(abono.title);
  cursor.paragraph(abono.text, 13);
  const { numbers } = abono;
  const played = numbers.state === "sold" && !refunded;
  drawNumbers(
    cursor,
    numbers.items.map((item) => item.number),
    numbers.label,
    played ? BRAND : MUTED,
  );
  cursor.paragraph(numbers.note, 10, fonts.regular, played ? INK : MUTED);
  if (!abono.final && numbers.items.some((item) => item.tag)) {
    cursor.label("Etiquetas en la lista congelada");
    for (const item of numbers.items) monoLines(cursor, `${item.number}  ${item.tag ?? ""}`, INK);
    cursor.y -= 8;
  }
  cursor.label("Pagos de la compra");
  for (const payment of abono.payments) {
    const line = `${formatMoney(payment.amount, payment.currency)} · ${PAYMENT_METHOD_LABELS[payment.method]} · ${receiptDateTime(payment.createdAt, "short")} · ${PROOF_STATUS_LABELS[payment.status]}${payment.isThis ? " (este recibo)" : ""}`;
    cursor.paragraph(line, 10, payment.isThis ? fonts.bold : fonts.regular);
  }
}

/** The brand band with the payment's state, then the raffle (and a refund's stamp). */
function drawHeader(cursor: PdfCursor, receipt: Receipt): void {
  const { page, fonts } = cursor;
  page.drawRectangle({ x: 0, y: PAGE_HEIGHT - 84, width: PAGE_WIDTH, height: 84, color: BRAND });
  page.drawText("Rifazo", {
    x: MARGIN,
    y: PAGE_HEIGHT - 46,
    size: 30,
    font: fonts.bold,
    color: rgb(1, 1, 1),
  });
  const subtitle = receipt.refund
    ? `Recibo de ${receipt.abono ? "abono" : "compra"} - ${receipt.refund.label}`
    : receipt.abono
      ? `Recibo de abono - ${receipt.abono.title}`
      : "Recibo de compra - Pago aprobado";
  page.drawText(subtitle, {
    x: MARGIN,
    y: PAGE_HEIGHT - 70,
    size: 14,
    font: fonts.regular,
    color: rgb(0xfc / 255, 0xd3 / 255, 0x4d / 255),
  });

  cursor.label("Rifa");
  cursor.paragraph(receipt.raffle.title, 20);
  if (receipt.refund) {
    // Refunded (decision 0016): the stamp first, then the numbers, struck out by their label.
    cursor.paragraph(receipt.refund.headline, 16, fonts.bold, rgb(0xb9 / 255, 0x1c / 255, 0x1c / 255));
    cursor.paragraph(receipt.refund.detail, 11, fonts.regular);
  }
}

/**
 * The QR code beside who paid, how much, how and when: on the first page whatever the numbers' count
 * (the list, however long, follows).
 */
function drawQrAndPayment(cursor: PdfCursor, receipt: Receipt): void {
  const { fonts } = cursor;
  const modules = receiptQrModules(receipt);
  const qrSize = 150;
  cursor.newPageIfNeeded(qrSize + 40);
  const { page } = cursor;
  const span = modules.length + QUIET_ZONE * 2;
  const top = cursor.y + 10;
  page.drawRectangle({ x: MARGIN, y: top - qrSize, width: qrSize, height: qrSize, color: rgb(1, 1, 1) });
  page.drawSvgPath(qrPath(modules), { x: MARGIN, y: top, scale: qrSize / span, color: rgb(0, 0, 0) });
  const factX = MARGIN + qrSize + 24;
  const factWidth = WIDTH - qrSize - 24;
  let fy = top - 14;
  const fact = (name: string, value: string) => {
    page.drawText(name, { x: factX, y: fy, size: 9, font: fonts.regular, color: MUTED });
    fy -= 15;
    for (const line of wrapPdf(value, fonts.bold, 12, factWidth)) {
      page.drawText(line, { x: factX, y: fy, size: 12, font: fonts.bold, color: INK });
      fy -= 15;
    }
    fy -= 5;
  };
  fact("Comprador", receipt.buyerName);
  fact(
    "Pagado",
    receipt.payment.exchangeRateText
      ? `${receipt.payment.amountText} (${receipt.payment.exchangeRateText})`
      : receipt.payment.amountText,
  );
  fact(
    "Método y referencia",
    `${receipt.payment.methodLabel}, referencia terminada en ${receipt.payment.referenceLast4}`,
  );
  fact("Aprobado", receiptDateTime(receipt.approvedAt));
  for (const line of wrapPdf(
    "Escanea el código para verificar tus boletos en Rifazo.",
    fonts.regular,
    9,
    factWidth,
  )) {
    page.drawText(line, { x: factX, y: fy, size: 9, font: fonts.regular, color: MUTED });
    fy -= 12;
  }
  cursor.y = Math.min(top - qrSize, fy) - 22;
}

/** The receipt's verification code, and what it proves. */
function drawReceiptCode(cursor: PdfCursor, receipt: Receipt): void {
  const { fonts } = cursor;
  cursor.newPageIfNeeded(90);
  cursor.heading("Código de verificación del recibo");
  const halves = [0, 1].map((i) => receipt.receiptCode.slice(i * 32, i * 32 + 32));
  cursor.smallPrint(halves, 10, fonts.mono, INK, 14);
  cursor.y -= 2;
  // An abono's earlier payment (decision 0034) sold nothing: its code tags none of the purchase's numbers.
  const earlierAbono = receipt.abono && !receipt.abono.final;
  const note = wrapPdf(
    earlierAbono
      ? "Este abono no vendió números: en la lista congelada, los de la compra llevan las etiquetas del pago que la completa (este recibo las imprime arriba una vez pagada), no las de este código."
      : "Con este código compruebas en la lista congelada del sorteo (su acta) que cada uno de tus números está marcado como tuyo: en el verificador de boletos, sección «Comprobar mis boletos».",
    fonts.regular,
    9,
    WIDTH,
  );
  cursor.smallPrint(note, 9, fonts.regular, MUTED, 12);
  cursor.y -= 10;
}

/** The record checkpoint (docs/draw-protocol.md §14), in words and as the code the record page accepts. */
function drawCheckpointAndLink(cursor: PdfCursor, receipt: Receipt): void {
  const { fonts } = cursor;
  const cp = receipt.checkpoint;
  const cpLines = wrapPdf(
    cp
      ? `${cp.text}. Si el acta publicada no extiende este punto, se reescribió después de tu compra: compruébalo en la página del acta.`
      : "La rifa no tenía acta pública al aprobarse este pago.",
    fonts.regular,
    9,
    WIDTH,
  );
  // The block and the link stay whole, on a new page only when they do not fit (not on a guess).
  cursor.newPageIfNeeded(
    16 +
      cpLines.length * 12 +
      (cp ? Math.ceil(cp.code.length / 100) * 11 : 0) +
      6 +
      Math.ceil(receipt.verifierUrl.length / 100) * 11,
  );
  cursor.heading("Punto de control del acta");
  cursor.smallPrint(cpLines, 9, fonts.regular, MUTED, 12);
  if (cp) monoLines(cursor, cp.code, INK);
  cursor.y -= 6;
  // The QR code's link in full (Courier 8 pt: 100 characters a line), for whoever cannot scan it.
  monoLines(cursor, receipt.verifierUrl, MUTED);
}

/** A long code in Courier 8 pt, 100 characters a line. */
function monoLines(cursor: PdfCursor, value: string, color: Color): void {
  for (let start = 0; start < value.length; start += 100) {
    cursor.newPageIfNeeded(12);
    const line = encodable(cursor.fonts.mono, value.slice(start, start + 100));
    cursor.page.drawText(line, { x: MARGIN, y: cursor.y, size: 8, font: cursor.fonts.mono, color });
    cursor.y -= 11;
  }
}
