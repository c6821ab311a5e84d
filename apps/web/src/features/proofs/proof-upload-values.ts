import type { Currency, PaymentMethod } from "@rifazo/shared/constants";
import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { purchaseTotal } from "@rifazo/shared/domain/tickets";
import { amountText, type ProofFormValues } from "./proof-form";

// What the proof upload form derives from the purchase it pays (spec 1 §2 "Proof upload", §9): kept free
// of React beside proof-form.ts.

export interface FixedPrice {
  /** Price of one ticket; the amount is price × quantity and cannot be edited. */
  unitPrice: number;
  currency: Currency;
  /** Tickets still available, when known. */
  remaining: number | null;
}

/** A way to pay this purchase and the exact amount expected in its currency (null: unknown, typed). */
export interface PaymentOption {
  method: PaymentMethod;
  label: string;
  currency: Currency;
  /** For an abono (decision 0034), the most the next payment may be: what is left, in `currency`. */
  amount: number | null;
  /** An abono's least next payment in `currency`; absent for a whole purchase (paid exactly `amount`). */
  minimum?: number | null;
}

/**
 * What the schema checks: the currency follows the method (bolívares for Pago Móvil and transfers, dollars
 * otherwise: shared methodCurrency, via the options) or the raffle; the quantity is the reservation's.
 */
export function withDerived(
  values: ProofFormValues,
  fixed: FixedPrice | null,
  options: readonly PaymentOption[] | null,
  reservation: { quantity: number } | null,
): ProofFormValues {
  const option = options?.find((o) => o.method === values.paymentMethod);
  const currency = option?.currency ?? fixed?.currency ?? values.currency;
  const quantity = reservation ? String(reservation.quantity) : values.quantity;
  return { ...values, currency, quantity };
}

/**
 * The amount expected for the chosen method, as the field shows it ("1.194,56"); "" when unknown, and for
 * an abono.
 */
export function expectedAmount(
  values: Pick<ProofFormValues, "paymentMethod" | "quantity">,
  fixed: FixedPrice | null,
  options: readonly PaymentOption[] | null,
): string {
  const option = options?.find((o) => o.method === values.paymentMethod);
  // An abono's amount is the buyer's to choose between its bounds: nothing is written for them.
  if (option) return option.amount === null || option.minimum != null ? "" : amountText(option.amount);
  if (options || !fixed) return "";
  // Without the raffle's methods (it could not be loaded): the purchase box's price × quantity.
  const quantity = Number(values.quantity);
  return Number.isInteger(quantity) && quantity > 0
    ? amountText(purchaseTotal(quantity, fixed.unitPrice))
    : "";
}

/** The line under the quantity: the tickets left and the buyer's cap (decision 0008), when known. */
export function quantityHint(
  remaining: number | null | undefined,
  cap: number | null,
  allowed: number | null,
) {
  return [
    remaining != null
      ? `${pluralWord(remaining, "Queda", "Quedan")} ${countText(remaining, "boleto disponible", "boletos disponibles")}.`
      : null,
    cap !== null && allowed !== null
      ? `${PURCHASE_LIMIT_MESSAGES.capLabel(cap)}: puedes comprar ${allowed} más.`
      : null,
  ]
    .filter(Boolean)
    .join(" ");
}
