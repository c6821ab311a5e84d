import type { DrawResult } from "@rifazo/shared";
import { type DrandBeacon, verifyBeacon } from "@rifazo/shared/domain/drand";
import { ALGORITHM_VERSION_V2, drawV2 } from "@rifazo/shared/domain/draw-engine-v2";
import type { DrawRecord, RecordWinner } from "@rifazo/shared/domain/draw-record";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { AppError, conflict, notFound } from "../../lib/errors";
import { recordRaffleAudit } from "../audit";
import type { Actor } from "../auth";
import { advanceNow } from "../raffle-state";
import { announceWinners } from "./announce";
import { fetchRound } from "./drand-relays";
import {
  asRecord,
  committedThenMailed,
  DRAW_V2_MESSAGES,
  type DrawContext,
  type DueFailure,
  find,
  forEachDueBeacon,
  laterOf,
  protocol,
  recordFacts,
  verifiesOn,
  winnerRows,
} from "./record-common";
import { refreshLatestBeacon } from "./record-disqualify";
import { resolveReplacement } from "./record-replacement";
import * as repo from "./repository";
import { DRAW_MESSAGES, storedResult } from "./service";

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

/** GET /api/raffles/:id/record: the whole record (ticket numbers and owner tags, never a person). */
export async function recordFor(ctx: Pick<AppContext, "db">, raffleId: string): Promise<DrawRecord> {
  const raffle = await repo.findRaffle(ctx.db, raffleId);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(ctx.db, raffleId);
  if (entries.length === 0) throw notFound("NOT_FOUND", DRAW_V2_MESSAGES.noRecord);
  return asRecord(raffleId, entries);
}

// ---------------------------------------------------------------------------------------------
// The drand draw
// ---------------------------------------------------------------------------------------------

export interface DrawOptions {
  viewerId?: string | null;
  now?: Date;
}

/**
 * performDraw: verifies `beacon` against the chain the record named at the freeze (it must be that
 * very round), appends `beacon` and `winners`, writes the winners, finishes the raffle and announces it.
 * Idempotent under the raffle lock: once drawn, any call returns the stored result, whatever it passes.
 */
export async function performDraw(
  ctx: DrawContext,
  raffleId: string,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  options: DrawOptions = {},
): Promise<DrawResult> {
  const { result } = await committedThenMailed(ctx, (tx) =>
    performDrawIn(ctx, tx, raffleId, beacon, source, options),
  );
  return result;
}

/**
 * performDraw inside the caller's transaction (the demo seed draws its v2 raffle this way, without
 * announcing). Returns the result and how many emails were queued.
 */
export async function performDrawIn(
  ctx: DrawContext,
  tx: Tx,
  raffleId: string,
  beacon: DrandBeacon,
  source: "relay" | "admin",
  options: DrawOptions & { announce?: boolean } = {},
): Promise<{ result: DrawResult; queued: number }> {
  const viewerId = options.viewerId ?? null;
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(tx, raffleId);
  if (raffle.drawnAt || find(entries, "winners"))
    return { result: await storedResult(tx, raffle, viewerId), queued: 0 };
  const { rules, frozen, named, external } = recordFacts(entries);
  if (external) throw conflict(DRAW_V2_MESSAGES.external);
  if (!rules || !frozen || !named || raffle.status !== "frozen") throw conflict(DRAW_V2_MESSAGES.notFrozen);
  if (beacon.round !== named.round) throw conflict(DRAW_V2_MESSAGES.wrongRound(named.round, beacon.round));
  const randomness = await protocol(() => verifyBeacon(named.chain, beacon));

  // A verified beacon exists only once its round is out; the server clock may lag a little.
  const at = laterOf(options.now ?? new Date(), named.roundTime);
  await repo.storeBeacon(tx, named.chain.hash, { round: named.round, signature: beacon.signature }, at);
  await repo.appendRecordEntry(tx, raffleId, "beacon", at, {
    round: named.round,
    signature: beacon.signature.toLowerCase(),
    randomness,
    source,
  });
  const tags = new Map(frozen.data.tickets.map((t) => [t.number, t.tag]));
  const drawn = await drawV2({
    raffleId,
    listHash: frozen.data.listHash,
    randomness,
    ticketNumbers: frozen.data.tickets.map((t) => t.number),
    prizeLevels: rules.prizeLevels,
  });
  const picks: RecordWinner[] = drawn.picks.map((w) => ({ ...w, tag: tags.get(w.ticketNumber) ?? "" }));
  await repo.appendRecordEntry(tx, raffleId, "winners", at, {
    algorithm: ALGORITHM_VERSION_V2,
    winners: picks,
  });
  const queued = await writeWinners(
    ctx,
    tx,
    raffle,
    picks,
    "internal",
    at,
    frozen.data.listHash,
    options.announce ?? true,
  );
  const updated = await repo.findRaffle(tx, raffleId);
  if (!updated) throw new AppError("INTERNAL");
  return { result: await storedResult(tx, updated, viewerId), queued };
}

