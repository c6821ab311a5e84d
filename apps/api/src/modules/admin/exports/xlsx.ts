// XLSX exports with typed cells: numbers are numbers and dates are dates, so the organiser can sum and
// filter without converting text. Written with exceljs's streaming writer (rows leave as they come).
import { PassThrough, type Readable } from "node:stream";
import ExcelJS from "exceljs";
import { CALENDAR_DAY, type ColumnType, type CsvValue, formatDateTime, neutralise } from "./csv";

/**
 * Number formats are stored locale-free: Excel shows "#,##0.00" as "1.194,56" in a Spanish locale
 * (and as "1,194.56" in an English one), which is what a typed cell is for.
 */
const NUMBER_FORMATS: Partial<Record<ColumnType, string>> = {
  int: "#,##0",
  money: "#,##0.00",
  rate: "#,##0.00##",
  date: "dd/mm/yyyy hh:mm",
  day: "dd/mm/yyyy",
};

const WIDTHS: Record<ColumnType, number> = {
  text: 24,
  int: 10,
  money: 14,
  rate: 12,
  date: 17,
  day: 12,
  bool: 10,
};

/**
 * A spreadsheet date has no time zone: the cell holds the Venezuelan wall-clock time (what the CSV
 * writes), encoded as the same instant in UTC because exceljs writes dates from their UTC fields.
 */
export function wallClock(date: Date): Date {
  const [day = "", time = ""] = formatDateTime(date).split(" ");
  const [y, m, d] = day.split("-").map(Number);
  const [h, min] = time.split(":").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1, h ?? 0, min ?? 0));
}

export function xlsxValue(value: CsvValue, type?: ColumnType): ExcelJS.CellValue {
  if (value === null || value === undefined) return null;
  // A calendar day is a date cell at midnight (no zone to shift: it is built from its own fields).
  const day = type === "day" && typeof value === "string" ? CALENDAR_DAY.exec(value) : null;
  if (day) return new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  // Yes/no stay words, as in the CSV: Excel's own booleans would read VERDADERO/FALSO.
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (value instanceof Date) return wallClock(value);
  return neutralise(value);
}

export interface XlsxSheet {
  name: string;
  header: readonly string[];
  types: readonly ColumnType[];
  /** Batches of rows, each already in column order. */
  batches: AsyncIterable<readonly (readonly CsvValue[])[]>;
  onDone?: (rows: number) => void;
}

/**
 * Streams the workbook: each batch of rows is committed (written to the zip) before the next one is
 * read, so memory holds one batch plus the compressor's buffers, not the whole sheet. No shared-strings
 * table, which would keep every distinct text in memory until the end.
 */
export function openXlsx(sheet: XlsxSheet, onError: (error: unknown) => void): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = "Rifazo";
  const worksheet = workbook.addWorksheet(sheet.name, {
    views: [{ state: "frozen", xSplit: 0, ySplit: 1 }],
  });
  worksheet.columns = sheet.header.map((header, i) => {
    const type = sheet.types[i] ?? "text";
    return { header, width: Math.max(WIDTHS[type], header.length + 2) };
  });
  const formats = sheet.header.map((_, i) => NUMBER_FORMATS[sheet.types[i] ?? "text"]);
  const head = worksheet.getRow(1);
  head.font = { bold: true };
  head.commit();

  (async () => {
    let rows = 0;
    for await (const batch of sheet.batches) {
      for (const values of batch) {
        const row = worksheet.addRow(values.map((value, i) => xlsxValue(value, sheet.types[i])));
        // Per cell, not per column: the streaming writer does not pass column styles on to new cells.
        formats.forEach((numFmt, i) => {
          if (numFmt) row.getCell(i + 1).numFmt = numFmt;
        });
        row.commit();
      }
      rows += batch.length;
      // Let the zip drain to the client before reading the next batch.
      if (out.writableNeedDrain) await new Promise((resolve) => out.once("drain", resolve));
    }
    worksheet.commit();
    await workbook.commit();
    sheet.onDone?.(rows);
  })().catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
