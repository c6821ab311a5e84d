import {
  type Currency,
  formatMoney,
  roundCents,
  SELLER_SALE_MESSAGES,
  type SessionUser,
} from "@rifazo/shared";
import type { Tx } from "../../db/client";
import { AppError, forbidden } from "../../lib/errors";
import { cashHeldOf } from "./commissions";
import * as repo from "./repository";

// Who may record a sale of a raffle, and how much cash they may hold (docs/decisions/0034-vendedores.md).

/**
 * The vendedor behind this account, locked for the sale's transaction, active and allowed this raffle.
 * The lock orders a sale after a suspension (or a settlement) of the same vendedor, and two cash sales of
 * one vendedor take turns on their credit limit.
 */
export async function sellerForSale(tx: Tx, user: SessionUser, raffleId: string) {
  const found = await repo.sellerOfUser(tx, user.id);
  if (!found) throw forbidden("NOT_A_SELLER");
  const seller = await repo.lockSeller(tx, found.id);
  if (seller?.status === "suspended") throw forbidden("SELLER_SUSPENDED");
  if (seller?.status !== "active") throw forbidden("NOT_A_SELLER");
  const terms = await repo.findAssignment(tx, seller.id, raffleId);
  if (!terms?.allowed) throw forbidden("SELLER_NOT_ASSIGNED", SELLER_SALE_MESSAGES.notAssigned);
  return { seller, creditLimit: Number(terms.creditLimit) };
}

/** A cash sale of `total` (raffle currency) keeps what the vendedor holds of this raffle within the limit. */
export async function assertCashRoom(
  tx: Tx,
  sale: { sellerId: string; raffleId: string; total: number; creditLimit: number; currency: Currency },
): Promise<void> {
  const held = await cashHeldOf(tx, sale.sellerId, sale.raffleId);
  if (roundCents(held + sale.total) <= roundCents(sale.creditLimit)) return;
  const room = Math.max(0, roundCents(sale.creditLimit - held));
  const message = SELLER_SALE_MESSAGES.creditLimit(formatMoney(room, sale.currency));
  throw new AppError("SELLER_CREDIT_LIMIT", message);
}
