// Queries of the proof analysis worker (decision 0015, "Proof analysis"). Every function takes the
// executor it runs on; the worker decides what is one transaction.
import type { ProofAnalysisStatus, ProofOcr } from "@rifazo/shared";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs } from "../../db/schema";

export interface ClaimedProof {
  id: string;
  storageKey: string;
  contentType: string;
  attempts: number;
  /** The reference read on the receipt is keyed in this method's space (decision 0022). */
  paymentMethod: string;
}

export interface ClaimOptions {
  limit: number;
  maxAttempts: number;
  /** A proof claimed `n` times waits this long × 2^(n−1) before the next claim (crash or failure). */
  retryDelayMs: number;
}

/**
 * Claims up to `limit` proofs due for analysis, oldest first, and counts the attempt at once: a process
 * that dies mid-read leaves the proof pending with its attempt spent, and it is taken again after the
 * back-off (so the back-off is also the lease). SKIP LOCKED lets several instances claim side by side.
 * Run it in a transaction.
 */
export async function claimDue(tx: Executor, options: ClaimOptions): Promise<ClaimedProof[]> {
  const { limit, maxAttempts, retryDelayMs } = options;
  // updated_at is the time of the last claim or failure (any other update of the row only delays a retry).
  const due = sql`(${paymentProofs.analysisAttempts} = 0 OR ${paymentProofs.updatedAt} <= now()
    - make_interval(secs => ${retryDelayMs / 1000}::float8 * power(2, ${paymentProofs.analysisAttempts} - 1)))`;
  // A proof whose last attempt never came back (the process died each time) is given up on.
  await tx
    .update(paymentProofs)
    .set({ analysisStatus: "failed", analyzedAt: sql`now()` })
    .where(
      and(
        eq(paymentProofs.analysisStatus, "pending"),
        sql`${paymentProofs.analysisAttempts} >= ${maxAttempts}`,
        due,
      ),
    );
  const rows = await tx
    .select({ id: paymentProofs.id })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.analysisStatus, "pending"),
        sql`${paymentProofs.analysisAttempts} < ${maxAttempts}`,
        due,
      ),
    )
    .orderBy(paymentProofs.createdAt, paymentProofs.id)
    .limit(limit)
    .for("update", { skipLocked: true });
  if (rows.length === 0) return [];
  const claimed = await tx
    .update(paymentProofs)
    .set({ analysisAttempts: sql`${paymentProofs.analysisAttempts} + 1`, updatedAt: sql`now()` })
    .where(
      inArray(
        paymentProofs.id,
        rows.map((row) => row.id),
      ),
    )
    .returning({
      id: paymentProofs.id,
      storageKey: paymentProofs.proofImagePath,
      contentType: paymentProofs.proofContentType,
      attempts: paymentProofs.analysisAttempts,
      paymentMethod: paymentProofs.paymentMethod,
    });
  // A sale recorded without a file is written as skipped and never due; the check keeps the type honest.
  return claimed.flatMap(({ storageKey, contentType, ...rest }) =>
    storageKey && contentType ? [{ ...rest, storageKey, contentType }] : [],
  );
}

/** Gives back claimed proofs that were not read (the worker is stopping): the attempt does not count. */
export async function release(exec: Executor, proofIds: string[]): Promise<void> {
  if (proofIds.length === 0) return;
  await exec
    .update(paymentProofs)
    .set({ analysisAttempts: sql`greatest(${paymentProofs.analysisAttempts} - 1, 0)` })
    .where(and(inArray(paymentProofs.id, proofIds), eq(paymentProofs.analysisStatus, "pending")));
}

export interface NearCandidate {
  id: string;
  distance: number;
  ocr: ProofOcr | null;
}

/**
 * Proofs (any raffle, any account) whose image hash is within `maxDistance` bits of `hash`, earliest
 * first. A sequential scan of 8 bytes per proof: 20–70 ms per 100,000 proofs (PGlite and PostgreSQL),
 * once per analysed proof, off the request path.
 */
export async function nearCandidates(
  exec: Executor,
  proofId: string,
  hash: bigint,
  maxDistance: number,
  limit = 20,
): Promise<NearCandidate[]> {
  const distance = sql<number>`bit_count((${paymentProofs.phash} # ${hash.toString()}::bigint)::bit(64))::int`;
  return exec
    .select({ id: paymentProofs.id, distance, ocr: paymentProofs.ocr })
    .from(paymentProofs)
    .where(
      and(
        sql`${paymentProofs.phash} IS NOT NULL`,
        sql`${paymentProofs.id} <> ${proofId}`,
        sql`${distance} <= ${maxDistance}`,
      ),
    )
    .orderBy(paymentProofs.createdAt, paymentProofs.id)
    .limit(limit);
}

export interface AnalysisResult {
  status: Exclude<ProofAnalysisStatus, "pending">;
  phash?: bigint | null;
  nearDuplicateOf?: string | null;
  ocr?: ProofOcr | null;
  /** paymentReferenceKey of the reference OCR read (null when none was read). */
  ocrReferenceKey?: string | null;
}

/** Stores the outcome; a proof deleted meanwhile simply matches no row. Returns whether it was stored. */
export async function finish(exec: Executor, proofId: string, result: AnalysisResult): Promise<boolean> {
  const rows = await exec
    .update(paymentProofs)
    .set({
      analysisStatus: result.status,
      analyzedAt: sql`now()`,
      phash: result.phash ?? null,
      nearDuplicateOf: result.nearDuplicateOf ?? null,
      ocr: result.ocr ?? null,
      ocrReferenceKey: result.ocrReferenceKey ?? null,
    })
    .where(and(eq(paymentProofs.id, proofId), eq(paymentProofs.analysisStatus, "pending")))
    .returning({ id: paymentProofs.id });
  return rows.length > 0;
}

/** A failed attempt: stays pending for a retry (claimDue's back-off) or, at the last attempt, failed. */
export async function recordFailure(exec: Executor, proofId: string, maxAttempts: number): Promise<boolean> {
  const rows = await exec
    .update(paymentProofs)
    .set({
      analysisStatus: sql`CASE WHEN ${paymentProofs.analysisAttempts} >= ${maxAttempts} THEN 'failed' ELSE 'pending' END`,
      analyzedAt: sql`CASE WHEN ${paymentProofs.analysisAttempts} >= ${maxAttempts} THEN now() ELSE NULL END`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(paymentProofs.id, proofId), eq(paymentProofs.analysisStatus, "pending")))
    .returning({ status: paymentProofs.analysisStatus });
  return rows[0]?.status === "failed";
}

export interface StoredAnalysis {
  id: string;
  status: ProofAnalysisStatus;
  ocr: ProofOcr | null;
  nearDuplicateOf: string | null;
  analyzedAt: Date | null;
}

/** The stored analysis of these proofs (for the admin inbox), keyed by proof id. */
export async function analysisFor(exec: Executor, proofIds: string[]): Promise<Map<string, StoredAnalysis>> {
  if (proofIds.length === 0) return new Map();
  const rows = await exec
    .select({
      id: paymentProofs.id,
      status: paymentProofs.analysisStatus,
      ocr: paymentProofs.ocr,
      nearDuplicateOf: paymentProofs.nearDuplicateOf,
      analyzedAt: paymentProofs.analyzedAt,
    })
    .from(paymentProofs)
    .where(inArray(paymentProofs.id, proofIds));
  return new Map(rows.map((row) => [row.id, { ...row, status: row.status as ProofAnalysisStatus }]));
}
