import {
  type AdminSeller,
  formatMoney,
  isUuid,
  SELLER_MESSAGES,
  SETTLEMENT_KIND_LABELS,
  SETTLEMENT_METHOD_LABELS,
  type sellerSettlementInputSchema,
} from "@rifazo/shared";
import type { z } from "zod";
import type { AppContext } from "../../context";
import { conflict, notFound } from "../../lib/errors";
import { recordActorAudit } from "../audit";
import type { Actor } from "../auth";
import { commissionBalances, postCashHandover, postSettlement } from "./commissions";
import * as repo from "./repository";
import { getSeller } from "./views";

/**
 * A "liquidación" on one raffle: the organiser pays a vendedor's commission (never more than what is owed
 * then), or records the cash of their sales the vendedor handed over (never more than they hold). The
 * vendedor's row is locked first, so two settlements of the same balance take turns and the second sees
 * what the first left (docs/decisions/0034-vendedores.md).
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
    const cash = input.kind === "cash";
    const owed = (cash ? balance?.cashHeld : balance?.owed) ?? 0;
    if (input.amount > owed) {
      const shown = formatMoney(Math.max(0, owed), currency);
      throw conflict(cash ? SELLER_MESSAGES.cashTooLarge(shown) : SELLER_MESSAGES.settlementTooLarge(shown));
    }
    const method = SETTLEMENT_METHOD_LABELS[input.method];
    const posting = {
      sellerId,
      raffleId,
      amount: input.amount,
      currency,
      reason: `${SETTLEMENT_KIND_LABELS[input.kind]}: ${method}${input.reference ? ` (referencia ${input.reference})` : ""}`,
    };
    const entry = cash ? await postCashHandover(tx, posting) : await postSettlement(tx, posting);
    await repo.insertSettlement(tx, {
      entry,
      sellerId,
      raffleId,
      kind: input.kind,
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
      before: { raffleId, [cash ? "cashHeld" : "owed"]: owed },
      after: {
        raffleId,
        kind: input.kind,
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
