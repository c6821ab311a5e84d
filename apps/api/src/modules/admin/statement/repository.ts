// The raffle's own rows the statement reads (docs/decisions/0035-prizes-on-the-record.md); the money comes
// from the revenue module, the vendedores' commissions from the sellers module, the prizes from prizes.
import { and, eq, sql } from "drizzle-orm";
import type { Executor } from "../../../db/client";
import { paymentProofs, raffles, refunds, sellerLedger } from "../../../db/schema";

export async function raffleOf(db: Executor, raffleId: string) {
  const [row] = await db
    .select({
      id: raffles.id,
      title: raffles.title,
      currency: raffles.currency,
      status: raffles.status,
      totalTickets: raffles.totalTickets,
      soldTickets: raffles.soldTickets,
    })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  return row;
}

/** The raffle's refunds, paid or owed, and the tickets of the purchases they refund. */
export async function refundCounts(db: Executor, raffleId: string) {
  const [row] = await db
    .select({
      refunds: sql<number>`count(*)::int`,
      tickets: sql<number>`coalesce(sum(${paymentProofs.quantityOfTickets}), 0)::int`,
    })
    .from(refunds)
    .innerJoin(paymentProofs, eq(paymentProofs.id, refunds.proofId))
    .where(eq(refunds.raffleId, raffleId));
  return { refunds: Number(row?.refunds ?? 0), tickets: Number(row?.tickets ?? 0) };
}

/** The vendedores with a commission posted for this raffle (earned, reversed or paid). */
export async function commissionSellerIds(db: Executor, raffleId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ sellerId: sellerLedger.sellerId })
    .from(sellerLedger)
    .where(
      and(
        eq(sellerLedger.raffleId, raffleId),
        sql`${sellerLedger.account} IN ('commission_expense', 'commission_payable', 'commission_paid')`,
      ),
    );
  return rows.map((row) => row.sellerId);
}
