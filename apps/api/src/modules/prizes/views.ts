// A prize as each reader gets it (docs/decisions/0035-prizes-on-the-record.md): the public status (never
// evidence, payout details nor messages), the winner's own view and the organiser's.
import {
  type AdminPrize,
  cashCurrencyOf,
  formatTicketNumber,
  type MyPrize,
  type PrizeDeliveryMethod,
  type PrizeFacts,
  type PublicPrizeStatus,
  prizeStatus,
  prizeStatusText,
  prizeWhatsappText,
} from "@rifazo/shared";
import { INSTANT_PRIZE_LEVEL } from "@rifazo/shared/domain/instant-draw";
import { whatsappLink } from "@rifazo/shared/domain/whatsapp";
import type { Executor } from "../../db/client";
import { instantSlotCash, type PrizeRecord, prizeDeadline, prizeRecords } from "../draws";
import { supportWhatsapp } from "../settings";
import * as repo from "./repository";

/** What follows one prize: its claim, deliveries in order, disputes oldest first. */
export interface PrizeTrail {
  claim: repo.ClaimRow | null;
  deliveries: repo.DeliveryRow[];
  disputes: repo.DisputeRow[];
}

const EMPTY_TRAIL: PrizeTrail = { claim: null, deliveries: [], disputes: [] };

/** The trails of several prizes, in three queries. */
export async function trailsOf(db: Executor, winnerIds: string[]): Promise<Map<string, PrizeTrail>> {
  const [claims, deliveries, disputes] = await Promise.all([
    repo.claimsOf(db, winnerIds),
    repo.deliveriesOf(db, winnerIds),
    repo.disputesOf(db, winnerIds),
  ]);
  const trails = new Map<string, PrizeTrail>(
    winnerIds.map((id) => [id, { claim: null, deliveries: [], disputes: [] }]),
  );
  for (const claim of claims) {
    const trail = trails.get(claim.winnerId);
    if (trail) trail.claim = claim;
  }
  for (const delivery of deliveries) trails.get(delivery.winnerId)?.deliveries.push(delivery);
  for (const dispute of disputes) trails.get(dispute.winnerId)?.disputes.push(dispute);
  return trails;
}

/** The delivery in force: the latest recorded (a correction is recorded after what it corrects). */
export const latestDelivery = (trail: PrizeTrail): repo.DeliveryRow | null => trail.deliveries.at(-1) ?? null;
export const openDisputeOf = (trail: PrizeTrail): repo.DisputeRow | null =>
  trail.disputes.find((d) => d.resolvedAt === null) ?? null;

export function factsOf(trail: PrizeTrail): PrizeFacts {
  return {
    claimedAt: trail.claim?.claimedAt.toISOString() ?? null,
    deliveredOn: latestDelivery(trail)?.deliveredOn ?? null,
    confirmedAt: trail.claim?.confirmedAt?.toISOString() ?? null,
    disputeOpen: openDisputeOf(trail) !== null,
  };
}

/** What anyone may read of a prize: its status and the delivery's public facts, as the record holds them. */
export function publicStatusOf(trail: PrizeTrail): PublicPrizeStatus {
  const facts = factsOf(trail);
  const delivery = latestDelivery(trail);
  const currency = cashCurrencyOf(delivery?.paidCurrency);
  return {
    status: prizeStatus(facts),
    statusText: prizeStatusText(facts),
    claimedAt: facts.claimedAt,
    deliveredOn: facts.deliveredOn,
    method: (delivery?.method as PrizeDeliveryMethod | undefined) ?? null,
    confirmedAt: facts.confirmedAt,
    disputeOpen: facts.disputeOpen,
    proofHash: delivery?.proofSha256 ?? null,
    paid:
      delivery && currency && delivery.paidAmount !== null
        ? {
            currency,
            amount: Number(delivery.paidAmount),
            rate: delivery.rate === null ? null : Number(delivery.rate),
            rateDate: delivery.rateDate,
          }
        : null,
  };
}

/**
 * The public status of each winner id (GET /api/winners, the raffle's page, the draw page): a winner
 * without any claim yet is "Por reclamar".
 */
export async function publicPrizeStatuses(
  db: Executor,
  winnerIds: string[],
): Promise<Map<string, PublicPrizeStatus>> {
  const trails = await trailsOf(db, winnerIds);
  return new Map(winnerIds.map((id) => [id, publicStatusOf(trails.get(id) ?? EMPTY_TRAIL)]));
}

/** Everything a prize view is built from, read once for a list. */
export interface ViewContext {
  records: Map<string, PrizeRecord>;
  trails: Map<string, PrizeTrail>;
  whatsapp: string | null;
  now: Date;
}

