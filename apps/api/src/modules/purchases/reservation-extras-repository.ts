import { and, desc, eq, inArray } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, sellers, tickets } from "../../db/schema";
import { abonoPaymentsOf, type ReservationRow } from "./repository";

export interface ReservationExtras {
  raffleTitle: string;
  /** The raffle's size: numbers show in its digits (null if the raffle is gone). */
  totalTickets: number | null;
  numberMode: string;
  currency: string;
  paymentMethods: string[];
  proofId: string | null;
  proofStatus: string | null;
  proofNotes: string | null;
  soldNumbers: number[];
  /** The code of the vendedor the purchase is credited to. */
  sellerCode: string | null;
  /** The raffle's least first abono and its end date (when sales close), for an abono's balance. */
  installmentMinimum: number | null;
  endDate: Date | null;
  /** An abono's payments, oldest first (empty for a whole purchase). */
  payments: Awaited<ReturnType<typeof abonoPaymentsOf>>;
}

/** What a reservation's payload shows besides its row: the raffle, its latest proof, numbers sold. */
export async function extrasOf(
  db: Executor,
  rows: ReservationRow[],
): Promise<Map<string, ReservationExtras>> {
  const out = new Map<string, ReservationExtras>();
  if (rows.length === 0) return out;
  const raffleIds = [...new Set(rows.map((row) => row.raffleId))];
  const raffleRows = await db
    .select({
      id: raffles.id,
      title: raffles.title,
      totalTickets: raffles.totalTickets,
      numberMode: raffles.numberMode,
      currency: raffles.currency,
      paymentMethods: raffles.paymentMethods,
      installmentMinimum: raffles.installmentMinimum,
      endDate: raffles.endDate,
    })
    .from(raffles)
    .where(inArray(raffles.id, raffleIds));
  const byRaffle = new Map(raffleRows.map((row) => [row.id, row]));
  const ids = rows.map((row) => row.id);
  const proofs = await db
    .select({
      id: paymentProofs.id,
      reservationId: paymentProofs.reservationId,
      status: paymentProofs.status,
      adminNotes: paymentProofs.adminNotes,
    })
    .from(paymentProofs)
    .where(inArray(paymentProofs.reservationId, ids))
    .orderBy(desc(paymentProofs.createdAt));
  const latest = new Map<string, (typeof proofs)[number]>();
  for (const proof of proofs) {
    if (proof.reservationId && !latest.has(proof.reservationId)) latest.set(proof.reservationId, proof);
  }
  const payments = await abonoPaymentsOf(
    db,
    rows.filter((row) => row.kind === "abono").map((row) => row.id),
  );
  // An abono's tickets are sold to the payment that completed it, which is its latest approved one.
  const approvedProofIds = [...latest.values()]
    .filter((p) => p.status === "approved" || p.status === "verified")
    .map((p) => p.id);
  const sold =
    approvedProofIds.length === 0
      ? []
      : await db
          .select({ paymentId: tickets.paymentId, n: tickets.ticketNumber })
          .from(tickets)
          .where(and(inArray(tickets.paymentId, approvedProofIds), eq(tickets.status, "sold")));
  const sellerCodes = await sellerCodesOf(db, rows);
  for (const row of rows) {
    const raffle = byRaffle.get(row.raffleId);
    const proof = latest.get(row.id) ?? null;
    out.set(row.id, {
      raffleTitle: raffle?.title ?? "",
      totalTickets: raffle?.totalTickets ?? null,
      numberMode: raffle?.numberMode ?? "random",
      currency: raffle?.currency ?? row.currency,
      paymentMethods: raffle?.paymentMethods ?? [],
      proofId: proof?.id ?? null,
      proofStatus: proof?.status ?? null,
      proofNotes: proof?.adminNotes ?? null,
      soldNumbers: sold
        .filter((t) => proof && t.paymentId === proof.id)
        .map((t) => t.n)
        .sort((a, b) => a - b),
      sellerCode: row.sellerId ? (sellerCodes.get(row.sellerId) ?? null) : null,
      installmentMinimum: raffle?.installmentMinimum ?? null,
      endDate: raffle?.endDate ?? null,
      payments: payments.filter((payment) => payment.reservationId === row.id),
    });
  }
  return out;
}

/** The codes of the vendedores the reservations are credited to, by seller id. */
async function sellerCodesOf(db: Executor, rows: ReservationRow[]): Promise<Map<string, string>> {
  const sellerIds = [...new Set(rows.flatMap((row) => (row.sellerId ? [row.sellerId] : [])))];
  if (sellerIds.length === 0) return new Map();
  const found = await db
    .select({ id: sellers.id, code: sellers.code })
    .from(sellers)
    .where(inArray(sellers.id, sellerIds));
  return new Map(found.map((seller) => [seller.id, seller.code]));
}
