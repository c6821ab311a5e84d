// The freeze (issue 15): when a closed raffle has no pending proof left, its ticket list is fixed and
// published in the record, and for an internal draw the drand round that will decide it is named. From
// here on nobody, Rifazo included, can change who is in the draw or choose the randomness.
import { type DrandChainInfo, firstRoundAtOrAfterMs, roundTime } from "@rifazo/shared/domain/drand";
import { type FrozenTicket, frozenListHash } from "@rifazo/shared/domain/draw-engine-v2";
import { ownerTag } from "@rifazo/shared/domain/owner-tag";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import * as repo from "./repository";
import { externalBinding, rulesPublishedData } from "./rules";

export type FreezeContext = Pick<AppContext, "config" | "events">;

/** Record entries are timed to the second, so every reader computes the same named round. */
export function wholeSecond(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

export interface FreezeOptions {
  /** The chain whose round decides the draw (default: DRAND_CHAIN_INFO). */
  chain?: DrandChainInfo;
  /** Minutes between the freeze and the named round (default: DRAW_ROUND_DELAY_MINUTES). */
  delayMinutes?: number;
  /** Pending proofs the review window expired (written into the frozen entry). */
  expiredProofs?: number;
}

/**
 * freezeRaffle (contract, issue 15): called inside the caller's transaction with the raffle row locked,
 * when a closed raffle has no pending proof left. Appends `rules_published` if the record has none,
 * then `frozen` (ascending sold tickets with each one's owner tag, from the receipt secret of the
 * purchase that bought it, and the list hash) and, for an internal draw, `round_named`; sets the status
 * 'frozen' and frozen_at; publishes a realtime raffle event.
 */
export async function freezeRaffle(ctx: FreezeContext, tx: Tx, raffleId: string, now: Date): Promise<void> {
  await freezeRaffleWith(ctx, tx, raffleId, now, {});
}

/** freezeRaffle with the chain and delay given (the demo seed freezes a raffle at a past time on quicknet). */
export async function freezeRaffleWith(
  ctx: FreezeContext,
  tx: Tx,
  raffleId: string,
  now: Date,
  options: FreezeOptions,
): Promise<void> {
  const at = wholeSecond(now);
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw new AppError("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(tx, raffleId);
  if (entries.some((entry) => entry.type === "frozen")) return; // already frozen: nothing to do
  const external = raffle.announcementType === "external";
  if (external && !externalBinding(raffle)) {
    // A legacy external raffle (announced on a live broadcast, no lottery bound before the sale): it
    // has no record; its winners are registered as before (admin winners module).
    await repo.updateRaffle(tx, raffleId, { status: "frozen", frozenAt: at });
    await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.frozen", id: raffleId } });
    return;
  }
  const chain = options.chain ?? ctx.config.drandChainInfo;
  const delayMinutes = options.delayMinutes ?? ctx.config.drawRoundDelayMinutes;

  if (!entries.some((entry) => entry.type === "rules_published")) {
    const levels = await repo.findPrizeLevels(tx, raffleId);
    await repo.appendRecordEntry(
      tx,
      raffleId,
      "rules_published",
      at,
      rulesPublishedData(raffle, levels, delayMinutes),
    );
  }

  const sold = await repo.findSoldTicketsWithSecrets(tx, raffleId);
  const tickets: FrozenTicket[] = [];
  for (const ticket of sold) {
    tickets.push({
      number: ticket.ticketNumber,
      tag: await ownerTag(ticket.receiptSecret, raffleId, ticket.ticketNumber),
    });
  }
  const listHash = await frozenListHash(tickets);
  await repo.appendRecordEntry(tx, raffleId, "frozen", at, {
    tickets,
    ticketCount: tickets.length,
    listHash,
    expiredProofs: options.expiredProofs ?? 0,
  });

  if (!external) {
    const round = firstRoundAtOrAfterMs(chain, at.getTime() + delayMinutes * 60_000);
    await repo.appendRecordEntry(tx, raffleId, "round_named", at, {
      chain,
      round,
      roundTime: new Date(roundTime(chain, round) * 1000).toISOString(),
      delayMinutes,
    });
  }

  await repo.updateRaffle(tx, raffleId, { status: "frozen", frozenAt: at, drawTicketListHash: listHash });
  await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.frozen", id: raffleId } });
}
