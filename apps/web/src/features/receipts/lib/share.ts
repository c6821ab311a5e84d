import { pluralWord } from "@rifazo/shared/domain/plural";
import { previewOf } from "@rifazo/shared/domain/tickets";
import type { Receipt } from "@rifazo/shared/schemas/receipts";

/** How many numbers the shared message lists before "y N más" (the link shows them all). */
const NUMBERS_IN_MESSAGE = 10;

/** The text sent with the link: raffle, numbers and the receipt's link. */
export function shareMessage(receipt: Pick<Receipt, "raffle" | "numbers" | "receiptUrl">): string {
  const { shown, hidden } = previewOf(receipt.numbers, NUMBERS_IN_MESSAGE);
  const numbers = hidden > 0 ? `${shown.join(", ")} y ${hidden} más` : shown.join(", ");
  const label = pluralWord(receipt.numbers.length, "mi número", "mis números");
  return `Mi recibo de Rifazo para "${receipt.raffle.title}", ${label}: ${numbers}. ${receipt.receiptUrl}`;
}

/** WhatsApp's own share link: opens the app (or WhatsApp Web) with the message typed, to any chat. */
export function whatsappShareUrl(receipt: Pick<Receipt, "raffle" | "numbers" | "receiptUrl">): string {
  return `https://wa.me/?text=${encodeURIComponent(shareMessage(receipt))}`;
}

/** The verifier link of the QR code as an in-app path ("/verificar-boleto?rifa=...&numeros=..."). */
export function verifierPathOf(verifierUrl: string): string {
  const url = new URL(verifierUrl);
  return `${url.pathname}${url.search}`;
}
