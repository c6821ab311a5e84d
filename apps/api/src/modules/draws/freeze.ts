// The freeze (decision 0012): when a closed raffle has no pending proof left, its ticket list is fixed and
// published in the record, and for an internal draw the drand round that will decide it is named. From
// here on nobody, Rifazo included, can change who is in the draw or choose the randomness.
import { type DrandChainInfo, firstRoundAtOrAfterMs, roundTime } from "@rifazo/shared/domain/drand";
import { type FrozenTicket, frozenListHash } from "@rifazo/shared/domain/draw-engine-v2";
import { type ClosedData, canonicalJson, type RulesPublishedData } from "@rifazo/shared/domain/draw-record";
import { LOTTERY_MESSAGES, type LotteryFallback } from "@rifazo/shared/domain/lottery-binding";
import { ownerTag } from "@rifazo/shared/domain/owner-tag";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { AppError } from "../../lib/errors";
import { findInstantPrizes } from "./instant-repository";
import * as repo from "./repository";
import { externalBinding, rulesPublishedData } from "./rules";

export type FreezeContext = Pick<AppContext, "config" | "events">;

// Record entries carry the time they happened, to the millisecond (protocol §1): rounding a freeze at
// :20.489 down to :20.000 would date it before it happened (decision 0021).

export interface FreezeOptions {
  /** The chain whose round decides the draw (default: DRAND_CHAIN_INFO). */
  chain?: DrandChainInfo;
  /** Minutes between the freeze and the named round (default: DRAW_ROUND_DELAY_MINUTES). */
  delayMinutes?: number;
  /** Pending proofs the review window expired (written into the frozen entry). */
  expiredProofs?: number;
}

/**
 * freezeRaffle (contract, decision 0012): called inside the caller's transaction with the raffle row locked,
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
  const at = now;
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

  const rules = await ensureRulesPublished(tx, raffle, at, delayMinutes);
  // Decision 0024: a list that freezes at or after the lottery's draw is never decided by its (known)
  // result: the rules' fallback applies first (the lifecycle normally applied it at the lottery's time).
  let drandFallback = await hasDrandFallback(tx, raffleId);
  const binding = externalBinding(raffle);
  if (binding && !drandFallback && at.getTime() >= binding.drawAt.getTime()) {
    if ((await recordLotteryFallback(tx, raffle, at, delayMinutes)) === "cancel") {
      throw new AppError("RAFFLE_STATE", LOTTERY_MESSAGES.fallbackUsed("cancel"));
    }
    drandFallback = true;
  }
  // Rules published earlier (at the close) fixed the delay the verifier will use.
  const delay =
    rules.announcement.type === "internal"
      ? rules.announcement.roundDelayMinutes
      : (rules.announcement.fallbackRoundDelayMinutes ?? delayMinutes);

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

  if (!external || drandFallback) {
    const round = firstRoundAtOrAfterMs(chain, at.getTime() + delay * 60_000);
    const named = {
      chain,
      round,
      roundTime: new Date(roundTime(chain, round) * 1000).toISOString(),
      delayMinutes: delay,
    };
    // v3: the latest verified beacon the server holds proves the named round was still in the future
    // (protocol §7.1). Without one the record says so and does not verify: nothing would prove it.
    const v3 = Array.isArray(rules.disqualificationReasons);
    await repo.appendRecordEntry(
      tx,
      raffleId,
      "round_named",
      at,
      v3 ? { ...named, latestBeacon: await repo.latestHeldBeacon(tx, chain, at) } : named,
    );
  }

  await repo.updateRaffle(tx, raffleId, { status: "frozen", frozenAt: at, drawTicketListHash: listHash });
  await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.frozen", id: raffleId } });
}

/**
 * The record's first entry: the rules as sold. Appended once (by the close or, failing that, the
 * freeze); returns the rules in force (the last rules_published).
 */
export async function ensureRulesPublished(
  tx: Tx,
  raffle: repo.RaffleRow,
  at: Date,
  delayMinutes: number,
): Promise<RulesPublishedData> {
  const entries = await repo.recordEntries(tx, raffle.id);
  const existing = [...entries].reverse().find((e) => e.type === "rules_published");
  if (existing?.type === "rules_published") return existing.data;
  const levels = await repo.findPrizeLevels(tx, raffle.id);
  const data = rulesPublishedData(raffle, levels, delayMinutes, await findInstantPrizes(tx, raffle.id));
  await repo.appendRecordEntry(tx, raffle.id, "rules_published", at, data);
  return data;
}

/**
 * The record begins when the raffle goes on sale (docs/draw-protocol.md §2, decision 0023): the rules as
 * sold are appended in the transaction that publishes the raffle, and again whenever they change while it
 * sells (a later end date, an edit allowed before the first sale), so a buyer's checkpoint fixes what
 * they were sold under. Nothing is appended when the rules are unchanged, when the raffle is not on sale,
 * after the close, or for a legacy external raffle (no record). Call it with the change's transaction;
 * it locks the raffle row. Returns whether an entry was appended.
 */
