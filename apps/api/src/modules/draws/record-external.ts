// External lottery results and their corrections (decision 0024).
import { createHash } from "node:crypto";
import { formatTicketNumber } from "@rifazo/shared";
import {
  mapExternalResult,
  prizeSlots,
  type RecordEntry,
  type RecordWinner,
} from "@rifazo/shared/domain/draw-record";
import { DEFAULT_CORRECTION_WINDOW_HOURS, LOTTERY_MESSAGES } from "@rifazo/shared/domain/lottery-binding";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { AppError, badRequest, conflict, forbidden, notFound } from "../../lib/errors";
import { recordRaffleAudit } from "../audit";
import type { Actor } from "../auth";
import { detectFileKind } from "../files";
import { notify } from "../notifications";
import { announceWinners } from "./announce";
import {
  committedThenMailed,
  DRAW_V2_MESSAGES,
  type DrawContext,
  find,
  protocol,
  recordFacts,
  winnerRows,
} from "./record-common";
import { writeWinners } from "./record-draw";
import * as repo from "./repository";

// ---------------------------------------------------------------------------------------------
// External lottery results
// ---------------------------------------------------------------------------------------------

export interface ExternalResultInput {
  result: string;
  sourceUrl: string;
  reason?: string | undefined;
  /** Decision 0024: the official publication (photo or PDF), base64; public, its SHA-256 in the record. */
  publication?: { contentType: string; dataBase64: string } | undefined;
}

/** An administrator in the record (decision 0024): a tag derived from the account id, never a name or email. */
export function adminTag(userId: string): string {
  return createHash("sha256").update(`rifazo-admin-tag:${userId}`).digest("hex").slice(0, 16);
}

const PUBLICATION_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
const PUBLICATION_MAX_BYTES = 700 * 1024;

/** The publication's bytes, its real type (magic bytes) and SHA-256; a Spanish 400 when it is missing or not a photo/PDF. */
async function readPublication(input: ExternalResultInput["publication"]) {
  if (!input)
    throw badRequest(LOTTERY_MESSAGES.publicationRequired, {
      publication: LOTTERY_MESSAGES.publicationRequired,
    });
  const bytes = Buffer.from(input.dataBase64, "base64");
  const kind =
    bytes.length > 0 && bytes.length <= PUBLICATION_MAX_BYTES
      ? await detectFileKind(bytes, PUBLICATION_TYPES)
      : null;
  if (!kind)
    throw badRequest(LOTTERY_MESSAGES.publicationInvalid, {
      publication: LOTTERY_MESSAGES.publicationInvalid,
    });
  return { bytes, contentType: kind.mime, sha256: createHash("sha256").update(bytes).digest("hex") };
}

async function storePublication(
  ctx: DrawContext,
  tx: Tx,
  raffleId: string,
  actor: Actor,
  publication: Awaited<ReturnType<typeof readPublication>>,
): Promise<void> {
  if (!ctx.storage) throw new AppError("INTERNAL");
  const key = `publications/${raffleId}/${publication.sha256}`;
  await ctx.storage.put(key, publication.bytes, publication.contentType);
  await repo.insertPublication(tx, {
    raffleId,
    sha256: publication.sha256,
    storageKey: key,
    contentType: publication.contentType,
    size: publication.bytes.length,
    uploadedBy: actor.id,
  });
}

