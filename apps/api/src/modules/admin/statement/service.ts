/**
 * The raffle's statement, «Estado de cuenta de la rifa» (docs/decisions/0035-prizes-on-the-record.md): one
 * answer that the page, the CSV and the XLSX all read. Each figure is in its currency as paid: dollars and
 * bolívares are never converted nor added together. Collected and refunds are the revenue module's
 * (approved proofs as charged, never price × tickets), commissions the vendedores' ledger as the sellers
 * module reads it, prizes the prizes module's view (the delivery in force, with its rate and day).
 */
import {
  type AdminPrize,
  type Currency,
  cashCurrencyOf,
  isUuid,
  type MoneyPair,
  type RaffleStatement,
  type RaffleStatementPrize,
  roundCents,
} from "@rifazo/shared";
import type { Executor } from "../../../db/client";
import { adminPrizeList } from "../../prizes";
import { raffleNotFound } from "../../raffles";
import { commissionBalances } from "../../sellers";
import { revenueInCurrencies } from "../revenue/service";
import * as repo from "./repository";

export const ZERO_PAIR: MoneyPair = { usd: 0, ves: 0 };

/** An amount in its own currency's column. */
export const inCurrency = (currency: Currency, amount: number): MoneyPair =>
  currency === "USD" ? { usd: roundCents(amount), ves: 0 } : { usd: 0, ves: roundCents(amount) };

const plus = (a: MoneyPair, b: MoneyPair): MoneyPair => ({
  usd: roundCents(a.usd + b.usd),
  ves: roundCents(a.ves + b.ves),
});
const minus = (a: MoneyPair, b: MoneyPair): MoneyPair => plus(a, { usd: -b.usd, ves: -b.ves });

function prizeLine(prize: AdminPrize): RaffleStatementPrize {
  const { status } = prize;
  return {
    winnerId: prize.winnerId,
    level: prize.level,
    description: prize.prizeDescription,
    ticketNumber: prize.ticketNumber,
    winnerName: prize.winnerName,
    cash: prize.cash,
    status: status.status,
    statusText: status.statusText,
    deliveredOn: status.deliveredOn,
    paid: status.paid,
  };
}

/**
 * The raffle's prizes, by level: the current winners, and a disqualified one only if money was paid for
 * it (it went out, so the trail shows it).
 */
async function prizesOf(db: Executor, raffleId: string) {
  const prizes = (await adminPrizeList(db, { raffleId }))
    .filter((p) => !p.disqualified || p.status.paid !== null)
    .sort((a, b) => a.level - b.level || a.ticketNumber.localeCompare(b.ticketNumber));
  const items = prizes.map(prizeLine);
  const paid = items.reduce(
    (sum, item) => (item.paid ? plus(sum, inCurrency(item.paid.currency, item.paid.amount)) : sum),
    ZERO_PAIR,
  );
  return { items, paid };
}

/** The vendedores' commissions of this raffle, in its currency (their ledger's, decision 0034). */
async function commissionsOf(db: Executor, raffleId: string, currency: Currency) {
  const sellerIds = await repo.commissionSellerIds(db, raffleId);
  const rows = (await commissionBalances(db, sellerIds)).filter((row) => row.raffleId === raffleId);
  const total = (pick: (row: (typeof rows)[number]) => number) =>
    inCurrency(
      currency,
      rows.reduce((sum, row) => sum + pick(row), 0),
    );
  return {
    earned: total((row) => row.earned),
    paid: total((row) => row.paid),
    owed: total((row) => row.owed),
    sellers: rows.length,
  };
}

/** GET /api/admin/raffles/{id}/statement. */
export async function raffleStatement(
  db: Executor,
  raffleId: string,
  now = new Date(),
): Promise<RaffleStatement> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const raffle = await repo.raffleOf(db, raffleId);
  if (!raffle) throw raffleNotFound();
  const currency = cashCurrencyOf(raffle.currency) ?? "USD";
  const [revenue, refunded, commissions, prizes] = await Promise.all([
    revenueInCurrencies(db, raffleId),
    repo.refundCounts(db, raffleId),
    commissionsOf(db, raffleId, currency),
    prizesOf(db, raffleId),
  ]);
  const refundsPaid = minus(revenue.refunded, revenue.refundPending);
  return {
    raffle: { id: raffle.id, title: raffle.title, currency, status: raffle.status },
    generatedAt: now.toISOString(),
    tickets: { total: raffle.totalTickets, sold: raffle.soldTickets, refunded: refunded.tickets },
    collected: revenue.collected,
    proofs: revenue.proofs,
    refunds: { paid: refundsPaid, pending: revenue.refundPending, count: refunded.refunds },
    commissions,
    prizes,
    result: minus(minus(minus(revenue.collected, refundsPaid), commissions.paid), prizes.paid),
  };
}