export async function publishRulesOnSale(
  ctx: Pick<AppContext, "config">,
  tx: Tx,
  raffleId: string,
  at: Date,
): Promise<boolean> {
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (raffle?.status !== "active") return false;
  if (raffle.announcementType === "external" && !externalBinding(raffle)) return false;
  const entries = await repo.recordEntries(tx, raffleId);
  if (entries.some((e) => e.type === "closed" || e.type === "frozen" || e.type === "cancelled")) return false;
  const last = [...entries].reverse().find((e) => e.type === "rules_published");
  const previous = last?.type === "rules_published" ? last.data : null;
  // The round delay published first stays (a restart with another DRAW_ROUND_DELAY_MINUTES changes no rule).
  const delay =
    previous?.announcement.type === "internal"
      ? previous.announcement.roundDelayMinutes
      : ctx.config.drawRoundDelayMinutes;
  const data = rulesPublishedData(
    raffle,
    await repo.findPrizeLevels(tx, raffleId),
    delay,
    await findInstantPrizes(tx, raffleId),
  );
  if (previous && canonicalJson(previous) === canonicalJson(data)) return false;
  await repo.appendRecordEntry(tx, raffleId, "rules_published", at, data);
  return true;
}

/**
 * Start-up step: raffles already on sale when the record began at publication (decision 0023) get their
 * rules published now, so their record is public and their approvals get checkpoints. Idempotent.
 */
export async function publishRulesOfRafflesOnSale(ctx: Pick<AppContext, "config" | "db">): Promise<number> {
  let published = 0;
  for (const id of await repo.activeRafflesWithoutRecord(ctx.db)) {
    if (await ctx.db.transaction((tx) => publishRulesOnSale(ctx, tx, id, new Date()))) published += 1;
  }
  return published;
}

/**
 * For LIFECYCLE's close (contract: `closed` entries are theirs to trigger): publishes the rules first
 * when the record is empty (the verifier wants them as the first entry, before the close), then
 * appends `closed`. Call it in the close's transaction with the raffle row locked.
 */
export async function recordClose(
  ctx: FreezeContext,
  tx: Tx,
  raffleId: string,
  at: Date,
  data: ClosedData,
): Promise<void> {
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw new AppError("RAFFLE_NOT_FOUND");
  if (raffle.announcementType === "external" && !externalBinding(raffle)) return; // legacy: no record
  await ensureRulesPublished(tx, raffle, at, ctx.config.drawRoundDelayMinutes);
  await repo.appendRecordEntry(tx, raffleId, "closed", at, data);
}

/** For LIFECYCLE's cancel: a raffle whose record has started records the cancellation (never after a freeze). */
export async function recordCancel(tx: Tx, raffleId: string, at: Date, reason: string): Promise<void> {
  if (!(await repo.hasRecord(tx, raffleId))) return;
  await repo.appendRecordEntry(tx, raffleId, "cancelled", at, { reason });
}

/** True once the record says the lottery drew before the freeze and the rules chose a drand draw. */
export async function hasDrandFallback(tx: Tx, raffleId: string): Promise<boolean> {
  const entries = await repo.recordEntries(tx, raffleId);
  return entries.some((e) => e.type === "lottery_fallback" && e.data.fallback === "drand");
}

/**
 * Decision 0024: the lottery drew while the list was still open, so its result can never decide the
 * raffle. Publishes the rules if needed and appends `lottery_fallback` with the rules' choice (once);
 * returns that choice. The caller cancels when it is "cancel"; "drand" makes the freeze name a round.
 */
export async function recordLotteryFallback(
  tx: Tx,
  raffle: repo.RaffleRow,
  at: Date,
  delayMinutes: number,
): Promise<LotteryFallback | null> {
  const binding = externalBinding(raffle);
  if (!binding) return null;
  const rules = await ensureRulesPublished(tx, raffle, at, delayMinutes);
  const announced = rules.announcement.type === "external" ? rules.announcement : null;
  // Rules published before decision 0024 carry no fallback: those raffles are cancelled, never decided
  // by a result that was known before the list froze.
  const fallback: LotteryFallback = announced?.fallback ?? "cancel";
  const entries = await repo.recordEntries(tx, raffle.id);
  if (entries.some((e) => e.type === "lottery_fallback")) return fallback;
  await repo.appendRecordEntry(tx, raffle.id, "lottery_fallback", at, {
    fallback,
    drawAt: binding.drawAt.toISOString(),
    reason: LOTTERY_MESSAGES.fallbackUsed(fallback),
  });
  return fallback;
}
