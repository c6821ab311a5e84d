import { LOCALE, TIME_ZONE } from "../constants";
import { type DateInput, toDate } from "./raffle-progress";

// Dates and times as every screen, email, receipt and export writes them: es-VE, always in Venezuelan
// time whatever the device's or server's own time zone is. One source, so a draw's time reads the same
// on every page.

export const UNKNOWN_DATE = "Fecha desconocida";

// Built on first use and kept: constructing a formatter loads the locale's data, tens of milliseconds on
// a cheap phone, so no module builds one when it loads (a page that shows no date never pays for it).
const formatters = new Map<string, Intl.DateTimeFormat>();

function dateFormat(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(LOCALE, { timeZone: TIME_ZONE, ...options });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * Texts the server already wrote into the page, by formatter and instant (apps/web/src/entry-server.tsx
 * reports them, main.tsx adopts them): while the browser hydrates it writes the same words without
 * building a formatter, whose first construction costs about 200 ms of a 4×-slower CPU
 * (docs/decisions/0033-preact-on-both-sides.md). Any other date is formatted as usual.
 */
const adopted = new Map<string, string>();
let report: ((id: string, text: string) => void) | null = null;

/** The browser: the server's texts for this page (ServerState.dates). */
export function adoptDateTexts(texts: Record<string, string>): void {
  for (const [id, text] of Object.entries(texts)) if (typeof text === "string") adopted.set(id, text);
}

/** The server: where each text a render writes is reported, or null to stop. */
export function reportDateTexts(listener: ((id: string, text: string) => void) | null): void {
  report = listener;
}

function formatWith(key: string, options: Intl.DateTimeFormatOptions, date: Date): string {
  const id = `${key}@${date.getTime()}`;
  const known = adopted.get(id);
  if (known !== undefined) return known;
  const text = dateFormat(key, options).format(date);
  report?.(id, text);
  return text;
}

/** "5 de marzo de 2025" (long), "5 mar. 2025" (medium) or "05/03/2025" (short). */
export function formatDate(value: DateInput, style: "long" | "medium" | "short" = "long"): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  const options: Intl.DateTimeFormatOptions =
    style === "long"
      ? { day: "numeric", month: "long", year: "numeric" }
      : style === "medium"
        ? { day: "numeric", month: "short", year: "numeric" }
        : { day: "2-digit", month: "2-digit", year: "numeric" };
  return formatWith(`date:${style}`, options, date);
}

/** "6:30 p. m." */
export function formatTime(value: DateInput): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  return formatWith("time", { hour: "numeric", minute: "2-digit" }, date);
}

/**
 * "las 6:30 p. m." or "la 1:30 p. m.": the time with its article, for "a …", "hasta …", "desde …" (Spanish
 * says "la" for the one o'clock hours).
 */
export function timeWithArticle(value: DateInput): string {
  const time = formatTime(value);
  return /^1:\d\d/.test(time) ? `la ${time}` : `las ${time}`;
}

/**
 * Closes a sentence with a period, unless it already ends with one: a time ends with "a. m." or "p. m.",
 * and "... a las 6:30 p. m.." reads as a typo.
 */
export function sentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

/** "5 de marzo de 2025 a las 6:30 p. m." (long) or "5 mar. 2025, 6:30 p. m." (short). */
export function formatDateTime(value: DateInput, style: "long" | "short" = "long"): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  // ICU writes "a las" before every hour; Spanish says "a la 1:21" for the one o'clock hours.
  return formatWith(
    `datetime:${style}`,
    { day: "numeric", month: style, year: "numeric", hour: "numeric", minute: "2-digit" },
    date,
  ).replace(/\ba las 1:(\d\d)/, "a la 1:$1");
}

/**
 * A draw's moment, the one wording every card, page, receipt and email uses for it:
 * "sábado 5 de diciembre de 2026, 8:00 p. m." (Venezuelan time).
 */
export function formatDrawMoment(value: DateInput): string {
  const date = toDate(value);
  if (!date) return UNKNOWN_DATE;
  const day = formatWith("draw:weekday", { weekday: "long" }, date);
  return `${day} ${formatDate(date, "long")}, ${formatTime(date)}`;
}
