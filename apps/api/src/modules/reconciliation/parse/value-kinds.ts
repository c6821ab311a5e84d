import { amountParts, parseStatementDate } from "./values";

// What kind of values a statement column holds (dates, amounts, references, words), for detect.ts.

/** An amount as banks write it: two decimals, grouped or not ("1.194,56", "1194.56", "-5,00"). */
const AMOUNT_SHAPE = /^(?:\d{1,3}(?:\.\d{3})+|\d+),\d{2}$|^(?:\d{1,3}(?:,\d{3})+|\d+)\.\d{2}$/;
/** Share of a column's values that must fit a kind for the column to be of that kind. */
export const KIND_SHARE = 0.9;

export const share = (values: string[], test: (v: string) => boolean) =>
  values.length === 0 ? 0 : values.filter(test).length / values.length;

export const isDate = (v: string) => parseStatementDate(v, "DMY").ok || parseStatementDate(v, "MDY").ok;
export const isAmount = (v: string) => AMOUNT_SHAPE.test(amountParts(v).digits);
export const isReference = (v: string) => /^[\dA-Za-z-]{4,30}$/.test(v) && /\d{4}/.test(v);
const letters = (v: string) => (v.match(/\p{L}/gu) ?? []).length;

/** The column with the most letters, leaving out `skip` (the description of a headerless file). */
export function wordiestColumn(columns: string[][], skip: number[]): number | null {
  let description: number | null = null;
  let most = 0;
  columns.forEach((values, c) => {
    if (skip.includes(c)) return;
    const total = values.reduce((sum, v) => sum + letters(v), 0);
    if (total > most) {
      most = total;
      description = c;
    }
  });
  return description;
}

/** At least three cells, all words (no date, no amount): a header row. */
export function isRowOfTitles(row: string[] | undefined): boolean {
  return (
    row !== undefined &&
    row.filter((c) => c !== "").length >= 3 &&
    row.every((c) => c === "" || (letters(c) > 0 && !isDate(c) && !isAmount(c)))
  );
}
