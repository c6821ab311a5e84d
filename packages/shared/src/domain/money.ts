/**
 * Money and quantities as Venezuelans write them (es-VE): thousands with a dot, decimals with a comma,
 * "1.194,56". One parser and one formatter for every form on both sides and for the server.
 *
 * The rules, in order (the parser never guesses; what it cannot read one way only is refused):
 * - Spaces around the number and one currency mark before or after it are ignored: "Bs. 1.194,56",
 *   "$20", "20$", "USD 20". Spaces inside the number are not ("1 5" is refused, never 15).
 * - A comma is the decimal separator; at most one. Dots before it must group thousands exactly:
 *   "1.194,56", "1194,56", ",5". Refused: "1,194.56" (English grouping), "1.5,0", "1,2,3".
 * - Without a comma, several dots are thousands and must group exactly: "1.194.000"; "1.19.4" is refused.
 * - A single dot followed by one, two or four or more digits can only be a decimal point: "1194.56", "0.5".
 * - A single dot followed by exactly three digits ("1.194") is where es-VE and English disagree. It is read
 *   as thousands (es-VE) when the field cannot hold three decimals (money: 2, quantities: 0) and the part
 *   before it is a group of 1–3 digits not starting with 0; otherwise — an exchange rate with 4 decimals
 *   ("36.512"), "0.500", "1194.560" — it is ambiguous and refused, asking for the comma.
 * - Negative values are refused; more decimals than the field holds are refused (trailing zeros do not
 *   count: "2,50" is 2.5 and "2,0" is a valid quantity, "2,5" is not).
 */

export const MONEY_MESSAGES = {
  empty: "Escribe un monto.",
  invalid: 'Escribe el monto como en "1.194,56" (punto para los miles y coma para los decimales).',
  ambiguous: 'No está claro si el punto separa miles o decimales. Escribe el monto como en "1.194,56".',
  tooManyDecimals: (decimals: number) =>
    decimals === 0 ? "Escribe un número entero, sin decimales." : `Usa como máximo ${decimals} decimales.`,
  negative: "El monto no puede ser negativo.",
  tooLarge: "El monto es demasiado grande.",
} as const;

export type ParseResult = { ok: true; value: number } | { ok: false; error: string };

export interface ParseOptions {
  /** Decimal places allowed (2 for money, 0 for quantities, 4 for exchange rates). Default 2. */
  decimals?: number;
  /** Largest value accepted. Default 1e12. */
  max?: number;
}

/** Whole part grouped by thousands: "1.194", "12.345.678" (a group never starts with 0). */
const GROUPED = /^[1-9]\d{0,2}(\.\d{3})+$/;
/** What may stand before a single thousands dot: "1", "12", "123". */
const GROUP_HEAD = /^[1-9]\d{0,2}$/;
const DIGITS = /^\d+$/;
const MINUS = /^[-\u2212]/;
// "Bs", "Bs.", "BsS", "Bs.S", "Bs.S.", "VES", "USD", "US$", "$" (one mark, before or after the number).
const CURRENCY_BEFORE = /^(?:bs\.?s\.?|bs\.?|ves|usd|us\$|\$)/i;
const CURRENCY_AFTER = /(?:bs\.?s\.?|bs\.?|ves|usd|\$)$/i;
// Plain, non-breaking and narrow non-breaking spaces (what Intl puts between a symbol and its number).
const SPACES = /^[\s\u00a0\u202f]+|[\s\u00a0\u202f]+$/g;

const clampDecimals = (decimals: number | undefined, fallback: number) =>
  Number.isFinite(decimals) ? Math.min(20, Math.max(0, Math.trunc(decimals as number))) : fallback;

const fail = (error: string): ParseResult => ({ ok: false, error });

/**
 * Parses an es-VE amount ("1.194,56") or checks a number that arrived typed (JSON). Never guesses:
 * ambiguous input is refused with a message in Spanish.
 */
