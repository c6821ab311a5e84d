// The one CSV writer, for both variants (plain and "CSV para Excel"): UTF-8 with a byte-order mark (Excel
// needs it to read accents), RFC 4180 quoting, CRLF line ends, and text that a spreadsheet would run as a
// formula neutralised with a leading apostrophe wherever a spreadsheet could start a cell.
import { TIME_ZONE } from "@rifazo/shared";

export const BOM = "\uFEFF";

export type CsvValue = string | number | boolean | Date | null | undefined;

/**
 * What a column holds, so each format writes it right: money with two decimals, rates with up to
 * four, counts as integers, dates and yes/no as such, a calendar day (text "YYYY-MM-DD", no time zone)
 * as a day. Text is the default.
 */
export type ColumnType = "text" | "int" | "money" | "rate" | "date" | "day" | "bool";

/** A calendar day as the column type "day" takes it. */
export const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

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

/** What opens a formula (or a DDE payload) in Excel, LibreOffice and Sheets. */
const FORMULA_START = new Set(["=", "+", "-", "@", "\t", "\r"]);
/** Skipped before looking for one: a spreadsheet may trim spaces, and a stray quote is not text. */
const LEADING = new Set([" ", '"']);
/**
 * Where a spreadsheet may start a new cell inside our text: the separator of either variant (a Spanish
 * Excel splits a plain CSV on ";", "Texto en columnas" splits on what it is told and ignores quotes), the
 * tab, and line ends.
 */
const SPLIT_POINTS = new Set([",", ";", "\t", "\r", "\n"]);

/**
 * A leading apostrophe before a formula character at the start of the text, and, with `everySplit`,
 * after every character the file could be split on: however a spreadsheet cuts the text into cells, none
 * starts a formula. The XLSX (text stored as text, never split) needs only the start; the CSV needs all.
 */
function neutraliseText(text: string, everySplit: boolean): string {
  let out = "";
  let cellStart = true;
  for (const ch of text) {
    if (cellStart && !LEADING.has(ch)) {
      if (FORMULA_START.has(ch)) out += "'";
      cellStart = false;
    }
    out += ch;
    if (everySplit && SPLIT_POINTS.has(ch)) cellStart = true;
  }
  return out;
}

/** Text that a spreadsheet would run as a formula gets a leading apostrophe (the XLSX's cells). */
export function neutralise(text: string): string {
  return neutraliseText(text, false);
}

const yesNo = (value: boolean) => (value ? "Sí" : "No");

/** How one CSV variant writes what is not text: its separator, numbers and dates. */
export interface CsvDialect {
  separator: "," | ";";
  number(value: number, type: ColumnType | undefined): string;
  date(value: Date): string;
  /** A calendar day "YYYY-MM-DD", written bare. */
  day(value: string): string;
}

/** A number as Spanish Excel reads it from a CSV: comma decimals and no thousands separator. */
function esNumber(value: number, type: ColumnType | undefined): string {
  const text = type === "money" ? value.toFixed(2) : String(value);
  return text.replace(".", ",");
}

export const CSV_DIALECTS = {
  /** Plain CSV: comma separator, dot decimals, ISO-like dates. */
  csv: { separator: ",", number: (value) => String(value), date: formatDateTime, day: (value) => value },
  /**
   * "CSV para Excel" (Excel in a Spanish locale): the list separator is the semicolon because the comma
   * is the decimal mark; no thousands separator; dates dd/mm/yyyy hh:mm.
   */
  "excel-csv": {
    separator: ";",
    number: esNumber,
    date: formatEsDateTime,
    day: (value) => value.replace(CALENDAR_DAY, "$3/$2/$1"),
  },
} as const satisfies Record<string, CsvDialect>;

/**
 * One cell. Text (and yes/no) is always quoted, with formulas neutralised at every place the file could be
 * split: quoting alone keeps it in one cell only for a reader that honours quotes and splits on our
 * separator. Numbers and dates are written bare by us from typed values, so a spreadsheet reads them as
 * numbers and dates (a negative amount is a number to it, not a formula); they carry nobody's text.
 */
export function csvCell(value: CsvValue, dialect: CsvDialect = CSV_DIALECTS.csv, type?: ColumnType): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? dialect.number(value, type) : "";
  if (value instanceof Date) return dialect.date(value);
  // Only a real "YYYY-MM-DD" is ours to write bare; anything else stays quoted, inert text.
  if (type === "day" && typeof value === "string" && CALENDAR_DAY.test(value)) return dialect.day(value);
  const text = typeof value === "boolean" ? yesNo(value) : neutraliseText(value, true);
  return `"${text.replaceAll('"', '""')}"`;
}

export function csvLine(
  values: readonly CsvValue[],
  dialect: CsvDialect = CSV_DIALECTS.csv,
  types: readonly ColumnType[] = [],
): string {
  return `${values.map((value, i) => csvCell(value, dialect, types[i])).join(dialect.separator)}\r\n`;
}
