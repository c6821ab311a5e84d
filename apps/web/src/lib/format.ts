import { type Currency, LOCALE, TIME_ZONE } from "@rifazo/shared/constants";
import { formatMoney as formatEsMoney, formatEsNumber } from "@rifazo/shared/domain/money";

// es-VE formatting, always in Venezuelan time, whatever the device's own time zone is.

export const UNKNOWN_DATE = "Fecha desconocida";

type DateInput = Date | string | number | null | undefined;

const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

function numberFormat(key: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  let formatter = formatters.get(key) as Intl.NumberFormat | undefined;
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALE, options);
    formatters.set(key, formatter);
  }
  return formatter;
}

export function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** "5 de marzo de 2025" (long), "5 mar 2025" (medium) or "05/03/2025" (short). */
export function formatDate(value: DateInput, style: "long" | "medium" | "short" = "long"): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { day: "numeric", month: "long", year: "numeric" }
      : style === "medium"
        ? { day: "numeric", month: "short", year: "numeric" }
        : { day: "2-digit", month: "2-digit", year: "numeric" };
  return dateFormat(`date:${style}`, options).format(date);
}

/** "6:30 p. m." */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  return dateFormat("time", { hour: "numeric", minute: "2-digit" }).format(date);
}

/**
 * Closes a sentence with a period, unless it already ends with one: a time ends with "a. m." or "p. m.",
 * and "... a las 6:30 p. m.." reads as a typo.
 */
export function sentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

/** "5 de marzo de 2025 a las 6:30 p. m." */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  return dateFormat("datetime", {
    day: "numeric",
    month: "long",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  }).format(date);
}

export function formatNumber(value: number, maximumFractionDigits = 0): string {
  if (!Number.isFinite(value)) return "—";
  return numberFormat(`number:${maximumFractionDigits}`, { maximumFractionDigits }).format(value);
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
