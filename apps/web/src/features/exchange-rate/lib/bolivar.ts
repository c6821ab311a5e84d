import type { Currency } from "@rifazo/shared/constants";
import { isUsableRate } from "@rifazo/shared/domain/exchange-rate";
import type { ExchangeRate } from "@rifazo/shared/schemas/settings";
import { formatDate, formatMoney } from "../../../lib/format";

/** Cents computed as integers, so 3 × 298.64 is 895.92 and not 895.9199999. */
function roundMoney(value: number): number {
  return Math.round(value * 100) / 100;
}

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
  if (currency === "VES") return { amount: `≈ ${formatMoney(roundMoney(price / rate.rate), "USD")}`, note };
  return { amount: formatMoney(roundMoney(price * rate.rate), "VES"), note };
}
