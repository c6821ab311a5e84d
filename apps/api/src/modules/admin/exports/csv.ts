// CSV for spreadsheets: UTF-8 with a byte-order mark (Excel needs it to read accents), RFC 4180 quoting,
// CRLF line ends, and text that a spreadsheet would run as a formula neutralised with a leading quote.
import { TIME_ZONE } from "@rifazo/shared";

export const BOM = "\uFEFF";

/** =, +, -, @, tab and CR start a formula (or a DDE payload) in Excel, LibreOffice and Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

const dateTime = new Intl.DateTimeFormat("sv-SE", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hour12: false,
});

/** "2026-03-01 14:05" in Venezuelan time. */
export function formatDateTime(date: Date): string {
  return dateTime.format(date);
}

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else if (typeof value === "boolean") text = value ? "Sí" : "No";
  else if (value instanceof Date) text = formatDateTime(value);
  else {
    text = value;
    // Only text can carry a formula: the numbers and dates above are written by us.
    if (FORMULA_START.test(text)) text = `'${text}`;
  }
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}
