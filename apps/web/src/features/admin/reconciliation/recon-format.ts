import { formatEsNumber } from "@rifazo/shared/domain/money";
import { countText } from "@rifazo/shared/domain/plural";

/** A statement date (YYYY-MM-DD, no time zone) as Venezuelans read it: "20/11/2026". */
export function statementDate(value: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : value;
}

/** "1.194,56 Bs", the way the bank's own statement shows an amount. */
export function bs(value: number): string {
  return `${formatEsNumber(value, 2)} Bs`;
}

/** Spreadsheet column letters (0 → A, 26 → AA), so a column reads as it does in the bank's file. */
export function columnLetter(index: number): string {
  let n = index;
  let text = "";
  do {
    text = String.fromCharCode(65 + (n % 26)) + text;
    n = Math.floor(n / 26) - 1;
  } while (n >= 0);
  return text;
}

/** The shared countText (es-VE number, Spanish plural rules). */
export const plural = countText;
