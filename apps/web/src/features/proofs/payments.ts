import { countText } from "@rifazo/shared/domain/plural";
// Display rules of Mis Pagos (spec 1 §2 "Mis Pagos", §4 payment proof status, §9).

/** Approved payments show this many ticket numbers in the list, then an ellipsis. */
export const TICKET_PREVIEW_SIZE = 4;

export function ticketPreview(
  numbers: readonly string[],
  size = TICKET_PREVIEW_SIZE,
): { shown: string[]; hidden: number } {
  return { shown: numbers.slice(0, size), hidden: Math.max(0, numbers.length - size) };
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
