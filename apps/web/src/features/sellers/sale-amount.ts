import type { Currency } from "@rifazo/shared/constants";
import { formatEsNumber, roundCents } from "@rifazo/shared/domain/money";
import { convertAmount, methodCurrency, type PriceQuote, quotePurchase } from "@rifazo/shared/domain/pricing";
import type { SellerSaleMethod } from "@rifazo/shared/schemas/seller-sales";
import type { SellerAreaRaffle } from "./api";

// What a vendedor collects for a sale (docs/decisions/0034-vendedores.md): the server prices it as a
// reservation is priced (the raffle's price and combos, never a club level discount) and checks the amount
// typed against it; the form shows the same figure first, with the shared pricing code.

export interface SaleCharge {
  /** The price in the raffle's currency. */
  quote: PriceQuote;
  /** The currency the method is paid in (bolívares for Pago Móvil and transfers, dollars otherwise). */
  currency: Currency;
  /** What to collect in that currency; null without tickets, or when it needs a rate nobody published. */
  amount: number | null;
  /** Whether the amount is the price converted at the BCV rate. */
  converted: boolean;
}

export function saleCharge(
  raffle: Pick<SellerAreaRaffle, "ticketPrice" | "currency" | "combos">,
  quantity: number,
  method: SellerSaleMethod,
  exchangeRate: number | null,
): SaleCharge {
  const quote = quotePurchase({
    quantity: Number.isFinite(quantity) ? quantity : 0,
    unitPrice: raffle.ticketPrice,
    currency: raffle.currency,
    combos: raffle.combos,
  });
  const currency = methodCurrency(method, raffle.currency);
  const amount =
    quote.quantity > 0 ? convertAmount(quote.total, raffle.currency, currency, exchangeRate) : null;
  return { quote, currency, amount, converted: currency !== raffle.currency };
}

/** The amount as the field holds it ("1.825,00"), or empty when there is none to suggest. */
export function amountText(charge: SaleCharge): string {
  return charge.amount === null ? "" : formatEsNumber(charge.amount, 2);
}

/** The cash the vendedor may still collect for this raffle before handing some over (raffle currency). */
export function cashRoom(raffle: Pick<SellerAreaRaffle, "creditLimit" | "cashHeld">): number {
  return Math.max(0, roundCents(raffle.creditLimit - raffle.cashHeld));
}

/** "Bs." or "US$", for a field's label. */
export function currencySymbol(currency: Currency): string {
  return currency === "VES" ? "Bs." : "US$";
}
