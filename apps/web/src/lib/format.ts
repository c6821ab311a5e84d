import type { Currency } from "@rifazo/shared/constants";
import { formatMoney as formatEsMoney, formatEsNumber } from "@rifazo/shared/domain/money";

// es-VE formatting; dates and times come from the shared module so emails and receipts read the same.

export {
  formatDate,
  formatDateTime,
  formatDrawMoment,
  formatTime,
  sentence,
  timeWithArticle,
  UNKNOWN_DATE,
} from "@rifazo/shared/domain/dates";
export { toDate } from "@rifazo/shared/domain/raffle-progress";

/**
 * "10.000", "12,35", "24,5": es-VE grouping and decimal comma, up to `maximumFractionDigits` places (no
 * trailing zeros), rounded half away from zero. The shared money pair writes it, so counts and amounts
 * group the same way; no Intl formatter is built, whose first construction on a page costs about 50 ms of
 * a cheap phone's CPU (docs/decisions/0033-preact-on-both-sides.md). The tests hold it to Intl's output.
 */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  const text = formatEsNumber(value, maximumFractionDigits);
  return maximumFractionDigits > 0 ? text.replace(/,?0+$/, "") : text;
}

/**
 * "$1.234,50" for USD and "Bs. 1.234,50" for VES: the one es-VE money formatter of the shared package,
 * with the symbol people actually use (Intl's own VES symbol is the outdated "Bs.S").
 */
export function formatMoney(amount: number | string, currency: Currency | string = "USD"): string {
  const value = typeof amount === "string" ? Number(amount) : amount;
  if (!Number.isFinite(value)) return "—";
  if (currency === "USD" || currency === "VES") return formatEsMoney(value, currency);
  return `${formatEsNumber(value)} ${currency}`;
}

/** "24,5 %" of `value` out of `max`, with two decimals under 1 % so a first sale does not read 0 %. */
export function percentText(value: number, max: number): string {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return `${formatNumber(percent, percent > 0 && percent < 1 ? 2 : 1)} %`;
}

/** "120 de 500 (24 %)": sold tickets out of the total, as a progress bar reads them aloud. */
export function soldText(value: number, max: number): string {
  return `${formatNumber(value)} de ${formatNumber(max)} (${percentText(value, max)})`;
}
