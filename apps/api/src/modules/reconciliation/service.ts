import {
  type BulkApproveInput,
  type BulkApproveResult,
  convertAmount,
  RECEIPT_DATE_SLACK_DAYS,
  type Reconciliation,
  type ReconciliationQuery,
  type ReconciliationRow,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { AppError, lifecycleRefusal } from "../../lib/errors";
import { advance, advanceIfDue } from "../raffle-state";
import type { Actor, ProofApproval } from "./approval";
import { dateWindow, type MatchProof, type MatchResult, reconcile } from "./matching";
import * as repo from "./repository";

const DAY_MS = 86_400_000;
const dateOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
// A loop, not Math.min(...values): a spread of a few hundred thousand movements overflows the stack.
const smallest = (values: number[]) => values.reduce((a, b) => Math.min(a, b), Number.POSITIVE_INFINITY);
const largest = (values: number[]) => values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);

/** What the buyer paid in Bs: the amount in VES, or a USD amount at the proof's frozen rate (null without one). */
function amountVesOf(row: repo.BsProofRow): number | null {
  const amount = Number(row.amount);
  if (row.currency === "VES") return amount;
  return row.exchangeRate ? convertAmount(amount, "USD", "VES", Number(row.exchangeRate)) : null;
}

const toMatchProof = (row: repo.BsProofRow): MatchProof => ({
  id: row.id,
  transactionRef: row.transactionRef,
  amountVes: amountVesOf(row),
  createdAt: row.createdAt,
});

interface Computed {
  proofs: repo.BsProofRow[];
  movements: Map<string, Awaited<ReturnType<typeof repo.movementsBetween>>[number]>;
  results: Map<string, MatchResult>;
}

/**
 * Matches every pending proof in Bs (all raffles: a proof of another raffle may claim the same movement)
 * against the movements dated in the proofs' windows, and against the proofs approved by hand that no
 * movement paid, so none of their movements pays a second proof.
 */
async function compute(exec: Executor, tolerance: number): Promise<Computed> {
  const proofs = await repo.pendingBsProofs(exec);
  const empty: Computed = { proofs, movements: new Map(), results: new Map() };
  if (proofs.length === 0) return empty;
  const windows = proofs.map((p) => dateWindow(p.createdAt));
  const from = smallest(windows.map((w) => w.from));
  const to = largest(windows.map((w) => w.to));
  const movements = await repo.movementsBetween(exec, dateOf(from), dateOf(to));
  if (movements.length === 0) {
    const results = reconcile(proofs.map(toMatchProof), [], { tolerance });
    return { ...empty, results: new Map(results.map((r) => [r.proofId, r])) };
  }
  const postedDays = movements.map((m) => Math.floor(Date.parse(`${m.postedOn}T00:00:00Z`) / DAY_MS));
  // dateWindow the other way round: a proof sent up to RECEIPT_DATE_SLACK_DAYS after (or a day before) a
  // movement may be paid by it; a day more each side covers Venezuelan time.
  const approved = await repo.approvedUnlinkedBsProofs(
    exec,
    new Date((smallest(postedDays) - 1 - 1) * DAY_MS),
    new Date((largest(postedDays) + RECEIPT_DATE_SLACK_DAYS + 1 + 1) * DAY_MS),
  );
  const results = reconcile(
    proofs.map(toMatchProof),
    movements.map((m) => ({ ...m, amount: Number(m.amount) })),
    { tolerance, approvedUnlinked: approved.map(toMatchProof) },
  );
  return {
    proofs,
    movements: new Map(movements.map((m) => [m.id, m])),
    results: new Map(results.map((r) => [r.proofId, r])),
  };
}

export async function reconciliation(db: Executor, query: ReconciliationQuery): Promise<Reconciliation> {
  const { proofs, movements, results } = await compute(db, query.tolerance);
  const counts = { matched: 0, amount_differs: 0, no_movement: 0, movement_used: 0 };
  const rows: ReconciliationRow[] = [];
  for (const proof of proofs) {
    if (query.raffleId && proof.raffleId !== query.raffleId) continue;
    const result = results.get(proof.id);
    if (!result) continue;
    counts[result.status] += 1;
    const movement = result.movementId ? movements.get(result.movementId) : undefined;
    rows.push({
      proofId: proof.id,
      raffleId: proof.raffleId,
      raffleTitle: proof.raffleTitle ?? null,
      buyerName: proof.buyerName,
      paymentMethod: proof.paymentMethod as ReconciliationRow["paymentMethod"],
      transactionRef: proof.transactionRef,
      amountVes: amountVesOf(proof) ?? 0,
      createdAt: proof.createdAt.toISOString(),
      status: result.status,
      movement: movement
        ? {
            id: movement.id,
            date: movement.postedOn,
            reference: movement.reference,
            description: movement.description,
            amount: Number(movement.amount),
            bankName: movement.bankName,
          }
        : null,
      usedByProofId: result.usedByProofId,
      note: result.note,
    });
  }
  return { rows, counts, tolerance: query.tolerance };
}

