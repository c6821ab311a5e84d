import type ExcelJS from "exceljs";
import { type Zippable, zipSync } from "fflate";
import {
  EMPTY_MESSAGE,
  MAX_STATEMENT_ROWS,
  StatementFileError,
  type StatementGrid,
  tooLarge,
  unreadable,
} from "./grid";
import { findHeaderRow } from "./header-row";
import { unzipBounded, type ZipEntry, ZipFormatError, ZipLimitError, type ZipLimits } from "./zip";

// An XLSX statement's first worksheet with data as text cells, written the way the CSV reader gives them,
// so one set of rules reads both.

/** Columns past this cannot be mapped (the mapping's column indexes stop at 199). */
const MAX_COLUMNS = 200;

function two(n: number): string {
  return String(n).padStart(2, "0");
}

/**
 * XLSX dates have no time zone: exceljs gives the written wall time as a UTC instant, so its UTC parts are
 * the date the bank wrote (local parts would move midnight movements to the previous day in Caracas).
 */
function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return "";
  const day = `${date.getUTCFullYear()}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
  const h = date.getUTCHours();
  const m = date.getUTCMinutes();
  const s = date.getUTCSeconds();
  return h === 0 && m === 0 && s === 0 ? day : `${day} ${two(h)}:${two(m)}:${two(s)}`;
}

/**
 * A number cell as plain text with a "." decimal. An integer is written in full (a reference stored as a
 * number is exact up to 2^53); beyond that its last digits are already gone, so it is written in exponent
 * form and the reference reader refuses it instead of trusting made-up digits.
 */
function numberText(value: number): string {
  if (!Number.isFinite(value)) return "";
  if (Number.isInteger(value)) {
    return Math.abs(value) <= Number.MAX_SAFE_INTEGER
      ? BigInt(value).toString()
      : value.toExponential().toUpperCase();
  }
  // Excel keeps 15 significant digits; the rest is binary noise (0.30000000000000004).
  const clean = Number(value.toPrecision(15));
  const text = String(clean);
  return /e/i.test(text) ? clean.toFixed(10).replace(/0+$/, "").replace(/\.$/, "") : text;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (typeof value === "number") return numberText(value);
  if (typeof value === "boolean") return value ? "VERDADERO" : "FALSO";
  if (value instanceof Date) return dateText(value);
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("error" in value) return value.error;
  if ("formula" in value || "sharedFormula" in value) {
    return value.result === undefined ? "" : cellText(value.result as ExcelJS.CellValue);
  }
  if ("hyperlink" in value) return cellText(value.text as ExcelJS.CellValue);
  return "";
}

function hasData(sheet: ExcelJS.Worksheet): boolean {
  let found = false;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (
      !found &&
      row.values &&
      (row.values as unknown[]).some((v) => cellText(v as ExcelJS.CellValue).trim() !== "")
    ) {
      found = true;
    }
  });
  return found;
}

/**
 * What an XLSX statement may inflate to, counted while inflating (parse/zip.ts). 50,000 rows of six
 * columns are some 13 MB of sheet XML, compressed about 6 to 1; a workbook's parts are a dozen or two.
 */
export const XLSX_ZIP_LIMITS: ZipLimits = {
  maxEntries: 500,
  maxEntryBytes: 40 * 1024 * 1024,
  maxTotalBytes: 64 * 1024 * 1024,
  maxRatio: 100,
  ratioFromBytes: 1024 * 1024,
};

export const INFLATED_TOO_LARGE_MESSAGE =
  "El archivo es demasiado grande al descomprimirlo para ser un archivo de movimientos: descarga los " +
  "movimientos de un período más corto, o en formato CSV.";
const TOO_MANY_PARTS_MESSAGE =
  "El archivo tiene demasiadas partes internas para ser una hoja de cálculo de movimientos: descarga de " +
  "nuevo los movimientos del banco.";

/**
 * The workbook's parts, inflated within XLSX_ZIP_LIMITS, written again as a ZIP without compression: exceljs
 * then reads exactly the bytes that were counted, whatever sizes the uploaded file declared and however its
 * entries were laid out.
 */
function boundedWorkbook(file: Buffer, filename: string): Uint8Array {
  let entries: ZipEntry[];
  try {
    entries = unzipBounded(file, XLSX_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipLimitError) {
      throw new StatementFileError(
        "STATEMENT_TOO_LARGE",
        error.limit === "entries" ? TOO_MANY_PARTS_MESSAGE : INFLATED_TOO_LARGE_MESSAGE,
      );
    }
    if (error instanceof ZipFormatError) throw notAWorkbook(filename);
    throw error;
  }
  // No prototype: an entry named "__proto__" is a name like any other.
  const parts: Zippable = Object.create(null);
  for (const entry of entries) parts[entry.name] = entry.data;
  return zipSync(parts, { level: 0 });
}

function notAWorkbook(filename: string): StatementFileError {
  return unreadable(
    `«${filename}» no es una hoja de cálculo .xlsx que se pueda abrir: descarga de nuevo los movimientos del banco.`,
  );
}

export async function readXlsxGrid(file: Buffer, filename: string): Promise<StatementGrid> {
  const workbookFile = boundedWorkbook(file, filename);
  // exceljs is large and only statements (and exports) need it: loaded on the first XLSX, not at start-up.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  try {
    // exceljs declares its own Buffer type; Node's is the same thing at run time.
    await workbook.xlsx.load(workbookFile as unknown as ExcelJS.Buffer);
  } catch {
    throw notAWorkbook(filename);
  }
  // The movements' sheet: the first with a header row, else the first with data (a cover sheet with the
  // bank's name comes before the movements in some exports).
  let first: StatementGrid | null = null;
  for (const sheet of workbook.worksheets.filter(hasData)) {
    if (sheet.rowCount > MAX_STATEMENT_ROWS) throw tooLarge();
    const grid: StatementGrid = { kind: "xlsx", encoding: null, delimiter: null, rows: sheetRows(sheet) };
    if (findHeaderRow(grid)) return grid;
    first ??= grid;
  }
  if (!first) throw new StatementFileError("STATEMENT_EMPTY", EMPTY_MESSAGE);
  return first;
}

function sheetRows(sheet: ExcelJS.Worksheet): string[][] {
  const width = Math.min(sheet.columnCount, MAX_COLUMNS);
  const rows: string[][] = [];
  for (let r = 1; r <= sheet.rowCount; r++) {
    const row = sheet.getRow(r);
    const cells: string[] = [];
    for (let c = 1; c <= width; c++) {
      const cell = row.getCell(c);
      // A merged block's value belongs to its first cell only, not copied across (a title over six columns).
      const value = cell.isMerged && cell.master !== cell ? null : cell.value;
      cells.push(cellText(value).trim());
    }
    while (cells.length > 0 && cells.at(-1) === "") cells.pop();
    rows.push(cells);
  }
  while (rows.length > 0 && (rows.at(-1) ?? []).length === 0) rows.pop();
  return rows;
}
