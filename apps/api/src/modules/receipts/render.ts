import type { Receipt } from "@rifazo/shared";
import { receiptDrawLabel } from "@rifazo/shared/domain/glossary";
import { instantOutcomeText } from "@rifazo/shared/domain/instant-texts";
import { receiptDateTime } from "@rifazo/shared/domain/receipt";
import sharp from "sharp";
import { encode } from "uqr";
import { ellipsize, measure, text, wrap } from "./render-text";

// The receipt as a PNG (an SVG drawn by sharp/librsvg with the DejaVu fonts) and as a PDF (pdf-lib with
// the standard Helvetica, whose WinAnsi encoding has every Spanish letter). Both carry the same texts as
// the page (the Receipt payload) and the same QR code: the ticket verifier for these numbers.

export const RECEIPT_IMAGE_WIDTH = 1080;
/**
 * A portrait card for a phone: 1080 wide, as tall as its content and never taller than a 9:16 screen.
 * The key facts (raffle, "Pago aprobado", the numbers and the QR code) sit in the top 1350 px, the 4:5
 * frame a chat preview (WhatsApp) shows of a tall image; the draw, the receipt code and the record
 * checkpoint follow below.
 */
export const RECEIPT_IMAGE_MAX_HEIGHT = 1920;
export const RECEIPT_IMAGE_PREVIEW_HEIGHT = 1350;
/** Numbers drawn as chips (5 a row); a larger purchase adds "y N más" (the receipt page lists them all). */
export const RECEIPT_IMAGE_NUMBER_CHIPS = 15;
const CHIPS_PER_ROW = 5;

const BRAND = "#4c1d95";
const ACCENT = "#fcd34d";
const INK = "#1b1530";
const MUTED = "#5f5a72";
const CANVAS = "#f7f6fb";
const CHIP = "#ede9fe";
const RULE = "#ddd6fe";
/** An instant win's box (decision 0035). */
const WON = "#fef3c7";
/** A refunded receipt's stamp (decision 0016). */
const VOID = "#b91c1c";
const VOID_CHIP = "#ece9f1";
const SANS = "DejaVu Sans, sans-serif";
const MONO = "DejaVu Sans Mono, monospace";
/** Quiet zone around the symbol, in modules, as the QR standard asks. */
export const QUIET_ZONE = 4;

/** The QR symbol of the verifier link: modules[y][x] true for dark, no quiet zone. */
export function receiptQrModules(receipt: Pick<Receipt, "verifierUrl">): boolean[][] {
  return encode(receipt.verifierUrl, { ecc: "M", border: 0 }).data;
}

/** One SVG path with a unit square per dark module, offset by the quiet zone. */
export function qrPath(modules: readonly (readonly boolean[])[]): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + QUIET_ZONE} ${y + QUIET_ZONE}h1v1h-1z`);
    });
  });
  return parts.join("");
}

/** Where the QR code sits in a receipt's PNG (quiet zone included), and how tall the PNG is. */
export interface ReceiptImageLayout {
  width: number;
  height: number;
  qr: { left: number; top: number; size: number };
}

const MARGIN = 60;
const INNER = RECEIPT_IMAGE_WIDTH - MARGIN * 2;
const QR_SIZE = 360;

/** Pushes one line of muted text onto the drawing. */
const muted = (parts: string[], x: number, baseline: number, value: string, size = 24) =>
  parts.push(text(x, baseline, value, size, `fill="${MUTED}"`));
/** Pushes one line of bold ink text onto the drawing. */
const strong = (parts: string[], x: number, baseline: number, value: string, size: number) =>
  parts.push(text(x, baseline, value, size, `font-weight="bold" fill="${INK}"`));

/**
 * The PNG's drawing, top to bottom, each block as tall as its content: header with the payment's state,
 * raffle, numbers, then the QR code beside the buyer and payment; below, the draw (and the lottery's
 * rule), the receipt code and the record checkpoint. Each block takes the top of its space (`y`) and
 * returns the top of the next one.
 */
function drawReceipt(receipt: Receipt): { svg: string; layout: ReceiptImageLayout } {
  const W = RECEIPT_IMAGE_WIDTH;
  const parts: string[] = [];
  let y = drawHeader(parts, receipt);
  if (receipt.refund) y = drawRefundStamp(parts, receipt.refund, y);
  y = drawNumbers(parts, receipt, y);
  const qr = { left: MARGIN, top: y, size: QR_SIZE };
  y = drawQrAndPayment(parts, receipt, qr);
  y = drawInstant(parts, receipt, y);
  y = drawDraw(parts, receipt, y);
  y = drawReceiptCode(parts, receipt, y);
  y = drawCheckpoint(parts, receipt, y);

  const height = Math.min(y + 16, RECEIPT_IMAGE_MAX_HEIGHT);
  parts.push(`<rect y="${height - 16}" width="${W}" height="16" fill="${BRAND}"/>`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}" font-family="${SANS}"><rect width="${W}" height="${height}" fill="${CANVAS}"/>${parts.join("")}</svg>`;
  return { svg, layout: { width: W, height, qr } };
}

