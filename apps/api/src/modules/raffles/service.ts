import {
  type ActivationType,
  type AnnouncementType,
  acceptedMethodsOf,
  type Currency,
  cashCurrencyOf,
  FEATURED_LIMIT,
  isDrawWinner,
  isUuid,
  type PublicPrizeStatus,
  type PublicRaffle,
  type PublicWinner,
  RAFFLE_MESSAGES,
  type RaffleDetail,
  type RaffleListQuery,
  type RaffleStatus,
  statusesForFilter,
  ticketCapOf,
  ticketLabel,
  type WinnersList,
  type WinnersQuery,
  winnersYears,
} from "@rifazo/shared";
import type { ExternalRule } from "@rifazo/shared/domain/draw-record";
import { type LotteryFallback, lotteryFallbackText } from "@rifazo/shared/domain/lottery-binding";
import { prizeImagesOf } from "@rifazo/shared/domain/prize-images";
import type { RaffleLottery } from "@rifazo/shared/schemas/raffles";
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { drawTrustOf, externalRuleText, type RecordSummary, recordSummaries, shortName } from "../draws";
import { lifecycleOf } from "../lifecycle";
import { notify } from "../notifications";
import { publicPrizeStatuses } from "../prizes";
import { advanceIfDue } from "../raffle-state";
import { instantKindsOf, instantPrizesOf } from "./instant-prizes";
import * as repo from "./repository";
import { searchTerms } from "./search";

export const raffleNotFound = () => notFound("RAFFLE_NOT_FOUND", RAFFLE_MESSAGES.notFound);

/** A malformed id cannot name a raffle: same 404 as an unknown one (never a database error). */
export function assertRaffleId(id: string): void {
  if (!isUuid(id)) throw raffleNotFound();
}

const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** How a payload names people: public ones by the masked name ("María G.", decision 0012), admin ones in full. */
export type WinnerNames = "masked" | "full";

/** "María González" -> "María G.": what a public payload shows of a winner (as the ticket verifier does). */
export function maskedName(name: string): string {
  return shortName(name) ?? name;
}

/** A winner row's source as the public payloads name it (a legacy value reads as the platform's draw). */
const winnerSource = (source: string): PublicWinner["source"] =>
  source === "external" || source === "instant" ? source : "internal";

/** `totalTickets` is the winner's raffle's: the number shows in its digits (ticketDigits). */
export function toWinner(
  row: repo.WinnerRow,
  names: WinnerNames,
  totalTickets: number,
  prize: PublicPrizeStatus | null = null,
): PublicWinner {
  return {
    // A legacy out-of-range value is shown as stored rather than failing the page.
    ticketNumber: ticketLabel(row.ticketNumber, totalTickets),
    winnerName: names === "full" ? row.winnerName : maskedName(row.winnerName),
    prizeLevel: row.prizeLevel,
    prizeDescription: row.prizeDescription,
    source: winnerSource(row.source),
    announcedAt: row.announcedAt.toISOString(),
    // Decision 0035: what happened to the prize since; a disqualified winner's prize is the replacement's.
    prize: row.disqualifiedAt ? null : prize,
  };
}

/** A winner in a public payload: masked name, ticket, prize and its status. */
export const toPublicWinner = (
  row: repo.WinnerRow,
  totalTickets: number,
  prizes: PrizeStatuses = new Map(),
): PublicWinner => toWinner(row, "masked", totalTickets, prizes.get(row.id) ?? null);

/** The public status of each winner's prize, by winner id (decision 0035). */
export type PrizeStatuses = Map<string, PublicPrizeStatus>;

/** The prizes' statuses of these winner rows, in one read. */
export const prizeStatusesOf = (db: Executor, rows: repo.WinnerRow[]): Promise<PrizeStatuses> =>
  publicPrizeStatuses(
    db,
    rows.map((w) => w.id),
  );

