// Instant wins nobody can aim (docs/decisions/0035-prizes-on-the-record.md, "Instant wins"): an approval
// that makes a purchase final names a future drand round on the record (`instant_final`); once the round is
// out, one `instant_draw` decides every purchase waiting on it with the public rule rifazo-instant-1
// (decideInstantBatch), and the winners get their rows and their "¡Ganaste!". The budget cannot be
// overrun: a batch is decided in one transaction with the raffle row locked, from the record's order.
import { claimDeadline, DEFAULT_CLAIM_PERIOD_DAYS, formatTicketNumber } from "@rifazo/shared";
import {
  type DrandBeacon,
  type DrandChainInfo,
  firstRoundAtOrAfterMs,
  roundTime,
  verifyBeacon,
} from "@rifazo/shared/domain/drand";
import type {
  InstantWin,
  LatestBeacon,
  RecordEntry,
  RulesPublishedData,
} from "@rifazo/shared/domain/draw-record";
import {
  decideInstantBatch,
  INSTANT_DELAY_MS,
  INSTANT_PRIZE_LEVEL,
  instantPrizeTotal,
  instantSlots,
} from "@rifazo/shared/domain/instant-draw";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { conflict, notFound } from "../../lib/errors";
import { announceProofChange } from "../events";
import { notify } from "../notifications";
import { supportWhatsapp } from "../settings";
import * as instantRepo from "./instant-repository";
import {
  committedThenMailed,
  type DrawContext,
  type DueFailure,
  forEachDueBeacon,
  laterOf,
  protocol,
} from "./record-common";
import * as repo from "./repository";

export const INSTANT_MESSAGES = {
  wrongRound: (named: number, got: number) =>
    `Estas compras se deciden con la ronda ${named} de drand; la ronda ${got} no sirve.`,
} as const;

/**
 * The round an instant_final at `at` names: the first published at least INSTANT_DELAY_MS after the entry
 * and after the latest beacon the server held (then nobody, Rifazo included, knows its randomness).
 */
export function instantRoundFor(
  chain: DrandChainInfo,
  at: Date,
  latestBeacon: Pick<LatestBeacon, "round"> | null,
): number {
  const afterEntry = firstRoundAtOrAfterMs(chain, at.getTime() + INSTANT_DELAY_MS);
  const afterBeacon = latestBeacon
    ? firstRoundAtOrAfterMs(chain, roundTime(chain, latestBeacon.round) * 1000 + INSTANT_DELAY_MS)
    : 0;
  return Math.max(afterEntry, afterBeacon);
}

const isoOfRound = (chain: DrandChainInfo, round: number) =>
  new Date(roundTime(chain, round) * 1000).toISOString();

/**
 * Called by the approval that sells `tickets` (approveInTransaction, right after the raffle's sold count,
 * so approvals of the raffle take turns from here to COMMIT): appends `instant_final` when the rules in
 * force offer instant prizes and some are left after the last instant_draw. No network: the latest beacon
 * is the one the server already holds for the chain (null when none). Returns the entry, or null.
 */
export async function recordInstantFinal(
  ctx: Pick<AppContext, "config">,
  tx: Tx,
  raffleId: string,
  tickets: number[],
  now: Date,
): Promise<RecordEntry<"instant_final"> | null> {
  if (tickets.length === 0) return null;
  const state = await instantRepo.instantState(tx, raffleId);
  const kinds = state.rules?.instantPrizes;
  if (!kinds || kinds.length === 0) return null;
  const prizesLeft = state.lastDraw ? state.lastDraw.prizesLeft : instantPrizeTotal(kinds);
  if (prizesLeft <= 0) return null;
  // A record never goes back in time: the round is counted from the entry's real time.
  const at = state.lastAt ? laterOf(now, state.lastAt) : now;
  // Every final of a raffle names the same chain (the configured one when the first was written).
  const chain = state.chain ?? ctx.config.drandChainInfo;
  const latestBeacon = await repo.latestHeldBeacon(tx, chain, at);
  const round = instantRoundFor(chain, at, latestBeacon);
  return repo.appendRecordEntry(tx, raffleId, "instant_final", at, {
    tickets: [...tickets].sort((a, b) => a - b),
    chain,
    round,
    roundTime: isoOfRound(chain, round),
    latestBeacon,
  });
}