/** The brand band with the payment's state, then the raffle's title. */
function drawHeader(parts: string[], receipt: Receipt): number {
  parts.push(`<rect width="${RECEIPT_IMAGE_WIDTH}" height="148" fill="${BRAND}"/>`);
  parts.push(text(MARGIN, 80, "Rifazo", 56, `font-weight="bold" fill="#ffffff"`));
  const kind = receipt.abono ? "abono" : "compra";
  const subtitle = receipt.refund
    ? `Recibo de ${kind} · ${receipt.refund.label}`
    : receipt.abono
      ? `Recibo de abono · ${receipt.abono.title}`
      : "Recibo de compra · Pago aprobado";
  parts.push(text(MARGIN, 124, subtitle, 30, `fill="${ACCENT}"`));
  // `y` is the top of the next block.
  let y = 148 + 40;

  muted(parts, MARGIN, y + 24, "Rifa");
  y += 36;
  for (const line of wrap(receipt.raffle.title, 44, INNER, 2, true)) {
    strong(parts, MARGIN, y + 44, line, 44);
    y += 54;
  }
  return y + 22;
}

/** Refunded (decision 0016): the stamp comes before the numbers it voids. */
function drawRefundStamp(parts: string[], refund: NonNullable<Receipt["refund"]>, y: number): number {
  const detail = wrap(refund.detail, 24, INNER - 60, 2);
  const height = 150 + detail.length * 32;
  parts.push(
    `<rect x="${MARGIN}" y="${y}" width="${INNER}" height="${height}" rx="22" fill="#ffffff" stroke="${VOID}" stroke-width="6"/>`,
  );
  const center = RECEIPT_IMAGE_WIDTH / 2;
  parts.push(
    text(
      center,
      y + 64,
      refund.label.toUpperCase(),
      50,
      `font-weight="bold" fill="${VOID}" text-anchor="middle"`,
    ),
  );
  parts.push(
    text(
      center,
      y + 108,
      ellipsize(refund.headline, 27, INNER - 60, true),
      27,
      `font-weight="bold" fill="${INK}" text-anchor="middle"`,
    ),
  );
  detail.forEach((line, i) => {
    parts.push(text(center, y + 146 + i * 32, line, 24, `fill="${INK}" text-anchor="middle"`));
  });
  return y + height + 28;
}

/**
 * One payment of an abono (decision 0034): the balance, then the purchase's numbers by their state, so
 * numbers apartados never look like tickets in the draw.
 */
function abonoNumbers(abono: NonNullable<Receipt["abono"]>) {
  const notes = [abono.text, abono.numbers.note];
  const numbers = abono.numbers.items.map((item) => item.number);
  return { label: abono.numbers.label, numbers, dimmed: abono.numbers.state !== "sold", notes };
}

