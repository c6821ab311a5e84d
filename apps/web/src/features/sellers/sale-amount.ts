import type { Currency } from "@rifazo/shared/constants";
import { abonoBalance, abonoBounds } from "@rifazo/shared/domain/abonos";
import { formatEsNumber, parseEsNumber, roundCents, toCents } from "@rifazo/shared/domain/money";
import { convertAmount, methodCurrency, type PriceQuote, quotePurchase } from "@rifazo/shared/domain/pricing";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import type { SellerSaleMethod } from "@rifazo/shared/schemas/seller-sales";
import { formatMoney } from "../../lib/format";
import type { SellerAreaRaffle, SellerSale } from "./api";

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

/** The least and the most a payment of an abono may be, in its method's currency. */
export interface AbonoRange {
  min: number;
  max: number;
  currency: Currency;
}

/**
 * A first abono of this sale (decision 0034, "Abonos"): at least the raffle's minimum (or the whole price
 * when less), at most the price, in the method's currency at the area's rate, by the shared rule the
 * server applies. Null without tickets, when the raffle is sold whole only, or without a needed rate.
 */
export function firstAbonoRange(
  raffle: Pick<SellerAreaRaffle, "currency" | "installmentMinimum">,
  charge: SaleCharge,
  exchangeRate: number | null,
): AbonoRange | null {
  // `?? null`: a copy of the area kept on the phone before the minimum was part of it.
  const minimum = raffle.installmentMinimum ?? null;
  if (minimum === null || charge.quote.quantity === 0) return null;
  const balance = abonoBalance(charge.quote.total, raffle.currency, []);
  return rangeOf(
    abonoBounds(balance, minimum, raffle.currency, charge.currency, exchangeRate),
    charge.currency,
  );
}

/**
 * A further payment of an abono: from 0,01 to what is left, in the method's currency at the area's rate.
 * Null without a needed rate.
 */
export function nextAbonoRange(
  abono: Pick<NonNullable<SellerSale["abono"]>, "total" | "paid" | "remaining" | "currency">,
  method: SellerSaleMethod,
  exchangeRate: number | null,
): AbonoRange | null {
  const currency = methodCurrency(method, abono.currency);
  const balance = { ...abono, complete: abono.remaining <= 0 };
  return rangeOf(abonoBounds(balance, abono.total, abono.currency, currency, exchangeRate), currency);
}

function rangeOf(bounds: { min: number | null; max: number | null }, currency: Currency) {
  return bounds.min === null || bounds.max === null ? null : { min: bounds.min, max: bounds.max, currency };
}

/** "Abono entre $3,00 y $10,00". */
export function abonoRangeText(range: AbonoRange): string {
  return `Abono entre ${formatMoney(range.min, range.currency)} y ${formatMoney(range.max, range.currency)}`;
}

/**
 * What is wrong with the amount typed as an abono, in the server's words (to the cent); null when it fits,
 * or when it is no amount at all (the schema's message says that).
 */
export function abonoAmountIssue(text: string, range: AbonoRange | null): string | null {
  const parsed = parseEsNumber(text.trim(), { decimals: 2 });
  if (!range || !parsed.ok || parsed.value <= 0) return null;
  const cents = toCents(parsed.value);
  if (cents < toCents(range.min))
    return RESERVATION_MESSAGES.abonoBelowMinimum(formatMoney(range.min, range.currency));
  if (cents > toCents(range.max))
    return RESERVATION_MESSAGES.abonoAboveBalance(formatMoney(range.max, range.currency));
  return null;
}
