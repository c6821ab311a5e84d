// Blind disqualification (decision 0021): the winner leaves, the replacement waits for a future round.
import { createHash } from "node:crypto";
import { formatTicketNumber, PRIZE_MESSAGES } from "@rifazo/shared";
import {
  type DrandChainInfo,
  firstRoundAtOrAfterMs,
  latestRoundAt,
  roundTime,
} from "@rifazo/shared/domain/drand";
import {
  type LatestBeacon,
  RECORD_FORMAT_V3,
  recordFormatOf,
  verifyRecord,
} from "@rifazo/shared/domain/draw-record";
import { INSTANT_PRIZE_LEVEL } from "@rifazo/shared/domain/instant-draw";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { AppError, badRequest, conflict, notFound } from "../../lib/errors";
import { recordRaffleAudit } from "../audit";
import type { Actor } from "../auth";
import { notify } from "../notifications";
import { fetchRound } from "./drand-relays";
import {
  asRecord,
  DRAW_V2_MESSAGES,
  type DrawContext,
  find,
  last,
  laterOf,
  recordFacts,
  verifiesOn,
} from "./record-common";
import { awardedAtOf, claimedByCurrentHolder } from "./record-prizes";
import { refreshWinnerSummary } from "./record-replacement";
import * as repo from "./repository";

// ---------------------------------------------------------------------------------------------
// Disqualification (blind, decision 0021)
// ---------------------------------------------------------------------------------------------

export interface DisqualifyInput {
  level: number;
  /** 0-based index of the pick within its level (as in the record). */
  index: number;
  /** A code of the rules' closed list: "unclaimed" or "fraud". */
  reason: string;
  /** The evidence document of a "fraud" disqualification, base64 (stored privately; the record keeps its SHA-256). */
  evidence?: { contentType: string; dataBase64: string } | undefined;
  /** The round that draws the replacement; by default the first at least the delay after now. */
  round?: number | undefined;
}

export interface DisqualifyResult {
  disqualified: { level: number; index: number; ticketNumber: string };
  replacement: { level: number; index: number; ticketNumber: string } | null;
  /** The round whose randomness will draw the replacement, and when it is published. */
  pendingRound: { round: number; roundTime: string } | null;
}

const MAX_EVIDENCE_BYTES = 700 * 1024;

/** A disqualification's evidence document, read and hashed before the transaction. */
type Evidence = { bytes: Buffer; sha256: string; contentType: string };

/**
 * Fetches the round published at `now` (or the one before, should the relays lag) and keeps it when it
 * verifies against `chain`: the latest beacon freezes and disqualifications cite as proof that the round
 * they name is still in the future. The draw job calls it every pass; null when no relay answered.
 */
export async function refreshLatestBeacon(
  ctx: Pick<AppContext, "db" | "config">,
  chain: DrandChainInfo = ctx.config.drandChainInfo,
  now = new Date(),
): Promise<LatestBeacon | null> {
  const latest = latestRoundAt(chain, now.getTime() / 1000);
  for (const round of [latest, latest - 1]) {
    if (round < 1) continue;
    const fetched = await fetchRound({
      relays: ctx.config.drandRelays,
      chainHash: chain.hash,
      round,
      accept: verifiesOn(chain),
      timeoutMs: 3_000,
      attempts: 1,
    });
    if (fetched.ok) {
      const beacon = { round, signature: fetched.beacon.signature.toLowerCase() };
      await repo.storeBeacon(ctx.db, chain.hash, beacon, now);
      return beacon;
    }
  }
  return null;
}

/**
 * Disqualifies a current winner for a reason of the rules' closed list (decision 0021). The record entry
 * names a drand round at least the configured delay later, with the latest verified beacon the server
 * holds as proof that the round is still in the future; the replacement is drawn from that round's
 * randomness (and this entry's hash) once it is published, by the draw job or an admin's paste. So when
 * the organiser decides, nobody can know who would come in.
 */
