// Comparing what OCR read on a receipt, or what a bank statement says, with what the buyer typed. The
// inbox flags a difference; nothing is approved on OCR alone (docs/decisions/0015-the-organisers-day.md).
import type { ProofOcr } from "../schemas/admin/proofs";
import { normalizePaymentReference } from "./payment-reference";

/** The digits of a reference, normalised: "Ref. 0012-3456" → "00123456". */
export function referenceDigits(value: string): string {
  return normalizePaymentReference(value).replace(/\D/g, "");
}

/** Buyers often type only the last digits the bank app shows: this many at least to count as a match. */
export const MIN_REFERENCE_SUFFIX = 4;

/**
 * Whether two references name the same payment: equal digits, or the shorter (at least
 * MIN_REFERENCE_SUFFIX digits) is the end of the longer. References without digits compare as
 * normalised text, ignoring case.
 */
export function referencesMatch(a: string, b: string): boolean {
  const da = referenceDigits(a);
  const db = referenceDigits(b);
  if (da.length === 0 || db.length === 0) {
    return normalizePaymentReference(a).toLowerCase() === normalizePaymentReference(b).toLowerCase();
  }
  if (da === db) return true;
  const [short, long] = da.length <= db.length ? [da, db] : [db, da];
  return short.length >= MIN_REFERENCE_SUFFIX && long.endsWith(short);
}

export interface TypedPayment {
  transactionRef: string;
  amount: number;
  /** When the proof was sent: a receipt dated more than a few days before it, or after it, is odd. */
  createdAt: Date;
}

/** How many days before the upload a receipt may be dated without being flagged. */
export const RECEIPT_DATE_SLACK_DAYS = 7;

/** Fields where the receipt read by OCR says something else than the buyer typed (unread fields never count). */
export function ocrMismatches(
  ocr: Pick<ProofOcr, "fields"> | null,
  typed: TypedPayment,
): ("reference" | "amount" | "date")[] {
  if (!ocr) return [];
  const out: ("reference" | "amount" | "date")[] = [];
  const { fields } = ocr;
  if (fields.reference && !referencesMatch(fields.reference, typed.transactionRef)) out.push("reference");
  if (fields.amount !== null && Math.abs(fields.amount - typed.amount) >= 0.005) out.push("amount");
  if (fields.date) {
    const read = Date.parse(`${fields.date}T12:00:00-04:00`);
    const sent = typed.createdAt.getTime();
    const day = 86_400_000;
    if (Number.isFinite(read) && (read > sent + day || read < sent - RECEIPT_DATE_SLACK_DAYS * day)) {
      out.push("date");
    }
  }
  return out;
}
