import { RECEIPT_MESSAGES, type ReceiptClaimResult, type SessionUser, ticketLabel } from "@rifazo/shared";
import { isReceiptToken } from "@rifazo/shared/domain/receipt";
import { claimDecision } from "@rifazo/shared/domain/receipt-claim";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { AppError, notFound } from "../../lib/errors";
import { creditClaimedPurchase } from "../admin";
import { recordActorAudit } from "../audit";
import * as repo from "./repository";

// A buyer claims a vendedor's sale into their account (docs/decisions/0034-vendedores.md, slice 4): the
// receipt's token finds it, the account's confirmed email must be the one the vendedor wrote down
// (claimDecision, shared with the receipt page's offer). The claim only names the account: the receipt's
// secret, and so the owner tags of the frozen list, never change (migration 0034 lets only that through).

const receiptNotFound = () => notFound("NOT_FOUND", RECEIPT_MESSAGES.notFound);

type Claimed = { result: ReceiptClaimResult; changed: boolean };

async function claimInTransaction(
  ctx: AppContext,
  tx: Tx,
  user: SessionUser,
  token: string,
  ip: string | null,
): Promise<Claimed> {
  // A pending sale has no token yet; a rejected or deleted one answers as an unknown token does.
  const proof = await repo.lockPaidByToken(tx, token);
  if (!proof?.raffleId) throw receiptNotFound();
  const raffle = await repo.shareRaffle(tx, proof.raffleId);
  if (!raffle) throw receiptNotFound();
  const decision = claimDecision({ ...proof, raffleStatus: raffle.status }, user);
  if (decision.kind === "refused") throw new AppError(decision.code, decision.message);
  // An abono's payments are one purchase: its tickets are sold to the one that completed it.
  const siblings = proof.reservationId
    ? await repo.unclaimedSiblingsOf(tx, proof.reservationId, proof.id)
    : [];
  const payments = [proof.id, ...siblings];
  const sold = (await Promise.all(payments.map((id) => repo.soldNumbersOf(tx, id)))).flat();
  const labels = sold.sort((a, b) => a - b).map((n) => ticketLabel(n, raffle.totalTickets));
  const result = { proofId: proof.id, raffleId: proof.raffleId, tickets: labels };
  if (decision.kind === "mine")
    return { changed: false, result: { ...result, pointsAwarded: 0, alreadyClaimed: true } };

  const now = new Date();
  let points = 0;
  for (const id of payments) {
    await repo.setClaimed(tx, id, user.id, now);
    await repo.setTicketsOwner(tx, id, user.id);
    points += await creditClaimedPurchase(ctx, tx, id, user.id, raffle.title);
  }
  if (proof.reservationId) await repo.setReservationOwner(tx, proof.reservationId, user.id);
  await recordActorAudit(
    tx,
    { id: user.id, ip },
    {
      action: "receipt.claim",
      entity: "payment_proof",
      entityId: proof.id,
      before: { userId: null, claimedAt: null },
      after: {
        userId: user.id,
        claimedAt: now.toISOString(),
        raffleId: proof.raffleId,
        tickets: labels,
        points,
      },
    },
  );
  return { changed: true, result: { ...result, pointsAwarded: points, alreadyClaimed: false } };
}

/**
 * Claims the sale behind a receipt's token for the signed-in account, in one transaction with the
 * purchase locked. The same account claiming again gets the same answer; any refusal writes nothing.
 */
export async function claimReceipt(
  ctx: AppContext,
  user: SessionUser,
  token: string,
  client: { ip: string | null },
): Promise<ReceiptClaimResult> {
  if (!isReceiptToken(token)) throw receiptNotFound();
  const { result, changed } = await ctx.db.transaction((tx) =>
    claimInTransaction(ctx, tx, user, token, client.ip),
  );
  // A level reached by the claim's points is told by email too.
  if (changed) ctx.mail.flushSoon();
  return result;
}
