// Receipts as the near-copy check sees them: a bank-app style receipt drawn with known values, and the
// ways a copied receipt comes back (re-encoded, resized, cropped, screenshot of a screenshot).
import sharp from "sharp";

export interface ReceiptLook {
  bank: string;
  /** Header colour of the bank's app. */
  color: string;
  /** Dark-mode apps (Binance) draw light text on a dark page. */
  dark?: boolean;
  reference: string;
  amount: string;
  date: string;
  payee: string;
}

export const BANESCO = { bank: "Banesco Pago Móvil", color: "#00693c" };
export const MERCANTIL = { bank: "Mercantil Transferencia", color: "#1d4f91" };
export const ZELLE = { bank: "Zelle", color: "#6d1ed4" };
export const BINANCE = { bank: "Binance Pay", color: "#f0b90b", dark: true };

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;");

/** A 720 × 1280 phone screenshot of a payment confirmation, as PNG. */
export async function drawReceipt(look: ReceiptLook): Promise<Buffer> {
  const page = look.dark ? "#181a20" : "#f4f6f8";
  const ink = look.dark ? "#eaecef" : "#111111";
  const soft = look.dark ? "#848e9c" : "#666666";
  const row = (y: number, label: string, value: string) =>
    `<text x="60" y="${y}" font-family="DejaVu Sans" font-size="30" fill="${soft}">${label}</text>` +
    `<text x="660" y="${y}" font-family="DejaVu Sans" font-size="30" text-anchor="end" fill="${ink}">${escapeXml(value)}</text>`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="1280">
  <rect width="100%" height="100%" fill="${page}"/>
  <rect width="100%" height="140" fill="${look.color}"/>
  <text x="40" y="90" font-family="DejaVu Sans" font-size="40" fill="#ffffff" font-weight="bold">${escapeXml(look.bank)}</text>
  <circle cx="360" cy="300" r="70" fill="#2e7d32"/>
  <text x="360" y="440" font-family="DejaVu Sans" font-size="40" text-anchor="middle" fill="${ink}">Operación exitosa</text>
  <text x="360" y="540" font-family="DejaVu Sans" font-size="64" text-anchor="middle" fill="${ink}" font-weight="bold">${escapeXml(look.amount)}</text>
  ${row(680, "Referencia", look.reference)}
  ${row(760, "Fecha", look.date)}
  ${row(840, "Beneficiario", look.payee)}
  ${row(920, "Concepto", "Pago rifa")}
  <rect x="60" y="1100" width="600" height="90" rx="45" fill="${look.color}"/>
  <text x="360" y="1158" font-family="DejaVu Sans" font-size="34" text-anchor="middle" fill="#ffffff">Compartir</text>
  </svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

async function solid(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Cuts `fraction` of the width and height off, split between opposite edges. */
async function cropped(image: Buffer, fraction: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const dx = Math.round((width * fraction) / 2);
  const dy = Math.round((height * fraction) / 2);
  return sharp(image)
    .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
    .png()
    .toBuffer();
}

/**
 * A screenshot of the receipt shown in a phone's gallery: shrunk into a taller black canvas with a status
 * bar (clock, battery) and a navigation bar, then saved as JPEG again.
 */
async function screenshotOfScreenshot(image: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const inner = await sharp(image)
    .resize(Math.round(width * 0.9))
    .jpeg({ quality: 80 })
    .toBuffer();
  const innerMeta = await sharp(inner).metadata();
  const canvasWidth = Math.round(width * 1.05);
  const canvasHeight = Math.round(height * 1.15);
  const status = await sharp(await solid(canvasWidth, 64, "#202124"))
    .composite([
      { input: await solid(70, 28, "#ffffff"), top: 18, left: 24 },
      { input: await solid(40, 28, "#ffffff"), top: 18, left: canvasWidth - 64 },
      { input: await solid(28, 28, "#ffffff"), top: 18, left: canvasWidth - 110 },
    ])
    .png()
    .toBuffer();
  const nav = await sharp(await solid(canvasWidth, 90, "#000000"))
    .composite([{ input: await solid(160, 10, "#bbbbbb"), top: 40, left: Math.round(canvasWidth / 2 - 80) }])
    .png()
    .toBuffer();
  return sharp({ create: { width: canvasWidth, height: canvasHeight, channels: 3, background: "#000000" } })
    .composite([
      { input: status, top: 0, left: 0 },
      {
        input: inner,
        top: Math.round((canvasHeight - (innerMeta.height ?? 0)) / 2),
        left: Math.round((canvasWidth - (innerMeta.width ?? 0)) / 2),
      },
      { input: nav, top: canvasHeight - 90, left: 0 },
    ])
    .jpeg({ quality: 75 })
    .toBuffer();
}

export type VariantName =
  | "jpeg_q60"
  | "resized_50"
  | "resized_150"
  | "cropped_4"
  | "cropped_8"
  | "cropped_16"
  | "screenshot_of_screenshot";

/** How a copy of `image` may come back. cropped_N cuts N % of each dimension (N/2 % off each edge). */
export async function copiesOf(image: Buffer): Promise<Record<VariantName, Buffer>> {
  const { width = 0 } = await sharp(image).metadata();
  return {
    jpeg_q60: await sharp(image).jpeg({ quality: 60 }).toBuffer(),
    resized_50: await sharp(image)
      .resize(Math.round(width * 0.5))
      .png()
      .toBuffer(),
    resized_150: await sharp(image)
      .resize(Math.round(width * 1.5))
      .jpeg({ quality: 85 })
      .toBuffer(),
    cropped_4: await cropped(image, 0.04),
    cropped_8: await cropped(image, 0.08),
    cropped_16: await cropped(image, 0.16),
    screenshot_of_screenshot: await screenshotOfScreenshot(image),
  };
}
