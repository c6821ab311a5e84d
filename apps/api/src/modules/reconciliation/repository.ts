import type { RememberedLayout, StatementMapping } from "@rifazo/shared";
import { and, desc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { bankMappings, bankMovements, bankStatements, paymentProofs, raffles, users } from "../../db/schema";

/** Proofs paid in bolívares: in VES, or by a method that only moves bolívares (a USD price at the rate). */
const paidInBolivares = or(
  eq(paymentProofs.currency, "VES"),
  inArray(paymentProofs.paymentMethod, ["pago_movil", "transferencia"]),
);

const proofColumns = {
  id: paymentProofs.id,
  raffleId: paymentProofs.raffleId,
  raffleTitle: raffles.title,
  // A vendedor's sale without an account: the buyer the vendedor wrote down (decision 0034).
  buyerName: sql<string>`coalesce(${users.name}, ${paymentProofs.buyerName}, '')`,
  paymentMethod: paymentProofs.paymentMethod,
  transactionRef: paymentProofs.transactionRef,
  amount: paymentProofs.amount,
  currency: paymentProofs.currency,
  exchangeRate: paymentProofs.exchangeRate,
  createdAt: paymentProofs.createdAt,
};

export type BsProofRow = Awaited<ReturnType<typeof pendingBsProofs>>[number];

/** Every pending proof paid in Bs, oldest first. */
export async function pendingBsProofs(exec: Executor) {
  return exec
    .select(proofColumns)
    .from(paymentProofs)
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(and(eq(paymentProofs.status, "pending"), paidInBolivares))
    .orderBy(paymentProofs.createdAt, paymentProofs.id);
}

/** Proofs in Bs approved (by hand) between two instants that no movement paid. */
export async function approvedUnlinkedBsProofs(exec: Executor, from: Date, to: Date) {
  return exec
    .select(proofColumns)
    .from(paymentProofs)
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .where(
      and(
        inArray(paymentProofs.status, ["approved", "verified"]),
        paidInBolivares,
        gte(paymentProofs.createdAt, from),
        lte(paymentProofs.createdAt, to),
        sql`NOT EXISTS (SELECT 1 FROM bank_movements bm WHERE bm.matched_proof_id = ${paymentProofs.id})`,
      ),
    );
}

/** Movements posted between two dates (YYYY-MM-DD, inclusive), with their bank's name. */
export async function movementsBetween(exec: Executor, from: string, to: string) {
  return exec
    .select({
      id: bankMovements.id,
      postedOn: bankMovements.postedOn,
      reference: bankMovements.reference,
      description: bankMovements.description,
      amount: bankMovements.amount,
      matchedProofId: bankMovements.matchedProofId,
      bankName: bankMappings.name,
    })
    .from(bankMovements)
    .innerJoin(bankMappings, eq(bankMappings.id, bankMovements.bankMappingId))
    .where(
      and(
        gte(bankMovements.postedOn, from),
        lte(bankMovements.postedOn, to),
        // A reference a spreadsheet damaged matches nothing for sure: such movements are looked up by hand.
        eq(bankMovements.referenceDamaged, false),
      ),
    );
}

/**
 * Records that the movement paid the proof. Only an unpaid movement is updated (the trigger of migration
 * 0012 and the unique index refuse anything else); false when it was paid meanwhile.
 */
export async function setMovementMatched(
  tx: Executor,
  movementId: string,
  proofId: string,
  actorId: string,
  at: Date,
): Promise<boolean> {
  const rows = await tx
    .update(bankMovements)
    .set({ matchedProofId: proofId, matchedAt: at, matchedBy: actorId })
    .where(and(eq(bankMovements.id, movementId), isNull(bankMovements.matchedProofId)))
    .returning({ id: bankMovements.id });
  return rows.length === 1;
}

/** Serialises bulk approvals: two administrators pressing "approve all" run one after the other. */
export async function lockReconciliation(tx: Executor): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('rifazo:reconciliation'))`);
}

// Statements ------------------------------------------------------------------------------------------

export async function insertStatement(exec: Executor, values: typeof bankStatements.$inferInsert) {
  const [row] = await exec.insert(bankStatements).values(values).returning();
  if (!row) throw new Error("insertStatement: no row");
  return row;
}

export async function findStatement(exec: Executor, id: string) {
  const [row] = await exec.select().from(bankStatements).where(eq(bankStatements.id, id));
  return row;
}

export async function lockStatement(tx: Executor, id: string) {
  const [row] = await tx.select().from(bankStatements).where(eq(bankStatements.id, id)).for("update");
  return row;
}

/** Deletes a statement still in draft (never imported); returns its file's key, or null if none was. */
export async function deleteDraftStatement(tx: Executor, id: string): Promise<string | null> {
  const [row] = await tx
    .delete(bankStatements)
    .where(and(eq(bankStatements.id, id), eq(bankStatements.status, "draft")))
    .returning({ key: bankStatements.storageKey });
  return row?.key ?? null;
}

/** Drafts uploaded before `before`, never imported: what the weekly clean-up discards. */
export async function deleteDraftsBefore(tx: Executor, before: Date) {
  return tx
    .delete(bankStatements)
    .where(and(eq(bankStatements.status, "draft"), lt(bankStatements.createdAt, before)))
    .returning({ id: bankStatements.id, key: bankStatements.storageKey, filename: bankStatements.filename });
}

export async function listStatements(exec: Executor, limit: number) {
  return exec
    .select({
      statement: bankStatements,
      bankName: bankMappings.name,
      uploaderName: users.name,
    })
    .from(bankStatements)
    .leftJoin(bankMappings, eq(bankMappings.id, bankStatements.bankMappingId))
    .innerJoin(users, eq(users.id, bankStatements.uploadedBy))
    .orderBy(desc(bankStatements.createdAt))
    .limit(limit);
}

export async function markImported(
  tx: Executor,
  id: string,
  values: {
    bankMappingId: string;
    rowCount: number;
    importedCount: number;
    duplicateCount: number;
    problemCount: number;
    importedAt: Date;
  },
) {
  await tx
    .update(bankStatements)
    .set({ ...values, status: "imported" })
    .where(eq(bankStatements.id, id));
}

// Bank mappings ---------------------------------------------------------------------------------------

export async function listBankMappings(exec: Executor) {
  return exec.select().from(bankMappings).orderBy(bankMappings.name);
}

export async function findBankMapping(exec: Executor, id: string) {
  const [row] = await exec.select().from(bankMappings).where(eq(bankMappings.id, id));
  return row;
}

export async function findBankMappingByName(exec: Executor, name: string) {
  const [row] = await exec
    .select()
    .from(bankMappings)
    .where(sql`lower(${bankMappings.name}) = lower(${name})`);
  return row;
}

/** Layouts remembered per bank: enough for every export a bank offers, few enough to scan. */
const LAYOUTS_KEPT = 10;

/**
 * The bank's mapping, created or replaced by name (any case), and the layout it was used on put first in
 * the bank's remembered layouts (replacing one with the same header and width): the next export of that
 * bank with exactly this header is read the same way, and another layout of the same bank keeps its own.
 */
export async function upsertBankMapping(
  tx: Executor,
  name: string,
  mapping: StatementMapping,
  layout: RememberedLayout,
  actorId: string,
): Promise<string> {
  const entry = JSON.stringify(layout);
  // The conflict target is the expression index lower(name), which the query builder cannot name.
  const result = (await tx.execute(sql`
    INSERT INTO bank_mappings (name, mapping, layouts, updated_by)
    VALUES (${name}, ${JSON.stringify(mapping)}::jsonb, jsonb_build_array(${entry}::jsonb), ${actorId})
    ON CONFLICT (lower(name)) DO UPDATE
      SET mapping = EXCLUDED.mapping,
          layouts = EXCLUDED.layouts || COALESCE((
            SELECT jsonb_agg(kept.l ORDER BY kept.n)
            FROM (
              SELECT e.l, e.n
              FROM jsonb_array_elements(bank_mappings.layouts) WITH ORDINALITY AS e(l, n)
              WHERE NOT (
                e.l -> 'header' = ${entry}::jsonb -> 'header' AND e.l -> 'width' = ${entry}::jsonb -> 'width'
              )
              ORDER BY e.n
              LIMIT ${LAYOUTS_KEPT - 1}
            ) kept
          ), '[]'::jsonb),
          updated_by = EXCLUDED.updated_by,
          updated_at = now()
    RETURNING id
  `)) as unknown as { rows: { id: string }[] };
  const [row] = result.rows;
  if (!row) throw new Error("upsertBankMapping: no row");
  return row.id;
}

// Movements -------------------------------------------------------------------------------------------

/** Rows per INSERT: well below PostgreSQL's 65 535 bind parameters (10 columns each). */
const INSERT_CHUNK = 1000;

/** Inserts the movements; one already imported (same fingerprint) is left alone. Returns how many were new. */
export async function insertMovements(
  tx: Executor,
  rows: (typeof bankMovements.$inferInsert)[],
): Promise<number> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const done = await tx
      .insert(bankMovements)
      .values(chunk)
      .onConflictDoNothing({ target: bankMovements.fingerprint })
      .returning({ id: bankMovements.id });
    inserted += done.length;
  }
  return inserted;
}

/** How many of these fingerprints are already imported. */
export async function countFingerprints(exec: Executor, fingerprints: string[]): Promise<number> {
  let total = 0;
  for (let i = 0; i < fingerprints.length; i += INSERT_CHUNK * 5) {
    const chunk = fingerprints.slice(i, i + INSERT_CHUNK * 5);
    const [row] = await exec
      .select({ n: sql<number>`count(*)::int` })
      .from(bankMovements)
      .where(inArray(bankMovements.fingerprint, chunk));
    total += Number(row?.n ?? 0);
  }
  return total;
}

/** The raffles of these proofs (general payments have none). */
export async function raffleIdsOfProofs(exec: Executor, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await exec
    .selectDistinct({ raffleId: paymentProofs.raffleId })
    .from(paymentProofs)
    .where(inArray(paymentProofs.id, ids));
  return rows.flatMap((row) => (row.raffleId ? [row.raffleId] : []));
}

/** The movement that paid this proof, if any. */
export async function movementOfProof(exec: Executor, proofId: string) {
  const [row] = await exec
    .select({ id: bankMovements.id })
    .from(bankMovements)
    .where(eq(bankMovements.matchedProofId, proofId));
  return row;
}
