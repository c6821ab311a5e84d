import { normalizePaymentReference } from "@rifazo/shared";
import { and, asc, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { paymentProofs, settings } from "../../db/schema";
import { LIVE, type ProofCollision, recordStepResult, referenceColumns } from "./data-step";

// Migration 0004's data step. References saved before normalizePaymentReference existed kept their
// zero-width, format and full-width characters, so a later upload of the same payment was not seen
// as a duplicate. PostgreSQL's regular expressions have no \p{Cf}, and the rule must stay the one in
// packages/shared, so this runs in JavaScript, once, right after the SQL migrations.

/** Settings row that records the step ran (in the transaction that did the work). */
export const NORMALIZE_REFERENCES_MARKER = "internal.data_migration.normalize_payment_references";

export interface RenormalizeResult {
  changed: number;
  collisions: ProofCollision[];
  /** Proofs whose reference would become empty (only invisible characters): left as they were. */
  left: string[];
}

/**
 * Rewrites every stored reference into its normalised form. Only references with a character outside
 * printable ASCII can change (a space, a control, anything non-ASCII), so only those are read. A live
 * proof that now equals another live one of the same method would break the unique index: the later of
 * the two gets duplicate_reference_of (the earlier one's id) and steps out of the index. Idempotent.
 */
export async function renormalizePaymentReferences(tx: Executor): Promise<RenormalizeResult> {
  const rows = await tx
    .select({
      ...referenceColumns,
      createdAt: paymentProofs.createdAt,
    })
    .from(paymentProofs)
    .where(sql`${paymentProofs.transactionRef} ~ '[^!-~]'`)
    .orderBy(asc(paymentProofs.createdAt), asc(paymentProofs.id));

  const result: RenormalizeResult = { changed: 0, collisions: [], left: [] };
  const changed: Array<{ id: string; ref: string }> = [];
  for (const row of rows) {
    const normalized = normalizePaymentReference(row.ref);
    if (normalized === row.ref) continue;
    if (normalized === "") {
      result.left.push(row.id);
      continue;
    }
    let duplicateOf: string | null = null;
    if (LIVE.includes(row.status)) {
      const [holder] = await tx
        .select({ id: paymentProofs.id, createdAt: paymentProofs.createdAt })
        .from(paymentProofs)
        .where(
          and(
            ne(paymentProofs.id, row.id),
            eq(paymentProofs.paymentMethod, row.method),
            sql`lower(${paymentProofs.transactionRef}) = lower(${normalized})`,
            inArray(paymentProofs.status, LIVE),
            isNull(paymentProofs.duplicateReferenceOf),
          ),
        )
        .limit(1);
      if (holder) {
        if (holder.createdAt <= row.createdAt) duplicateOf = holder.id;
        // The holder came later: it is the copy, and it leaves the index before this row takes its place.
        else
          await tx
            .update(paymentProofs)
            .set({ duplicateReferenceOf: row.id })
            .where(eq(paymentProofs.id, holder.id));
      }
    }
    await tx
      .update(paymentProofs)
      .set({ transactionRef: normalized, ...(duplicateOf ? { duplicateReferenceOf: duplicateOf } : {}) })
      .where(eq(paymentProofs.id, row.id));
    changed.push({ id: row.id, ref: normalized });
  }
  result.changed = changed.length;
  // Once every row is rewritten: what each changed reference now equals.
  for (const { id, ref } of changed) {
    const others = await tx
      .select({ id: paymentProofs.id })
      .from(paymentProofs)
      .where(and(ne(paymentProofs.id, id), sql`lower(${paymentProofs.transactionRef}) = lower(${ref})`));
    if (others.length > 0) result.collisions.push({ id, others: others.map((o) => o.id) });
  }
  return result;
}

/**
 * Runs renormalizePaymentReferences exactly once per database: the marker row and the rewrite commit
 * together, and a second instance starting at the same moment waits on the marker's key, then skips.
 * Returns null when it had already run.
 */
export async function normalizeStoredPaymentReferences(
  ctx: Pick<AppContext, "db" | "log">,
): Promise<RenormalizeResult | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(settings)
      .values({ key: NORMALIZE_REFERENCES_MARKER, value: { ranAt: new Date().toISOString() } })
      .onConflictDoNothing()
      .returning({ key: settings.key });
    if (!claimed) return null;
    const done = await renormalizePaymentReferences(tx);
    await recordStepResult(tx, NORMALIZE_REFERENCES_MARKER, done);
    return done;
  });
  if (result && (result.collisions.length > 0 || result.left.length > 0)) {
    ctx.log.warn(
      { collisions: result.collisions, left: result.left },
      "referencias de pago normalizadas: hay comprobantes con la misma referencia (marcados como duplicados en Pagos)",
    );
  } else if (result && result.changed > 0) {
    ctx.log.info({ changed: result.changed }, "referencias de pago normalizadas");
  }
  return result;
}