/** Inserts the winner rows of a draw or a lottery result, finishes the raffle and tells everyone. */
export async function writeWinners(
  ctx: DrawContext,
  tx: Tx,
  raffle: repo.RaffleRow,
  picks: RecordWinner[],
  source: "internal" | "external",
  at: Date,
  listHash: string,
  announce = true,
): Promise<number> {
  const rows = await winnerRows(tx, raffle.id, picks, source, at);
  await repo.insertWinners(tx, rows);
  const first = rows[0];
  await repo.updateRaffle(tx, raffle.id, {
    status: "finished",
    drawnAt: at,
    drawAlgorithm: source === "internal" ? ALGORITHM_VERSION_V2 : null,
    drawTicketListHash: listHash,
    winnerId: first?.userId ?? null,
    winnerName: first?.winnerName ?? null,
    winningTicketNumber: first?.ticketNumber ?? null,
  });
  const queued = announce ? await announceWinners(ctx, tx, raffle, rows) : 0;
  await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.drawn", id: raffle.id } });
  return queued;
}

/**
 * POST /api/raffles/:id/draw: anyone may press it; the result is fixed. A drawn raffle (a v1 draw kept
 * from before decision 0012, or a v2 one) answers its stored result; a frozen one whose round is out is drawn
 * with the beacon fetched from the relays. There is no other path: every raffle still to draw is closed,
 * frozen with a record and drawn by drand.
 */
export async function drawOnDemand(
  ctx: AppContext,
  raffleId: string,
  options: DrawOptions = {},
): Promise<DrawResult> {
  const now = options.now ?? new Date();
  // The lifecycle first, committed on its own (a refused draw must not undo it): a raffle whose sales
  // just ended closes, and freezes when nothing is pending. A freeze cites the latest verified beacon
  // (decision 0021), so one is fetched first unless the raffle is already past the freeze.
  const before = await repo.findRaffle(ctx.db, raffleId);
  if (before && !before.drawnAt && (before.status === "active" || before.status === "closed")) {
    await refreshLatestBeacon(ctx, ctx.config.drandChainInfo, now).catch(() => null);
  }
  await advanceNow(ctx, raffleId, now);
  const raffle = await repo.findRaffle(ctx.db, raffleId);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  if (raffle.drawnAt) return storedResult(ctx.db, raffle, options.viewerId ?? null);
  if (raffle.status === "cancelled") throw conflict(DRAW_MESSAGES.cancelled, "RAFFLE_STATE");
  const entries = await repo.recordEntries(ctx.db, raffleId);
  const { named, external } = recordFacts(entries);
  if (external) throw conflict(DRAW_V2_MESSAGES.external);
  // A raffle announced on a live broadcast (no lottery bound before the sale) has its winners registered.
  if (raffle.announcementType === "external") throw conflict(DRAW_MESSAGES.external);
  // Only a frozen list is drawn: proofs from before the close are never left out by an early draw.
  if (raffle.status !== "frozen" || !named) throw conflict(DRAW_V2_MESSAGES.notFrozen, "RAFFLE_STATE");
  if (Date.parse(named.roundTime) > now.getTime()) {
    throw conflict(DRAW_V2_MESSAGES.tooEarly(named.round, named.roundTime));
  }
  const fetched = await fetchRound({
    relays: ctx.config.drandRelays,
    chainHash: named.chain.hash,
    round: named.round,
    accept: verifiesOn(named.chain),
    timeoutMs: 4_000,
    attempts: 2,
    retryDelayMs: 500,
  });
  if (!fetched.ok) {
    ctx.log.warn(
      { raffleId, round: named.round, errors: fetched.errors },
      "sorteo: ningún relay de drand respondió",
    );
    throw new AppError("SERVICE_UNAVAILABLE", DRAW_V2_MESSAGES.relaysDown(named.round));
  }
  return performDraw(ctx, raffleId, fetched.beacon, "relay", options);
}

/** POST /api/admin/raffles/:id/beacon: verified exactly as a relay's answer, so pasting grants no power. */
export async function pasteBeacon(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  beacon: { round: number; signature: string },
): Promise<DrawResult> {
  // A drawn raffle whose disqualification waits for this very round: the paste draws the replacement
  // (verified against the chain the disqualification named, exactly as the job's relay answer).
  const entries = await repo.recordEntries(ctx.db, raffleId);
  const waiting = entries.find(
    (e) =>
      e.type === "disqualification" &&
      e.data.round === beacon.round &&
      !entries.some((r) => r.type === "replacement" && r.data.disqualification === e.seq),
  );
  if (waiting && find(entries, "winners")) {
    await resolveReplacement(ctx, raffleId, waiting.seq, beacon, "admin");
  }
  const result = await performDraw(
    ctx,
    raffleId,
    { round: beacon.round, signature: beacon.signature },
    "admin",
    {
      viewerId: actor.id,
    },
  );
  await ctx.db.transaction(async (tx) => {
    await recordRaffleAudit(tx, actor, "raffle.beacon", raffleId, {
      after: { round: beacon.round, signature: beacon.signature },
    });
  });
  return result;
}

// ---------------------------------------------------------------------------------------------
// The draw job
// ---------------------------------------------------------------------------------------------

/**
 * Draws every frozen internal raffle whose round is out, with the beacon from the relays. Returns the
 * raffles drawn; a relay failure leaves the raffle for the next pass (or an admin's paste).
 */
export async function drawDueRaffles(
  ctx: DrawContext,
  now = new Date(),
  skip: (raffleId: string) => boolean = () => false,
  onFailure: DueFailure = () => {},
): Promise<string[]> {
  const due = (await repo.findDueRounds(ctx.db, now)).filter((row) => !skip(row.raffleId));
  const drawn: string[] = [];
  await forEachDueBeacon(ctx, due, onFailure, async (row, beacon) => {
    await performDraw(ctx, row.raffleId, beacon, "relay", { now });
    drawn.push(row.raffleId);
  });
  return drawn;
}
