import { randomUUID } from "node:crypto";
import { roundCents } from "@rifazo/shared";
import { countText } from "@rifazo/shared/domain/plural";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Executor, Tx } from "../../db/client";
import { reservations, sellerLedger, sellerRaffles } from "../../db/schema";

// Commissions as postings of the vendedores' ledger (docs/decisions/0034-vendedores.md): earned in the
// transaction that approves a purchase the vendedor's link brought, reversed in the one that undoes it.

/** What a purchase earns under the terms in force when it is approved (percent of its total, or per ticket). */
export function commissionFor(
  terms: { commissionKind: string; commissionValue: number },
  purchase: { total: number; quantity: number },
): number {
  const amount =
    terms.commissionKind === "percent"
      ? (purchase.total * terms.commissionValue) / 100
      : purchase.quantity * terms.commissionValue;
  return roundCents(amount);
}

/** One balanced entry: the organiser's expense against what it owes the vendedor (negative reverses it). */
async function postCommission(
  tx: Executor,
  posting: {
    sellerId: string;
    raffleId: string;
    proofId: string;
    amount: number;
    currency: string;
    reason: string;
  },
): Promise<void> {
  const entry = randomUUID();
  const { amount, ...rest } = posting;
  const common = { entry, ...rest, paymentProofId: posting.proofId };
  await tx.insert(sellerLedger).values([
    { ...common, account: "commission_expense", amount },
    { ...common, account: "commission_payable", amount: -amount },
  ]);
}

/**
 * The commission of the purchase this approval sells, when a vendedor's link brought it; 0 otherwise. Runs
 * inside the approval's transaction, so a commission exists exactly when the purchase is approved.
 */
export async function earnCommission(
  tx: Tx,
  approval: { proofId: string; reservationId: string },
): Promise<number> {
  const [purchase] = await tx
    .select({
      sellerId: reservations.sellerId,
      raffleId: reservations.raffleId,
      quantity: reservations.quantity,
      pricing: reservations.pricing,
      commissionKind: sellerRaffles.commissionKind,
      commissionValue: sellerRaffles.commissionValue,
    })
    .from(reservations)
    .innerJoin(
      sellerRaffles,
      and(
        eq(sellerRaffles.sellerId, reservations.sellerId),
        eq(sellerRaffles.raffleId, reservations.raffleId),
      ),
    )
    .where(eq(reservations.id, approval.reservationId));
  if (!purchase?.sellerId) return 0;
  const amount = commissionFor(
    { commissionKind: purchase.commissionKind, commissionValue: Number(purchase.commissionValue) },
    { total: Number(purchase.pricing.total), quantity: purchase.quantity },
  );
  if (amount <= 0) return 0;
  await postCommission(tx, {
    sellerId: purchase.sellerId,
    raffleId: purchase.raffleId,
    proofId: approval.proofId,
    amount,
    currency: purchase.pricing.currency,
    reason: `Comisión por ${countText(purchase.quantity, "boleto", "boletos")} vendidos con tu enlace`,
  });
  return amount;
}

/** Reverses what these purchases earned (a refund, a deleted proof), in the caller's transaction. */
export async function reverseCommissions(tx: Tx, proofIds: string[], reason: string): Promise<void> {
  if (proofIds.length === 0) return;
  const earned = await tx
    .select({
      proofId: sellerLedger.paymentProofId,
      sellerId: sellerLedger.sellerId,
      raffleId: sellerLedger.raffleId,
      currency: sellerLedger.currency,
      net: sql<string>`sum(${sellerLedger.amount})`,
    })
    .from(sellerLedger)
    .where(
      and(inArray(sellerLedger.paymentProofId, proofIds), eq(sellerLedger.account, "commission_expense")),
    )
    .groupBy(
      sellerLedger.paymentProofId,
      sellerLedger.sellerId,
      sellerLedger.raffleId,
      sellerLedger.currency,
    );
  for (const row of earned) {
    const net = roundCents(Number(row.net));
    if (!row.proofId || net === 0) continue;
    await postCommission(tx, {
      sellerId: row.sellerId,
      raffleId: row.raffleId,
      proofId: row.proofId,
      amount: -net,
      currency: row.currency,
      reason,
    });
  }
}

/** What the organiser owes a vendedor in commissions, per raffle and currency (the payable's credit balance). */
export async function commissionsOwed(db: Executor, sellerIds: string[]) {
  if (sellerIds.length === 0) return [];
  const rows = await db
    .select({
      sellerId: sellerLedger.sellerId,
      raffleId: sellerLedger.raffleId,
      owed: sql<string>`-sum(${sellerLedger.amount})`,
    })
    .from(sellerLedger)
    .where(and(inArray(sellerLedger.sellerId, sellerIds), eq(sellerLedger.account, "commission_payable")))
    .groupBy(sellerLedger.sellerId, sellerLedger.raffleId);
  return rows.map((row) => ({ ...row, owed: roundCents(Number(row.owed)) }));
}
