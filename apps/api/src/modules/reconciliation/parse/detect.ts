import type { StatementMapping } from "@rifazo/shared";
import type { StatementGrid } from "./grid";
import { amountParts, foldText, numericDateParts } from "./values";

// Proposing a mapping for a statement nobody has mapped yet: the header row by its words, the columns
// under it, and how dates and amounts are written from the values themselves. What the values cannot
// settle becomes a question for the organiser, with the usual Venezuelan choice proposed.

export type HeaderRole =
  | "date"
  | "reference"
  | "description"
  | "amount"
  | "credit"
  | "debit"
  | "balance"
  | "type";

const CREDIT_WORDS = new Set(["credito", "creditos", "abono", "abonos", "haber", "ingreso", "ingresos"]);
const DEBIT_WORDS = new Set([
  "debito",
  "debitos",
  "cargo",
  "cargos",
  "debe",
  "egreso",
  "egresos",
  "retiro",
  "retiros",
]);
const AMOUNT_WORDS = new Set(["monto", "montos", "importe", "importes"]);
const DESCRIPTION_WORDS = new Set([
  "descripcion",
  "concepto",
  "detalle",
  "detalles",
  "observacion",
  "observaciones",
  "motivo",
]);
const REFERENCE_WORDS = new Set([
  "referencia",
  "ref",
  "refer",
  "documento",
  "doc",
  "numero",
  "nro",
  "num",
  "no",
  "n",
  "comprobante",
  "serial",
]);
/** "F. Operación", "Fec. Valor": abbreviated date headers. */
const DATE_QUALIFIERS = new Set(["operacion", "valor", "contable", "transaccion", "movimiento", "proceso"]);

/** What a header cell names, by its words, case and accents aside ("Nro. Ref.", "Crédito (Bs.)"). */
export function headerRole(cell: string): HeaderRole | null {
  const words = foldText(cell).split(" ").filter(Boolean);
  const first = words[0];
  if (!first) return null;
  if (first === "fecha" || ((first === "f" || first === "fec") && DATE_QUALIFIERS.has(words[1] ?? ""))) {
    return "date";
  }
  if (first === "saldo" || first === "balance") return "balance";
  const credit = words.some((w) => CREDIT_WORDS.has(w));
  const debit = words.some((w) => DEBIT_WORDS.has(w));
  // "Débito/Crédito" or "Tipo (D/C)": a column saying which kind of movement, not an amount.
  if (credit && debit) return "type";
  if (first === "tipo") return "type";
  if (credit) return "credit";
  if (debit) return "debit";
  if (words.some((w) => AMOUNT_WORDS.has(w))) return "amount";
  if (words.some((w) => DESCRIPTION_WORDS.has(w))) return "description";
  if (words.includes("cuenta") || words.includes("cedula") || words.includes("rif")) return null;
  if (words.some((w) => REFERENCE_WORDS.has(w)) && words.length <= 4) return "reference";
  return null;
}

type Roles = Partial<Record<HeaderRole, number>>;

function rolesOf(row: string[]): Roles {
  const roles: Roles = {};
  row.forEach((cell, index) => {
    const role = headerRole(cell);
    if (role && roles[role] === undefined) roles[role] = index;
  });
  return roles;
}

/** Rows looked at for the header: banks put a few lines of account data above it, never pages of it. */
const HEADER_SEARCH_ROWS = 100;

/** The header: the row naming a date and an amount (or credit) column with the most known columns. */
export function findHeaderRow(grid: StatementGrid): { row: number; roles: Roles } | null {
  let best: { row: number; roles: Roles; score: number } | null = null;
  const end = Math.min(grid.rows.length, HEADER_SEARCH_ROWS);
  for (let row = 0; row < end; row++) {
    const roles = rolesOf(grid.rows[row] ?? []);
    if (roles.date === undefined || (roles.amount === undefined && roles.credit === undefined)) continue;
    const score = Object.keys(roles).length;
    if (!best || score > best.score) best = { row, roles, score };
  }
  return best && { row: best.row, roles: best.roles };
}

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
  "títulos y qué columnas tienen la fecha, la referencia y el monto.";
const UNSIGNED_WITH_TYPE_QUESTION =
  "Los montos no tienen signo y el tipo de movimiento (débito o crédito) está en otra columna: así no se " +
  "pueden separar los créditos. Descarga los movimientos con columnas de débito y crédito separadas o con " +
  "los débitos en negativo.";
const NO_REFERENCE_QUESTION =
  "No encontramos la columna de la referencia. Indica cuál es: sin ella no se pueden conciliar los pagos.";

/** A proposed mapping (null when the header or the reference column is not found) and what to ask. */
export function detectMapping(grid: StatementGrid): {
  mapping: StatementMapping | null;
  questions: string[];
} {
  const header = findHeaderRow(grid);
  if (!header) return { mapping: null, questions: [NO_HEADER_QUESTION] };
  const { roles, row: headerRow } = header;
  if (roles.reference === undefined) return { mapping: null, questions: [NO_REFERENCE_QUESTION] };
  const date = roles.date ?? 0;
  // Separate credit and debit columns when the header has them; one signed amount otherwise.
  const split = roles.credit !== undefined;
  const amountColumns = split ? [roles.credit, roles.debit] : [roles.amount];
  // One amount column without any negative value beside a "Tipo" or "Débito/Crédito" column: reading
  // every row as a credit would import the debits, so the file is not proposed at all.
  if (!split && roles.type !== undefined) {
    const amounts = columnValues(grid, headerRow, amountColumns);
    if (amounts.length > 0 && !amounts.some((value) => amountParts(value).negative)) {
      return { mapping: null, questions: [UNSIGNED_WITH_TYPE_QUESTION] };
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
    date,
    reference: roles.reference,
    description: roles.description ?? null,
    amount: split ? null : (roles.amount ?? null),
    credit: split ? (roles.credit ?? null) : null,
    debit: split ? (roles.debit ?? null) : null,
    dateOrder: dates.order,
    decimal: decimals.decimal,
    encoding: grid.encoding,
    delimiter: grid.delimiter,
  };
  const questions = [dates.question, decimals.question].filter((q): q is string => q !== null);
  return { mapping, questions };
}