export type InstantRoundOutcome = "drawn" | "waiting" | "done";

/**
 * Decides every purchase waiting on `round` with its beacon (verified on the chain the finals named) and
 * appends `instant_draw`, in one transaction with the raffle row locked. Idempotent: a round already drawn,
 * or that no final names, is "done"; while an earlier round is still owed it is "waiting".
 */
export async function decideInstantRound(
  ctx: DrawContext,
  raffleId: string,
  round: number,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  now = new Date(),
): Promise<InstantRoundOutcome> {
  const { outcome } = await committedThenMailed(ctx, (tx) =>
    decideInstantRoundIn(ctx, tx, raffleId, round, beacon, source, now),
  );
  return outcome;
}

/** The finals still waiting (naming a round after the last one drawn), in record order. */
function pendingFinals(entries: RecordEntry[]): RecordEntry<"instant_final">[] {
  const drawn = entries.reduce(
    (max, e) => (e.type === "instant_draw" ? Math.max(max, e.data.round) : max),
    0,
  );
  return entries.filter(
    (e): e is RecordEntry<"instant_final"> => e.type === "instant_final" && e.data.round > drawn,
  );
}

export async function decideInstantRoundIn(
  ctx: DrawContext,
  tx: Tx,
  raffleId: string,
  round: number,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  now: Date,
): Promise<{ outcome: InstantRoundOutcome; queued: number }> {
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  // Nothing follows a cancellation on the record (docs/draw-protocol.md §11): its purchases are refunded.
  if (raffle.status === "cancelled") return { outcome: "done", queued: 0 };
  const state = await instantRepo.instantState(tx, raffleId);
  const entries = await instantRepo.instantEntries(tx, raffleId);
  const pending = pendingFinals(entries);
  const first = pending.reduce((min, e) => Math.min(min, e.data.round), Number.POSITIVE_INFINITY);
  if (!state.rules || pending.length === 0 || first > round) return { outcome: "done", queued: 0 };
  if (first < round) return { outcome: "waiting", queued: 0 };
  const batch = pending.filter((e) => e.data.round === round);
  const chain = (batch[0] as RecordEntry<"instant_final">).data.chain;
  if (beacon.round !== round) throw conflict(INSTANT_MESSAGES.wrongRound(round, beacon.round));
  const randomness = await protocol(() => verifyBeacon(chain, beacon));

  const decided = await decideBatch(raffleId, state.rules, state.lastDraw, batch, randomness);
  const at = laterOf(now, batch[0]?.data.roundTime as string);
  const signature = beacon.signature.toLowerCase();
  await repo.storeBeacon(tx, chain.hash, { round, signature }, at);
  const entry = await repo.appendRecordEntry(tx, raffleId, "instant_draw", at, {
    algorithm: "rifazo-instant-1",
    round,
    signature,
    randomness,
    source,
    decided: decided.decided,
    prizesLeft: decided.budget.prizesLeft,
    undecided: decided.budget.undecided,
  });
  const queued = await writeInstantWinners(ctx, tx, raffle, state.rules, entry, batch);
  return { outcome: "drawn", queued };
}

/**
 * decideInstantBatch from the budget the previous instant_draw left (the whole budget before the first);
 * the wins take consecutive slots from (total − prizes left), in the order the rule returns them.
 */
