/**
 * Money and quantities as Venezuelans write them (es-VE): thousands with a dot, decimals with a comma,
 * "1.194,56". One parser and one formatter for every form on both sides and for the server.
 *
 * Accepted: "1.194,56", "1194,56", "1194.56" (a single dot followed by one or two digits is a decimal
 * point, unambiguous), "1.194" (a dot followed by exactly three digits is a thousands separator),
 * "Bs. 1.194,56", "$ 20", "20,5". Refused with a message: "1,194.56" (English grouping), "1.19.4",
 * "1,2,3", anything with letters left over, negative values.
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

const GROUPED = /^\d{1,3}(\.\d{3})+$/;

/** Parses an es-VE amount ("1.194,56"). Never guesses: ambiguous input is refused with a message. */
export function parseEsNumber(input: string, options: ParseOptions = {}): ParseResult {
  const decimals = options.decimals ?? 2;
  const max = options.max ?? 1e12;
  let text = String(input ?? "")
    .replace(/[\s\u00a0\u202f]/g, "")
    .replace(/^(Bs\.?S?|VES|USD|US\$|\$)/i, "")
    .replace(/(Bs\.?S?|VES|USD)$/i, "");
  if (text === "") return { ok: false, error: MONEY_MESSAGES.empty };
  if (text.startsWith("-")) return { ok: false, error: MONEY_MESSAGES.negative };
  if (text.startsWith("+")) text = text.slice(1);
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) return { ok: false, error: MONEY_MESSAGES.invalid };

  let integerPart: string;
  let fraction = "";
  const commas = text.split(",").length - 1;
  if (commas > 1) return { ok: false, error: MONEY_MESSAGES.invalid };
  if (commas === 1) {
    const [whole = "", frac = ""] = text.split(",");
    if (frac === "" || frac.includes(".")) return { ok: false, error: MONEY_MESSAGES.invalid };
    if (whole === "") integerPart = "0";
    else if (whole.includes(".")) {
      if (!GROUPED.test(whole)) return { ok: false, error: MONEY_MESSAGES.invalid };
      integerPart = whole.replace(/\./g, "");
    } else integerPart = whole;
    fraction = frac;
  } else {
    const dots = text.split(".").length - 1;
    if (dots === 0) integerPart = text;
    else if (GROUPED.test(text)) {
      // "1.194" is one thousand one hundred ninety-four; "1.194.000" likewise grouped.
      integerPart = text.replace(/\./g, "");
    } else if (dots === 1) {
      const [whole = "", frac = ""] = text.split(".");
      if (frac === "") return { ok: false, error: MONEY_MESSAGES.invalid };
      // "1194.56" or "0.5": a single dot not followed by exactly three digits can only be a decimal point.
      if (frac.length === 3) return { ok: false, error: MONEY_MESSAGES.ambiguous };
      integerPart = whole === "" ? "0" : whole;
      fraction = frac;
    } else return { ok: false, error: MONEY_MESSAGES.invalid };
  }
  if (!/^\d+$/.test(integerPart) || (fraction !== "" && !/^\d+$/.test(fraction))) {
    return { ok: false, error: MONEY_MESSAGES.invalid };
  }
  const trimmedFraction = fraction.replace(/0+$/, "");
  if (trimmedFraction.length > decimals)
    return { ok: false, error: MONEY_MESSAGES.tooManyDecimals(decimals) };
  const value = Number(`${integerPart}.${fraction || "0"}`);
  if (!Number.isFinite(value) || value > max) return { ok: false, error: MONEY_MESSAGES.tooLarge };
  return { ok: true, value };
}

/** "1.194,56" (es-VE grouping and decimal comma), always `decimals` places. */
export function formatEsNumber(value: number, decimals = 2): string {
  const negative = value < 0;
  const fixed = Math.abs(value).toFixed(decimals);
  const [whole = "0", frac] = fixed.split(".");
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${negative ? "-" : ""}${grouped}${frac ? `,${frac}` : ""}`;
}

/** "$1.194,56" or "Bs. 1.194,56". */
export function formatMoney(value: number, currency: "USD" | "VES"): string {
  return currency === "VES" ? `Bs. ${formatEsNumber(value, 2)}` : `$${formatEsNumber(value, 2)}`;
}

/** Rounds to cents without binary drift (1.005 → 1.01). */
export function roundCents(value: number): number {
  return Math.round((value + Number.EPSILON) * 100) / 100;
}
