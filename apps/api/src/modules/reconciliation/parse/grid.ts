import type { STATEMENT_DELIMITERS, STATEMENT_ENCODINGS } from "@rifazo/shared";

// What reading a statement file gives (a grid of text cells) and the errors for files that cannot be one.

export type StatementEncoding = (typeof STATEMENT_ENCODINGS)[number];
export type StatementDelimiter = (typeof STATEMENT_DELIMITERS)[number];

export interface StatementGrid {
  kind: "csv" | "xlsx";
  /** How a CSV was decoded and split (null for XLSX). */
  encoding: StatementEncoding | null;
  delimiter: StatementDelimiter | null;
  /** Every row of the file (blank ones too, so indexes are the file's rows), cells trimmed. */
  rows: string[][];
}

export type StatementFileErrorCode = "STATEMENT_EMPTY" | "STATEMENT_UNREADABLE" | "STATEMENT_TOO_LARGE";

/** A file that cannot be read as a statement at all; the message is for the organiser. */
export class StatementFileError extends Error {
  constructor(
    readonly code: StatementFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "StatementFileError";
  }
}

/** A year of a busy account is a few thousand movements; more than this is not a movements export. */
export const MAX_STATEMENT_ROWS = 50_000;

export const EMPTY_MESSAGE = "El archivo está vacío.";
export const ASK_FOR_EXPORT =
  "Descarga los movimientos desde la banca en línea en formato CSV, TXT o Excel (.xlsx) y súbelo tal cual.";
const TOO_LARGE_MESSAGE = `El archivo tiene más de ${MAX_STATEMENT_ROWS.toLocaleString("es-VE")} filas: descarga los movimientos de un período más corto.`;

/**
 * Cells and characters of a whole grid. A real export is some 50,000 rows of six to a dozen short cells; a
 * file of empty cells (";;;;" or one far column per row), or one long shared string repeated in every cell,
 * can make a grid many times its own size, and the grid is copied from the reader's worker to the request.
 */
export const MAX_GRID_CELLS = 2_000_000;
export const MAX_GRID_CHARS = 20_000_000;
const GRID_TOO_LARGE_MESSAGE =
  "El archivo tiene demasiadas celdas o demasiado texto para ser un archivo de movimientos: descarga los movimientos de un período más corto.";

/** The grid, or STATEMENT_TOO_LARGE when it holds more than MAX_GRID_CELLS cells or MAX_GRID_CHARS characters. */
export function withinGridLimits(grid: StatementGrid): StatementGrid {
  let cells = 0;
  let chars = 0;
  for (const row of grid.rows) {
    cells += row.length;
    for (const cell of row) chars += cell.length;
    if (cells > MAX_GRID_CELLS || chars > MAX_GRID_CHARS) {
      throw new StatementFileError("STATEMENT_TOO_LARGE", GRID_TOO_LARGE_MESSAGE);
    }
  }
  return grid;
}

export function tooLarge(): StatementFileError {
  return new StatementFileError("STATEMENT_TOO_LARGE", TOO_LARGE_MESSAGE);
}

export function unreadable(message: string): StatementFileError {
  return new StatementFileError("STATEMENT_UNREADABLE", message);
}
