/**
 * The receipt of one payment of an abono (docs/decisions/0034-vendedores.md, "Abonos"): which payment it
 * is, what the purchase's payments add up to, and the state of the purchase's numbers. The page, the PNG
 * and the PDF print these same texts (the API puts them in the payload), so none of them shows numbers
 * apartados as tickets in the draw.
 */
import type { Currency } from "../constants";
import { formatDateTime } from "./dates";
import { formatMoney } from "./money";

/**
 * apartados: held by the abono until it is paid whole, not in the draw; sold: the payment that completed
 * the price bought them; released: the close came first (or the raffle was cancelled), they are free again.
 */
export const RECEIPT_ABONO_NUMBER_STATES = ["apartados", "sold", "released"] as const;
export type ReceiptAbonoNumberState = (typeof RECEIPT_ABONO_NUMBER_STATES)[number];

/** "Abono 1 de 2": this payment's place among the abono's approved payments. */
export function abonoTitle(position: number, count: number): string {
  return `Abono ${position} de ${count}`;
}

/**
 * "Pagado $4,00 de $10,00 · faltan $6,00 antes del cierre (30 de noviembre de 2026, 8:00 p. m.)", or
 * "… · compra pagada" once complete, or "… · la compra no se completó" once released (the close, or a
 * cancelled raffle).
 */
export function abonoBalanceText(
  balance: { total: number; paid: number; remaining: number; complete: boolean; currency: Currency },
  state: ReceiptAbonoNumberState,
  dueAt: string | null,
): string {
  const money = (value: number) => formatMoney(value, balance.currency);
  const paid = `Pagado ${money(balance.paid)} de ${money(balance.total)}`;
  if (balance.complete) return `${paid} · compra pagada`;
  if (state === "released") return `${paid} · la compra no se completó`;
  const due = dueAt ? `antes del cierre (${formatDateTime(dueAt)})` : "antes del cierre de la rifa";
  return `${paid} · faltan ${money(balance.remaining)} ${due}`;
}

/** "Números apartados (2)", "Números de la compra (2)", "Números liberados (2)". */
export function abonoNumbersLabel(state: ReceiptAbonoNumberState, quantity: number): string {
  const name = {
    apartados: "Números apartados",
    sold: "Números de la compra",
    released: "Números liberados",
  };
  return `${name[state]} (${quantity})`;
}

/**
 * What the receipt says of the purchase's numbers: apartados do not play until it is paid whole; sold ones
 * carry, in the frozen list, the owner tags of the payment that completed it (decision 0012), which the
 * receipt of an earlier payment shows beside each number since its own code does not make them.
 */
export function abonoNumbersNote(
  state: ReceiptAbonoNumberState,
  input: { final: boolean; chosen: boolean },
): string {
  if (state === "apartados") {
    return input.chosen
      ? "Apartados, no participan hasta completar el pago."
      : "Apartados, no participan hasta completar el pago: se asignan al azar cuando se complete.";
  }
  if (state === "released") return "Liberados: la compra no se completó.";
  return input.final
    ? "Vendidos con este pago, el que completó la compra."
    : "Vendidos con el pago que completó la compra: en la lista congelada llevan las etiquetas de ese pago, no las del código de este recibo.";
}
