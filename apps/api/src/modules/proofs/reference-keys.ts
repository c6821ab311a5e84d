import {
  PAYMENT_REFERENCE_KEY_VERSION,
  paymentReferenceKey,
} from "@rifazo/shared/domain/payment-reference-key";
import { asc, eq, sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { paymentProofs, settings } from "../../db/schema";
import { LIVE, type ProofCollision, recordStepResult, referenceColumns } from "./data-step";

// Migration 0013's data step (docs/decisions/0022-one-key-per-payment-reference.md). The canonical key
// needs the look-alike table of packages/shared, so it is computed here, in JavaScript, right after the
// SQL migrations: once, and again whenever PAYMENT_REFERENCE_KEY_VERSION changes (a rule or a newer
// Unicode table). Like the re-normalisation of decision 0009, a live proof whose reference now equals an
// earlier live one is marked as its copy (duplicate_reference_of) and steps out of the unique index; the
// admin inbox shows every pair.

/** Settings row holding the key version the stored keys were computed with. */
export const REFERENCE_KEYS_MARKER = "internal.data_migration.payment_reference_keys";

export interface RekeyResult {
  version: string;
  /** Proofs whose reference key or OCR reference key changed. */
  changed: number;
  /** Live proofs newly marked as the copy of an earlier one. */
  marked: number;
  collisions: ProofCollision[];
}

/** A key no real reference has (a zero-width space is dropped by every normalisation), unique per row. */
const parked = (id: string) => `\u200B${id}`;

interface KeyUpdate {
  id: string;
  key: string;
  ocrKey: string | null;
  duplicateOf: string | null;
}

const BATCH = 500;

/** One UPDATE per batch of rows (a first run rewrites every proof). */
async function writeBatch(
  tx: Executor,
  rows: Array<{ id: string; key: string; ocrKey: string | null; duplicateOf: string | null }>,
) {
  for (let at = 0; at < rows.length; at += BATCH) {
    const values = sql.join(
      rows
        .slice(at, at + BATCH)
        .map(
          (row) => sql`(${row.id}::uuid, ${row.key}::text, ${row.ocrKey}::text, ${row.duplicateOf}::uuid)`,
        ),
      sql`, `,
    );
    await tx.execute(sql`UPDATE ${paymentProofs} SET reference_key = v.key, ocr_reference_key = v.ocr_key,
      duplicate_reference_of = v.duplicate_of
      FROM (VALUES ${values}) AS v(id, key, ocr_key, duplicate_of) WHERE ${paymentProofs.id} = v.id`);
  }
}

/**
 * Recomputes reference_key and ocr_reference_key of every proof. The earliest live proof of a key keeps
 * it; every later live one that is not marked yet becomes its copy. Written in two passes so that no
 * intermediate state breaks the unique index: first the new copies leave it and the rows whose key
 * changes are parked on a unique placeholder, then every row gets its key. Idempotent.
 */
export async function recomputeReferenceKeys(tx: Executor): Promise<RekeyResult> {
  const rows = await tx
    .select({
      ...referenceColumns,
      key: paymentProofs.referenceKey,
      ocrKey: paymentProofs.ocrReferenceKey,
      ocr: paymentProofs.ocr,
      duplicateOf: paymentProofs.duplicateReferenceOf,
    })
    .from(paymentProofs)
    .orderBy(asc(paymentProofs.createdAt), asc(paymentProofs.id));

  const holders = new Map<string, string>();
  const byKey = new Map<string, string[]>();
  const byReadKey = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, key: string, id: string) => {
    const list = map.get(key);
    if (list) list.push(id);
    else map.set(key, [id]);
  };
  const updates: KeyUpdate[] = [];
  const parkedRows: KeyUpdate[] = [];
  let marked = 0;
  for (const row of rows) {
    const key = paymentReferenceKey(row.method, row.ref);
    const read = row.ocr?.fields.reference;
    const ocrKey = read ? paymentReferenceKey(row.method, read) : null;
    add(byKey, key, row.id);
    if (ocrKey) add(byReadKey, ocrKey, row.id);
    let duplicateOf = row.duplicateOf;
    if (LIVE.includes(row.status) && duplicateOf === null) {
      const holder = holders.get(key);
      if (holder) {
        duplicateOf = holder;
        marked += 1;
      } else holders.set(key, row.id);
    }
    if (key !== row.key || ocrKey !== row.ocrKey || duplicateOf !== row.duplicateOf) {
      const update = { id: row.id, key, ocrKey, duplicateOf };
      updates.push(update);
      if (key !== row.key || duplicateOf !== row.duplicateOf) {
        parkedRows.push({ ...update, key: key === row.key ? key : parked(row.id) });
      }
    }
  }
  await writeBatch(tx, parkedRows);
  await writeBatch(tx, updates);

  // What each changed proof now meets: the same key, typed or read on the image, either way round.
  const collisions: ProofCollision[] = [];
  for (const { id, key, ocrKey } of updates) {
    const others = new Set([
      ...(byKey.get(key) ?? []),
      ...(byReadKey.get(key) ?? []),
      ...(ocrKey ? (byKey.get(ocrKey) ?? []) : []),
    ]);
    others.delete(id);
    if (others.size > 0) collisions.push({ id, others: [...others] });
  }
  return { version: PAYMENT_REFERENCE_KEY_VERSION, changed: updates.length, marked, collisions };
}

/**
 * Runs recomputeReferenceKeys when the stored keys are of another version (or none): the marker row and
 * the rewrite commit together, and a second instance starting at the same moment waits on the marker's
 * row, then finds the version current and skips. Returns null when there was nothing to do.
 */
export async function normalizeStoredReferenceKeys(
  ctx: Pick<AppContext, "db" | "log">,
): Promise<RekeyResult | null> {
  const result = await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: REFERENCE_KEYS_MARKER, value: { version: null } })
      .onConflictDoNothing();
    const [marker] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, REFERENCE_KEYS_MARKER))
      .for("update");
    const stored = (marker?.value as { version?: unknown } | undefined)?.version;
    if (stored === PAYMENT_REFERENCE_KEY_VERSION) return null;
    const done = await recomputeReferenceKeys(tx);
    await recordStepResult(tx, REFERENCE_KEYS_MARKER, done);
    return done;
  });
  if (result && (result.marked > 0 || result.collisions.length > 0)) {
    ctx.log.warn(
      { collisions: result.collisions, marked: result.marked, version: result.version },
      "claves de referencia de pago recalculadas: hay comprobantes con la misma referencia (marcados como duplicados en Pagos)",
    );
  } else if (result) {
    ctx.log.info(
      { changed: result.changed, version: result.version },
      "claves de referencia de pago recalculadas",
    );
  }
  return result;
}
