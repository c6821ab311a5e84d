import type { Currency } from "@rifazo/shared/constants";
import { formatDateTime, formatMoney } from "../../../lib/format";

// Abonos' wording on the raffle's pages (docs/decisions/0034-vendedores.md): numbers apartados with a first
// payment of at least the raffle's minimum, the rest paid before sales close. Kept apart from the
// components so the organiser's detail says it in the same words.

/** "Se puede apartar con un abono de al menos $3,00." */
export function abonoRuleText(minimum: number, currency: Currency): string {
  return `Se puede apartar con un abono de al menos ${formatMoney(minimum, currency)}.`;
}

/** "antes del cierre (30 de noviembre de 2026, 8:00 p. m.)", Venezuelan time; without a date, of the raffle. */
export function beforeCloseText(closesAt: string | null): string {
  return closesAt ? `antes del cierre (${formatDateTime(closesAt)})` : "antes del cierre de la rifa";
}

/** The line beside «Apartar con abono»: the first payment, the deadline and what happens after it. */
export function abonoOfferText(minimum: number, currency: Currency, closesAt: string | null): string {
  return `Aparta tus números con un primer abono de al menos ${formatMoney(minimum, currency)} y paga el resto ${beforeCloseText(closesAt)}. Si no completas el pago a tiempo, los números se liberan y te devolvemos lo abonado.`;
}
