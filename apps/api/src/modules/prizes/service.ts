// The winner's side of a prize (docs/decisions/0035-prizes-on-the-record.md): their prizes, the claim with
// the cédula, and «Recibí mi premio» or a dispute after a delivery. Each step the record should prove is
// appended to the raffle's record in the same transaction as the row it writes.
import {
  isUuid,
  type MyPrize,
  PRIZE_MESSAGES,
  type PrizeRef,
  type prizeClaimInputSchema,
  type prizeConfirmationInputSchema,
  type SessionUser,
} from "@rifazo/shared";
import type { z } from "zod";
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { recordActorAudit } from "../audit";
import { appendPrizeEntry, namedOnRecord, type PrizeRecord, prizeRecord } from "../draws";
import { checkFile, type StoredFile, storeFile, type Upload, withStoredFile } from "./files";
import * as repo from "./repository";
import { canClaim, cashOf, deadlineOf, latestDelivery, myPrizeOf, trailsOf, viewContext } from "./views";

type ClaimInput = z.output<typeof prizeClaimInputSchema>;
type ConfirmationInput = z.output<typeof prizeConfirmationInputSchema>;
export type PrizesContext = Pick<AppContext, "db" | "storage" | "events" | "mail" | "config">;
/** Who acts, for the audit log. */
export interface Caller {
  user: SessionUser;
  ip: string | null;
}

export const prizeNotFound = () => notFound("PRIZE_NOT_FOUND");

/** A winner row that may be acted on: it exists and its winner was not disqualified. */
export async function currentPrize(db: Executor, winnerId: string): Promise<repo.PrizeRow> {
  if (!isUuid(winnerId)) throw prizeNotFound();
  const row = await repo.findPrize(db, winnerId);
  if (!row || row.disqualifiedAt) throw prizeNotFound();
  return row;
}

/** The caller's own prize: someone else's is refused with 403 (winners are public; their prizes are not). */
async function ownPrize(db: Executor, user: SessionUser, winnerId: string): Promise<repo.PrizeRow> {
  const row = await currentPrize(db, winnerId);
  if (row.ownerId !== user.id) throw new AppError("PRIZE_NOT_YOURS");
  return row;
}

/**
 * The prize's place on the record, when its record named its winner (the prize entries need one): a draw's
 * winner once the draw is on the record, an instant winner (level 0, index = its slot) once the
 * instant_draw that gave the slot is (docs/decisions/0035-prizes-on-the-record.md).
 */
export function recordRef(row: repo.PrizeRow, record: PrizeRecord): PrizeRef | null {
  if (row.prizeIndex === null || !namedOnRecord(record, row.prizeLevel, row.prizeIndex)) return null;
  return { level: row.prizeLevel, index: row.prizeIndex, ticketNumber: row.ticketNumber };
}

/** Tells every open page of the raffle that a prize's status changed (winners page, draw page). */
export function publishPrizeChange(ctx: Pick<AppContext, "events">, tx: Tx, raffleId: string) {
  return ctx.events.publish(tx, {
    topic: "raffle",
    payload: { type: "raffle.updated", id: raffleId, change: "winners" },
  });
}

export async function myPrizes(db: Executor, user: SessionUser, now = new Date()): Promise<MyPrize[]> {
  const rows = await repo.prizesOwnedBy(db, user.id);
  const ctx = await viewContext(db, rows, now);
  return rows.map((row) => myPrizeOf(row, ctx));
}

export async function myPrize(db: Executor, user: SessionUser, winnerId: string, now = new Date()) {
  const row = await ownPrize(db, user, winnerId);
  return myPrizeOf(row, await viewContext(db, [row], now));
}

function assertVerified(user: SessionUser): void {
  if (!user.emailVerified) throw new AppError("FORBIDDEN", PRIZE_MESSAGES.emailUnverified);
}

/**
 * Whether the claim may be sent now (the same rules before the file is stored and again under the lock):
 * not claimed yet and within the claim period, or rejected by the organiser; a cash prize needs where to
 * pay it. Returns the claim being replaced, if any.
 */
async function assertClaimable(
  db: Executor,
  row: repo.PrizeRow,
  input: ClaimInput,
  now: Date,
): Promise<{ existing: repo.ClaimRow | null; record: PrizeRecord }> {
  const record = await prizeRecord(db, row.raffleId);
  const trail = (await trailsOf(db, [row.winnerId])).get(row.winnerId);
  const existing = trail?.claim ?? null;
  if (existing && existing.reviewStatus !== "rejected") throw new AppError("PRIZE_ALREADY_CLAIMED");
  if (
    !canClaim(
      row,
      trail ?? { claim: null, deliveries: [], disputes: [] },
      deadlineOf(row, record).deadline,
      now,
    )
  )
    throw new AppError("PRIZE_CLAIM_CLOSED");
  if (cashOf(row, record) && !input.payoutDetails)
    throw badRequest(PRIZE_MESSAGES.payoutRequired, { payoutDetails: PRIZE_MESSAGES.payoutRequired });
  return { existing, record };
}

/**
 * POST /api/prizes/{winnerId}/claim: the winner's claim with a photo of the cédula. The first one appends
 * a `prize_claimed` entry (its time proves the claim came within the period); a claim the organiser
 * rejected may be sent again, which replaces the evidence and waits for review again. The file is stored
 * after the checks and removed if anything fails.
 */
