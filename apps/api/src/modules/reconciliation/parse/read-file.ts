import { parse } from "csv-parse/sync";
import {
  ASK_FOR_EXPORT,
  EMPTY_MESSAGE,
  MAX_STATEMENT_ROWS,
  type StatementDelimiter,
  type StatementEncoding,
  StatementFileError,
  type StatementGrid,
  tooLarge,
  unreadable,
  withinGridLimits,
} from "./grid";
import { readXlsxGrid } from "./xlsx";

// A bank statement file (the movements export of a Venezuelan bank, CSV or XLSX) read into a grid of text
// cells, nothing interpreted yet: detection and the organiser's mapping decide what the columns mean.

/** Files people upload by mistake, told apart by their first bytes so the message can say what they are. */
const SIGNATURES: { bytes: number[]; message: string }[] = [
  {
    bytes: [0x25, 0x50, 0x44, 0x46],
    message: `Es un PDF: el estado de cuenta en PDF no se puede leer. ${ASK_FOR_EXPORT}`,
  },
  {
    bytes: [0x89, 0x50, 0x4e, 0x47],
    message: `Es una imagen, no el archivo de movimientos. ${ASK_FOR_EXPORT}`,
  },
  { bytes: [0xff, 0xd8, 0xff], message: `Es una imagen, no el archivo de movimientos. ${ASK_FOR_EXPORT}` },
  {
    bytes: [0x47, 0x49, 0x46, 0x38],
    message: `Es una imagen, no el archivo de movimientos. ${ASK_FOR_EXPORT}`,
  },
  {
    bytes: [0xd0, 0xcf, 0x11, 0xe0],
    message:
      "Es un archivo de Excel antiguo (.xls) o protegido con contraseña, que no se puede leer: ábrelo en Excel " +
      "y guárdalo como .xlsx o CSV, o descarga los movimientos en ese formato.",
  },
  {
    bytes: [0xff, 0xfe],
    message: "El archivo está en UTF-16: guárdalo como CSV (UTF-8) o descárgalo de nuevo del banco.",
  },
  {
    bytes: [0xfe, 0xff],
    message: "El archivo está en UTF-16: guárdalo como CSV (UTF-8) o descárgalo de nuevo del banco.",
  },
];

const ZIP = [0x50, 0x4b, 0x03, 0x04];

function startsWith(file: Buffer, bytes: number[]): boolean {
  return file.length >= bytes.length && bytes.every((byte, i) => file[i] === byte);
}

/**
 * The WHATWG windows-1252 characters of bytes 0x80–0x9F. Node 20's TextDecoder("windows-1252") decodes
 * them as Latin-1 control characters (nodejs/node#60888), so they are put right after decoding; a fixed
 * Node gives the right characters already and this changes nothing.
 */
const WINDOWS_1252_C1 = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d,
  0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a,
  0x153, 0x9d, 0x17e, 0x178,
];

function decodeWindows1252(bytes: Uint8Array): string {
  return new TextDecoder("windows-1252")
    .decode(bytes)
    .replace(/[\u0080-\u009f]/g, (c) =>
      String.fromCodePoint(WINDOWS_1252_C1[c.charCodeAt(0) - 0x80] ?? 0xfffd),
    );
}

/** Valid UTF-8 is UTF-8 (a Windows-1252 file with accents is almost never valid UTF-8); else Windows-1252. */
export function decodeStatementText(
  file: Buffer,
  encoding: StatementEncoding | null,
): { text: string; encoding: StatementEncoding } {
  const hasBom = startsWith(file, [0xef, 0xbb, 0xbf]);
  const body = hasBom ? file.subarray(3) : file;
  if (encoding === "windows-1252") return { text: decodeWindows1252(body), encoding };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), encoding: "utf-8" };
  } catch {
    if (encoding === "utf-8") {
      // Asked for UTF-8 on a file that is not: decode anyway, the replacement characters show the mistake.
      return { text: new TextDecoder("utf-8").decode(body), encoding };
    }
    return { text: decodeWindows1252(body), encoding: "windows-1252" };
  }
}

const DELIMITER_PREFERENCE: StatementDelimiter[] = [";", "\t", "|", ","];

function splitRows(text: string, delimiter: StatementDelimiter, limit?: number): string[][] {
  const rows = parse(text, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: false,
    ...(limit === undefined ? {} : { to: limit }),
  }) as string[][];
  return rows.map((row) => row.map((cell) => cell.trim()));
}

/** The text without what follows its last cell (line breaks, empty cells): no trailing blank rows. */
function withoutTrailingBlank(text: string): string {
  let end = text.length;
  while (end > 0 && /[\s;,|]/.test(text.charAt(end - 1))) end--;
  return text.slice(0, end);
}

/** The first lines: enough to see how the file is split, and cheap on a 50,000-row file. */
function firstLines(text: string): string[] {
  return text
    .slice(0, 65_536)
    .split(/\r\n|\n|\r/)
    .slice(0, 60);
}

/** The commonest number of cells (one-cell rows aside) of the lines split by the delimiter, and its rows. */
function commonWidth(lines: string[], delimiter: StatementDelimiter): { width: number; rows: number } {
  let rows: string[][];
  try {
    rows = splitRows(lines.join("\n"), delimiter);
  } catch {
    // Broken quoting (reported when the whole file is split): counted without quotes here.
    rows = lines.map((line) => line.split(delimiter));
  }
  const widths = new Map<number, number>();
  for (const row of rows) {
    if (row.length > 1) widths.set(row.length, (widths.get(row.length) ?? 0) + 1);
  }
  let best = { width: 0, rows: 0 };
  for (const [width, count] of widths) {
    if (count > best.rows || (count === best.rows && width > best.width)) best = { width, rows: count };
  }
  return best;
}