const SKIP_REASONS = {
  matched: "Coincide.",
  not_pending: "Ya no está pendiente, o no es un pago en bolívares.",
  amount_differs: "El monto del movimiento no coincide con el del comprobante.",
  no_movement: "No hay un movimiento del banco para este comprobante.",
  movement_used: "El movimiento ya pagó otro comprobante.",
  already_approved: "Ya estaba aprobado.",
  movement_taken: "El movimiento acaba de pagar otro comprobante.",
} as const;

/** Unwinds a proof's savepoint when its movement was taken meanwhile: the proof stays pending. */
class MovementTaken extends Error {}

/**
 * Approves the clean matches among `proofIds` in ONE transaction: bulk runs take turns, the matches are
 * computed again inside it (whatever changed since the organiser looked counts), and each clean match is
 * approved by `approval`, the inbox's own, and links its movement, in a savepoint of its own: a proof that
 * cannot be approved (its raffle was drawn, no tickets left) is skipped and the others go on.
 */
export async function bulkApprove(
  ctx: AppContext,
  actor: Actor,
  input: BulkApproveInput,
  approval: ProofApproval,
): Promise<BulkApproveResult> {
  const ids = [...new Set(input.proofIds)];
  // As a single approval does: whatever is due for the raffles (a close, a freeze) happens first.
  for (const raffleId of await repo.raffleIdsOfProofs(ctx.db, ids)) await advanceIfDue(ctx, raffleId);

  const outcome = await ctx.db.transaction(async (tx) => {
    await repo.lockReconciliation(tx);
    const { proofs, results } = await compute(tx, input.tolerance);
    const raffleOf = new Map(proofs.map((p) => [p.id, p.raffleId]));
    const approved: BulkApproveResult["approved"] = [];
    const skipped: BulkApproveResult["skipped"] = [];
    const touched = new Set<string>();
    const now = new Date();
    for (const proofId of ids) {
      const match = results.get(proofId);
      if (!match) {
        skipped.push({ proofId, reason: SKIP_REASONS.not_pending });
        continue;
      }
      if (match.status !== "matched" || !match.movementId) {
        skipped.push({ proofId, reason: match.note ?? SKIP_REASONS[match.status] });
        continue;
      }
      const movementId = match.movementId;
      try {
        // As approveProof does: skip tickets other approvals hold; only when that comes up short, wait.
        const attempt = (waitForHeld: boolean) =>
          tx.transaction(async (sp) => {
            const { result, changed } = await approval.approve(ctx, sp, actor, proofId, { waitForHeld });
            if (!changed) return null;
            if (!(await repo.setMovementMatched(sp, movementId, proofId, actor.id, now))) {
              throw new MovementTaken();
            }
            return result;
          });
        const done = await attempt(false).catch((error: unknown) => {
          if (approval.isHeldByOthers(error)) return attempt(true);
          throw error;
        });
        if (!done) {
          skipped.push({ proofId, reason: SKIP_REASONS.already_approved });
          continue;
        }
        approved.push({ proofId, movementId, tickets: done.tickets });
        const raffleId = raffleOf.get(proofId);
        if (raffleId) touched.add(raffleId);
      } catch (error) {
        if (error instanceof MovementTaken) skipped.push({ proofId, reason: SKIP_REASONS.movement_taken });
        else if (error instanceof AppError) skipped.push({ proofId, reason: error.message });
        else {
          // The database's lifecycle guards (a raffle frozen meanwhile) refuse this proof only: its
          // savepoint was rolled back and the others go on.
          const refusal = lifecycleRefusal(error);
          if (!refusal) throw error;
          skipped.push({ proofId, reason: refusal.message });
        }
      }
    }
    // The last pending proof of a closed raffle freezes it in this same transaction, as in the inbox.
    for (const raffleId of touched) await advance(ctx, tx, raffleId, now);
    return { approved, skipped };
  });
  if (outcome.approved.length > 0) ctx.mail.flushSoon();
  return outcome;
}
