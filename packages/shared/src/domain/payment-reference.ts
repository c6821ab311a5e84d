// Payment references (spec 1 §2 "Proof upload": one reference is one payment). The same receipt sent
// twice is the commonest fraud, so two spellings of one reference must compare equal: the upload
// form, the API, the unique index and the admin's duplicate marker all see the reference through
// normalizePaymentReference, and it is stored in that form.

/**
 * Characters nobody sees: format characters (category Cf: zero-width space and joiners U+200B–U+200D,
 * direction marks U+200E/U+200F and U+202A–U+202E, word joiner U+2060, BOM U+FEFF, soft hyphen...),
 * the other default-ignorable code points (Hangul fillers, variation selectors, combining grapheme
 * joiner), control characters, and every kind of white space (NBSP, thin and ideographic spaces...).
 */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cc}\s]/gu;

/**
 * "Ref 0012 3456", "Ref0012\u200B3456" and "Ｒｅｆ００１２３４５６" are one payment: NFKC folds full-width,
 * circled, superscript and other compatibility forms into their plain letters and digits, then every
 * invisible character and space is dropped. Case is kept (comparisons ignore it: `lower()` in SQL).
 * Idempotent: dropping a character can let NFKC compose what it separated, so both repeat until stable.
 */
export function normalizePaymentReference(value: string): string {
  let current = value;
  // NFKC of a string without invisible characters never produces one that then composes anew: two
  // rounds are enough in practice, four is a bound that cannot loop.
  for (let round = 0; round < 4; round++) {
    const next = current.normalize("NFKC").replace(INVISIBLE, "");
    if (next === current) break;
    current = next;
  }
  return current;
}

/** A decimal digit that is not 0–9 (Arabic-Indic ٣, Devanagari ३, ...): NFKC leaves these as they are. */
const FOREIGN_DIGIT = /(?![0-9])\p{Nd}/u;

/**
 * Whether a (normalised) reference uses decimal digits of another script. Venezuelan banks, Zelle and
 * Binance write references with 0–9; a digit of another script is a typing accident or a way around
 * the duplicate check, so the form refuses it (with a message saying how to write it) instead of
 * guessing its value.
 */
export function hasForeignDigits(value: string): boolean {
  return FOREIGN_DIGIT.test(value);
}
