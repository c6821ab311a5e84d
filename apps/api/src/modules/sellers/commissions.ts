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

type LedgerAccount = (typeof sellerLedger.$inferInsert)["account"];

/**
 * One balanced entry: `amount` debited to one account and credited to the other (a negative amount
 * reverses a previous entry). Returns the entry's id.
 */
async function postEntry(
  tx: Executor,
  accounts: { debit: LedgerAccount; credit: LedgerAccount },
  posting: {
    sellerId: string;
    raffleId: string;
    paymentProofId?: string;
    amount: number;
    currency: string;
    reason: string;
  },
): Promise<string> {
  const entry = randomUUID();
  const { amount, ...rest } = posting;
  await tx.insert(sellerLedger).values([
    { entry, ...rest, account: accounts.debit, amount },
    { entry, ...rest, account: accounts.credit, amount: -amount },
  ]);
  return entry;
}

/** The organiser's expense against what it owes the vendedor. */
const COMMISSION = { debit: "commission_expense", credit: "commission_payable" } as const;
/** What it owed, paid ("liquidación"). */
const SETTLEMENT = { debit: "commission_payable", credit: "commission_paid" } as const;

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
  await postEntry(tx, COMMISSION, {
    sellerId: purchase.sellerId,
    raffleId: purchase.raffleId,
    paymentProofId: approval.proofId,
    amount,
    currency: purchase.pricing.currency,
    reason: `Comisión por ${countText(purchase.quantity, "boleto", "boletos")} vendidos con tu enlace`,
  });
  return amount;
}

/** A vendedor's cash sale: the cash they now hold for the organiser, against the organiser's sales. */
const CASH_SALE = { debit: "cash_held", credit: "cash_sales" } as const;
/** Cash the vendedor handed over ("entrega de efectivo"). */
const CASH_HANDOVER = { debit: "cash_received", credit: "cash_held" } as const;

/**
 * Reverses what these purchases posted (a refund, a deleted proof): the commission they earned and, for
 * a vendedor's cash sale, the cash it put in the vendedor's hands; in the caller's transaction.
 */
export async function reverseSellerPostings(tx: Tx, proofIds: string[], reason: string): Promise<void> {
  if (proofIds.length === 0) return;
  for (const pair of [COMMISSION, CASH_SALE]) {
    const posted = await tx
      .select({
        proofId: sellerLedger.paymentProofId,
        sellerId: sellerLedger.sellerId,
        raffleId: sellerLedger.raffleId,
        currency: sellerLedger.currency,
        net: sql<string>`sum(${sellerLedger.amount})`,
      })
      .from(sellerLedger)
      .where(and(inArray(sellerLedger.paymentProofId, proofIds), eq(sellerLedger.account, pair.debit)))
      .groupBy(
        sellerLedger.paymentProofId,
        sellerLedger.sellerId,
        sellerLedger.raffleId,
        sellerLedger.currency,
      );
    for (const row of posted) {
      const net = roundCents(Number(row.net));
      if (!row.proofId || net === 0) continue;
      await postEntry(tx, pair, {
        sellerId: row.sellerId,
        raffleId: row.raffleId,
        paymentProofId: row.proofId,
        amount: -net,
        currency: row.currency,
        reason,
      });
    }
  }
}

/** A cash sale recorded by the vendedor, in its own transaction: what they now hold (raffle currency). */
export function postCashSale(
  tx: Executor,
  posting: { sellerId: string; raffleId: string; paymentProofId: string; amount: number; currency: string },
): Promise<string> {
  return postEntry(tx, CASH_SALE, { ...posting, reason: "Venta en efectivo" });
}

/** Cash the vendedor handed to the organiser: cash_held credited, cash_received debited, one entry. */
export function postCashHandover(
  tx: Executor,
  posting: { sellerId: string; raffleId: string; amount: number; currency: string; reason: string },
): Promise<string> {
  return postEntry(tx, CASH_HANDOVER, posting);
}

/** The cash a vendedor holds for the organiser from one raffle's sales (cash_held's debit balance). */
export async function cashHeldOf(tx: Executor, sellerId: string, raffleId: string): Promise<number> {
  const [row] = await tx
    .select({ held: sql<string>`coalesce(sum(${sellerLedger.amount}), 0)` })
    .from(sellerLedger)
    .where(
      and(
        eq(sellerLedger.sellerId, sellerId),
        eq(sellerLedger.raffleId, raffleId),
        eq(sellerLedger.account, "cash_held"),
      ),
    );
  return roundCents(Number(row?.held ?? 0));
}

/**
 * Per vendedor and raffle: commissions earned (net of reversals), what the organiser owes (the payable's
 * credit balance), what it already paid (settlements) and the cash the vendedor holds (cash_held).
 */
export async function commissionBalances(db: Executor, sellerIds: string[]) {
  if (sellerIds.length === 0) return [];
  const rows = await db
    .select({
      sellerId: sellerLedger.sellerId,
      raffleId: sellerLedger.raffleId,
      earned: sql<string>`coalesce(sum(${sellerLedger.amount}) FILTER (WHERE ${sellerLedger.account} = 'commission_expense'), 0)`,
      owed: sql<string>`-coalesce(sum(${sellerLedger.amount}) FILTER (WHERE ${sellerLedger.account} = 'commission_payable'), 0)`,
      paid: sql<string>`-coalesce(sum(${sellerLedger.amount}) FILTER (WHERE ${sellerLedger.account} = 'commission_paid'), 0)`,
      cashHeld: sql<string>`coalesce(sum(${sellerLedger.amount}) FILTER (WHERE ${sellerLedger.account} = 'cash_held'), 0)`,
    })
    .from(sellerLedger)
    .where(inArray(sellerLedger.sellerId, sellerIds))
    .groupBy(sellerLedger.sellerId, sellerLedger.raffleId);
  return rows.map((row) => ({
    sellerId: row.sellerId,
    raffleId: row.raffleId,
    earned: roundCents(Number(row.earned)),
    owed: roundCents(Number(row.owed)),
    paid: roundCents(Number(row.paid)),
    cashHeld: roundCents(Number(row.cashHeld)),
  }));
}

/** Pays part or all of what is owed: commission_payable debited, commission_paid credited, one entry. */
export function postSettlement(
  tx: Executor,
  posting: { sellerId: string; raffleId: string; amount: number; currency: string; reason: string },
): Promise<string> {
  return postEntry(tx, SETTLEMENT, posting);
}
