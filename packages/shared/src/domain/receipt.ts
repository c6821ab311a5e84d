/**
 * Receipts of approved purchases: the private link's token, the ticket verifier link its QR code opens,
 * and the texts the page, the PNG and the PDF all print. Pure (Intl only), so the API's image and PDF
 * and the web page say exactly the same thing.
 */
import { formatDateTime, formatDrawMoment } from "./dates";
import { parseTicketInput } from "./tickets";

/** The receipt page's link: 32 random bytes as base64url (43 characters), unguessable. */
export const RECEIPT_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function isReceiptToken(value: unknown): value is string {
  return typeof value === "string" && RECEIPT_TOKEN_PATTERN.test(value);
}

/** The ticket verifier's path (apps/web/src/lib/paths.ts `ticketVerifier`) and the query it reads. */
export const TICKET_VERIFIER_PATH = "/verificar-boleto";
export const VERIFIER_RAFFLE_PARAM = "rifa";
export const VERIFIER_NUMBERS_PARAM = "numeros";

/**
 * At most this many numbers travel in the QR code's link: 30 four-digit numbers keep the code small
 * enough (version 10 or so) to scan from a phone screen. A larger purchase links the raffle alone.
 */
export const RECEIPT_QR_MAX_NUMBERS = 30;

/** The record checkpoint the QR link carries (rifazo-cp-1:…, docs/draw-protocol.md §14). */
export const VERIFIER_CHECKPOINT_PARAM = "punto";

/**
 * "/verificar-boleto?rifa=<id>&numeros=0001,0042&punto=rifazo-cp-1:…" (the numbers left out past
 * RECEIPT_QR_MAX_NUMBERS; the checkpoint when the purchase has one: letters, digits, ":" and "-" only,
 * legal in a query as they are).
 */
export function receiptVerifierPath(
  raffleId: string,
  numbers: readonly string[],
  checkpoint: string | null = null,
): string {
  const query = `${VERIFIER_RAFFLE_PARAM}=${encodeURIComponent(raffleId)}`;
  const point = checkpoint
    ? `&${VERIFIER_CHECKPOINT_PARAM}=${encodeURIComponent(checkpoint).replaceAll("%3A", ":")}`
    : "";
  if (numbers.length === 0 || numbers.length > RECEIPT_QR_MAX_NUMBERS)
    return `${TICKET_VERIFIER_PATH}?${query}${point}`;
  // Commas are legal in a query and keep the code smaller than "%2C".
  return `${TICKET_VERIFIER_PATH}?${query}&${VERIFIER_NUMBERS_PARAM}=${numbers.map(encodeURIComponent).join(",")}${point}`;
}

/**
 * The `numeros` parameter as the verifier reads it: valid numbers (1-4 digits, kept as the receipt
 * printed them, in its raffle's width), in order, no repeats of the same number.
 */
export function parseVerifierNumbers(value: string | null | undefined): string[] {
  const numbers: string[] = [];
  const seen = new Set<number>();
  for (const part of (value ?? "").split(",").slice(0, RECEIPT_QR_MAX_NUMBERS)) {
    const parsed = parseTicketInput(part);
    if (parsed.ok && !seen.has(parsed.number)) {
      seen.add(parsed.number);
      numbers.push(parsed.display);
    }
  }
  return numbers;
}

/** "1234" of a payment reference: a receipt shows the last four characters only. */
export function referenceTail(reference: string): string {
  const clean = reference.trim();
  return clean.length <= 4 ? clean : clean.slice(-4);
}

/** How the raffle is decided, as the receipt states it. */
export type ReceiptDrawKind = "drawn" | "drand_round" | "external" | "end_date" | "unknown";

export interface ReceiptDrawInput {
  kind: ReceiptDrawKind;
  at: string | null;
  round: number | null;
  lottery: string | null;
}

/**
 * "5 de marzo de 2026 a las 6:30 p. m." (long) or "5 mar. 2026, 6:30 p. m." (short), in Venezuelan time
 * whatever the machine's time zone.
 */
export function receiptDateTime(iso: string, style: "long" | "short" = "long"): string {
  return formatDateTime(iso, style);
}

/**
 * The draw line of a receipt, under receiptDrawLabel(kind) (glossary.ts): when (and by what) the raffle is
 * or was decided, in the one wording of a draw's moment (formatDrawMoment). A raffle whose draw time is not
 * known yet shows its sales' close under "Cierre de ventas", never as the draw's date.
 */
export function receiptDrawText(draw: ReceiptDrawInput): string {
  const when = draw.at ? formatDrawMoment(draw.at) : null;
  switch (draw.kind) {
    case "drawn":
      return when ?? "Ya realizado";
    case "drand_round":
      return when ? `${when} (ronda ${draw.round ?? "?"} de drand)` : `Ronda ${draw.round ?? "?"} de drand`;
    case "external":
      return when ? `${when}${draw.lottery ? ` (${draw.lottery})` : ""}` : (draw.lottery ?? "Por anunciar");
    case "end_date":
      return when ?? "Por anunciar";
    default:
      return "Por anunciar";
  }
}

/**
 * What a refunded receipt prints, the same on the page, the PNG and the PDF (decision 0016): when it was
 * refunded and by which transfer, and that its numbers are void.
 */
export function receiptRefundTexts(refund: {
  status: "pending" | "paid";
  paidAt: string | null;
  paidReference: string | null;
}): { headline: string; detail: string; referenceLast4: string | null } {
  const void_ = "Estos números quedaron anulados: no participan en el sorteo.";
  const tail = refund.paidReference ? referenceTail(refund.paidReference) : null;
  if (refund.status === "paid") {
    return {
      headline: refund.paidAt ? `Reembolsado el ${receiptDateTime(refund.paidAt)}` : "Reembolsado",
      detail: tail ? `Referencia del reembolso terminada en ${tail}. ${void_}` : void_,
      referenceLast4: tail,
    };
  }
  return {
    headline: "Reembolso pendiente",
    detail: `La rifa fue cancelada y este pago se devolverá. ${void_}`,
    referenceLast4: null,
  };
}
