import {
  acceptedMethodsOf,
  type CommissionKind,
  SELLER_CASH_METHOD,
  SELLER_SALE_METHODS,
  type SellerArea,
  type SellerSaleMethod,
  type SellerStatus,
  type SessionUser,
  sellerLinkPath,
} from "@rifazo/shared";
import type { Executor } from "../../db/client";
import { iso } from "../../lib/iso";
import { currentExchangeRate } from "../settings";
import { commissionBalances } from "./commissions";
import { rankingsOf } from "./leaderboard";
import * as repo from "./repository";
import { activeSellerOf } from "./service";
import { balanceOn, toSettlement } from "./views";

// The vendedor's area (/vendedor): the raffles they may sell now, with what a sale needs (price, combos,
// methods, the BCV rate) and their balances (docs/decisions/0034-vendedores.md).

/**
 * What a vendedor may take on the spot, in SELLER_SALE_METHODS' order: cash when their credit limit allows
 * any, and the raffle's accepted methods.
 */
export function saleMethodsOf(paymentMethods: readonly string[], creditLimit: number): SellerSaleMethod[] {
  const accepted = new Set<string>(acceptedMethodsOf(paymentMethods));
  return SELLER_SALE_METHODS.filter((method) =>
    method === SELLER_CASH_METHOD ? creditLimit > 0 : accepted.has(method),
  );
}

/** What a vendedor's session key is for: signing the sales queued without signal (sessionKeyOf). */
export const SALE_KEY_PURPOSE = "vendedor-ventas";

export async function sellerArea(db: Executor, user: SessionUser, saleKey: string): Promise<SellerArea> {
  const seller = await activeSellerOf(db, user);
  const [raffles, sales, owed, rate, settlements] = await Promise.all([
    repo.sellableRaffles(db, seller.id),
    repo.linkTickets(db, [seller.id]),
    commissionBalances(db, [seller.id]),
    currentExchangeRate(db),
    repo.settlementsOf(db, [seller.id]),
  ]);
  const salesOf = new Map(sales.map((row) => [row.raffleId, row]));
  const rankings = await rankingsOf(
    db,
    seller.id,
    raffles.map((row) => row.raffleId),
  );
  return {
    seller: { id: seller.id, name: seller.name, code: seller.code, status: seller.status as SellerStatus },
    raffles: raffles.map((row) => ({
      raffleId: row.raffleId,
      title: row.title,
      status: row.status,
      currency: row.currency === "VES" ? "VES" : "USD",
      ticketPrice: Number(row.ticketPrice),
      totalTickets: row.totalTickets,
      soldTickets: row.soldTickets,
      endDate: iso(row.endDate),
      commissionKind: row.commissionKind as CommissionKind,
      commissionValue: Number(row.commissionValue),
      creditLimit: Number(row.creditLimit),
      linkPath: sellerLinkPath(row.raffleId, seller.code),
      linkTickets: {
        approved: Number(salesOf.get(row.raffleId)?.approved ?? 0),
        underReview: Number(salesOf.get(row.raffleId)?.underReview ?? 0),
      },
      ...balanceOn(owed, seller.id, row.raffleId),
      numberMode: row.numberMode === "chosen" ? "chosen" : "random",
      combos: (row.combos ?? []).map((combo) => ({ quantity: combo.quantity, price: Number(combo.price) })),
      saleMethods: saleMethodsOf(row.paymentMethods ?? [], Number(row.creditLimit)),
      installmentMinimum: row.installmentMinimum === null ? null : Number(row.installmentMinimum),
      ranking: rankings.get(row.raffleId) ?? null,
    })),
    settlements: settlements.map((row) => toSettlement(row, "seller")),
    exchangeRate: rate?.rate ?? null,
    saleKey,
  };
}
