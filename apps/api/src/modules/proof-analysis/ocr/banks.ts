// The banks and payment services Venezuelan buyers pay from, with the ways their names appear on receipts
// (full name, short name, brand), as the receipts' `bank` field names them.

export interface KnownBank {
  name: string;
  /** Matched against a line of OCR text (case-insensitive, accents optional). */
  pattern: RegExp;
  /** Single words a misread letter away still count for (e.g. "Banesc0"); none for short or common words. */
  fuzzy?: string[];
}

export const KNOWN_BANKS: readonly KnownBank[] = [
  { name: "Banco de Venezuela", pattern: /\bbanco\s+de\s+venezuela\b|\bbdv\b/i },
  { name: "Banesco", pattern: /\bbanesco\b/i, fuzzy: ["banesco"] },
  { name: "Mercantil", pattern: /\bmercantil\b/i, fuzzy: ["mercantil"] },
  { name: "BBVA Provincial", pattern: /\bprovincial\b|\bbbva\b/i, fuzzy: ["provincial"] },
  { name: "BNC", pattern: /\bbnc\b|\bnacional\s+de\s+cr[eé]dito\b/i },
  { name: "Bancamiga", pattern: /\bbancamiga\b/i, fuzzy: ["bancamiga"] },
  { name: "Banplus", pattern: /\bbanplus\b/i, fuzzy: ["banplus"] },
  { name: "Bicentenario", pattern: /\bbicentenario\b/i, fuzzy: ["bicentenario"] },
  { name: "Banco del Tesoro", pattern: /\bbanco\s+del\s+tesoro\b/i },
  { name: "Banco Exterior", pattern: /\bbanco\s+exterior\b/i },
  { name: "Venezolano de Crédito", pattern: /\bvenezolano\s+de\s+cr[eé]dito\b|\bbvc\b/i },
  { name: "Sofitasa", pattern: /\bsofitasa\b/i, fuzzy: ["sofitasa"] },
  { name: "100% Banco", pattern: /\b100\s*%\s*banco\b/i },
  { name: "Bancaribe", pattern: /\bbancaribe\b/i, fuzzy: ["bancaribe"] },
  { name: "Banco Activo", pattern: /\bbanco\s+activo\b/i },
  { name: "Banco Plaza", pattern: /\bbanco\s+plaza\b/i },
  { name: "BFC Fondo Común", pattern: /\bfondo\s+com[uú]n\b|\bbfc\b/i },
  { name: "DelSur", pattern: /\bdel\s?sur\b/i },
  { name: "Banco Caroní", pattern: /\bcaron[ií]\b/i },
  { name: "Banfanb", pattern: /\bbanfanb\b/i, fuzzy: ["banfanb"] },
  { name: "Zelle", pattern: /\bzelle\b/i },
  { name: "Binance", pattern: /\bbinance\b/i, fuzzy: ["binance"] },
];

/** Levenshtein distance, stopping early once it exceeds `max`. */
function within(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min(
        (previous[j] ?? 0) + 1,
        (current[j - 1] ?? 0) + 1,
        (previous[j - 1] ?? 0) + cost,
      );
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > max) return false;
    previous = current;
  }
  return (previous[b.length] ?? max + 1) <= max;
}

/** The banks named on one line, in the order they appear. */
export function banksInLine(line: string): string[] {
  const found: { name: string; at: number }[] = [];
  for (const bank of KNOWN_BANKS) {
    const match = bank.pattern.exec(line);
    if (match) {
      found.push({ name: bank.name, at: match.index });
      continue;
    }
    if (!bank.fuzzy) continue;
    const words = line.toLowerCase().match(/[\p{L}\d]+/gu) ?? [];
    let offset = 0;
    for (const word of words) {
      const at = line.toLowerCase().indexOf(word, offset);
      offset = at + word.length;
      const target = bank.fuzzy.find((name) => word.length >= 6 && within(word, name, 1));
      if (target) {
        found.push({ name: bank.name, at });
        break;
      }
    }
  }
  return found.sort((a, b) => a.at - b.at).map((f) => f.name);
}