/** Checks shared by a result and a correction; returns the record facts and the mapped winners. */
async function externalFacts(tx: Tx, raffleId: string, input: { result: string }, now: Date) {
  const raffle = await repo.findRaffle(tx, raffleId, true);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const entries = await repo.recordEntries(tx, raffleId);
  const { rules, frozen, external } = recordFacts(entries);
  if (!rules) throw conflict(DRAW_V2_MESSAGES.notFrozen);
  if (!external) throw conflict(DRAW_V2_MESSAGES.notExternal);
  if (!frozen) throw conflict(DRAW_V2_MESSAGES.notFrozen);
  if (now.getTime() < Date.parse(external.drawAt)) {
    throw conflict(DRAW_V2_MESSAGES.resultTooEarly(external.lottery, external.drawAt));
  }
  // Decision 0024: a list frozen at or after the lottery's draw was open while its result was known.
  if (Date.parse(frozen.at) >= Date.parse(external.drawAt))
    throw conflict(DRAW_V2_MESSAGES.frozenAfterLottery);
  const previous = [...entries]
    .reverse()
    .find((e) => e.type === "external_result" || e.type === "external_correction");
  const firstResult = find(entries, "external_result");
  const waiting = entries.find(
    (e) =>
      e.type === "disqualification" &&
      e.data.round !== undefined &&
      !entries.some((r) => r.type === "replacement" && r.data.disqualification === e.seq),
  );
  if (previous && waiting?.type === "disqualification")
    throw conflict(DRAW_V2_MESSAGES.replacementPending(waiting.data.round as number));
  const disqualified = (
    entries.filter((e) => e.type === "disqualification") as RecordEntry<"disqualification">[]
  ).map((d) => d.data.ticketNumber);
  const tags = new Map(frozen.data.tickets.map((t) => [t.number, t.tag]));
  const slots = prizeSlots(rules.prizeLevels);
  const mapped = await protocol(() =>
    mapExternalResult(
      external.rule,
      input.result,
      frozen.data.tickets.map((t) => t.number),
      rules.totalTickets,
      { exclude: disqualified, maxResults: slots.length },
    ),
  );
  const winners: RecordWinner[] = mapped.map((ticketNumber, k) => {
    const slot = slots[k] as (typeof slots)[number];
    return { ...slot, ticketNumber, tag: tags.get(ticketNumber) ?? "" };
  });
  // Rules sold before decision 0024 state no window: the default one applies to their corrections.
  const windowHours = external.correctionWindowHours ?? DEFAULT_CORRECTION_WINDOW_HOURS;
  const windowEndsAt = firstResult ? new Date(Date.parse(firstResult.at) + windowHours * 3_600_000) : null;
  return { raffle, frozen, previous, waiting, winners, windowHours, windowEndsAt };
}

const winnerView = (winners: RecordWinner[], totalTickets: number) =>
  winners.map((w) => ({
    level: w.level,
    index: w.index,
    ticketNumber: formatTicketNumber(w.ticketNumber, totalTickets),
  }));

/**
 * A result entered after the first one (decision 0024): within the rules' window and with no other
 * proposal pending, its publication is stored and it is only PROPOSED as a correction, waiting for a
 * different administrator; returns the proposal's id.
 */
async function proposeCorrection(
  ctx: DrawContext,
  tx: Tx,
  actor: Actor,
  raffleId: string,
  facts: Pick<Awaited<ReturnType<typeof externalFacts>>, "windowEndsAt" | "windowHours">,
  given: { result: string; sourceUrl: string; reason: string },
  publication: Awaited<ReturnType<typeof readPublication>>,
  now: Date,
): Promise<string> {
  const { result, sourceUrl, reason } = given;
  if (facts.windowEndsAt && now.getTime() > facts.windowEndsAt.getTime())
    throw conflict(LOTTERY_MESSAGES.windowClosed(facts.windowHours));
  if ((await repo.pendingCorrectionProposals(tx, raffleId)).length > 0)
    throw conflict(LOTTERY_MESSAGES.proposalPending);
  await storePublication(ctx, tx, raffleId, actor, publication);
  const proposal = await repo.insertCorrectionProposal(tx, {
    raffleId,
    result,
    sourceUrl,
    publicationSha256: publication.sha256,
    reason,
    proposedBy: actor.id,
    proposedAt: now,
  });
  await recordRaffleAudit(tx, actor, "raffle.external_correction_proposed", raffleId, {
    after: { proposalId: proposal.id, result, sourceUrl, reason, publicationHash: publication.sha256 },
  });
  return proposal.id;
}

/**
 * POST /api/admin/raffles/:id/external-result: the official result of the bound lottery, mapped to
 * tickets by the rule fixed before the sale, with the official publication (decision 0024). The first
 * call is an `external_result` entry and finishes the raffle. A later one only PROPOSES a correction:
 * it reaches the record when a different administrator confirms it within the rules' window.
 */
