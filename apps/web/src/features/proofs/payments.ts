import { countText } from "@rifazo/shared/domain/plural";
// Display rules of Mis Pagos (spec 1 §2 "Mis Pagos", §4 payment proof status, §9).
import { previewOf } from "@rifazo/shared/domain/tickets";

/** Payments show this many ticket numbers in the list, then "y N más" (never for a single one). */
export const TICKET_PREVIEW_SIZE = 4;

/** Numbers held for a purchase under review: the buyer just chose them, so up to 12 show. */
export const HELD_PREVIEW_SIZE = 12;

export function ticketPreview(
  numbers: readonly string[],
  size = TICKET_PREVIEW_SIZE,
): { shown: string[]; hidden: number } {
  return previewOf(numbers, size);
}

export function isImageType(contentType: string): boolean {
  return contentType.startsWith("image/");
}

/** "1 boleto", "3 boletos". */
export function ticketsLabel(count: number): string {
  return countText(count, "boleto", "boletos");
}

/** Page numbers stay within 1..pageCount, whatever the address bar says. */
export function clampPage(value: string | null, pageCount?: number): number {
  const page = Number(value);
  const valid = Number.isInteger(page) && page >= 1 ? page : 1;
  return pageCount && pageCount > 0 ? Math.min(valid, pageCount) : valid;
}

/**
 * Under the numbers a payment holds: an abono's become the buyer's only once its payments add up to the
 * price (decision 0034), whatever this one's review says.
 */
export function heldNumbersNote(proof: { abono?: unknown }): string {
  return proof.abono ? "Serán tuyos cuando completes el pago." : "Serán tuyos cuando se apruebe el pago.";
}
