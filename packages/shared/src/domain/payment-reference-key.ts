// The key a payment reference is compared by (docs/decisions/0022-one-key-per-payment-reference.md): one
// receipt is one payment, so every spelling of its reference must give the same key. The upload check,
// the unique index payment_proofs_live_ref_idx, the admin's "Referencia repetida", the reference read
// from the receipt image and the bank statement matching all compare this key and nothing else.
//
// Server-only: the look-alike table is ~55 kB, so this module is not exported from the package root
// (which the web app imports); the API imports "@rifazo/shared/domain/payment-reference-key". The buyer
// types the reference as before and the server answers 409 for a duplicate.
import type { PaymentMethod } from "../constants";
import { CONFUSABLE_FOLDS, CONFUSABLES_VERSION } from "./confusable-folds.gen";
import { normalizePaymentReference } from "./payment-reference";

/**
 * Changes whenever a key could change (the rules below or the Unicode table): the start-up step
 * recomputes every stored key once per version (modules/proofs/reference-keys.ts).
 */
export const PAYMENT_REFERENCE_KEY_VERSION = `1+unicode-${CONFUSABLES_VERSION}`;

let folds: Map<number, string> | undefined;

/** The generated table, parsed on first use. */
function foldTable(): Map<number, string> {
  if (!folds) {
    folds = new Map();
    for (const entry of CONFUSABLE_FOLDS.split(",")) {
      const [from, to = ""] = entry.split(":");
      const folded = to
        .split(".")
        .map((cp) => String.fromCodePoint(Number.parseInt(cp, 36)))
        .join("");
      folds.set(Number.parseInt(from ?? "", 36), folded);
    }
  }
  return folds;
}

/**
 * Case and look-alike letters folded away (Unicode TR39 confusables, see
 * scripts/generate-confusable-folds.mjs): "ZELLEABC123", "zelleabc123" and the same with Cyrillic Е, А,
 * В, С or Greek Ε, Α, Β all give "zelleabcl23". Digits 0 and 1 fold with the letters they look like
 * (o, l): a comparison key, never shown.
 */
export function foldLookAlikes(value: string): string {
  const table = foldTable();
  let current = value;
  // The table's outputs are folded already (the generator checks it), so one round settles; the bound
  // only guards against a bad table.
  for (let round = 0; round < 4; round++) {
    let out = "";
    for (const ch of current.normalize("NFD")) {
      out += table.get(ch.codePointAt(0) ?? 0) ?? ch.toLowerCase();
    }
    const next = out.normalize("NFC");
    if (next === current) break;
    current = next;
  }
  return current;
}

/** Punctuation, symbols, spaces and other separators: "ABC-123", "ABC 123" and "ABC.123" are one code. */
const SEPARATORS = /[\p{P}\p{S}\p{Z}\p{C}]/gu;
const ASCII_DIGIT = /^[0-9]$/;
const ALL_DIGITS = /^[0-9]+$/;
/** "004512873391" → "4512873391"; "0000" → "0". */
const stripZeros = (digits: string) => digits.replace(/^0+(?=.)/, "");
/** A digit, or what "O"/"o"/"0" and "l"/"I"/"1"/"|" fold to (foldLookAlikes). */
const NUMBER_LIKE = /^[0-9ol]$/;

/**
 * A bank reference (Pago Móvil, transferencia) is a number, and "004512873391" and "4512873391" are the
 * same one: banks print it zero-padded or not. When every character is a digit or drawn like one ("O",
 * "l", "I", Cyrillic "З"...) it is read as that number; when it also has letters ("Ref", "BNC 0042
 * 7781"), the letters are words around the number and only the digits count (and characters that fold
 * to a digit 2–9, which no Latin letter does). Leading zeros go. Null when there is no digit at all.
 */
export function bankReferenceNumber(reference: string): string | null {
  // The usual case, digits only, needs neither normalisation nor the table (statement matching calls
  // this for every movement).
  if (ALL_DIGITS.test(reference)) return stripZeros(reference);
  const plain = normalizePaymentReference(reference).replace(SEPARATORS, "");
  if (ALL_DIGITS.test(plain)) return stripZeros(plain);
  const folded = [...plain].map((ch) => (ASCII_DIGIT.test(ch) ? ch : foldLookAlikes(ch)));
  const numberLike = folded.every((ch) => NUMBER_LIKE.test(ch));
  const value = numberLike
    ? folded.map((ch) => (ch === "o" ? "0" : ch === "l" ? "1" : ch)).join("")
    : folded.filter((ch) => ASCII_DIGIT.test(ch)).join("");
  return value === "" ? null : stripZeros(value);
}

/** Methods whose reference is a bank's operation number, one space of numbers for all of them. */
const BANK_METHODS: ReadonlySet<string> = new Set<PaymentMethod>(["pago_movil", "transferencia"]);

/**
 * The canonical form of a reference for a payment method, as stored in payment_proofs.reference_key:
 * - Pago Móvil and transferencia share one space ("banco:"): the same receipt sent once as Pago Móvil
 *   and once as a transfer is one payment. The value is bankReferenceNumber.
 * - Zelle, Binance Pay and the rest ("zelle:", "binance:"...) are codes, not numbers: every character
 *   counts, leading zeros included; case, look-alike letters and separators do not.
 * A reference with nothing left (only separators, or a bank reference without digits) keeps its
 * folded text, so no two different references meet on an empty key. Idempotent on the value part.
 */
export function paymentReferenceKey(method: string, reference: string): string {
  const bank = BANK_METHODS.has(method);
  const scheme = bank ? "banco" : method;
  const step = (raw: string) => {
    const text = normalizePaymentReference(raw);
    const number = bank ? bankReferenceNumber(text) : null;
    if (number !== null) return number;
    const code = foldLookAlikes(text.replace(SEPARATORS, "")).replace(SEPARATORS, "");
    return code === "" ? foldLookAlikes(text) : code;
  };
  // A fallback can still hold what a second pass changes (a symbol folded to a letter beside one folded to
  // punctuation, or to a subscript digit NFKC then rewrites): repeat until the value is its own value, so
  // the key is idempotent. Two rounds settle
  // every case the property tests find; the bound only guards against a bad table.
  let value = step(reference);
  for (let round = 0; round < 4; round++) {
    const next = step(value);
    if (next === value) break;
    value = next;
  }
  return `${scheme}:${value}`;
}