/** The numbers as chips (struck out when refunded), then how many more the online receipt lists. */
function drawNumbers(parts: string[], receipt: Receipt, top: number): number {
  let y = top;
  const { label, numbers, dimmed, notes } = receipt.abono
    ? abonoNumbers(receipt.abono)
    : {
        label: `${receipt.refund ? "Números anulados" : "Tus números"} (${receipt.quantity})`,
        numbers: receipt.numbers,
        dimmed: false,
        notes: [],
      };
  for (const note of notes) {
    for (const line of wrap(note, 24, INNER, 2)) {
      parts.push(text(MARGIN, y + 24, line, 24, `fill="${INK}"`));
      y += 32;
    }
    y += 8;
  }
  muted(parts, MARGIN, y + 24, label);
  y += 40;
  // A refunded receipt keeps two rows, so the QR code stays in the preview's frame under the stamp; the
  // instant draw's line (decision 0035) takes one row's room, so the card never grows past its maximum.
  const rows = (receipt.refund || notes.length > 0 ? 2 : 3) - (receipt.instant ? 1 : 0);
  const cap = Math.min(RECEIPT_IMAGE_NUMBER_CHIPS, CHIPS_PER_ROW * rows);
  const shown = numbers.slice(0, cap);
  const gap = 16;
  const chipWidth = (INNER - gap * (CHIPS_PER_ROW - 1)) / CHIPS_PER_ROW;
  const chipHeight = 92;
  shown.forEach((label, i) => {
    const x = MARGIN + (i % CHIPS_PER_ROW) * (chipWidth + gap);
    const chipTop = y + Math.floor(i / CHIPS_PER_ROW) * (chipHeight + gap);
    const size = Math.min(54, Math.floor((chipWidth - 24) / (label.length * 0.602)));
    const fill = receipt.refund || dimmed ? VOID_CHIP : CHIP;
    parts.push(
      `<rect x="${x}" y="${chipTop}" width="${chipWidth}" height="${chipHeight}" rx="18" fill="${fill}"/>`,
    );
    parts.push(
      text(
        x + chipWidth / 2,
        chipTop + chipHeight / 2 + size * 0.36,
        label,
        size,
        `font-family="${MONO}" font-weight="bold" fill="${receipt.refund || dimmed ? MUTED : BRAND}" text-anchor="middle"`,
      ),
    );
    if (receipt.refund) {
      parts.push(
        `<rect x="${x + 18}" y="${chipTop + chipHeight / 2 - 2}" width="${chipWidth - 36}" height="4" fill="${VOID}"/>`,
      );
    }
  });
  y += Math.ceil(shown.length / CHIPS_PER_ROW) * (chipHeight + gap) - gap;
  const more = numbers.length - shown.length;
  if (more > 0) {
    strong(parts, MARGIN, y + 40, `y ${more.toLocaleString("es-VE")} más`, 28);
    const note = "(la lista completa está en tu recibo en línea)";
    muted(parts, MARGIN + measure(`y ${more} más`, 28, true) + 40, y + 40, note);
    y += 52;
  }
  return y + 36;
}

/** The QR code (the ticket verifier for these numbers) beside who paid, how much, how and when. */
function drawQrAndPayment(parts: string[], receipt: Receipt, qr: ReceiptImageLayout["qr"]): number {
  const y = qr.top;
  const modules = receiptQrModules(receipt);
  const span = modules.length + QUIET_ZONE * 2;
  parts.push(
    `<svg x="${qr.left}" y="${qr.top}" width="${qr.size}" height="${qr.size}" viewBox="0 0 ${span} ${span}" shape-rendering="crispEdges">` +
      `<rect width="${span}" height="${span}" fill="#ffffff"/><path d="${qrPath(modules)}" fill="#000000"/></svg>`,
  );
  const right = MARGIN + QR_SIZE + 40;
  const cellWidth = RECEIPT_IMAGE_WIDTH - MARGIN - right;
  let cy = y + 4;
  const cell = (label: string, value: string, note?: string | null) => {
    muted(parts, right, cy + 22, label, 22);
    strong(parts, right, cy + 58, ellipsize(value, 30, cellWidth, true), 30);
    if (note) muted(parts, right, cy + 88, ellipsize(note, 22, cellWidth, false), 22);
    cy += note ? 104 : 80;
  };
  cell("Comprador", receipt.buyerName);
  cell("Pagado", receipt.payment.amountText, receipt.payment.exchangeRateText);
  cell("Método", receipt.payment.methodLabel, `Referencia ····${receipt.payment.referenceLast4}`);
  cell("Aprobado", receiptDateTime(receipt.approvedAt, "short"));
  const below = Math.max(y + QR_SIZE, cy) + 38;
  muted(parts, MARGIN, below, "Escanea el código QR para verificar tus boletos en Rifazo.");
  return below + 34;
}