export function parseEsNumber(input: string | number, options: ParseOptions = {}): ParseResult {
  const decimals = clampDecimals(options.decimals, 2);
  const max = options.max ?? 1e12;
  if (typeof input === "number") return checkNumber(input, decimals, max);

  let text = String(input ?? "").replace(SPACES, "");
  if (text === "") return fail(MONEY_MESSAGES.empty);
  if (MINUS.test(text)) return fail(MONEY_MESSAGES.negative);
  const withoutMark = text.replace(CURRENCY_BEFORE, "");
  text = (withoutMark === text ? text.replace(CURRENCY_AFTER, "") : withoutMark).replace(SPACES, "");
  if (MINUS.test(text)) return fail(MONEY_MESSAGES.negative);
  if (text.startsWith("+")) text = text.slice(1);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return fail(MONEY_MESSAGES.invalid);

  let whole: string;
  let fraction = "";
  const commas = text.split(",").length - 1;
  const dots = text.split(".").length - 1;
  if (commas > 1) return fail(MONEY_MESSAGES.invalid);
  if (commas === 1) {
    const [before = "", after = ""] = text.split(",");
    if (!DIGITS.test(after)) return fail(MONEY_MESSAGES.invalid);
    if (before === "") whole = "0";
    else if (DIGITS.test(before)) whole = before;
    else if (GROUPED.test(before)) whole = before.replace(/\./g, "");
    else return fail(MONEY_MESSAGES.invalid);
    fraction = after;
  } else if (dots === 0) {
    whole = text;
  } else if (dots > 1) {
    if (!GROUPED.test(text)) return fail(MONEY_MESSAGES.invalid);
    whole = text.replace(/\./g, "");
  } else {
    const [before = "", after = ""] = text.split(".");
    if (!DIGITS.test(after) || (before !== "" && !DIGITS.test(before))) return fail(MONEY_MESSAGES.invalid);
    if (after.length === 3) {
      // "1.194": thousands in es-VE, but 1.194 to anyone writing the English way.
      if (decimals >= 3 || !GROUP_HEAD.test(before)) return fail(MONEY_MESSAGES.ambiguous);
      whole = before + after;
    } else {
      whole = before === "" ? "0" : before;
      fraction = after;
    }
  }
  if (!DIGITS.test(whole)) return fail(MONEY_MESSAGES.invalid);
  if (fraction.replace(/0+$/, "").length > decimals) return fail(MONEY_MESSAGES.tooManyDecimals(decimals));
  const value = Number(`${whole}.${fraction || "0"}`);
  if (!Number.isFinite(value) || value > max) return fail(MONEY_MESSAGES.tooLarge);
  return { ok: true, value };
}

/** A typed number (JSON): finite, not negative, within `max`, on the `decimals` grid up to float noise. */
function checkNumber(value: number, decimals: number, max: number): ParseResult {
  if (!Number.isFinite(value)) return fail(MONEY_MESSAGES.invalid);
  if (value < 0) return fail(MONEY_MESSAGES.negative);
  if (value > max) return fail(MONEY_MESSAGES.tooLarge);
  const rounded = Number(decimalText(value, decimals));
  // 10.1 * 3 = 30.299999999999997 is 30.30; 30.295 is three decimals.
  if (Math.abs(rounded - value) > 1e-9 * Math.max(1, value)) {
    return fail(MONEY_MESSAGES.tooManyDecimals(decimals));
  }
  return { ok: true, value: rounded };
}

/**
 * `value` (not negative, finite) rounded half up to `decimals` places as plain digits ("1194.56").
 * Rounds the shortest decimal that reads back as the same number — what people typed and what Intl
 * rounds — so 1.005 is "1.01", where toFixed, working on the binary value 1.00499…, gives "1.00".
 */
function decimalText(value: number, decimals: number): string {
  let text = String(value);
  if (text.includes("e")) {
    // Below 1e-6 the rounding is to 0 at these scales; from 1e21 up every double is an integer.
    if (value < 1) return value.toFixed(decimals);
    text = BigInt(value).toString();
  }
  const [whole = "0", fraction = ""] = text.split(".");
  if (fraction.length <= decimals)
    return decimals === 0 ? whole : `${whole}.${fraction.padEnd(decimals, "0")}`;
  let digits = BigInt(whole + fraction.slice(0, decimals));
  if (fraction.charCodeAt(decimals) >= 53 /* "5" */) digits += 1n;
  const all = digits.toString().padStart(decimals + 1, "0");
  return decimals === 0 ? all : `${all.slice(0, -decimals)}.${all.slice(-decimals)}`;
}