export async function viewContext(
  db: Executor,
  rows: repo.PrizeRow[],
  now = new Date(),
): Promise<ViewContext> {
  const [records, trails, whatsapp] = await Promise.all([
    prizeRecords(
      db,
      rows.map((r) => r.raffleId),
    ),
    trailsOf(
      db,
      rows.map((r) => r.winnerId),
    ),
    supportWhatsapp(db),
  ]);
  return { records, trails, whatsapp, now };
}

/**
 * The prize's cash amount as the rules state it, or null for a prize in kind. An instant prize (level 0)
 * has no prize level: its cash is its slot's in the rules as sold (decision 0035, instantSlotCash).
 */
export function cashOf(row: repo.PrizeRow, record: PrizeRecord | undefined) {
  if (row.prizeLevel === INSTANT_PRIZE_LEVEL) return record ? instantSlotCash(record, row.prizeIndex) : null;
  const currency = cashCurrencyOf(row.cashCurrency);
  return currency && row.prizeValue !== null ? { currency, amount: Number(row.prizeValue) } : null;
}

export function deadlineOf(row: repo.PrizeRow, record: PrizeRecord | undefined) {
  return prizeDeadline(record ?? { hasWinners: false, rules: null, entries: [] }, row);
}

/**
 * The claim may be sent: a current winner, before the deadline, not claimed yet; or again after the
 * organiser rejected it (the record keeps the first claim's time, so the deadline no longer applies).
 */
export function canClaim(row: repo.PrizeRow, trail: PrizeTrail, deadline: string, now: Date): boolean {
  if (row.disqualifiedAt) return false;
  if (trail.claim) return trail.claim.reviewStatus === "rejected";
  return now.getTime() <= Date.parse(deadline);
}

export function myPrizeOf(row: repo.PrizeRow, ctx: ViewContext): MyPrize {
  const trail = ctx.trails.get(row.winnerId) ?? EMPTY_TRAIL;
  const { awardedAt, deadline } = deadlineOf(row, ctx.records.get(row.raffleId));
  const ticket = formatTicketNumber(row.ticketNumber, row.totalTickets);
  const { claim } = trail;
  const dispute = openDisputeOf(trail) ?? trail.disputes.at(-1) ?? null;
  return {
    winnerId: row.winnerId,
    raffleId: row.raffleId,
    raffleTitle: row.raffleTitle,
    level: row.prizeLevel,
    ticketNumber: ticket,
    prizeDescription: row.prizeDescription,
    cash: cashOf(row, ctx.records.get(row.raffleId)),
    awardedAt,
    claimDeadline: deadline,
    canClaim: canClaim(row, trail, deadline, ctx.now),
    organiserWhatsapp: whatsappLink(
      ctx.whatsapp,
      prizeWhatsappText({ raffleTitle: row.raffleTitle, ticket, prize: row.prizeDescription }),
    ),
    claim: claim
      ? {
          claimedAt: claim.claimedAt.toISOString(),
          reviewStatus: claim.reviewStatus as "pending" | "accepted" | "rejected",
          reviewNote: claim.reviewNote,
          contactPhone: claim.contactPhone,
          payoutDetails: claim.payoutDetails,
          note: claim.note,
        }
      : null,
    deliveries: trail.deliveries.map((d) => ({
      id: d.id,
      method: d.method as PrizeDeliveryMethod,
      deliveredOn: d.deliveredOn,
      paidCurrency: cashCurrencyOf(d.paidCurrency),
      paidAmount: d.paidAmount === null ? null : Number(d.paidAmount),
      rate: d.rate === null ? null : Number(d.rate),
      rateDate: d.rateDate,
      proofHash: d.proofSha256,
      note: d.note,
      corrects: d.corrects,
      createdAt: d.createdAt.toISOString(),
    })),
    dispute: dispute
      ? {
          message: dispute.message,
          openedAt: dispute.openedAt.toISOString(),
          resolution: dispute.resolution,
          resolvedAt: dispute.resolvedAt?.toISOString() ?? null,
        }
      : null,
    status: publicStatusOf(trail),
  };
}

export function adminPrizeOf(row: repo.PrizeRow, ctx: ViewContext): AdminPrize {
  const claim = ctx.trails.get(row.winnerId)?.claim ?? null;
  return {
    ...myPrizeOf(row, ctx),
    winnerName: row.winnerName,
    userId: row.ownerId,
    userEmail: row.ownerEmail,
    claimId: claim?.id ?? null,
    hasEvidence: claim !== null,
    disqualified: row.disqualifiedAt !== null,
  };
}
