import { createHash } from "node:crypto";
import type { ParsedMovement, StatementMapping, StatementProblem } from "@rifazo/shared";
import { movementType } from "./detect";
import type { StatementGrid } from "./grid";
import { headerRole } from "./header-row";
import { foldText, parseStatementAmount, parseStatementDate, parseStatementReference } from "./values";

// The credits of a statement read with a mapping. Every row under the header is a movement, a row left
// out on purpose (blank, a debit, a total or balance line, the header repeated on a new page) or a problem
// shown with its cells and the reason: nothing is guessed and nothing disappears without being counted.

/** Lines that sum or state the balance instead of recording a movement ("Total créditos", "Saldo final"). */
const SUMMARY =
  /^(?:total|totales|sub ?total|saldo|resumen|cantidad de|numero de (?:movimientos|operaciones|transacciones))\b/;

function isSummary(row: string[]): boolean {
  return row.some((cell) => cell !== "" && SUMMARY.test(foldText(cell)));
}

function isBlank(row: string[]): boolean {
  return row.every((cell) => cell.trim() === "");
}

function cell(row: string[], column: number | null): string {
  return column === null ? "" : (row[column] ?? "");
}

type RowResult =
  | { kind: "movement"; movement: ParsedMovement }
  | { kind: "skipped" }
  | { kind: "problem"; message: string };

/** The credit of a row, null for a row that is not one (a debit, zero), or the reason it cannot be read. */
function readCredit(
  row: string[],
  mapping: StatementMapping,
): { credit: number | null } | { message: string } {
  if (mapping.amount !== null) {
    const amount = parseStatementAmount(cell(row, mapping.amount), mapping.decimal);
    if (!amount.ok) return { message: amount.message };
    if (amount.value === null) return { message: "Falta el monto." };
    if (mapping.type === null || mapping.type === undefined) {
      return { credit: amount.value > 0 ? amount.value : null };
    }
    // An unsigned amount beside a type column (NC/ND): the type says which rows are credits.
    const typeText = cell(row, mapping.type);
    const type = movementType(typeText);
    if (type === null) {
      return {
        message: typeText
          ? `El tipo «${typeText}» no dice si es crédito o débito (NC/ND, C/D).`
          : "Falta el tipo de movimiento (NC/ND).",
      };
    }
    if (type === "debit") return { credit: null };
    if (amount.value < 0) return { message: "El monto es negativo pero el tipo dice crédito." };
    return { credit: amount.value > 0 ? amount.value : null };
  }
  const credit = parseStatementAmount(cell(row, mapping.credit), mapping.decimal);
  const debit = parseStatementAmount(cell(row, mapping.debit), mapping.decimal);
  if (!credit.ok) return { message: credit.message };
  if (!debit.ok) return { message: debit.message };
  const c = credit.value ?? 0;
  const d = debit.value ?? 0;
  if (c < 0) return { message: `El crédito «${cell(row, mapping.credit)}» es negativo.` };
  if (c > 0 && d !== 0) return { message: "La fila tiene crédito y débito a la vez." };
  if (c > 0) return { credit: c };
  // No credit: a debit, or a row without amount when the debit column is not mapped. With both columns
  // mapped and both empty the row says nothing about money, which is worth showing.
  if (d === 0 && mapping.debit !== null)
    return { message: "La fila no tiene monto de crédito ni de débito." };
  return { credit: null };
}

function readRow(
  row: string[],
  index: number,
  mapping: StatementMapping,
  headerDate: string | null,
): RowResult {
  if (isBlank(row)) return { kind: "skipped" };
  const dateText = cell(row, mapping.date);
  const date = parseStatementDate(dateText, mapping.dateOrder);
  const referenceText = cell(row, mapping.reference);
  // Only a row without a date or a reference can be a header or a summary: the checks that fold every
  // cell run for those few rows, not for thousands of movements.
  if (!date.ok || referenceText === "") {
    // The header again (exports split in pages repeat it).
    if (
      headerDate !== null &&
      dateText !== "" &&
      foldText(dateText) === headerDate &&
      headerRole(dateText) === "date"
    ) {
      return { kind: "skipped" };
    }
    // A totals or balance line; a real movement described "Total ..." has a date and a reference.
    if (isSummary(row)) return { kind: "skipped" };
  }
  const amountCells = [mapping.amount, mapping.credit, mapping.debit].map((c) => cell(row, c));
  if (dateText === "" && referenceText === "" && amountCells.every((c) => c === ""))
    return { kind: "skipped" };

  const credit = readCredit(row, mapping);
  if ("message" in credit) return { kind: "problem", message: credit.message };
  if (credit.credit === null) return { kind: "skipped" };
  const reference = parseStatementReference(referenceText);
  const messages = [date, reference].flatMap((read) => (read.ok ? [] : [read.message]));
  if (!date.ok || !reference.ok) return { kind: "problem", message: messages.join(" ") };
  return {
    kind: "movement",
    movement: {
      row: index,
      date: date.value,
      reference: reference.value.reference,
      referenceRaw: reference.value.raw,
      description: cell(row, mapping.description),
      amount: credit.credit,
      referenceDamaged: reference.value.damaged,
    },
  };
}

export function parseMovements(
  grid: StatementGrid,
  mapping: StatementMapping,
): { movements: ParsedMovement[]; problems: StatementProblem[]; skipped: number } {
  const movements: ParsedMovement[] = [];
  const problems: StatementProblem[] = [];
  let skipped = 0;
  // Without a header row (a positional export) the movements start at headerRow itself.
  const headerless = mapping.hasHeader === false;
  const headerDate = headerless ? null : foldText(cell(grid.rows[mapping.headerRow] ?? [], mapping.date));
  for (
    let index = headerless ? mapping.headerRow : mapping.headerRow + 1;
    index < grid.rows.length;
    index++
  ) {
    const row = grid.rows[index] ?? [];
    const result = readRow(row, index, mapping, headerDate);
    if (result.kind === "movement") movements.push(result.movement);
    else if (result.kind === "problem") problems.push({ row: index, cells: row, message: result.message });
    else skipped++;
  }
  return { movements, problems, skipped };
}

/**
 * One fingerprint per movement (same order): the bank, date, reference and amount, and which occurrence
 * of that combination it is within this file. Two exports covering the same days give the same
 * fingerprints (so a re-upload or an overlap imports nothing twice), while two identical real movements
 * in one file (the same buyer paying twice the same day) stay two. An overlap cut in the middle of a day
 * that holds such twins can count them differently: the exports banks give run whole days.
 */
export function movementFingerprints(bankMappingId: string, movements: ParsedMovement[]): string[] {
  const seen = new Map<string, number>();
  return movements.map((movement) => {
    const key = `${movement.date}|${movement.reference.toLowerCase()}|${movement.amount.toFixed(2)}`;
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return createHash("sha256").update(`${bankMappingId}|${key}|${occurrence}`).digest("hex");
  });
}
