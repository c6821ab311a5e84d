import type { AdminApproveResult } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";

export type { Actor } from "../auth";

/**
 * How a matched proof is approved: the inbox's own approval (modules/admin/proofs), handed in by admin's
 * routes. Reconciliation sits below admin, which reads its movements (decision 0026).
 */
export interface ProofApproval {
  /** One approval inside the caller's transaction; `changed` false when it was approved already. */
  approve(
    ctx: AppContext,
    tx: Tx,
    actor: { id: string | null; ip: string | null },
    proofId: string,
    options: { waitForHeld: boolean },
  ): Promise<{ result: AdminApproveResult; changed: boolean }>;
  /** The pick came up short only because other approvals held tickets: worth one more try, waiting. */
  isHeldByOthers(error: unknown): boolean;
}

export interface WithApproval {
  approval: ProofApproval;
}
