import {
  type AdminSeller,
  formatMoney,
  isUuid,
  SELLER_MESSAGES,
  SETTLEMENT_METHOD_LABELS,
  type sellerSettlementInputSchema,
} from "@rifazo/shared";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../lib/errors";
import { recordActorAudit } from "../audit";
import type { Actor } from "../auth";
import { commissionBalances, postSettlement } from "./commissions";
import * as repo from "./repository";
import { getSeller } from "./views";

/**
 * The organiser pays a vendedor's commission on one raffle ("liquidación"): never more than what is owed
 * then. The vendedor's row is locked first, so two payments of the same balance take turns and the second
 * sees what the first left (docs/decisions/0034-vendedores.md).
 */
export async function recordSettlement(
  ctx: Pick<AppContext, "db">,
  actor: Actor,
  sellerId: string,
  raffleId: string,
  input: z.output<typeof sellerSettlementInputSchema>,
): Promise<AdminSeller> {
  if (!isUuid(sellerId)) throw notFound("SELLER_NOT_FOUND");
  if (!isUuid(raffleId)) throw notFound("RAFFLE_NOT_FOUND");
  await ctx.db.transaction(async (tx) => {
    const seller = await repo.lockSeller(tx, sellerId);
    if (!seller) throw notFound("SELLER_NOT_FOUND");
    const raffle = await repo.assignedRaffle(tx, sellerId, raffleId);
    if (!raffle) throw notFound("RAFFLE_NOT_FOUND", SELLER_MESSAGES.notAssigned);
    const currency = raffle.currency === "VES" ? "VES" : "USD";
    const [balance] = (await commissionBalances(tx, [sellerId])).filter((b) => b.raffleId === raffleId);
    const owed = balance?.owed ?? 0;
    if (input.amount > owed) throw conflict(SELLER_MESSAGES.settlementTooLarge(formatMoney(owed, currency)));
    const method = SETTLEMENT_METHOD_LABELS[input.method];
    const entry = await postSettlement(tx, {
      sellerId,
      raffleId,
      amount: input.amount,
      currency,
      reason: `Pago de comisión: ${method}${input.reference ? ` (referencia ${input.reference})` : ""}`,
    });
    await repo.insertSettlement(tx, {
      entry,
      sellerId,
      raffleId,
      amount: input.amount,
      currency,
      method: input.method,
      reference: input.reference,
      note: input.note,
      createdBy: actor.id,
    });
    await recordActorAudit(tx, actor, {
      action: "seller.settle",
      entity: "seller",
      entityId: sellerId,
      before: { raffleId, owed },
      after: {
        raffleId,
        amount: input.amount,
        currency,
        method: input.method,
        reference: input.reference,
        entry,
      },
    });
  });
  return getSeller(ctx.db, sellerId);
}