export function toPublicRaffle(
  row: repo.RaffleCardRow,
  winnerRows: repo.WinnerRow[],
  record?: RecordSummary,
  names: WinnerNames = "masked",
  prizes: PrizeStatuses = new Map(),
): PublicRaffle {
  const winners = winnerRows.map((w) => toWinner(w, names, row.totalTickets, prizes.get(w.id) ?? null));
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: Number(row.price),
    currency: row.currency as Currency,
    prizeImage: row.prizeImage,
    imageAlt: row.imageAlt,
    images: prizeImagesOf(row),
    status: row.status as RaffleStatus,
    isFeatured: row.isFeatured,
    startDate: iso(row.startDate),
    endDate: iso(row.endDate),
    totalTickets: row.totalTickets,
    soldTickets: row.soldTickets,
    maxTicketsPerBuyer: ticketCapOf(row),
    activationType: row.activationType as ActivationType,
    activationPercentage: row.activationPercentage,
    percentageDrawActivatedAt: iso(row.percentageDrawActivatedAt),
    paymentMethods: row.paymentMethods,
    acceptedMethods: acceptedMethodsOf(row.paymentMethods),
    numberMode: row.numberMode === "chosen" ? "chosen" : "random",
    reservationMinutes: row.reservationMinutes,
    combos: (row.combos ?? []).map((combo) => ({ quantity: combo.quantity, price: Number(combo.price) })),
    installmentMinimum: row.installmentMinimum === null ? null : Number(row.installmentMinimum),
    announcementType: row.announcementType as AnnouncementType,
    externalAnnouncementPlatform: row.externalAnnouncementPlatform,
    externalAnnouncementDetails: row.externalAnnouncementDetails,
    externalAnnouncementUrl: row.externalAnnouncementUrl,
    daysUntilActivationTeaser: row.daysUntilActivationTeaser,
    claimPeriodDays: row.claimPeriodDays,
    winnerName: row.winnerName === null || names === "full" ? row.winnerName : maskedName(row.winnerName),
    winningTicketNumber:
      row.winningTicketNumber === null ? null : ticketLabel(row.winningTicketNumber, row.totalTickets),
    // A legacy winner on the row counts too, so the card never offers a sale for a drawn raffle; an instant
    // prize won while the raffle sells does not make it drawn (decision 0035).
    hasWinners: winnerRows.some(isDrawWinner) || row.winningTicketNumber !== null,
    winners,
    drawnAt: iso(row.drawnAt),
    createdAt: row.createdAt.toISOString(),
    lifecycle: lifecycleOf(row, record),
    drawTrust: drawTrustOf(row, record),
    cancelReason: row.status === "cancelled" ? row.cancelReason : null,
    minTickets: row.minTickets,
    lottery: lotteryOf(row),
  };
}

/** Decision 0024: the bound lottery in buyers' words (the same texts the record's rules publish). */
function lotteryOf(row: repo.RaffleCardRow): RaffleLottery | null {
  const rule = row.externalRule as ExternalRule | null;
  if (row.announcementType !== "external" || !row.externalLottery || !row.externalDrawAt || !rule)
    return null;
  return {
    name: row.externalLottery,
    drawAt: row.externalDrawAt.toISOString(),
    ruleText: externalRuleText(rule, row.totalTickets),
    fallbackText: lotteryFallbackText(row.lotteryFallback as LotteryFallback),
    correctionWindowHours: row.correctionWindowHours,
  };
}

/** Cards with their winners, fetched for all rows in one query. */
export async function withWinners(db: Executor, rows: repo.RaffleCardRow[]): Promise<PublicRaffle[]> {
  const ids = rows.map((row) => row.id);
  const [winnerRows, records] = await Promise.all([repo.winnersOf(db, ids), recordSummaries(db, ids)]);
  const prizes = await prizeStatusesOf(db, winnerRows);
  const byRaffle = new Map<string, repo.WinnerRow[]>();
  for (const winner of winnerRows) {
    const list = byRaffle.get(winner.raffleId) ?? [];
    list.push(winner);
    byRaffle.set(winner.raffleId, list);
  }
  return rows.map((row) =>
    toPublicRaffle(row, byRaffle.get(row.id) ?? [], records.get(row.id), "masked", prizes),
  );
}

export async function listRaffles(db: Executor, query: RaffleListQuery): Promise<PublicRaffle[]> {
  const rows = await repo.listRaffles(db, {
    statuses: statusesForFilter(query.status),
    terms: searchTerms(query.q),
  });
  return withWinners(db, rows);
}

export async function featuredRaffles(db: Executor): Promise<PublicRaffle[]> {
  return withWinners(db, await repo.featuredRaffles(db, FEATURED_LIMIT));
}

export async function upcomingRaffles(db: Executor): Promise<PublicRaffle[]> {
  return withWinners(db, await repo.upcomingRaffles(db));
}

export async function raffleDetail(db: Executor, id: string): Promise<RaffleDetail> {
  assertRaffleId(id);
  const row = await repo.findRaffleDetail(db, id);
  if (!row) throw raffleNotFound();
  const [levels, winnerRows, records, instantKinds] = await Promise.all([
    repo.prizeLevelsOf(db, id),
    repo.winnersOf(db, [id]),
    recordSummaries(db, [id]),
    instantKindsOf(db, id),
  ]);
  const pendingTickets = Number(row.pendingTickets);
  const prizes = await prizeStatusesOf(db, winnerRows);
  return {
    ...toPublicRaffle(row, winnerRows, records.get(id), "masked", prizes),
    instantPrizes: instantPrizesOf(instantKinds, winnerRows, row.totalTickets),
    prizeLevels: levels.map((level) => ({
      level: level.level,
      description: level.description,
      winnerCount: level.winnerCount,
      prizeValue: level.prizeValue === null ? null : Number(level.prizeValue),
      cashCurrency: cashCurrencyOf(level.cashCurrency),
    })),
    pendingTickets,
    remaining: Math.max(0, row.totalTickets - row.soldTickets - pendingTickets),
    drawSeedCommitment: row.drawSeedCommitment,
    drawAlgorithm: row.drawAlgorithm,
    drawPublicValueSource: row.drawPublicValueSource,
    // The repository already withholds these until drawn_at; checked again here because the seed
    // leaking early would let anyone predict the winners.
    drawSeed: row.drawnAt ? row.drawSeed : null,
    drawPublicValue: row.drawnAt ? row.drawPublicValue : null,
    drawTicketListHash: row.drawnAt ? row.drawTicketListHash : null,
    sellerLeaderboardPublic: row.sellerLeaderboardPublic,
  };
}

