import type { StatementGrid } from "./grid";
import { foldText } from "./values";

// The header row of a statement: what each title names by its words, and which row is the titles.

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

/** Words that say "the bank's reference" outright, unlike "Nro." or "Documento" (often a row counter). */
const STRONG_REFERENCE_WORDS = new Set(["referencia", "ref", "refer", "comprobante", "serial", "operacion"]);

export function referenceStrength(cell: string): number {
  return foldText(cell)
    .split(" ")
    .some((w) => STRONG_REFERENCE_WORDS.has(w))
    ? 1
    : 0;
}

type Roles = Partial<Record<HeaderRole, number>>;

export function rolesOf(row: string[]): Roles {
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