export async function enterExternalResult(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  input: ExternalResultInput,
  now = new Date(),
): Promise<{
  correction: boolean;
  pendingProposalId: string | null;
  winners: Array<{ level: number; index: number; ticketNumber: string }>;
}> {
  const publication = await readPublication(input.publication);
  const { view } = await committedThenMailed(ctx, async (tx) => {
    const facts = await externalFacts(tx, raffleId, input, now);
    const { raffle, frozen, previous, winners } = facts;
    const reason = input.reason?.trim();
    const sourceUrl = input.sourceUrl.trim();
    const resultText = input.result.trim();
    if (previous) {
      if (!reason) throw badRequest(DRAW_V2_MESSAGES.correctionReason);
      const given = { result: resultText, sourceUrl, reason };
      const proposalId = await proposeCorrection(ctx, tx, actor, raffleId, facts, given, publication, now);
      const shown = winnerView(winners, raffle.totalTickets);
      return { view: { correction: true, pendingProposalId: proposalId, winners: shown }, queued: 0 };
    }
    await storePublication(ctx, tx, raffleId, actor, publication);
    await repo.appendRecordEntry(tx, raffleId, "external_result", now, {
      result: resultText,
      sourceUrl,
      publicationHash: publication.sha256,
      winners,
    });
    const queued = await writeWinners(ctx, tx, raffle, winners, "external", now, frozen.data.listHash);
    await recordRaffleAudit(tx, actor, "raffle.external_result", raffleId, {
      after: {
        result: resultText,
        sourceUrl,
        publicationHash: publication.sha256,
        winners: winners.map((w) => w.ticketNumber),
      },
    });
    const view = {
      correction: false,
      pendingProposalId: null,
      winners: winnerView(winners, raffle.totalTickets),
    };
    return { view, queued };
  });
  return view;
}

/** GET /api/admin/raffles/:id/external-corrections: corrections waiting for a second administrator. */
export async function pendingCorrections(ctx: DrawContext, actor: Actor, raffleId: string) {
  const rows = await repo.pendingCorrectionProposals(ctx.db, raffleId);
  const entries = await repo.recordEntries(ctx.db, raffleId);
  const { external } = recordFacts(entries);
  const first = find(entries, "external_result");
  const hours = external?.correctionWindowHours ?? DEFAULT_CORRECTION_WINDOW_HOURS;
  const windowEndsAt = first ? new Date(Date.parse(first.at) + hours * 3_600_000).toISOString() : null;
  return rows.map((p) => ({
    id: p.id,
    result: p.result,
    sourceUrl: p.sourceUrl,
    publicationHash: p.publicationSha256,
    reason: p.reason,
    proposedBy: adminTag(p.proposedBy),
    proposedAt: p.proposedAt.toISOString(),
    mine: p.proposedBy === actor.id,
    windowEndsAt,
  }));
}

/**
 * POST /api/admin/raffles/:id/external-corrections/:proposalId/confirm (decision 0024): a DIFFERENT
 * administrator confirms a proposed correction within the rules' window; only then is it appended
 * (`external_correction` naming both by their tags) and the winners change.
 */
export async function confirmExternalCorrection(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  proposalId: string,
  now = new Date(),
): Promise<{ correction: true; winners: Array<{ level: number; index: number; ticketNumber: string }> }> {
  const { view } = await committedThenMailed(ctx, async (tx) => {
    await repo.findRaffle(tx, raffleId, true);
    const proposal = (await repo.pendingCorrectionProposals(tx, raffleId)).find((p) => p.id === proposalId);
    if (!proposal) throw notFound("NOT_FOUND", LOTTERY_MESSAGES.proposalNotFound);
    if (proposal.proposedBy === actor.id) throw forbidden("FORBIDDEN", LOTTERY_MESSAGES.sameAdmin);
    const facts = await externalFacts(tx, raffleId, proposal, now);
    const { raffle, previous, winners } = facts;
    if (!previous) throw new AppError("INTERNAL");
    if (facts.windowEndsAt && now.getTime() > facts.windowEndsAt.getTime())
      throw conflict(LOTTERY_MESSAGES.windowClosed(facts.windowHours));
    await repo.appendRecordEntry(tx, raffleId, "external_correction", now, {
      result: proposal.result,
      sourceUrl: proposal.sourceUrl,
      publicationHash: proposal.publicationSha256,
      winners,
      corrects: previous.seq,
      reason: proposal.reason,
      proposedBy: adminTag(proposal.proposedBy),
      proposedAt: proposal.proposedAt.toISOString(),
      confirmedBy: adminTag(actor.id),
    });
    await repo.decideCorrectionProposal(tx, proposal.id, "confirmed", actor.id, now);
    const queued = await correctWinners(ctx, tx, raffle, winners, proposal.reason, now);
    await recordRaffleAudit(tx, actor, "raffle.external_correction", raffleId, {
      after: {
        proposalId,
        proposedBy: proposal.proposedBy,
        result: proposal.result,
        reason: proposal.reason,
        winners: winners.map((w) => w.ticketNumber),
      },
    });
    return { view: { correction: true as const, winners: winnerView(winners, raffle.totalTickets) }, queued };
  });
  return view;
}

