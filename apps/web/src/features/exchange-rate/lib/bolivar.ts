import type { Currency } from "@rifazo/shared/constants";
import { isUsableRate } from "@rifazo/shared/domain/exchange-rate";
import { convertAmount } from "@rifazo/shared/domain/pricing";
import type { ExchangeRate } from "@rifazo/shared/schemas/settings";
import { formatDate, formatMoney } from "../../../lib/format";

function usableRate(rate: ExchangeRate | null | undefined): rate is ExchangeRate {
  return !!rate && isUsableRate(rate.rate);
}

/**
 * The rate's day ("2025-06-15") as es-VE "15/06/2025". Read as noon UTC so that Venezuelan time (UTC-4)
 * never turns it into the day before.
 */
export function formatRateDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? formatDate(`${date}T12:00:00Z`, "short") : date;
}

export interface PriceEquivalent {
  /** "Bs. 895,92" for a USD price, "≈ $1,17" for a bolívar price. */
  amount: string;
  /** "Tasa BCV del 15/06/2025". */
  note: string;
}

/**
 * The other currency's figure for a price: bolívares for USD prices (what people pay by Pago Móvil) and
 * an approximate dollar value for VES prices. Null when no rate is published.
 */
export function priceEquivalent(
  price: number,
  currency: Currency,
  rate: ExchangeRate | null | undefined,
): PriceEquivalent | null {
  if (!usableRate(rate) || !Number.isFinite(price)) return null;
  const note = `Tasa ${rate.source} del ${formatRateDate(rate.date)}`;
  // The server's own conversion (shared convertAmount), so the Bs shown is the Bs it asks for.
  const other: Currency = currency === "VES" ? "USD" : "VES";
  const amount = convertAmount(price, currency, other, rate.rate);
  if (amount === null) return null;
  if (currency === "VES") return { amount: `≈ ${formatMoney(amount, "USD")}`, note };
  return { amount: formatMoney(amount, "VES"), note };
}
