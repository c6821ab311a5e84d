import { PROOF_STATUSES } from "@rifazo/shared";
import { eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, settings } from "../../db/schema";

// What the proofs' data steps run after the SQL migrations (normalize-references.ts, reference-keys.ts)
// share: which proofs hold a reference in the unique index, what a collision is, and the marker row.

/** The statuses whose reference counts in the unique index: every one but rejected. */
export const LIVE: string[] = PROOF_STATUSES.filter((status) => status !== "rejected");

/** What both steps read of a proof: its id, method, typed reference and status. */
export const referenceColumns = {
  id: paymentProofs.id,
  method: paymentProofs.paymentMethod,
  ref: paymentProofs.transactionRef,
  status: paymentProofs.status,
};

export interface ProofCollision {
  /** The proof whose reference (or its key) changed. */
  id: string;
  /** Other proofs (any method or status) it now meets on the same reference or key: the admin sees the pair. */
  others: string[];
}

/** Records the step's result in its marker row, in the transaction that did the work. */
export async function recordStepResult(tx: Executor, marker: string, result: object): Promise<void> {
  await tx
    .update(settings)
    .set({ value: { ranAt: new Date().toISOString(), ...result } })
    .where(eq(settings.key, marker));
}
