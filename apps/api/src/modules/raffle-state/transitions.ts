import type { CloseReason } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import type { LifecycleRow } from "./repository";

type Row = NonNullable<LifecycleRow>;

/**
 * What each step of the state machine does besides moving the state: the record's entries, the buyers'
 * notices, the pending proofs, the reservations and the purchases. Those belong to the sales (draws,
 * purchases, refunds), which sit above this module and call `advance` themselves inside their own
 * transactions (decision 0012), so lifecycle registers these at start (buildApp) and `advance` calls them
 * in the same order, in the same transaction, under the same row lock (decision 0026).
 */
export interface RaffleTransitions {
  /** Decision 0024: the lottery drew while the list was still open; the rules' fallback. True when it acted. */
  lotteryFallback(ctx: AppContext, tx: Tx, row: Row, now: Date): Promise<boolean>;
  /** Stops sales (status closed) and tells the buyers whose proof is pending. */
  close(
    ctx: AppContext,
    tx: Tx,
    row: Row,
    reason: CloseReason,
    closedAt: Date,
    actor: { id: string | null; ip: string | null },
  ): Promise<void>;
  /** The review window ended: the proofs still pending are rejected. */
  expirePending(
    ctx: AppContext,
    tx: Tx,
    row: Row,
    deadline: Date,
    now: Date,
  ): Promise<{ expired: number; mails: number }>;
  /** Nothing is pending any more: the list freezes. */
  freeze(ctx: AppContext, tx: Tx, row: Row, now: Date, counts: { expiredProofs: number }): Promise<void>;
}

let registered: RaffleTransitions | undefined;

/** lifecycle's transitions, handed in once at start (buildApp); a later call replaces them. */
export function registerRaffleTransitions(transitions: RaffleTransitions): void {
  registered = transitions;
}

export function raffleTransitions(): RaffleTransitions {
  // No silent default: a raffle moved without its side effects would skip its record and its refunds.
  if (!registered)
    throw new Error("raffle-state: lifecycle's transitions are not registered (buildApp does it)");
  return registered;
}
