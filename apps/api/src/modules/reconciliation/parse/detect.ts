import type { DetectedBank, StatementMapping } from "@rifazo/shared";
import { amountColumns, isRunningBalance } from "./balance";
import { detectBank, knownLayout } from "./banks";
import type { StatementGrid } from "./grid";
import { findHeaderRow, headerRole, referenceStrength, rolesOf } from "./header-row";
import {
  isAmount,
  isDate,
  isReference,
  isRowOfTitles,
  KIND_SHARE,
  share,
  wordiestColumn,
} from "./value-kinds";
import { amountParts, foldText, numericDateParts, parseStatementDate } from "./values";

// Proposing a mapping for a statement nobody has mapped yet: the header row by its words, the columns
// under it, and how dates and amounts are written from the values themselves. What the values cannot
// settle becomes a question for the organiser, with the usual Venezuelan choice proposed.

/** How a type column's cell says credit or debit: NC/ND (notas), C/D, CR/DB, Crédito/Débito, Abono/Cargo. */
const CREDIT_TYPES = new Set(["nc", "c", "cr", "cre", "cred", "credito", "abono", "haber", "deposito", "+"]);
const DEBIT_TYPES = new Set(["nd", "d", "db", "deb", "debito", "cargo", "debe", "retiro", "-"]);

export function movementType(value: string): "credit" | "debit" | null {
  const trimmed = value.trim();
  if (trimmed === "+" || trimmed === "-") return trimmed === "+" ? "credit" : "debit";
  const token = foldText(trimmed).replace(/ /g, "");
  if (CREDIT_TYPES.has(token)) return "credit";
  if (DEBIT_TYPES.has(token)) return "debit";
  return null;
}

/** A row counter (1, 2, 3…): never a reference, however its column is titled. */
export function isSequence(values: string[]): boolean {
  const numbers = values.filter((v) => v !== "").map((v) => (/^\d{1,7}$/.test(v) ? Number(v) : Number.NaN));
  if (numbers.length < 3 || numbers.some(Number.isNaN)) return false;
  let steps = 0;
  for (let i = 1; i < numbers.length; i++) {
    if (Math.abs((numbers[i] as number) - (numbers[i - 1] as number)) === 1) steps++;
  }
  return steps / (numbers.length - 1) >= 0.9;
}

/** Share of consecutive dates in order (either way): a statement's movements are sorted by date. */
export function sortedShare(dates: string[]): number {
  if (dates.length < 2) return 1;
  let up = 0;
  let down = 0;
  for (let i = 1; i < dates.length; i++) {
    const a = dates[i - 1] as string;
    const b = dates[i] as string;
    if (b >= a) up++;
    if (b <= a) down++;
  }
  return Math.max(up, down) / (dates.length - 1);
}

/** Below this share of sorted dates, rows are not a statement's movements (a payroll's hire dates). */
const SORTED_SHARE = 0.75;

/** Values enough to see how a column is written; more rows only repeat the answer. */
const SAMPLE_ROWS = 5_000;

function columnValues(grid: StatementGrid, headerRow: number, columns: (number | undefined)[]): string[] {
  const values: string[] = [];
  const end = Math.min(grid.rows.length, headerRow + 1 + SAMPLE_ROWS);
  for (let r = headerRow + 1; r < end; r++) {
    const row = grid.rows[r] ?? [];
    for (const column of columns) {
      const value = column === undefined ? "" : (row[column] ?? "");
      if (value !== "") values.push(value);
    }
  }
  return values;
}

/** Day first unless a value proves month first; ISO when every date is; a question when nothing proves it. */
export function detectDateOrder(values: string[]): {
  order: StatementMapping["dateOrder"];
  question: string | null;
} {
  let dayFirst = 0;
  let monthFirst = 0;
  let iso = 0;
  let ambiguous: string | null = null;
  for (const value of values) {
    const parts = numericDateParts(value);
    if (!parts) continue;
    const [a, b] = parts;
    if (a.length === 4) iso++;
    else if (Number(a) > 12 && Number(b) <= 12) dayFirst++;
    else if (Number(b) > 12 && Number(a) <= 12) monthFirst++;
    else if (Number(a) !== Number(b)) ambiguous ??= value;
  }
  if (dayFirst > 0 && monthFirst > 0) {
    const order = monthFirst > dayFirst ? "MDY" : "DMY";
    return {
      order,
      question:
        "Las fechas del archivo mezclan día/mes y mes/día: revisa el orden propuesto " +
        `(${order === "DMY" ? "día/mes/año" : "mes/día/año"}); las filas que no encajen se mostrarán como ilegibles.`,
    };
  }
  if (dayFirst > 0) return { order: "DMY", question: null };
  if (monthFirst > 0) return { order: "MDY", question: null };
  if (ambiguous !== null) {
    return {
      order: "DMY",
      question:
        `Las fechas (por ejemplo «${ambiguous}») pueden leerse como día/mes o como mes/día. Las leímos como ` +
        "día/mes/año, como las escriben los bancos venezolanos: confírmalo, o elige mes/día/año si el archivo " +
        "pasó por una hoja de cálculo en inglés.",
    };
  }
  return { order: iso > 0 ? "YMD" : "DMY", question: null };
}

