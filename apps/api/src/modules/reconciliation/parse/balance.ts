import type { StatementMapping } from "@rifazo/shared";
import { parseStatementAmount } from "./values";

// A running balance: each row's value is the previous row's plus or minus another column of the same row
// (the movement's amount). Told apart from an amount column by that relation alone, whatever its header
// says: a remembered or chosen mapping that reads the balance as the amount would import every row as a
// credit (the balance is positive), so the preview flags it and the import refuses it.

/** A cent of rounding either way. */
const CENT = 0.011;
/** Pairs of rows needed before a column is called a balance: two rows can agree by chance. */
const MIN_PAIRS = 3;
/** Share of the row pairs that must follow the relation (a page break or a reversal may not). */
const MIN_SHARE = 0.8;

type Column = (number | null)[];

/**
 * Whether `values` (one per data row, null where unreadable or empty) is a running balance of the other
 * columns: for most consecutive rows, value ≈ previous ± some other column's value in that row (oldest
 * first), or previous ≈ value ± the other column in the previous row (newest first).
 */
export function isRunningBalance(values: Column, others: Column[]): boolean {
  let pairs = 0;
  let matches = 0;
  let previous: number | null = null;
  let previousIndex = -1;
  for (let i = 0; i < values.length; i++) {
    const value = values[i];
    if (value === null || value === undefined) continue;
    if (previous !== null) {
      pairs++;
      const delta = value - previous;
      const fits = others.some((column) => {
        const here = column[i];
        const there = column[previousIndex];
        return (
          (here !== null &&
            here !== undefined &&
            here !== 0 &&
            Math.abs(Math.abs(delta) - Math.abs(here)) <= CENT) ||
          (there !== null &&
            there !== undefined &&
            there !== 0 &&
            Math.abs(Math.abs(delta) - Math.abs(there)) <= CENT)
        );
      });
      if (fits && delta !== 0) matches++;
    }
    previous = value;
    previousIndex = i;
  }
  return pairs >= MIN_PAIRS && matches / pairs >= MIN_SHARE;
}

/** Every column of the rows read as amounts with the decimal separator (null where not an amount). */
export function amountColumns(rows: string[][], decimal: StatementMapping["decimal"]): Column[] {
  const width = rows.reduce((max, row) => Math.max(max, row.length), 0);
  return Array.from({ length: width }, (_, column) =>
    rows.map((row) => {
      const read = parseStatementAmount(row[column] ?? "", decimal);
      return read.ok ? read.value : null;
    }),
  );
}

/** Rows of movements under the mapping: those after the header (or from the first row without one). */
export function dataRows(rows: string[][], mapping: Pick<StatementMapping, "headerRow" | "hasHeader">) {
  return rows.slice(mapping.hasHeader === false ? mapping.headerRow : mapping.headerRow + 1);
}

/**
 * The mapped amount column (or credit column) when it is a running balance of the other columns: the
 * column's index, else null.
 */
export function balanceReadAsAmount(rows: string[][], mapping: StatementMapping): number | null {
  const column = mapping.amount ?? mapping.credit;
  if (column === null) return null;
  const columns = amountColumns(dataRows(rows, mapping), mapping.decimal);
  const values = columns[column];
  if (!values) return null;
  const others = columns.filter((_, index) => index !== column && index !== mapping.date);
  return isRunningBalance(values, others) ? column : null;
}
