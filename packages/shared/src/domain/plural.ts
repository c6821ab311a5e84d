import { formatEsNumber } from "./money";

// Counted nouns as every screen, email, receipt and export writes them: the number in es-VE ("1.000")
// and the noun chosen by Spanish plural rules, so no text says "1 horas" or "boleto(s)".

// Built on first use, like the date formatters (dates.ts).
let rules: Intl.PluralRules | undefined;

/** The singular or plural noun for n, without the number: pluralWord(1, "hora", "horas") → "hora". */
export function pluralWord(n: number, one: string, other: string): string {
  rules ??= new Intl.PluralRules("es");
  return rules.select(n) === "one" ? one : other;
}

/** countText(1, "hora", "horas") → "1 hora"; countText(1000, "boleto", "boletos") → "1.000 boletos". */
export function countText(n: number, one: string, other: string): string {
  return `${formatEsNumber(n, 0)} ${pluralWord(n, one, other)}`;
}