export async function claimPrize(
  ctx: PrizesContext,
  caller: Caller,
  winnerId: string,
  input: ClaimInput,
  file: Upload | null,
  now = new Date(),
): Promise<MyPrize> {
  assertVerified(caller.user);
  const row = await ownPrize(ctx.db, caller.user, winnerId);
  await assertClaimable(ctx.db, row, input, now);
  if (!file) throw badRequest(PRIZE_MESSAGES.evidenceRequired, { file: PRIZE_MESSAGES.evidenceRequired });
  const stored = await storeFile(ctx, "prizes/claims", file, await checkFile(file));
  const replaced = await withStoredFile(ctx, stored, () =>
    ctx.db.transaction((tx) => writeClaim(ctx, tx, caller, row.winnerId, input, stored, now)),
  );
  // The evidence it replaced is no longer anyone's: removed once the new one is kept.
  if (replaced) await ctx.storage.delete(replaced).catch(() => {});
  return myPrize(ctx.db, caller.user, winnerId, now);
}

/** The claim's row and record entry under the winner row's lock; returns the replaced evidence's key. */
async function writeClaim(
  ctx: PrizesContext,
  tx: Tx,
  caller: Caller,
  winnerId: string,
  input: ClaimInput,
  stored: StoredFile,
  now: Date,
): Promise<string | null> {
  if (!(await repo.lockWinner(tx, winnerId))) throw prizeNotFound();
  const row = await ownPrize(tx, caller.user, winnerId);
  const { existing, record } = await assertClaimable(tx, row, input, now);
  const evidence = {
    contactPhone: input.contactPhone,
    payoutDetails: input.payoutDetails,
    note: input.note,
    evidencePath: stored.key,
    evidenceSha256: stored.sha256,
    evidenceContentType: stored.mime,
    evidenceSize: stored.size,
  };
  if (existing) {
    // Sent again after a rejection: new evidence, back to review; the first claim's time stays.
    await repo.updateClaim(tx, existing.id, {
      ...evidence,
      userId: caller.user.id,
      reviewStatus: "pending",
      reviewedAt: null,
      reviewedBy: null,
      reviewNote: null,
    });
  } else {
    await repo.insertClaim(tx, {
      ...evidence,
      winnerId,
      raffleId: row.raffleId,
      userId: caller.user.id,
      claimedAt: now,
    });
    const ref = recordRef(row, record);
    if (ref) await appendPrizeEntry(tx, row.raffleId, "prize_claimed", now, ref);
  }
  await recordActorAudit(
    tx,
    { id: caller.user.id, ip: caller.ip },
    {
      action: existing ? "prize.claim_resent" : "prize.claim",
      entity: "winner",
      entityId: winnerId,
      after: { raffleId: row.raffleId, ticketNumber: row.ticketNumber, evidenceSha256: stored.sha256 },
    },
  );
  await publishPrizeChange(ctx, tx, row.raffleId);
  return existing?.evidencePath ?? null;
}

/**
 * POST /api/prizes/{winnerId}/confirmation: after a delivery, «Recibí mi premio» (once) or a dispute with
 * a message (one open at a time, on the organiser's Hoy until resolved). Both go on the record; the
 * message stays private.
 */
export async function confirmPrize(
  ctx: PrizesContext,
  caller: Caller,
  winnerId: string,
  input: ConfirmationInput,
  now = new Date(),
): Promise<MyPrize> {
  assertVerified(caller.user);
  await ownPrize(ctx.db, caller.user, winnerId);
  await ctx.db.transaction(async (tx) => {
    if (!(await repo.lockWinner(tx, winnerId))) throw prizeNotFound();
    const row = await ownPrize(tx, caller.user, winnerId);
    const trail = (await trailsOf(tx, [winnerId])).get(winnerId);
    if (!trail?.claim || !latestDelivery(trail)) throw new AppError("PRIZE_NOT_DELIVERED");
    if (await repo.openDispute(tx, winnerId)) throw new AppError("PRIZE_DISPUTE_OPEN");
    if (input.outcome === "received") {
      if (trail.claim.confirmedAt) throw new AppError("PRIZE_ALREADY_CONFIRMED");
      await repo.updateClaim(tx, trail.claim.id, { confirmedAt: now });
    } else {
      await repo.insertDispute(tx, {
        winnerId,
        raffleId: row.raffleId,
        userId: caller.user.id,
        message: input.message ?? "",
        openedAt: now,
      });
    }
    const ref = recordRef(row, await prizeRecord(tx, row.raffleId));
    if (ref)
      await appendPrizeEntry(tx, row.raffleId, "prize_confirmation", now, { ...ref, outcome: input.outcome });
    await recordActorAudit(
      tx,
      { id: caller.user.id, ip: caller.ip },
      {
        action: input.outcome === "received" ? "prize.received" : "prize.dispute",
        entity: "winner",
        entityId: winnerId,
        after: { raffleId: row.raffleId, outcome: input.outcome },
      },
    );
    await publishPrizeChange(ctx, tx, row.raffleId);
  });
  return myPrize(ctx.db, caller.user, winnerId, now);
}