/**
 * The decimal separator from the amounts: "1.234,56" and "12,5" prove a comma, "1,234.56" and "12.5" a
 * dot; "1.234" or "1,234" alone prove nothing (a thousand or one point two three four).
 */
export function detectDecimal(values: string[]): {
  decimal: StatementMapping["decimal"];
  question: string | null;
  /** Whether some value showed its decimal separator. */
  proved: boolean;
} {
  let comma = 0;
  let dot = 0;
  let ambiguous: string | null = null;
  for (const value of values) {
    const { digits } = amountParts(value);
    if (!/^[\d.,]+$/.test(digits) || !/\d/.test(digits)) continue;
    const lastComma = digits.lastIndexOf(",");
    const lastDot = digits.lastIndexOf(".");
    if (lastComma >= 0 && lastDot >= 0) {
      if (lastComma > lastDot) comma++;
      else dot++;
    } else if (lastComma >= 0) {
      if (/^\d{1,3}(?:,\d{3})+$/.test(digits)) ambiguous ??= value;
      else comma++;
    } else if (lastDot >= 0) {
      if (/^\d{1,3}(?:\.\d{3})+$/.test(digits)) ambiguous ??= value;
      else dot++;
    }
  }
  if (comma > 0 && dot > 0) {
    const decimal = dot > comma ? "." : ",";
    return {
      decimal,
      proved: true,
      question:
        "Los montos del archivo mezclan coma y punto decimal: revisa el separador propuesto " +
        `(${decimal === "," ? "coma, 1.234,56" : "punto, 1,234.56"}); las filas que no encajen se mostrarán como ilegibles.`,
    };
  }
  if (comma > 0) return { decimal: ",", question: null, proved: true };
  if (dot > 0) return { decimal: ".", question: null, proved: true };
  if (ambiguous !== null) {
    return {
      decimal: ",",
      proved: false,
      question:
        `Los montos (por ejemplo «${ambiguous}») pueden leerse con coma o con punto decimal. Los leímos con ` +
        "coma decimal (1.234,56), como los escriben los bancos venezolanos: confírmalo o cámbialo.",
    };
  }
  return { decimal: ",", question: null, proved: false };
}

const NO_HEADER_QUESTION =
  "No encontramos la fila de títulos (Fecha, Referencia, Monto o Crédito). Indica en qué fila están los " +
  "títulos (o marca que el archivo no tiene) y qué columnas tienen la fecha, la referencia y el monto.";
const UNSIGNED_WITH_TYPE_QUESTION =
  "Los montos no tienen signo y la columna del tipo de movimiento no dice NC/ND, C/D ni Crédito/Débito: " +
  "así no se pueden separar los créditos. Indica la columna del tipo o descarga los movimientos con " +
  "columnas de débito y crédito separadas.";
const NO_REFERENCE_QUESTION =
  "No encontramos la columna de la referencia. Indica cuál es: sin ella no se pueden conciliar los pagos.";
const SEQUENCE_REFERENCE_QUESTION =
  "La columna titulada como número («Nro.») solo cuenta las filas (1, 2, 3…), no es la referencia del " +
  "banco. Indica la columna de la referencia: sin ella no se pueden conciliar los pagos.";
const UNKNOWN_HEADER_QUESTION = (row: number) =>
  `No reconocimos los títulos de la fila ${row + 1}: propusimos las columnas por sus valores. ` +
  "Revísalas en la vista previa antes de importar.";
const UNSIGNED_NO_TYPE_QUESTION =
  "Los montos no tienen signo ni hay una columna de tipo (NC/ND): se leerán todos como créditos. " +
  "Revisa en la vista previa que no haya débitos.";

