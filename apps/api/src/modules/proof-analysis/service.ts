// Analysis of one payment proof (decision 0015, "Proof analysis"): the perceptual hash, the earlier proof
// it is a near-copy of, and what OCR read. It only informs the organiser: nothing here approves,
// rejects or blocks a proof.
import { type ProofOcr, referencesMatch } from "@rifazo/shared";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import type { AppContext } from "../../context";
import { imageHash, NEAR_DUPLICATE_MAX_DISTANCE } from "./phash";
import * as repo from "./repository";

/** What the worker needs of an OCR reader (modules/proof-analysis/ocr, or a test double). */
export interface ProofReader {
  read(image: Buffer): Promise<ProofOcr>;
  close(): Promise<void>;
}

export type AnalysisContext = Pick<AppContext, "db" | "storage" | "log">;

/**
 * Whether two OCR readings show different payments. A copy carries the same printed reference, amount
 * and date; two genuine receipts of one bank's app look alike to a 64-bit hash (the layout is the same,
 * only digits differ) but never share a reference. Unread fields prove nothing either way.
 */
export function readingsDiffer(a: ProofOcr | null, b: ProofOcr | null): boolean {
  if (!a || !b) return false;
  const x = a.fields;
  const y = b.fields;
  if (x.reference && y.reference && !referencesMatch(x.reference, y.reference)) return true;
  if (x.amount !== null && y.amount !== null && Math.abs(x.amount - y.amount) >= 0.005) return true;
  return Boolean(x.date && y.date && x.date !== y.date);
}

/** The earliest candidate that is a near-copy: close hash, and OCR does not show another payment. */
export function pickNearDuplicate(ocr: ProofOcr | null, candidates: repo.NearCandidate[]): string | null {
  return candidates.find((candidate) => !readingsDiffer(ocr, candidate.ocr))?.id ?? null;
}

async function readFile(ctx: AnalysisContext, key: string): Promise<Buffer> {
  const file = await ctx.storage.get(key);
  if (!file) throw new Error(`El archivo del comprobante no existe: ${key}`);
  const chunks: Buffer[] = [];
  for await (const chunk of file.body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * Analyses one claimed proof and stores the outcome. Throws when the file cannot be read or decoded or
 * OCR fails: the worker counts the attempt and retries. Returns whether an outcome was stored.
 */
export async function analyseProof(
  ctx: AnalysisContext,
  reader: ProofReader,
  proof: repo.ClaimedProof,
): Promise<boolean> {
  if (!proof.contentType.startsWith("image/")) {
    // PDFs (the other accepted proof type) are skipped: they are bank-issued documents rather than
    // screenshots, so a pasted copy is rare, and reading one needs a PDF rasteriser we do not ship.
    // The inbox says "not analysed" and the organiser opens the file as before.
    return repo.finish(ctx.db, proof.id, { status: "skipped" });
  }
  const image = await readFile(ctx, proof.storageKey);
  const hash = await imageHash(image);
  const ocr = await reader.read(image);
  const candidates = await repo.nearCandidates(ctx.db, proof.id, hash, NEAR_DUPLICATE_MAX_DISTANCE);
  const nearDuplicateOf = pickNearDuplicate(ocr, candidates);
  // The reference printed on the receipt, keyed like a typed one: the inbox says "Referencia repetida"
  // when it is another proof's reference, whatever this buyer typed (decision 0022).
  const read = ocr.fields.reference;
  const ocrReferenceKey = read ? paymentReferenceKey(proof.paymentMethod, read) : null;
  return repo.finish(ctx.db, proof.id, {
    status: "done",
    phash: hash,
    ocr,
    nearDuplicateOf,
    ocrReferenceKey,
  });
}