/** POST .../external-corrections/:proposalId/discard: any administrator drops a pending proposal (audited). */
export async function discardExternalCorrection(
  ctx: DrawContext,
  actor: Actor,
  raffleId: string,
  proposalId: string,
  now = new Date(),
): Promise<{ ok: true }> {
  return ctx.db.transaction(async (tx) => {
    const proposal = (await repo.pendingCorrectionProposals(tx, raffleId)).find((p) => p.id === proposalId);
    if (!proposal) throw notFound("NOT_FOUND", LOTTERY_MESSAGES.proposalNotFound);
    await repo.decideCorrectionProposal(tx, proposal.id, "discarded", actor.id, now);
    await recordRaffleAudit(tx, actor, "raffle.external_correction_discarded", raffleId, {
      after: { proposalId },
    });
    return { ok: true as const };
  });
}

/** GET /api/raffles/:id/publications/:sha256: the official publication, public by design (decision 0024). */
export async function publicationFile(ctx: Pick<AppContext, "db">, raffleId: string, sha256: string) {
  const row = await repo.findPublication(ctx.db, raffleId, sha256);
  if (!row) throw notFound("NOT_FOUND", "El archivo solicitado no existe.");
  return row;
}

/** A correction replaces the current winner rows (the record keeps both results) and tells those affected. */
async function correctWinners(
  ctx: DrawContext,
  tx: Tx,
  raffle: repo.RaffleRow,
  winners: RecordWinner[],
  reason: string,
  at: Date,
): Promise<number> {
  const before = await repo.findWinners(tx, raffle.id);
  const keep = new Set(winners.map((w) => w.ticketNumber));
  const removed = before.filter((w) => !keep.has(w.ticketNumber));
  const known = new Set(before.map((w) => w.ticketNumber));
  // Decision 0035: a row a prize claim points at stays. Still winning, it moves to its corrected place with
  // its claim; no longer winning, it is marked so (as a disqualified one), and its claim kept as evidence.
  const claimed = await repo.claimedWinnerTickets(tx, raffle.id);
  await repo.deleteCurrentWinners(tx, raffle.id, [...claimed]);
  const rows = await winnerRows(tx, raffle.id, winners, "external", at);
  await repo.insertWinners(
    tx,
    rows.filter((r) => !claimed.has(r.ticketNumber)),
  );
  for (const row of rows.filter((r) => claimed.has(r.ticketNumber)))
    await repo.updateWinnerPlace(tx, raffle.id, row);
  for (const ticket of claimed) {
    if (!keep.has(ticket))
      await repo.markDisqualified(tx, raffle.id, ticket, `Resultado corregido: ${reason}`, at);
  }
  const first = rows[0];
  await repo.updateRaffle(tx, raffle.id, {
    winnerId: first?.userId ?? null,
    winnerName: first?.winnerName ?? null,
    winningTicketNumber: first?.ticketNumber ?? null,
  });
  await notify(
    tx,
    ctx,
    removed.flatMap((w) => (w.userId ? [{ userId: w.userId, ticketNumber: w.ticketNumber }] : [])),
    "resultCorrected",
    (r) => ({
      raffleId: raffle.id,
      raffleTitle: raffle.title,
      reason,
      ticket: formatTicketNumber(r.ticketNumber, raffle.totalTickets),
    }),
  );
  const fresh = rows.filter((r) => !known.has(r.ticketNumber));
  const queued = fresh.length > 0 ? await announceWinners(ctx, tx, raffle, fresh) : 0;
  await ctx.events.publish(tx, {
    topic: "raffle",
    payload: { type: "raffle.updated", id: raffle.id, change: "winners" },
  });
  return queued;
}
