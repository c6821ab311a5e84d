import { eq } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { raffles } from "../../db/schema";

/**
 * The freeze (issue 15): called by the lifecycle service inside its transaction, with the raffle row
 * locked, when a closed raffle has no pending proof left. This minimal version only moves the raffle to
 * 'frozen' and stamps frozen_at; the draws module's full version also writes the record (frozen list,
 * owner tags, list hash, named drand round) in the same transaction.
 */
export async function freezeRaffle(_ctx: AppContext, tx: Tx, raffleId: string, now: Date): Promise<void> {
  await tx.update(raffles).set({ status: "frozen", frozenAt: now }).where(eq(raffles.id, raffleId));
}
