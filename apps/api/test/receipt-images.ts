import { CURRENCIES, type ReceiptFields } from "@rifazo/shared";
import sharp from "sharp";
import { seededRandom } from "./seeded-random";

// Payment receipts drawn in the style of the apps Venezuelan buyers pay with (Pago Móvil confirmations of
// BDV and Banesco, a Mercantil transfer, Zelle, Binance Pay), with known values, as PNG or degraded JPEG
// images: what the OCR tests, the proof analysis tests and the OCR benchmark read. The layouts imitate the
// look (header band, status line, label/value rows, a dark theme for Binance), not any real app's artwork.
// SVG drawn by sharp/librsvg with the DejaVu fonts the machines have.

export const RECEIPT_STYLES = [
  "pago-movil-bdv",
  "pago-movil-banesco",
  "transfer-mercantil",
  "zelle",
  "binance",
] as const;
export type ReceiptStyle = (typeof RECEIPT_STYLES)[number];

export interface ReceiptSpec {
  style: ReceiptStyle;
  /** As the app prints it: digits for the banks and Binance, letters and digits for Zelle. */
  reference: string;
  /** Bolívares for the bank styles, dollars (USDT for Binance) for the others. */
  amount: number;
  /** YYYY-MM-DD; each style prints it its own way. */
  date: string;
  /** The other party's bank printed on bank receipts (receiving bank); unused by Zelle and Binance. */
  bank: string;
}

export interface ReceiptVariant {
  /** Resize factor after drawing (0.5: half the pixels each way). Default 1. */
  scale?: number;
  /** Gaussian noise, standard deviation in grey levels (0–255). Default 0. */
  noise?: number;
  /** Gaussian blur sigma in pixels (≥ 0.3 to have an effect). Default none. */
  blur?: number;
  /** Encode as JPEG with this quality (1–100); PNG otherwise. */
  jpegQuality?: number;
  /** Rotation in degrees (a photo of a screen held askew), on a white background. Default 0. */
  rotate?: number;
  /** Seed of the noise. Default 1. */
  seed?: number;
}

/** The bank (or service) each style's receipt comes from: what extractReceiptFields reports as `bank`. */
export const RECEIPT_ISSUER: Record<ReceiptStyle, string> = {
  "pago-movil-bdv": "Banco de Venezuela",
  "pago-movil-banesco": "Banesco",
  "transfer-mercantil": "Mercantil",
  zelle: "Zelle",
  binance: "Binance",
};

/** What reading the receipt should give. */
export function expectedFields(spec: ReceiptSpec): ReceiptFields {
  const usd = spec.style === "zelle" || spec.style === "binance";
  return {
    reference: spec.reference,
    amount: spec.amount,
    currency: usd ? CURRENCIES[0] : CURRENCIES[1],
    date: spec.date,
    bank: RECEIPT_ISSUER[spec.style],
  };
}

// ---------------------------------------------------------------------------------------------
// Formatting as each app prints
// ---------------------------------------------------------------------------------------------

const MONTHS_ES = ["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sep", "oct", "nov", "dic"];
const MONTHS_EN = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function ymd(date: string): [number, number, number] {
  const [y, m, d] = date.split("-").map(Number);
  return [y ?? 2026, m ?? 1, d ?? 1];
}
const pad = (n: number) => String(n).padStart(2, "0");

