import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../../db/client";
import { paymentProofs, raffles, sellerRaffles, sellers, users } from "../../../db/schema";
import { heldTickets } from "../../raffles";
import { commissionBalances, linkTickets } from "../../sellers";
import { proofSaleColumns } from "../proofs/list-repository";

/**
 * Keyset position: the row's created_at as PostgreSQL text (full microseconds, which a JS Date would
 * lose) and its id, so each batch starts exactly after the previous one without OFFSET scans.
 */
export interface Keyset {
  ts: string;
  id: string;
}

export interface Cursor {
  cursorTs: string;
  cursorId: string;
}

const cursorOf = (createdAt: AnyPgColumn, id: AnyPgColumn) => ({
  cursorTs: sql<string>`${createdAt}::text`,
  cursorId: sql<string>`${id}::text`,
});

/** Newest first: rows strictly after the keyset in (created_at DESC, id DESC) order. */
function after(createdAt: AnyPgColumn, id: AnyPgColumn, keyset: Keyset | null): SQL | undefined {
  return keyset ? sql`(${createdAt}, ${id}::text) < (${keyset.ts}::timestamptz, ${keyset.id})` : undefined;
}

const outer = (table: string, column = "id") => sql.raw(`"${table}"."${column}"`);

export function userBatch(db: Executor, keyset: Keyset | null, limit: number) {
  return db
    .select({
      ...cursorOf(users.createdAt, users.id),
      id: users.id,
      name: users.name,
      email: users.email,
      phone: users.phone,
      role: users.role,
      status: users.status,
      points: users.rifazoPoints,
      level: users.rifazoLevel,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
      tickets: sql<number>`(SELECT count(*) FROM tickets t WHERE t.user_id = ${outer("users")} AND t.status = 'sold')::int`,
      proofs: sql<number>`(SELECT count(*) FROM payment_proofs p WHERE p.user_id = ${outer("users")})::int`,
    })
    .from(users)
    .where(after(users.createdAt, users.id, keyset))
    .orderBy(desc(users.createdAt), sql`${users.id}::text DESC`)
    .limit(limit);
}

export function raffleBatch(db: Executor, keyset: Keyset | null, limit: number) {
  return db
    .select({
      ...cursorOf(raffles.createdAt, raffles.id),
      id: raffles.id,
      title: raffles.title,
      status: raffles.status,
      price: raffles.price,
      currency: raffles.currency,
      totalTickets: raffles.totalTickets,
      soldTickets: raffles.soldTickets,
      activationType: raffles.activationType,
      activationPercentage: raffles.activationPercentage,
      endDate: raffles.endDate,
      isFeatured: raffles.isFeatured,
      announcementType: raffles.announcementType,
      winnerName: raffles.winnerName,
      winningTicketNumber: raffles.winningTicketNumber,
      createdAt: raffles.createdAt,
      pendingTickets: heldTickets(),
    })
    .from(raffles)
    .where(after(raffles.createdAt, raffles.id, keyset))
    .orderBy(desc(raffles.createdAt), sql`${raffles.id}::text DESC`)
    .limit(limit);
}

export function proofBatch(db: Executor, keyset: Keyset | null, limit: number) {
  return db
    .select({
      ...cursorOf(paymentProofs.createdAt, paymentProofs.id),
      id: paymentProofs.id,
      createdAt: paymentProofs.createdAt,
      // A vendedor's sale without an account: the buyer the vendedor wrote down (decision 0034).
      buyerName: sql<string>`coalesce(${users.name}, ${paymentProofs.buyerName}, '')`,
      buyerEmail: sql<string>`coalesce(${users.email}, '')`,
      ...proofSaleColumns,
      quantity: paymentProofs.quantityOfTickets,
      status: paymentProofs.status,
      userNotes: paymentProofs.userNotes,
      adminNotes: paymentProofs.adminNotes,
      reviewedAt: paymentProofs.reviewedAt,
      tickets: sql<
        number[] | null
      >`(SELECT array_agg(t.ticket_number ORDER BY t.ticket_number) FROM tickets t WHERE t.payment_id = ${outer("payment_proofs")})`,
      // A cancelled raffle's refund (decision 0016): the state column says "Reembolsado", not "Aprobado".
      refundStatus: sql<
        string | null
      >`(SELECT rf.status FROM refunds rf WHERE rf.proof_id = ${outer("payment_proofs")})`,
    })
    .from(paymentProofs)
    .leftJoin(users, eq(users.id, paymentProofs.userId))
    .leftJoin(raffles, eq(raffles.id, paymentProofs.raffleId))
    .where(and(after(paymentProofs.createdAt, paymentProofs.id, keyset)))
    .orderBy(desc(paymentProofs.createdAt), sql`${paymentProofs.id}::text DESC`)
    .limit(limit);
}

/**
 * One row per vendedor and raffle assigned (docs/decisions/0034-vendedores.md): the terms, the tickets
 * their link brought, and the commissions as the sellers module reads them from the ledger (earned, paid,
 * owed), newest assignment first.
 */
export async function sellerBatch(db: Executor, keyset: Keyset | null, limit: number) {
  const id = sql`(${sellerRaffles.sellerId}::text || ':' || ${sellerRaffles.raffleId}::text)`;
  const rows = await db
    .select({
      cursorTs: sql<string>`${sellerRaffles.createdAt}::text`,
      cursorId: sql<string>`${id}`,
      sellerId: sellerRaffles.sellerId,
      raffleId: sellerRaffles.raffleId,
      sellerName: sellers.name,
      code: sellers.code,
      status: sellers.status,
      raffleTitle: raffles.title,
      currency: raffles.currency,
      allowed: sellerRaffles.allowed,
      commissionKind: sellerRaffles.commissionKind,
      commissionValue: sellerRaffles.commissionValue,
      creditLimit: sellerRaffles.creditLimit,
      assignedAt: sellerRaffles.createdAt,
    })
    .from(sellerRaffles)
    .innerJoin(sellers, eq(sellers.id, sellerRaffles.sellerId))
    .innerJoin(raffles, eq(raffles.id, sellerRaffles.raffleId))
    .where(
      keyset
        ? sql`(${sellerRaffles.createdAt}, ${id}) < (${keyset.ts}::timestamptz, ${keyset.id})`
        : undefined,
    )
    .orderBy(desc(sellerRaffles.createdAt), sql`${id} DESC`)
    .limit(limit);
  const sellerIds = [...new Set(rows.map((row) => row.sellerId))];
  const [balances, tickets] = await Promise.all([
    commissionBalances(db, sellerIds),
    linkTickets(db, sellerIds),
  ]);
  const key = (row: { sellerId: string; raffleId: string }) => `${row.sellerId}:${row.raffleId}`;
  const balanceOf = new Map(balances.map((row) => [key(row), row]));
  const ticketsOf = new Map(tickets.map((row) => [key(row), row]));
  return rows.map((row) => ({
    ...row,
    approvedTickets: Number(ticketsOf.get(key(row))?.approved ?? 0),
    underReviewTickets: Number(ticketsOf.get(key(row))?.underReview ?? 0),
    earned: balanceOf.get(key(row))?.earned ?? 0,
    paid: balanceOf.get(key(row))?.paid ?? 0,
    owed: balanceOf.get(key(row))?.owed ?? 0,
    cashHeld: balanceOf.get(key(row))?.cashHeld ?? 0,
  }));
}