async function decideBatch(
  raffleId: string,
  rules: RulesPublishedData,
  lastDraw: instantRepo.InstantState["lastDraw"],
  batch: RecordEntry<"instant_final">[],
  randomness: string,
) {
  const slots = instantSlots(rules.instantPrizes);
  const budget = lastDraw
    ? { prizesLeft: lastDraw.prizesLeft, undecided: lastDraw.undecided }
    : { prizesLeft: instantPrizeTotal(rules.instantPrizes), undecided: rules.totalTickets };
  const result = await protocol(() =>
    decideInstantBatch(
      raffleId,
      randomness,
      batch.map((e) => ({ seq: e.seq, tickets: e.data.tickets })),
      budget,
    ),
  );
  let index = slots.length - budget.prizesLeft;
  const decided = result.results.map((r) => ({
    final: r.seq,
    wins: r.wins.map((ticketNumber): InstantWin => {
      const slot = index++;
      return { ticketNumber, index: slot, description: slots[slot]?.description ?? "Premio instantáneo" };
    }),
  }));
  return { decided, budget: result.budget };
}

/**
 * The winner rows (source 'instant', level 0, the slot as index), each winner's "¡Ganaste!" with its email,
 * and the events that refresh the raffle's page and the buyers' payments. Returns the emails queued.
 */
async function writeInstantWinners(
  ctx: DrawContext,
  tx: Tx,
  raffle: repo.RaffleRow,
  rules: RulesPublishedData,
  entry: RecordEntry<"instant_draw">,
  batch: RecordEntry<"instant_final">[],
): Promise<number> {
  const wins = entry.data.decided.flatMap((d) => d.wins);
  const owners = await instantRepo.ticketOwners(
    tx,
    raffle.id,
    batch.flatMap((e) => e.data.tickets),
  );
  const byNumber = new Map(owners.map((o) => [o.ticketNumber, o]));
  const announcedAt = new Date(entry.at);
  const inserted = await instantRepo.insertInstantWinners(
    tx,
    wins.map((w) => {
      const owner = byNumber.get(w.ticketNumber);
      return {
        raffleId: raffle.id,
        ticketId: owner?.id ?? null,
        ticketNumber: w.ticketNumber,
        userId: owner?.userId ?? null,
        winnerName: owner?.ownerName ?? "Participante",
        prizeLevel: INSTANT_PRIZE_LEVEL,
        prizeIndex: w.index,
        prizeDescription: w.description,
        source: "instant",
        announcedAt,
      };
    }),
  );
  const deadline = claimDeadline(entry.at, rules.claimPeriodDays ?? DEFAULT_CLAIM_PERIOD_DAYS);
  const whatsapp = await supportWhatsapp(tx);
  const told = await notify(
    tx,
    ctx,
    inserted.flatMap((row) => {
      const owner = byNumber.get(row.ticketNumber);
      const win = wins.find((w) => w.ticketNumber === row.ticketNumber);
      return owner?.userId && win
        ? [{ userId: owner.userId, email: owner.email, name: owner.ownerName, row, win }]
        : [];
    }),
    "instantWon",
    ({ row, win }) => ({
      raffleId: raffle.id,
      raffleTitle: raffle.title,
      ticket: formatTicketNumber(row.ticketNumber, raffle.totalTickets),
      prize: win.description,
      winnerId: row.id,
      claimDeadline: deadline,
      organiserWhatsapp: whatsapp,
    }),
  );
  await ctx.events.publish(tx, {
    topic: "raffle",
    payload: { type: "raffle.updated", id: raffle.id, change: "instant" },
  });
  // Each purchase decided: its payment page shows the outcome now.
  const proofs = new Set(owners.flatMap((o) => (o.status === "sold" && o.paymentId ? [o.paymentId] : [])));
  for (const proofId of proofs) await announceProofChange(ctx.events, tx, proofId, "instant");
  return told.mails;
}

/** Rounds owed to instant purchases that are out, drawn with the relays' beacon (the draw job). */
export async function resolveDueInstantDraws(
  ctx: DrawContext,
  now = new Date(),
  onFailure: DueFailure = () => {},
): Promise<number> {
  let drawn = 0;
  const due = await instantRepo.findDueInstantRounds(ctx.db, now);
  await forEachDueBeacon(ctx, due, onFailure, async (item, beacon) => {
    if ((await decideInstantRound(ctx, item.raffleId, item.round, beacon, "relay", now)) === "drawn")
      drawn += 1;
  });
  return drawn;
}