export interface Detection {
  /** The proposed mapping; null when the organiser must choose the columns. */
  mapping: StatementMapping | null;
  questions: string[];
  /** The file has no statement's shape at all (no sorted dates with amounts): refused at upload. */
  notStatement: boolean;
  bank: DetectedBank | null;
  /** The header row found by its words (null: the file has none that detection knows). */
  headerRow: number | null;
}

/** Values of a column under the header (blank rows aside), up to SAMPLE_ROWS. */
function valuesOf(grid: StatementGrid, firstRow: number, column: number): string[] {
  return columnValues(grid, firstRow - 1, [column]);
}

/** The dates of a column read in the order detection proposes, in file order. */
function datesOf(values: string[]): string[] {
  const { order } = detectDateOrder(values);
  return values.flatMap((v) => {
    const read = parseStatementDate(v, order);
    return read.ok ? [read.value] : [];
  });
}

function fromHeader(grid: StatementGrid, headerRow: number): Omit<Detection, "bank" | "headerRow"> {
  const cells = grid.rows[headerRow] ?? [];
  const roles = rolesOf(cells);
  const date = roles.date ?? 0;
  const referenceCandidates = cells
    .map((cell, index) => ({ index, role: headerRole(cell), strength: referenceStrength(cell) }))
    .filter((c) => c.role === "reference")
    .sort((a, b) => b.strength - a.strength || a.index - b.index);
  const reference = referenceCandidates.find((c) => !isSequence(valuesOf(grid, headerRow + 1, c.index)));
  if (!reference) {
    // Dates in no order under titles without a reference: a list of something else (a payroll).
    const dates = datesOf(valuesOf(grid, headerRow + 1, date));
    const notStatement = dates.length >= 3 && sortedShare(dates) < SORTED_SHARE;
    const question = referenceCandidates.length > 0 ? SEQUENCE_REFERENCE_QUESTION : NO_REFERENCE_QUESTION;
    return { mapping: null, questions: [question], notStatement };
  }
  const questions: string[] = [];
  // Separate credit and debit columns when the header has them; one amount column otherwise.
  const split = roles.credit !== undefined;
  const amountColumns = split ? [roles.credit, roles.debit] : [roles.amount];
  // One amount column without any negative value beside a "Tipo" column: the type says which rows are
  // credits (NC/ND). Unknown type values would import the debits, so nothing is proposed then.
  let type: number | null = null;
  if (!split && roles.type !== undefined) {
    const amounts = columnValues(grid, headerRow, amountColumns);
    if (!amounts.some((value) => amountParts(value).negative)) {
      const types = valuesOf(grid, headerRow + 1, roles.type);
      const known = types.filter((v) => movementType(v) !== null).length;
      if (types.length > 0 && known / types.length < 0.9) {
        return { mapping: null, questions: [UNSIGNED_WITH_TYPE_QUESTION], notStatement: false };
      }
      type = roles.type;
    }
  }
  const dates = detectDateOrder(columnValues(grid, headerRow, [date]));
  // The balance column only when the amounts prove nothing ("1.500" alone): it may be written differently
  // (a number cell beside text amounts) and must not make a question of clear amounts.
  let decimals = detectDecimal(columnValues(grid, headerRow, amountColumns));
  if (!decimals.proved && roles.balance !== undefined) {
    const balance = detectDecimal(columnValues(grid, headerRow, [roles.balance]));
    if (balance.proved) decimals = balance;
  }
  const mapping: StatementMapping = {
    headerRow,
    hasHeader: true,
    date,
    reference: reference.index,
    description: roles.description ?? null,
    amount: split ? null : (roles.amount ?? null),
    credit: split ? (roles.credit ?? null) : null,
    debit: split ? (roles.debit ?? null) : null,
    type,
    dateOrder: dates.order,
    decimal: decimals.decimal,
    encoding: grid.encoding,
    delimiter: grid.delimiter,
  };
  questions.push(...[dates.question, decimals.question].filter((q): q is string => q !== null));
  return { mapping, questions, notStatement: false };
}

/**
 * A file without a header row (a positional export): the columns from their values. The rows with the
 * most common width are the movements; the date column is the one of dates, the amounts those written
 * with cents, the balance the one that runs with another (balance.ts), the reference the column of codes
 * that is neither a row counter nor the same account on every row, the description the wordiest.
 */
