import { formatEsNumber } from "@rifazo/shared/domain/money";
import type { Refund } from "@rifazo/shared/schemas/admin";

/** "$25,00" for dollars, "1.194,56 Bs" for bolívares: the amount to send back, as it was paid. */
export function moneyText(amount: number, currency: Refund["currency"]): string {
  return currency === "VES" ? `${formatEsNumber(amount)} Bs` : `$${formatEsNumber(amount)}`;
}

/** The amount paid, plus the Bs at the purchase's frozen rate when that applies and differs. */
export function refundAmountText(refund: Pick<Refund, "amount" | "currency" | "amountVes">): string {
  const paid = moneyText(refund.amount, refund.currency);
  return refund.currency !== "VES" && refund.amountVes !== null
    ? `${paid} (${moneyText(refund.amountVes, "VES")})`
    : paid;
}
