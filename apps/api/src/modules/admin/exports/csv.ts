// CSV for spreadsheets: UTF-8 with a byte-order mark (Excel needs it to read accents), RFC 4180 quoting,
// CRLF line ends, and text that a spreadsheet would run as a formula neutralised with a leading quote.
import { TIME_ZONE } from "@rifazo/shared";

export const BOM = "\uFEFF";

/** =, +, -, @, tab and CR start a formula (or a DDE payload) in Excel, LibreOffice and Sheets. */
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * What a column holds, so each format writes it right: money with two decimals, rates with up to
 * four, counts as integers, dates and yes/no as such. Text is the default.
 */
export type ColumnType = "text" | "int" | "money" | "rate" | "date" | "bool";

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

/** "01/03/2026 14:05" in Venezuelan time: how a Spanish-locale spreadsheet reads a date and time. */
export function formatEsDateTime(date: Date): string {
  const [day = "", time = ""] = formatDateTime(date).split(" ");
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y} ${time}`;
}

/**
 * Text that a spreadsheet would run as a formula gets a leading quote. Every format applies it (the
 * XLSX too, although it stores text as text) so a value copied out of any of them stays inert.
 */
export function neutralise(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const yesNo = (value: boolean) => (value ? "Sí" : "No");

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "number") text = Number.isFinite(value) ? String(value) : "";
  else if (typeof value === "boolean") text = yesNo(value);
  else if (value instanceof Date) text = formatDateTime(value);
  // Only text can carry a formula: the numbers and dates above are written by us.
  else text = neutralise(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** A number as Spanish Excel reads it from a CSV: comma decimals and no thousands separator. */
function esNumber(value: number, type: ColumnType | undefined): string {
  if (!Number.isFinite(value)) return "";
  const text = type === "money" ? value.toFixed(2) : String(value);
  return text.replace(".", ",");
}

/**
 * The "CSV para Excel" cell (Excel in a Spanish locale): the list separator is the semicolon because
 * the comma is the decimal mark; dates dd/mm/yyyy hh:mm. Quoting and neutralising as in csvCell.
 */
export function excelCsvCell(value: CsvValue, type?: ColumnType): string {
  if (value === null || value === undefined) return "";
  let text: string;
  if (typeof value === "number") text = esNumber(value, type);
  else if (typeof value === "boolean") text = yesNo(value);
  else if (value instanceof Date) text = formatEsDateTime(value);
  else text = neutralise(value);
  return /[";\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function excelCsvLine(values: readonly CsvValue[], types: readonly ColumnType[] = []): string {
  return `${values.map((value, i) => excelCsvCell(value, types[i])).join(";")}\r\n`;
}
