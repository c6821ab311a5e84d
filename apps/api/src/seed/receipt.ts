// A small generated "payment receipt" screenshot for each demo payment proof. It is clearly marked as a
// demo document so nobody mistakes it for a real bank receipt.
import { type Currency, formatEsNumber, type PaymentMethod } from "@rifazo/shared";
import sharp from "sharp";

export interface ReceiptInput {
  method: PaymentMethod;
  amount: number;
  currency: Currency;
  reference: string;
  payer: string;
  concept: string;
  date: Date;
}

const METHOD_LOOK: Partial<
  Record<PaymentMethod, { label: string; band: string; ink: string; destination: string }>
> = {
  pago_movil: { label: "Pago Móvil", band: "#1d4ed8", ink: "#ffffff", destination: "0414-555-0123 · BDV" },
  zelle: { label: "Zelle", band: "#6d1ed4", ink: "#ffffff", destination: "pagos@rifazo.example" },
  binance: { label: "Binance Pay", band: "#f0b90b", ink: "#111827", destination: "Pay ID 287451936" },
};

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

function xml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );
}

function clip(value: string, max: number): string {
  return value.length > max ? `${value.slice(0, max - 1).trimEnd()}…` : value;
}

export function formatAmount(amount: number, currency: Currency): string {
  return `${currency === "VES" ? "Bs." : "$"} ${formatEsNumber(amount)}`;
}

function formatDate(date: Date): string {
  return new Intl.DateTimeFormat("es-VE", {
    timeZone: "America/Caracas",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  }).format(date);
}

export function receiptSvg(input: ReceiptInput): string {
  const look = METHOD_LOOK[input.method] ?? {
    label: "Transferencia",
    band: "#334155",
    ink: "#ffffff",
    destination: "Rifazo Inversiones C.A.",
  };
  const rows: [string, string][] = [
    ["Fecha", formatDate(input.date)],
    ["Referencia", input.reference],
    ["Origen", clip(input.payer, 26)],
    ["Destino", clip(look.destination, 26)],
    ["Concepto", clip(input.concept, 26)],
  ];
  const rowSvg = rows
    .map(([label, value], i) => {
      const y = 470 + i * 58;
      return `<text x="40" y="${y}" font-size="17" fill="#64748b">${xml(label)}</text>
<text x="440" y="${y}" font-size="18" font-weight="bold" fill="#0f172a" text-anchor="end">${xml(value)}</text>
<line x1="40" y1="${y + 22}" x2="440" y2="${y + 22}" stroke="#e2e8f0" stroke-width="2"/>`;
    })
    .join("\n");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="800" viewBox="0 0 480 800" font-family="${FONT}">
<rect width="480" height="800" fill="#f1f5f9"/>
<rect x="0" y="0" width="480" height="120" fill="${look.band}"/>
<text x="40" y="74" font-size="32" font-weight="bold" fill="${look.ink}">${xml(look.label)}</text>
<rect x="20" y="100" width="440" height="660" rx="18" fill="#ffffff"/>
<circle cx="240" cy="180" r="42" fill="#dcfce7"/>
<path d="M218 181 l15 15 28 -31" fill="none" stroke="#16a34a" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>
<text x="240" y="262" font-size="22" font-weight="bold" fill="#0f172a" text-anchor="middle">¡Operación exitosa!</text>
<text x="240" y="294" font-size="16" fill="#64748b" text-anchor="middle">Comprobante de pago</text>
<text x="240" y="370" font-size="40" font-weight="bold" fill="#0f172a" text-anchor="middle">${xml(formatAmount(input.amount, input.currency))}</text>
<line x1="40" y1="410" x2="440" y2="410" stroke="#cbd5e1" stroke-width="2" stroke-dasharray="8 6"/>
${rowSvg}
<text x="240" y="785" font-size="13" fill="#94a3b8" text-anchor="middle">Comprobante de demostración · Rifazo</text>
</svg>`;
}

/** PNG of the receipt. Plain (non-palette) PNG: quantising ~90 receipts would add seconds to the first start. */
export async function renderReceipt(input: ReceiptInput): Promise<Buffer> {
  return sharp(Buffer.from(receiptSvg(input)))
    .resize(360)
    .png({ compressionLevel: 6 })
    .toBuffer();
}