export async function disqualifyWinner(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  input: DisqualifyInput,
  clock = new Date(),
): Promise<DisqualifyResult> {
  refuseInstant(input);
  // The latest beacon first (network, outside the transaction): the proof this entry will carry.
  const before = await repo.recordEntries(ctx.db, raffleId);
  // The entry's time, which the round is computed from: never before the previous entry (a record never
  // goes back in time, so a clock behind the last entry must not name a round too soon for it).
  const lastAt = before[before.length - 1]?.at;
  const now = lastAt ? laterOf(clock, lastAt) : clock;
  const drawChain = find(before, "round_named")?.data.chain ?? ctx.config.drandChainInfo;
  await refreshLatestBeacon(ctx, drawChain, now).catch(() => null);

  let evidence: Evidence | null = null;
  if (input.evidence) {
    const bytes = Buffer.from(input.evidence.dataBase64, "base64");
    if (bytes.length === 0 || bytes.length > MAX_EVIDENCE_BYTES)
      throw badRequest(DRAW_V2_MESSAGES.evidenceInvalid);
    evidence = {
      bytes,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      contentType: input.evidence.contentType,
    };
  }

  return ctx.db.transaction((tx) => disqualifyWinnerIn(ctx, tx, actor, raffleId, input, now, evidence));
}

/**
 * Instant prizes (level 0) are never redrawn (docs/decisions/0035-prizes-on-the-record.md): each slot was
 * decided once by its drand round, and the rule has no replacement, so no disqualification names one.
 */
export const INSTANT_NOT_REDRAWN =
  "Los premios instantáneos no se descalifican ni se vuelven a sortear: cada uno se decidió con su ronda de drand y queda en el acta.";

function refuseInstant(input: DisqualifyInput): void {
  if (input.level === INSTANT_PRIZE_LEVEL) throw badRequest(INSTANT_NOT_REDRAWN);
}

/**
 * disqualifyWinner inside the caller's transaction, at `now` (the demo seed disqualifies its drawn
 * raffle's winner this way, on quicknet's recorded rounds).
 */
export async function disqualifyWinnerIn(
  ctx: DrawContext,
  tx: Tx,
  actor: { id: string | null; ip: string | null },
  raffleId: string,
  input: DisqualifyInput,
  now: Date,
  evidence: Evidence | null = null,
): Promise<DisqualifyResult> {
  refuseInstant(input);
  const { raffle, rules, named, rule, target } = await checkDisqualification(
    ctx,
    tx,
    raffleId,
    input,
    now,
    evidence,
  );
  // The round: at least the delay after now, and after the latest beacon the server holds.
  const chain = named?.chain ?? ctx.config.drandChainInfo;
  const delay = rules.replacementDelayMinutes as number;
  const { latest, round, pendingRound } = await replacementRound(tx, chain, delay, input.round, now);

  if (evidence) await storeEvidence(ctx, tx, raffleId, actor, evidence);
  await repo.appendRecordEntry(tx, raffleId, "disqualification", now, {
    level: target.level,
    index: target.index,
    ticketNumber: target.ticketNumber,
    reason: rule.code,
    reasonText: rule.text,
    evidenceHash: evidence?.sha256 ?? null,
    chain,
    round,
    roundTime: pendingRound.roundTime,
    delayMinutes: delay,
    latestBeacon: latest,
  });
  const removed = await repo.markDisqualified(tx, raffleId, target.ticketNumber, rule.text, now);
  if (removed?.userId) {
    await notify(tx, ctx, { userId: removed.userId }, "prizeAnnulled", {
      raffleId: raffle.id,
      raffleTitle: raffle.title,
      ticket: formatTicketNumber(target.ticketNumber, raffle.totalTickets),
      reason: rule.text,
    });
  }
  await refreshWinnerSummary(tx, raffle.id);
  await recordRaffleAudit(tx, actor, "raffle.disqualify", raffleId, {
    before: { level: target.level, index: target.index, ticketNumber: target.ticketNumber },
    after: { reason: rule.code, evidenceHash: evidence?.sha256 ?? null, round },
  });
  await ctx.events.publish(tx, {
    topic: "raffle",
    payload: { type: "raffle.updated", id: raffleId, change: "winners" },
  });
  return {
    disqualified: {
      level: target.level,
      index: target.index,
      ticketNumber: formatTicketNumber(target.ticketNumber, raffle.totalTickets),
    },
    replacement: null,
    pendingRound,
  };
}

/**
 * Locks the raffle and checks the disqualification against its record: drawn, in the blind format (v3),
 * verifying, the reason on the rules' closed list, a current winner at (level, index) whose replacement is
 * not already waiting, the claim period over for "unclaimed" and the evidence present for "fraud".
 */