/**
 * "1.194,56" (es-VE grouping and decimal comma), always `decimals` places, rounded half up. Not a
 * number: "—". The canonical form: parseEsNumber reads it back as the same value.
 */
export function formatEsNumber(value: number, decimals = 2): string {
  if (!Number.isFinite(value)) return "—";
  const places = clampDecimals(decimals, 2);
  const [whole = "0", fraction] = decimalText(Math.abs(value), places).split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  // -0.001 rounds to 0,00, not "-0,00".
  const negative = value < 0 && /[1-9]/.test(whole + (fraction ?? ""));
  return `${negative ? "-" : ""}${grouped}${fraction ? `,${fraction}` : ""}`;
}

/** "$1.194,56" or "Bs. 1.194,56". */
export function formatMoney(value: number, currency: "USD" | "VES"): string {
  return currency === "VES" ? `Bs. ${formatEsNumber(value, 2)}` : `$${formatEsNumber(value, 2)}`;
}

/**
 * The one rounding rule for money: to cents, half up (away from zero) on the decimal people see, without
 * binary drift (1.005 → 1.01) — what PostgreSQL's round(numeric, 2) does on the same decimal.
 */
export function roundCents(value: number): number {
  if (!Number.isFinite(value)) return value;
  const cents = Number(decimalText(Math.abs(value), 2));
  return value < 0 && cents !== 0 ? -cents : cents;
}

/** `value` in whole cents by roundCents' rule (1.005 → 101), for comparing and summing amounts. */
export function toCents(value: number): number {
  return Math.round(roundCents(value) * 100);
}

/** Two amounts are the same money when they round to the same cents (10.1 × 3 and 30.3 are). */
export function sameCents(a: number, b: number): boolean {
  return Number.isFinite(a) && Number.isFinite(b) && toCents(a) === toCents(b);
}

/** A finite number as the exact decimal it reads as: 298.64 → 29864 × 10^-2. */
function exactDecimal(value: number): { digits: bigint; scale: number } {
  let text = String(Math.abs(value));
  if (text.includes("e")) {
    // Tiny values: 20 places is past any money or rate; from 1e21 up every double is an integer.
    text = Math.abs(value) < 1 ? Math.abs(value).toFixed(20) : BigInt(Math.abs(value)).toString();
  }
  const [whole = "0", fraction = ""] = text.split(".");
  return { digits: BigInt(whole + fraction), scale: fraction.length };
}

/** numerator / denominator (both positive) rounded half up to an integer. */
const divideHalfUp = (numerator: bigint, denominator: bigint) =>
  (2n * numerator + denominator) / (2n * denominator);

/**
 * `amount` × `rate` (dollars to bolívares) or `amount` ÷ `rate` (bolívares to dollars), to cents by the
 * roundCents rule applied to the exact result, in integer arithmetic: the decimals typed are multiplied
 * or divided as integers, so 3 × 298.64 is 895.92 and a product ending in …,xx5 rounds up however the
 * binary product falls. Same result as PostgreSQL's round(amount * rate, 2) on numeric columns.
 */
export function convertCents(amount: number, rate: number, direction: "multiply" | "divide"): number {
  if (!Number.isFinite(amount) || !Number.isFinite(rate) || rate <= 0) return Number.NaN;
  const a = exactDecimal(amount);
  const r = exactDecimal(rate);
  let cents: bigint;
  if (direction === "multiply") {
    // a·r has a.scale + r.scale decimals; cents keep 2 of them.
    const shift = a.scale + r.scale - 2;
    cents =
      shift <= 0
        ? a.digits * r.digits * 10n ** BigInt(-shift)
        : divideHalfUp(a.digits * r.digits, 10n ** BigInt(shift));
  } else {
    // (a / 10^as) / (r / 10^rs) × 100 = a · 10^(rs + 2) / (r · 10^as)
    cents = divideHalfUp(a.digits * 10n ** BigInt(r.scale + 2), r.digits * 10n ** BigInt(a.scale));
  }
  const result = Number(cents) / 100;
  return amount < 0 && result !== 0 ? -result : result;
}