/**
 * The detail as the raffle page reads it: whatever transition is due (a close at the end date, a freeze)
 * is applied first, so the page never shows a state the periodic job has not caught up with yet.
 */
export async function freshRaffleDetail(ctx: AppContext, id: string): Promise<RaffleDetail> {
  assertRaffleId(id);
  await advanceIfDue(ctx, id);
  return raffleDetail(ctx.db, id);
}

export async function winnersHistory(
  db: Executor,
  query: WinnersQuery,
  now = new Date(),
): Promise<WinnersList> {
  const years = winnersYears(now);
  if (query.year !== undefined && !years.includes(query.year)) {
    throw badRequest(RAFFLE_MESSAGES.invalidYear, { year: RAFFLE_MESSAGES.invalidYear });
  }
  const rows = await repo.finishedRaffles(db, {
    terms: searchTerms(query.q),
    month: query.month,
    years: query.year !== undefined ? [query.year] : [],
  });
  const ids = rows.map((row) => row.id);
  const [winnerRows, records] = await Promise.all([repo.winnersOf(db, ids), recordSummaries(db, ids)]);
  const prizes = await prizeStatusesOf(db, winnerRows);
  return {
    items: rows.map((row) => ({
      raffle: {
        id: row.id,
        title: row.title,
        prizeImage: row.prizeImage,
        imageAlt: row.imageAlt,
        announcementType: row.announcementType as AnnouncementType,
        endDate: iso(row.endDate),
        drawnAt: iso(row.drawnAt),
        drawTrust: drawTrustOf(row, records.get(row.id)),
      },
      drawDate: row.drawDate.toISOString(),
      winners: winnerRows
        .filter((w) => w.raffleId === row.id)
        .map((w) => toPublicWinner(w, row.totalTickets, prizes)),
    })),
    years,
  };
}

// ---------------------------------------------------------------------------------------------
// "Notify me" for upcoming raffles
// ---------------------------------------------------------------------------------------------

export async function subscribe(db: Executor, userId: string, raffleId: string): Promise<void> {
  assertRaffleId(raffleId);
  const raffle = await repo.raffleStatus(db, raffleId);
  if (!raffle) throw raffleNotFound();
  if (raffle.status !== "upcoming") {
    throw new AppError("RAFFLE_NOT_UPCOMING", RAFFLE_MESSAGES.subscribeNotUpcoming);
  }
  await repo.subscribe(db, userId, raffleId);
}

export async function unsubscribe(db: Executor, userId: string, raffleId: string): Promise<void> {
  // Removing something that is not there is fine (idempotent), but a malformed id is still a 404.
  assertRaffleId(raffleId);
  await repo.unsubscribe(db, userId, raffleId);
}

export function subscribedRaffleIds(db: Executor, userId: string): Promise<string[]> {
  return repo.subscribedRaffleIds(db, userId);
}

export type NotifyContext = Pick<AppContext, "config" | "mail" | "events">;

/**
 * Tells every subscriber of a raffle that it is now active: an in-app notification, an email (outbox)
 * and a realtime event each, all inside the caller's transaction. A subscriber is told once: the claim
 * sets notified_at, so calling this again (or concurrently) does nothing for them. Returns how many
 * users were notified. Call `ctx.mail.flushSoon()` after the transaction commits.
 */
export async function notifyRaffleOpened(ctx: NotifyContext, tx: Tx, raffleId: string): Promise<number> {
  if (!isUuid(raffleId)) return 0;
  const raffle = await repo.raffleStatus(tx, raffleId);
  // Only an active raffle is announced: a status change that was rolled back or reverted tells nobody.
  if (raffle?.status !== "active") return 0;
  // Everyone pending is marked notified; only active non-admin accounts are actually told (suspended
  // accounts get nothing, and administrators receive no notifications at all, spec 1 §4).
  const subscribers = (await repo.claimPendingSubscribers(tx, raffleId)).filter(
    (u) => u.status === "active" && u.role !== "admin",
  );
  if (subscribers.length === 0) return 0;

  // One notification, realtime event and email per user, through the notifications module.
  const told = await notify(
    tx,
    ctx,
    subscribers.map((user) => ({ userId: user.id, email: user.email, name: user.name })),
    "raffleOpened",
    { raffleId, raffleTitle: raffle.title },
  );
  return told.notifications.length;
}