function fromValues(
  grid: StatementGrid,
): Omit<Detection, "bank" | "headerRow"> & { firstRow: number; width: number } {
  const none = { mapping: null, questions: [NO_HEADER_QUESTION], notStatement: false, firstRow: 0, width: 0 };
  const wide = grid.rows
    .map((row, index) => ({ row, index }))
    .filter(({ row }) => row.filter((c) => c !== "").length >= 3);
  const widths = new Map<number, number>();
  for (const { row } of wide) widths.set(row.length, (widths.get(row.length) ?? 0) + 1);
  const width = [...widths.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (width === undefined) return { ...none, notStatement: true };
  const body = wide.filter(({ row }) => row.length === width).slice(0, SAMPLE_ROWS);
  const column = (c: number) => body.map(({ row }) => row[c] ?? "").filter((v) => v !== "");
  const columns = Array.from({ length: width }, (_, c) => column(c));
  const date = columns.findIndex((values) => share(values, isDate) >= KIND_SHARE);
  const numeric = columns.flatMap((values, c) =>
    c !== date && share(values, isAmount) >= KIND_SHARE ? [c] : [],
  );
  if (date < 0 || numeric.length === 0) return { ...none, notStatement: true };
  const firstData = body.find(({ row }) => isDate(row[date] ?? ""));
  const firstRow = firstData?.index ?? 0;
  const dates = datesOf(column(date));
  if (dates.length >= 3 && sortedShare(dates) < SORTED_SHARE) return { ...none, notStatement: true };

  const decimals = detectDecimal(numeric.flatMap((c) => columns[c] ?? []));
  const rows = body.map(({ row }) => row);
  const parsed = amountColumns(rows, decimals.decimal);
  const balance = numeric.find((c) =>
    isRunningBalance(
      parsed[c] ?? [],
      numeric.filter((o) => o !== c).map((o) => parsed[o] ?? []),
    ),
  );
  const amount = numeric.find((c) => c !== balance);
  const type = columns.findIndex(
    (values, c) =>
      c !== date && values.length > 0 && share(values, (v) => movementType(v) !== null) >= KIND_SHARE,
  );
  const reference = columns.findIndex(
    (values, c) =>
      c !== date &&
      !numeric.includes(c) &&
      share(values, isReference) >= KIND_SHARE &&
      new Set(values).size > 1 &&
      !isSequence(values),
  );
  if (amount === undefined || reference < 0) return { ...none, firstRow, width };
  const description = wordiestColumn(columns, [type, date, reference]);
  const signed = (columns[amount] ?? []).some((v) => amountParts(v).negative);
  const order = detectDateOrder(column(date));
  const questions = [order.question, decimals.question].filter((q): q is string => q !== null);
  if (!signed && type < 0) questions.push(UNSIGNED_NO_TYPE_QUESTION);
  // A row of words just above the first movement, as wide as the movements: titles we do not know.
  const unknownHeader = isRowOfTitles(grid.rows[firstRow - 1]);
  if (unknownHeader) questions.unshift(UNKNOWN_HEADER_QUESTION(firstRow - 1));
  const mapping: StatementMapping = {
    headerRow: unknownHeader ? firstRow - 1 : firstRow,
    hasHeader: unknownHeader,
    date,
    reference,
    description,
    amount,
    credit: null,
    debit: null,
    type: !signed && type >= 0 ? type : null,
    dateOrder: order.order,
    decimal: decimals.decimal,
    encoding: grid.encoding,
    delimiter: grid.delimiter,
  };
  return { mapping, questions, notStatement: false, firstRow, width };
}

/**
 * A proposed mapping (null when the header or the reference column is not found), what to ask, the bank
 * and its known layout, and whether the file is no statement at all. A header row is looked for first; a
 * file without one is read by its values. A positional layout of the detected bank gives the columns
 * when its movements have that layout's width.
 */
export function detectMapping(grid: StatementGrid): Detection {
  const header = findHeaderRow(grid);
  if (header) {
    const found = fromHeader(grid, header.row);
    const width = (grid.rows[header.row] ?? []).length;
    const bank = detectBank(grid, { header: header.row, firstDataRow: header.row + 1, width });
    return { ...found, bank, headerRow: header.row };
  }
  const found = fromValues(grid);
  if (found.notStatement) {
    return { mapping: null, questions: found.questions, notStatement: true, bank: null, headerRow: null };
  }
  const bank = detectBank(grid, { header: null, firstDataRow: found.firstRow, width: found.width });
  const positional = knownLayout(bank?.layout ?? null)?.positional;
  let mapping = found.mapping;
  if (positional && mapping && !mapping.hasHeader) mapping = { ...mapping, ...positional };
  return { mapping, questions: found.questions, notStatement: false, bank, headerRow: null };
}