/** 1194.56 → "1.194,56". */
function esAmount(value: number): string {
  const [whole = "0", cents = "00"] = value.toFixed(2).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${cents}`;
}
/** 1194.56 → "1,194.56". */
function usAmount(value: number): string {
  const [whole = "0", cents = "00"] = value.toFixed(2).split(".");
  return `${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${cents}`;
}

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

// ---------------------------------------------------------------------------------------------
// Layout
// ---------------------------------------------------------------------------------------------

interface Theme {
  brand: string;
  brandText: string;
  background: string;
  card: string;
  ink: string;
  muted: string;
  accent: string;
}

interface Layout {
  theme: Theme;
  /** Big name in the header band. */
  brand: string;
  /** Smaller line under it. */
  service: string;
  status: string;
  /** The amount as shown big under the status. */
  bigAmount: string;
  /** Label/value rows; stacked: the label above the value instead of beside it. */
  rows: [string, string][];
  stacked: boolean;
  footer: string;
  clock: string;
}

const WIDTH = 720;
const SANS = "DejaVu Sans, sans-serif";

function layoutFor(spec: ReceiptSpec): Layout {
  const [y, m, d] = ymd(spec.date);
  const hour = 8 + (Number(spec.reference.replace(/\D/g, "").slice(-2) || 0) % 12);
  const minute = Number(spec.reference.replace(/\D/g, "").slice(-4, -2) || 0) % 60;
  const clock = `${pad(hour)}:${pad(minute)}`;
  switch (spec.style) {
    case "pago-movil-bdv":
      return {
        theme: {
          brand: "#c8102e",
          brandText: "#ffffff",
          background: "#f2f2f2",
          card: "#ffffff",
          ink: "#222222",
          muted: "#6b6b6b",
          accent: "#1f9d55",
        },
        brand: "BDV",
        service: "Banco de Venezuela · Pago Móvil",
        status: "¡Operación exitosa!",
        bigAmount: `Bs. ${esAmount(spec.amount)}`,
        rows: [
          ["Monto:", `Bs. ${esAmount(spec.amount)}`],
          ["Referencia:", spec.reference],
          ["Fecha:", `${pad(d)}/${pad(m)}/${y}`],
          ["Hora:", `${clock} ${hour < 12 ? "a. m." : "p. m."}`],
          ["Banco receptor:", spec.bank],
          ["Teléfono receptor:", "0414-5550123"],
          ["Cédula receptor:", "V-12.345.678"],
          ["Concepto:", "Pago rifa"],
        ],
        stacked: false,
        footer: "Compartir comprobante",
        clock,
      };
    case "pago-movil-banesco":
      return {
        theme: {
          brand: "#007a53",
          brandText: "#ffffff",
          background: "#ffffff",
          card: "#f4f8f6",
          ink: "#1d2b25",
          muted: "#5b6b64",
          accent: "#007a53",
        },
        brand: "Banesco",
        service: "Pago Móvil Interbancario",
        status: "Transacción realizada con éxito",
        bigAmount: `${esAmount(spec.amount)} Bs`,
        rows: [
          ["Número de referencia", spec.reference],
          ["Monto", `Bs ${esAmount(spec.amount)}`],
          ["Fecha", `${pad(d)}-${pad(m)}-${y} ${clock}`],
          ["Banco destino", spec.bank],
          ["Celular destino", "0424-5550199"],
          ["Documento de identidad", "V12345678"],
        ],
        stacked: true,
        footer: "Guardar imagen",
        clock,
      };
    case "transfer-mercantil":
      return {
        theme: {
          brand: "#003b7a",
          brandText: "#ffffff",
          background: "#eef2f7",
          card: "#ffffff",
          ink: "#102a43",
          muted: "#52606d",
          accent: "#003b7a",
        },
        brand: "Mercantil",
        service: "Transferencia a terceros",
        status: "Operación procesada",
        bigAmount: `${esAmount(spec.amount)} Bs.`,
        rows: [
          ["Nro. de operación", spec.reference],
          ["Monto", `${esAmount(spec.amount)} Bs.`],
          ["Fecha", `${pad(d)} ${MONTHS_ES[m - 1]}. ${y}`],
          ["Cuenta origen", "0105-****-****-1234"],
          ["Banco destino", spec.bank],
          ["Cuenta destino", "****-****-****-5678"],
          ["Beneficiario", "Inversiones Rifazo"],
        ],
        stacked: false,
        footer: "Compartir",
        clock,
      };
    case "zelle":
      return {
        theme: {
          brand: "#6d1ed4",
          brandText: "#ffffff",
          background: "#ffffff",
          card: "#f7f3fd",
          ink: "#1a1a1a",
          muted: "#666666",
          accent: "#6d1ed4",
        },
        brand: "Zelle",
        service: "Payment sent",
        status: "You sent money",
        bigAmount: `$${usAmount(spec.amount)}`,
        rows: [
          ["Amount", `$${usAmount(spec.amount)}`],
          ["To", "Rifazo Organizer"],
          ["Date", `${MONTHS_EN[m - 1]} ${d}, ${y}`],
          ["Confirmation", spec.reference],
          ["Memo", "Rifa"],
        ],
        stacked: true,
        footer: "Sent with Zelle",
        clock,
      };
    case "binance":
      return {
        theme: {
          brand: "#181a20",
          brandText: "#f0b90b",
          background: "#0b0e11",
          card: "#1e2329",
          ink: "#eaecef",
          muted: "#848e9c",
          accent: "#0ecb81",
        },
        brand: "BINANCE",
        service: "Binance Pay",
        status: "Payment Successful",
        bigAmount: `-${usAmount(spec.amount)} USDT`,
        rows: [
          ["Order ID", spec.reference],
          ["Amount", `${usAmount(spec.amount)} USDT`],
          ["Date", `${y}-${pad(m)}-${pad(d)} ${clock}:07`],
          ["Payment method", "Funding wallet"],
          ["Receiver", "Rifazo"],
        ],
        stacked: false,
        footer: "Share",
        clock,
      };
  }
}

function receiptSvg(spec: ReceiptSpec): { svg: string; height: number } {
  const l = layoutFor(spec);
  const t = l.theme;
  const parts: string[] = [];
  const text = (x: number, y: number, size: number, fill: string, content: string, extra = "") =>
    parts.push(
      `<text x="${x}" y="${y}" font-family="${SANS}" font-size="${size}" fill="${fill}" ${extra}>${escapeXml(content)}</text>`,
    );

  // Phone status bar, header band with the brand.
  parts.push(`<rect x="0" y="0" width="${WIDTH}" height="200" fill="${t.brand}"/>`);
  text(28, 34, 22, t.brandText, l.clock);
  text(WIDTH - 28, 34, 22, t.brandText, "4G  87%", 'text-anchor="end"');
  text(40, 118, 56, t.brandText, l.brand, 'font-weight="bold"');
  text(40, 166, 26, t.brandText, l.service);

  // Status with a check mark, then the big amount.
  let y = 270;
  parts.push(`<circle cx="${WIDTH / 2}" cy="${y}" r="38" fill="${t.accent}"/>`);
  parts.push(
    `<path d="M${WIDTH / 2 - 18} ${y} l12 13 l24 -28" stroke="#ffffff" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  );
  y += 96;
  text(WIDTH / 2, y, 34, t.ink, l.status, 'text-anchor="middle" font-weight="bold"');
  y += 70;
  text(WIDTH / 2, y, 48, t.ink, l.bigAmount, 'text-anchor="middle" font-weight="bold"');
  y += 40;

  // The card with the rows.
  const rowHeight = l.stacked ? 92 : 62;
  const cardTop = y;
  const cardHeight = l.rows.length * rowHeight + 30;
  parts.push(
    `<rect x="24" y="${cardTop}" width="${WIDTH - 48}" height="${cardHeight}" rx="18" fill="${t.card}"/>`,
  );
  y = cardTop + 26;
  for (const [label, value] of l.rows) {
    if (l.stacked) {
      text(52, y + 26, 24, t.muted, label);
      text(52, y + 64, 30, t.ink, value, 'font-weight="bold"');
    } else {
      text(52, y + 38, 26, t.muted, label);
      text(WIDTH - 52, y + 38, 28, t.ink, value, 'text-anchor="end" font-weight="bold"');
    }
    y += rowHeight;
  }
  y = cardTop + cardHeight + 50;
  parts.push(`<rect x="60" y="${y}" width="${WIDTH - 120}" height="76" rx="38" fill="${t.accent}"/>`);
  text(WIDTH / 2, y + 49, 28, "#ffffff", l.footer, 'text-anchor="middle" font-weight="bold"');
  const height = y + 76 + 60;

  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}"><rect width="100%" height="100%" fill="${t.background}"/>${parts.join("")}</svg>`;
  return { svg, height };
}

