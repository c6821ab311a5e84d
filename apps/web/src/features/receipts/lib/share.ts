import { pluralWord } from "@rifazo/shared/domain/plural";
import { previewOf } from "@rifazo/shared/domain/tickets";
import type { Receipt } from "@rifazo/shared/schemas/receipts";

/** How many numbers the shared message lists before "y N más" (the link shows them all). */
const NUMBERS_IN_MESSAGE = 10;

type Shared = Pick<Receipt, "raffle" | "numbers" | "receiptUrl" | "abono">;

/**
 * The numbers the message names: the receipt's own, or, for an abono's earlier payment (decision 0034),
 * the purchase's, said to be apartados while it is not paid whole.
 */
function sharedNumbers(receipt: Shared): { list: string[]; held: boolean } {
  if (receipt.numbers.length > 0 || !receipt.abono) return { list: receipt.numbers, held: false };
  const { numbers } = receipt.abono;
  return { list: numbers.items.map((item) => item.number), held: numbers.state === "apartados" };
}

/** The text sent with the link: raffle, numbers and the receipt's link. */
export function shareMessage(receipt: Shared): string {
  const { list, held } = sharedNumbers(receipt);
  const title = `Mi recibo de Rifazo para "${receipt.raffle.title}"`;
  if (list.length === 0) return `${title}. ${receipt.receiptUrl}`;
  const { shown, hidden } = previewOf(list, NUMBERS_IN_MESSAGE);
  const numbers = hidden > 0 ? `${shown.join(", ")} y ${hidden} más` : shown.join(", ");
  const label = held
    ? pluralWord(list.length, "mi número apartado", "mis números apartados")
    : pluralWord(list.length, "mi número", "mis números");
  return `${title}, ${label}: ${numbers}. ${receipt.receiptUrl}`;
}

/** WhatsApp's own share link: opens the app (or WhatsApp Web) with the message typed, to any chat. */
export function whatsappShareUrl(receipt: Shared): string {
  return `https://wa.me/?text=${encodeURIComponent(shareMessage(receipt))}`;
}

/** The verifier link of the QR code as an in-app path ("/verificar-boleto?rifa=...&numeros=..."). */
export function verifierPathOf(verifierUrl: string): string {
  const url = new URL(verifierUrl);
  return `${url.pathname}${url.search}`;
}