async function checkDisqualification(
  ctx: DrawContext,
  tx: Tx,
  raffleId: string,
  input: DisqualifyInput,
  now: Date,
  evidence: Evidence | null,
) {
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(tx, raffleId);
  const { rules, frozen, named, external } = recordFacts(entries);
  const drawnEntry = external ? last(entries, "external_result") : find(entries, "winners");
  if (!rules || !frozen || !drawnEntry) throw conflict(DRAW_V2_MESSAGES.notDrawn);
  if (recordFormatOf(entries) !== RECORD_FORMAT_V3) throw conflict(DRAW_V2_MESSAGES.v2Record);
  // Decision 0035: the record proves the winner claimed within the period, so "unclaimed" cannot apply.
  if (input.reason.trim() === "unclaimed" && claimedByCurrentHolder(entries, input.level, input.index))
    throw conflict(PRIZE_MESSAGES.unclaimedAfterClaim);
  const verification = await verifyRecord(asRecord(raffleId, entries));
  if (!verification.ok) {
    ctx.log.error({ raffleId, checks: verification.checks.filter((c) => !c.ok) }, "acta: no verifica");
    throw conflict(DRAW_V2_MESSAGES.recordBroken);
  }
  const reasons = rules.disqualificationReasons ?? [];
  const rule = reasons.find((r) => r.code === input.reason.trim());
  if (!rule) throw badRequest(DRAW_V2_MESSAGES.reasonNotListed(reasons.map((r) => r.code)));
  const waiting = verification.decisions.find(
    (d) => d.status === "pending" && d.level === input.level && d.index === input.index,
  );
  if (waiting?.round) throw badRequest(DRAW_V2_MESSAGES.replacementPending(waiting.round));
  const target = verification.winners.find((w) => w.level === input.level && w.index === input.index);
  if (!target) throw badRequest(DRAW_V2_MESSAGES.noWinnerAt(input.level, input.index));

  if (rule.code === "unclaimed") {
    const since = awardedAtOf(entries, target.level, target.index);
    if (!since) throw new AppError("INTERNAL");
    const days = rules.claimPeriodDays as number;
    const due = new Date(Date.parse(since) + days * 86_400_000);
    if (now < due) throw conflict(DRAW_V2_MESSAGES.claimPeriodOpen(days, due.toISOString()));
  }
  if (rule.code === "fraud" && !evidence) throw badRequest(DRAW_V2_MESSAGES.evidenceRequired);
  return { raffle, rules, named, rule, target };
}

/**
 * The round that draws the replacement: the requested one or the first at least `delay` minutes after
 * both now and the latest beacon the server holds (that beacon is the entry's proof that the round is
 * still in the future); a round already published, or too soon, is refused.
 */
async function replacementRound(
  tx: Tx,
  chain: DrandChainInfo,
  delay: number,
  requested: number | undefined,
  now: Date,
) {
  const latest = await repo.latestHeldBeacon(tx, chain, now);
  if (!latest) throw new AppError("SERVICE_UNAVAILABLE", DRAW_V2_MESSAGES.noLatestBeacon);
  const min = Math.max(
    firstRoundAtOrAfterMs(chain, now.getTime() + delay * 60_000),
    firstRoundAtOrAfterMs(chain, roundTime(chain, latest.round) * 1000 + delay * 60_000),
  );
  const round = requested ?? min;
  if (round <= latestRoundAt(chain, now.getTime() / 1000) || round <= latest.round) {
    throw badRequest(
      DRAW_V2_MESSAGES.roundPublished(
        round,
        Math.max(latest.round, latestRoundAt(chain, now.getTime() / 1000)),
      ),
    );
  }
  if (round < min) throw badRequest(DRAW_V2_MESSAGES.roundTooSoon(round, min, delay));
  const pendingRound = { round, roundTime: new Date(roundTime(chain, round) * 1000).toISOString() };
  return { latest, round, pendingRound };
}

/** The evidence document, stored privately; the record entry keeps only its SHA-256. */
async function storeEvidence(
  ctx: DrawContext,
  tx: Tx,
  raffleId: string,
  actor: { id: string | null },
  evidence: Evidence,
): Promise<void> {
  if (!ctx.storage) throw new AppError("INTERNAL");
  const key = `evidence/${raffleId}/${evidence.sha256}`;
  await ctx.storage.put(key, evidence.bytes, evidence.contentType);
  await repo.insertEvidence(tx, {
    raffleId,
    sha256: evidence.sha256,
    storageKey: key,
    contentType: evidence.contentType,
    size: evidence.bytes.length,
    uploadedBy: actor.id,
  });
}

/**
 * Draws the replacement of the disqualification at `seq` with its named round's beacon (verified against
 * the chain the disqualification named) and appends the `replacement` entry. Replacements are drawn in
 * record order: an earlier one still waiting blocks it (the job retries). Idempotent.
 */
