/**
 * Abonos not completed by the freeze (docs/decisions/0034-vendedores.md): their numbers were released with
 * the other holds, and every payment approved for them is refunded through the same refunds a cancelled
 * raffle makes (points and a vendedor's postings reversed with it). Each buyer with an account is told.
 */
import { REFUND_PAYOUT_DAYS } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { notify } from "../notifications";
import { createRefunds, reverseApprovedPurchases } from "./cancel-steps";
import * as repo from "./repository";

export async function refundUnpaidAbonos(
  ctx: Pick<AppContext, "events" | "mail" | "config">,
  tx: Tx,
  raffle: { id: string; title: string },
  reservationIds: string[],
  now: Date,
): Promise<number> {
  if (reservationIds.length === 0) return 0;
  const approved = await repo.approvedProofsOf(tx, raffle.id, reservationIds);
  if (approved.length === 0) return 0;
  const payoutDueAt = new Date(now.getTime() + REFUND_PAYOUT_DAYS * 24 * 60 * 60 * 1000);
  const inserted = await createRefunds(tx, raffle.id, approved, payoutDueAt);
  const lines = await reverseApprovedPurchases(tx, raffle, approved, inserted, {
    actor: { id: null, ip: null },
    now,
    payoutDueAt,
    why: `abono sin completar al cierre de "${raffle.title}"`,
  });
  // Told by notification and email, as a cancellation tells its buyers: the refund may ask for payout data.
  const buyers = new Map(
    approved.flatMap((proof) =>
      proof.userId
        ? [[proof.userId, { userId: proof.userId, email: proof.buyerEmail, name: proof.buyerName }] as const]
        : [],
    ),
  );
  await notify(tx, ctx, [...buyers.values()], "abonoReleased", (buyer) => ({
    raffleTitle: raffle.title,
    lines: lines.get(buyer.userId) ?? [],
  }));
  return inserted.length;
}