/**
 * The delimiter that splits the first lines into the most rows of one same width (the header and the
 * movements; lines before the header usually have fewer cells). A comma inside "1.234,56" splits too,
 * but not consistently, and not the header; ties go to the likelier delimiter of Venezuelan exports.
 */
export function detectDelimiter(text: string): StatementDelimiter {
  const lines = firstLines(text);
  let best: { delimiter: StatementDelimiter; rows: number; width: number } | null = null;
  for (const delimiter of DELIMITER_PREFERENCE) {
    const { width, rows } = commonWidth(lines, delimiter);
    if (rows > 0 && (!best || rows > best.rows || (rows === best.rows && width > best.width))) {
      best = { delimiter, rows, width };
    }
  }
  return best?.delimiter ?? ";";
}

/**
 * Every row of the file, at most `limit`. csv-parse's relaxed column count still builds an error object
 * for each record whose width differs from the first record's, which made a 50,000-row file with account
 * lines above the header take seconds; a first line of the common width (dropped after) avoids that.
 */
function splitFile(text: string, delimiter: StatementDelimiter, limit: number): string[][] {
  const { width } = commonWidth(firstLines(text), delimiter);
  if (width < 2) return splitRows(text, delimiter, limit);
  const lineBreak = /\r\n|\n|\r/.exec(text)?.[0] ?? "\n";
  try {
    return splitRows(delimiter.repeat(width - 1) + lineBreak + text, delimiter, limit + 1).slice(1);
  } catch (error) {
    // The line of a quoting error, in the file as uploaded.
    if (error instanceof Error && "lines" in error && typeof error.lines === "number") error.lines -= 1;
    throw error;
  }
}

/** Excel's "sep=;" first line states the delimiter (the line stays a row: it is above the header). */
function declaredDelimiter(text: string): StatementDelimiter | null {
  const match = /^sep=(.)\r?(?:\n|$)/.exec(text.slice(0, 16));
  return DELIMITER_PREFERENCE.find((d) => d === match?.[1]) ?? null;
}

/** Control characters other than tab and line breaks: text files have none, binary files many. */
function looksBinary(text: string): boolean {
  const end = Math.min(text.length, 65_536);
  let controls = 0;
  for (let i = 0; i < end; i++) {
    const code = text.charCodeAt(i);
    if (code === 0) return true;
    // Tab, line feed and carriage return are text; the other C0 controls are not. (U+FFFD from forcing
    // UTF-8 on a Windows-1252 file is a wrong choice of encoding, shown in the preview, not a binary file.)
    if (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) controls++;
  }
  return controls > Math.max(8, end / 100);
}

function isBlankText(text: string): boolean {
  return text.replace(/[\s,;|\u00a0\ufeff]/g, "") === "";
}

function readCsv(
  file: Buffer,
  options: { encoding?: StatementEncoding | null; delimiter?: StatementDelimiter | null },
): StatementGrid {
  const { text, encoding } = decodeStatementText(file, options.encoding ?? null);
  if (isBlankText(text)) throw new StatementFileError("STATEMENT_EMPTY", EMPTY_MESSAGE);
  if (looksBinary(text)) {
    throw unreadable(`El archivo no es una hoja de cálculo ni un texto de movimientos. ${ASK_FOR_EXPORT}`);
  }
  if (/^\s*<(?:!doctype|html|table|\?xml)/i.test(text)) {
    // Some banks' "Excel" downloads are web pages with a table; a spreadsheet program re-saves them properly.
    throw unreadable(
      "El archivo es una página web (HTML), aunque tenga extensión de Excel: ábrelo en Excel y guárdalo " +
        "como .xlsx o CSV, y súbelo de nuevo.",
    );
  }
  const delimiter = options.delimiter ?? declaredDelimiter(text) ?? detectDelimiter(text);
  let rows: string[][];
  try {
    // One row more than allowed is enough to refuse the file without splitting all of it.
    rows = splitFile(withoutTrailingBlank(text), delimiter, MAX_STATEMENT_ROWS + 1);
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw unreadable(
      `El archivo no se puede leer como CSV${line ? ` (línea ${line})` : ""}: descárgalo de nuevo del banco.`,
    );
  }
  if (rows.length > MAX_STATEMENT_ROWS) throw tooLarge();
  if (rows.length === 0) throw new StatementFileError("STATEMENT_EMPTY", EMPTY_MESSAGE);
  return { kind: "csv", encoding, delimiter, rows };
}

/**
 * The statement as a grid. XLSX is told by its content (a ZIP), not by the name: banks name CSV files
 * ".xls" and people rename files. Options force the CSV encoding or delimiter the organiser chose.
 */
export async function readStatementFile(
  file: Buffer,
  filename: string,
  options: { encoding?: StatementEncoding | null; delimiter?: StatementDelimiter | null } = {},
): Promise<StatementGrid> {
  if (file.length === 0) throw new StatementFileError("STATEMENT_EMPTY", EMPTY_MESSAGE);
  if (startsWith(file, ZIP)) return withinGridLimits(await readXlsxGrid(file, filename));
  for (const signature of SIGNATURES) {
    if (startsWith(file, signature.bytes)) throw unreadable(signature.message);
  }
  return withinGridLimits(readCsv(file, options));
}