/** Standard normal deviates (Box–Muller). */
function gaussian(random: () => number): () => number {
  return () => Math.sqrt(-2 * Math.log(random() || 1e-12)) * Math.cos(2 * Math.PI * random());
}

/** The receipt as an image: PNG, or JPEG when variant.jpegQuality is set. */
export async function renderReceipt(spec: ReceiptSpec, variant: ReceiptVariant = {}): Promise<Buffer> {
  const { svg, height } = receiptSvg(spec);
  const scale = variant.scale ?? 1;
  let image = sharp(Buffer.from(svg)).flatten();
  if (scale !== 1) {
    image = image.resize(Math.round(WIDTH * scale), Math.round(height * scale), { kernel: "lanczos3" });
  }
  if (variant.rotate) {
    // Rotating needs the resized pixels first (sharp applies rotate before resize in one pipeline).
    image = sharp(await image.png().toBuffer()).rotate(variant.rotate, { background: "#ffffff" });
  }
  if (variant.blur && variant.blur >= 0.3) image = image.blur(variant.blur);
  if (variant.noise) {
    const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const normal = gaussian(seededRandom(variant.seed ?? 1));
    for (let i = 0; i < data.length; i++) {
      data[i] = Math.max(0, Math.min(255, Math.round((data[i] ?? 0) + normal() * (variant.noise ?? 0))));
    }
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  }
  return variant.jpegQuality
    ? image.jpeg({ quality: variant.jpegQuality, chromaSubsampling: "4:2:0" }).toBuffer()
    : image.png().toBuffer();
}

