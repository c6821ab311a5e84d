import type { Receipt } from "@rifazo/shared";
import { receiptDrawLabel } from "@rifazo/shared/domain/glossary";
import { receiptDateTime } from "@rifazo/shared/domain/receipt";
import sharp from "sharp";
import { encode } from "uqr";

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

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

/**
 * Rough advance widths of DejaVu Sans in ems, erring wide, so a measured line never overflows its box
 * (librsvg draws with the real font; character counting let wide capitals run past the edge).
 */
function advance(char: string): number {
  if (" .,:;'!|ilIj·".includes(char)) return 0.32;
  if ("frt()-/".includes(char)) return 0.42;
  if ("mwMW@%…".includes(char)) return 1;
  if (/\p{Lu}/u.test(char)) return 0.76;
  return 0.64;
}

function measure(value: string, size: number, bold: boolean, mono = false): number {
  // DejaVu Sans Mono: every glyph 0.602 em, bold too.
  if (mono) return Array.from(value).length * 0.602 * size;
  let ems = 0;
  for (const char of value) ems += advance(char);
  return ems * size * (bold ? 1.1 : 1);
}

/** The line cut to fit `width`, ending in "…" when something was cut. */
function ellipsize(value: string, size: number, width: number, bold: boolean): string {
  if (measure(value, size, bold) <= width) return value;
  const chars = Array.from(value);
  while (chars.length > 0 && measure(`${chars.join("").trimEnd()}…`, size, bold) > width) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/** Greedy word wrap by measured width, at most `maxLines` (the last one ellipsized if text is left). */
function wrap(value: string, size: number, width: number, maxLines: number, bold = false): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of value.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (measure(next, size, bold) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = ellipsize(word, size, width, bold);
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines;
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = ellipsize(`${kept[maxLines - 1]}…`, size, width, bold);
  return kept;
}

function text(x: number, y: number, value: string, size: number, attrs = ""): string {
  return `<text x="${x}" y="${y}" font-size="${size}" ${attrs}>${escapeXml(value)}</text>`;
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
  // A refunded receipt keeps two rows, so the QR code stays in the preview's frame under the stamp.
  const cap = receipt.refund || notes.length > 0 ? CHIPS_PER_ROW * 2 : RECEIPT_IMAGE_NUMBER_CHIPS;
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
