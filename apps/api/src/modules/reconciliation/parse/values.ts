import type { StatementMapping } from "@rifazo/shared";
import { normalizePaymentReference } from "@rifazo/shared";
import { MONTH_NUMBERS } from "../../../lib/month-names";

// Reading one cell of a bank statement: a date, an amount in Bs or a reference. Each reader is strict
// about what the mapping says (date order, decimal separator) and returns a Spanish reason instead of a
// value when the text does not fit: a statement row is never guessed, it is shown to the organiser.

export type Read<T> = { ok: true; value: T } | { ok: false; message: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const fail = <T>(message: string): Read<T> => ({ ok: false, message });

/** Lower case, without accents, punctuation as spaces, spaces collapsed: how header keywords are compared. */
export function foldText(value: string): string {
  return value
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Spreadsheet-safe exports write ="0012345" (a formula whose result keeps the leading zeros): its text. */
export function unwrapFormulaText(text: string): string {
  const value = text.trim();
  const formula = /^="(.*)"$/.exec(value);
  return formula ? (formula[1] ?? "").trim() : value;
}

/** A time after the date ("14:05", "2:05:09 p. m.", "T14:05:09.000") is accepted and dropped. */
const TIME = String.raw`(?:[ T]+\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[ap]\.?\s?m\.?)?)?`;
const NUMERIC_DATE = new RegExp(String.raw`^(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})${TIME}$`, "i");
const NAMED_MONTH_DATE = new RegExp(
  String.raw`^(\d{1,2})[/. -]([a-z]{3,4})\.?[/. -](\d{2}|\d{4})${TIME}$`,
  "i",
);

/** The parts of a numeric date as written, before any order is applied (detection looks at these). */
export function numericDateParts(text: string): [string, string, string] | null {
  const match = NUMERIC_DATE.exec(text.trim());
  if (!match) return null;
  return [match[1] ?? "", match[2] ?? "", match[3] ?? ""];
}

function toIsoDate(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1 || year < 1990 || year > 2099) return null;
  // Date.UTC rolls 31/02 over into March: a date is valid only if it survives the round trip.
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** Two-digit years are this century's: statements are recent. */
function fullYear(part: string): number | null {
  if (part.length === 4) return Number(part);
  if (part.length === 2) return 2000 + Number(part);
  return null;
}

const ORDER_LABELS: Record<StatementMapping["dateOrder"], string> = {
  DMY: "día/mes/año",
  MDY: "mes/día/año",
  YMD: "año-mes-día",
};

/**
 * A statement date as YYYY-MM-DD. A four-digit first part is always year-month-day, and a written month
 * ("05-feb-2024") says itself which part it is; otherwise the mapping's order decides, strictly: 13/02/2024
 * read month first is an error, not a quiet swap.
 */
export function parseStatementDate(text: string, order: StatementMapping["dateOrder"]): Read<string> {
  const value = unwrapFormulaText(text);
  if (value === "") return fail("Falta la fecha.");
  const invalid = () => fail<string>(`La fecha «${value}» no es válida como ${ORDER_LABELS[order]}.`);
  const named = NAMED_MONTH_DATE.exec(value);
  if (named) {
    const month = MONTH_NUMBERS[(named[2] ?? "").toLowerCase()];
    const year = fullYear(named[3] ?? "");
    const iso = month && year ? toIsoDate(year, month, Number(named[1])) : null;
    return iso ? ok(iso) : invalid();
  }
  const parts = numericDateParts(value);
  if (!parts && /^\d{5}(?:\.\d+)?$/.test(value)) {
    // A spreadsheet date cell that lost its date format shows the serial number (45323 = 2024-02-01).
    return fail(
      `La fecha «${value}» es un número de serie de Excel: dale formato de fecha a la columna o descarga de nuevo el archivo del banco.`,
    );
  }
  if (!parts) return invalid();
  const [a, b, c] = parts;
  let iso: string | null = null;
  if (a.length === 4) {
    iso = toIsoDate(Number(a), Number(b), Number(c));
  } else if (order === "YMD") {
    return invalid();
  } else {
    const year = fullYear(c);
    if (year === null) return invalid();
    iso = order === "DMY" ? toIsoDate(year, Number(b), Number(a)) : toIsoDate(year, Number(a), Number(b));
  }
  return iso ? ok(iso) : invalid();
}

/** "Bs.", "Bs", "BsS", "Bs.S.", "Bs.D", "VES", "VEF" before or after the number, with or without a space. */
const CURRENCY = /^(?:bs\.?\s?[sdf]?\.?|ves|vef)\s*|\s*(?:bs\.?\s?[sdf]?\.?|ves|vef)$/i;
const FOREIGN_CURRENCY = /\$|usd|us\$|eur|€|usdt/i;
const SCIENTIFIC = /^[+-]?\d+(?:[.,]\d+)?e[+-]?\d+$/i;

/** How a number must look for each decimal separator: grouped by thousands or not grouped at all. */
const NUMBER_SHAPES: Record<StatementMapping["decimal"], RegExp> = {
  ",": /^(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/,
  ".": /^(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?$/,
};

const DECIMAL_LABELS: Record<StatementMapping["decimal"], string> = {
  ",": "coma decimal (1.234,56)",
  ".": "punto decimal (1,234.56)",
};

/** An amount cell's text without currency, sign and spaces; `negative` from "-", "(...)" or a trailing "-". */
export function amountParts(text: string): { digits: string; negative: boolean } {
  let value = text.replace(/[\s\u00a0\u202f]+/g, " ").trim();
  let negative = false;
  // Signs and currency come in any order ("-Bs. 1,00", "Bs. -1,00", "(Bs 1,00)", "1,00- Bs"): peel until stable.
  for (let round = 0; round < 4; round++) {
    const before = value;
    value = value.replace(CURRENCY, "").trim();
    if (/^\(.*\)$/.test(value)) {
      negative = !negative;
      value = value.slice(1, -1).trim();
    }
    if (/^[-\u2212]/.test(value) || /[-\u2212]$/.test(value)) {
      negative = !negative;
      value = /^[-\u2212]/.test(value) ? value.slice(1).trim() : value.slice(0, -1).trim();
    }
    if (value.startsWith("+")) value = value.slice(1).trim();
    if (value === before) break;
  }
  return { digits: value.replace(/ /g, ""), negative };
}

/**
 * An amount in Bs, signed, per the mapping's decimal separator; an empty cell is null. "1.234,56" read
 * with a decimal comma is 1234.56; "1,234.56" read with it is an error, not a guess.
 */
export function parseStatementAmount(
  text: string,
  decimal: StatementMapping["decimal"],
): Read<number | null> {
  const raw = unwrapFormulaText(text);
  if (raw === "" || raw === "-") return ok(null);
  if (FOREIGN_CURRENCY.test(raw)) return fail(`El monto «${raw}» no está en bolívares.`);
  const { digits, negative } = amountParts(raw);
  if (digits === "") return ok(null);
  if (SCIENTIFIC.test(digits)) {
    return fail(`El monto «${raw}» está en notación científica: descarga de nuevo el archivo del banco.`);
  }
  if (!NUMBER_SHAPES[decimal].test(digits)) {
    return fail(`El monto «${raw}» no se puede leer con ${DECIMAL_LABELS[decimal]}.`);
  }
  const plain = decimal === "," ? digits.replace(/\./g, "").replace(",", ".") : digits.replace(/,/g, "");
  // Bolívares have cents: a third decimal means the separators were read the wrong way ("1.234" as 1,234).
  if (/\.\d{3,}$/.test(plain)) {
    return fail(
      `El monto «${raw}» tiene más de dos decimales: revisa el separador decimal, que ahora es ${DECIMAL_LABELS[decimal]}.`,
    );
  }
  const value = Number(plain);
  if (!Number.isFinite(value)) return fail(`El monto «${raw}» no se puede leer.`);
  // Cents exactly: binary noise (0.1 + 0.2) never reaches a comparison with a proof's amount.
  const rounded = Math.round(value * 100) / 100;
  return ok(negative && rounded !== 0 ? -rounded : rounded);
}

/**
 * A reference as the bank wrote it, normalised like a buyer's (normalizePaymentReference). A number a
 * spreadsheet turned into "8.53E+10" lost its last digits for good: it is still read (the movement is real
 * money received) but marked damaged, so it is imported flagged and never matched automatically.
 */
export function parseStatementReference(
  text: string,
): Read<{ reference: string; raw: string; damaged: boolean }> {
  let raw = unwrapFormulaText(text);
  // '0012345: the spreadsheet mark for "text, keep the zeros".
  if (raw.startsWith("'")) raw = raw.slice(1);
  const reference = normalizePaymentReference(raw);
  if (reference === "") return fail("Falta la referencia.");
  return ok({ reference, raw: text.trim(), damaged: SCIENTIFIC.test(reference) });
}

/** What the preview says of a reference a spreadsheet damaged (shown beside the movement). */
export const DAMAGED_REFERENCE_NOTE =
  "Referencia dañada: una hoja de cálculo la convirtió en número (notación científica) y perdió dígitos. " +
  "Se importa marcada y no se concilia sola: búscala a mano o descarga de nuevo el archivo del banco.";