/** Receiving banks printed on the bank receipts. */
const RECEIVING_BANKS = [
  "Banesco",
  "Banco de Venezuela",
  "Mercantil",
  "BBVA Provincial",
  "BNC",
  "Bancamiga",
  "Banplus",
  "Bancaribe",
];

/**
 * n receipts across the styles (in turn), with varied references, amounts and dates drawn from seed:
 * bank references of 12 digits (Mercantil 10), Zelle codes of letters and digits, Binance order ids of
 * 18 digits; amounts in Bs. with thousands for the banks, dollars for Zelle and Binance.
 */
export function receiptSpecs(n: number, seed = 1): ReceiptSpec[] {
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const digits = (count: number) => Array.from({ length: count }, () => String(int(0, 9))).join("");
  const specs: ReceiptSpec[] = [];
  for (let i = 0; i < n; i++) {
    const style = RECEIPT_STYLES[i % RECEIPT_STYLES.length] ?? "pago-movil-bdv";
    const date = `2026-${pad(int(1, 12))}-${pad(int(1, 28))}`;
    const bank = RECEIVING_BANKS[int(0, RECEIVING_BANKS.length - 1)] ?? "Banesco";
    let reference: string;
    let amount: number;
    switch (style) {
      case "zelle": {
        // Letters that cannot be mistaken for digits, as confirmation codes avoid them.
        const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
        reference = Array.from({ length: 10 }, () => alphabet[int(0, alphabet.length - 1)]).join("");
        amount = int(5, 300) + (random() < 0.5 ? 0 : int(1, 99) / 100);
        break;
      }
      case "binance":
        reference = `${int(1, 9)}${digits(17)}`;
        amount = int(5, 300) + (random() < 0.5 ? 0 : int(1, 99) / 100);
        break;
      case "transfer-mercantil":
        reference = digits(10);
        amount = int(100, 99_999) + int(0, 99) / 100;
        break;
      default:
        reference = digits(12);
        amount = int(100, 99_999) + int(0, 99) / 100;
    }
    specs.push({ style, reference, amount: Math.round(amount * 100) / 100, date, bank });
  }
  return specs;
}

/** The degraded versions the tests and the benchmark read besides the clean PNG. */
export const RECEIPT_VARIANTS: Record<string, ReceiptVariant> = {
  clean: {},
  "jpeg-50-noise": { jpegQuality: 50, noise: 12 },
  "half-size-jpeg": { scale: 0.5, jpegQuality: 70 },
  "blur-upscaled": { scale: 1.5, blur: 1.2, jpegQuality: 80 },
  "small-noisy-jpeg": { scale: 0.6, noise: 10, jpegQuality: 50 },
  "tilted-photo": { rotate: 2.5, noise: 8, blur: 0.6, jpegQuality: 70 },
  "tiny-jpeg-30": { scale: 0.42, jpegQuality: 30 },
};