/**
 * The purchase's instant draw (docs/decisions/0035-prizes-on-the-record.md) in the shared sentence: a win
 * in a gold box, the wait or no win in a plain one. Below the QR code, so the preview frame keeps it.
 */
function drawInstant(parts: string[], receipt: Receipt, top: number): number {
  if (!receipt.instant) return top;
  const won = receipt.instant.status === "decided" && receipt.instant.wins.length > 0;
  const lines = wrap(instantOutcomeText(receipt.instant), 24, INNER - 48, 2, won);
  const height = 22 + lines.length * 34;
  parts.push(
    `<rect x="${MARGIN}" y="${top}" width="${INNER}" height="${height}" rx="18" fill="${won ? WON : "#ffffff"}" stroke="${won ? ACCENT : RULE}" stroke-width="3"/>`,
  );
  const weight = won ? `font-weight="bold" ` : "";
  lines.forEach((line, i) => {
    parts.push(text(MARGIN + 24, top + 38 + i * 34, line, 24, `${weight}fill="${INK}"`));
  });
  // At most 108 px: the row of number chips the line takes (drawNumbers), so the card keeps its height.
  return top + height + 18;
}

/** A rule, then how the winner is drawn (and the lottery's rule). */
function drawDraw(parts: string[], receipt: Receipt, top: number): number {
  let y = top;
  parts.push(`<rect x="${MARGIN}" y="${y}" width="${INNER}" height="2" fill="${RULE}"/>`);
  y += 26;
  muted(parts, MARGIN, y + 24, receiptDrawLabel(receipt.draw.kind));
  y += 34;
  for (const line of wrap(receipt.draw.text, 30, INNER, 2, true)) {
    strong(parts, MARGIN, y + 30, line, 30);
    y += 40;
  }
  if (receipt.draw.lotteryRule) {
    // Decision 0024: how the lottery's result picks the winning ticket, as sold.
    y += 6;
    for (const line of wrap(receipt.draw.lotteryRule, 22, INNER, 3)) {
      parts.push(text(MARGIN, y + 26, line, 22, `fill="${INK}"`));
      y += 30;
    }
  }
  return y + 24;
}

function drawReceiptCode(parts: string[], receipt: Receipt, top: number): number {
  let y = top;
  strong(parts, MARGIN, y + 24, "Código de verificación del recibo", 24);
  y += 32;
  for (let i = 0; i < receipt.receiptCode.length; i += 32) {
    parts.push(
      text(MARGIN, y + 28, receipt.receiptCode.slice(i, i + 32), 28, `font-family="${MONO}" fill="${INK}"`),
    );
    y += 36;
  }
  return y + 20;
}

/** The record checkpoint (docs/draw-protocol.md §14): what the buyer can hold the published record to. */
function drawCheckpoint(parts: string[], receipt: Receipt, top: number): number {
  let y = top;
  strong(parts, MARGIN, y + 24, "Punto de control del acta", 24);
  y += 32;
  if (receipt.checkpoint) {
    const cp = receipt.checkpoint;
    const round = cp.round === null ? "sin ronda drand registrada" : `ronda drand ${cp.round}`;
    parts.push(
      text(
        MARGIN,
        y + 24,
        `Entrada ${cp.length}, huella ${cp.headHash.slice(0, 16)}…; ${round}`,
        24,
        `fill="${INK}"`,
      ),
    );
    y += 32;
    const perLine = Math.floor(INNER / (0.602 * 18));
    for (let i = 0; i < cp.code.length; i += perLine) {
      parts.push(
        text(MARGIN, y + 20, cp.code.slice(i, i + perLine), 18, `font-family="${MONO}" fill="${MUTED}"`),
      );
      y += 26;
    }
  } else {
    muted(parts, MARGIN, y + 24, "La rifa no tenía acta pública al aprobarse este pago.");
    y += 32;
  }
  return y + 36;
}

export function receiptSvg(receipt: Receipt): string {
  return drawReceipt(receipt).svg;
}

export function receiptImageLayout(receipt: Receipt): ReceiptImageLayout {
  return drawReceipt(receipt).layout;
}

export async function receiptPng(receipt: Receipt): Promise<Buffer> {
  return sharp(Buffer.from(receiptSvg(receipt)))
    .png({ compressionLevel: 9 })
    .toBuffer();
}
