import {
  ADMIN_MESSAGES,
  DEFAULT_PRIZE_LABEL,
  ERROR_MESSAGES,
  type ExternalWinnerEntry,
  externalWinnersError,
  formatTicketNumber,
  isUuid,
  type PublicWinner,
  type RaffleStatus,
  ticketDigits,
} from "@rifazo/shared";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import type { AppContext } from "../../../context";
import type { Executor, Tx } from "../../../db/client";
import { paymentProofs, prizeLevels, raffles, tickets, users, winners } from "../../../db/schema";
import { AppError, conflict } from "../../../lib/errors";
import { recordActorAudit } from "../../audit";
import { announceWinners, DRAW_V2_MESSAGES, hasRecord } from "../../draws";
import { advance, assertAllowed } from "../../raffle-state";
import { prizeStatusesOf, raffleNotFound, toWinner } from "../../raffles";
import { type Actor, publishRaffle } from "../common";

export type WinnersContext = AppContext;

/** Sold tickets of a raffle with their buyer, optionally one number ('0123'); ascending. */
export async function soldTickets(db: Executor, raffleId: string, number?: string) {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const [raffle] = await db
    .select({ id: raffles.id, totalTickets: raffles.totalTickets })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  if (!raffle) throw raffleNotFound();
  const digits = ticketDigits(raffle.totalTickets);
  if (number !== undefined && number.length !== digits) {
    throw new AppError("VALIDATION", ADMIN_MESSAGES.ticketDigitsOf(digits));
  }
  const rows = await db
    .select({
      ticketNumber: tickets.ticketNumber,
      // A vendedor's sale without an account: the buyer the vendedor wrote down (decision 0034).
      buyerName: sql<string>`coalesce(${users.name}, ${paymentProofs.buyerName}, '')`,
      userId: tickets.userId,
    })
    .from(tickets)
    .innerJoin(paymentProofs, eq(paymentProofs.id, tickets.paymentId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .where(
      and(
        eq(tickets.raffleId, raffleId),
        eq(tickets.status, "sold"),
        number === undefined ? undefined : eq(tickets.ticketNumber, Number(number)),
      ),
    )
    .orderBy(asc(tickets.ticketNumber));
  return rows.map((row) => ({
    ticketNumber: formatTicketNumber(row.ticketNumber, raffle.totalTickets),
    buyerName: row.buyerName,
    userId: row.userId,
  }));
}

/**
 * Records the winners of a draw held outside the product (spec 2 "External winners"). Idempotent per
 * raffle: the raffle row is locked and a raffle that already has winners answers 409, so a second
 * click cannot register (or notify) twice.
 */
export async function registerExternalWinners(
  ctx: WinnersContext,
  actor: Actor,
  raffleId: string,
  entries: ExternalWinnerEntry[],
): Promise<{ raffleId: string; status: RaffleStatus; winners: PublicWinner[] }> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const result = await ctx.db.transaction(async (tx) => {
    const raffle = await lockForExternalWinners(ctx, tx, raffleId, entries);
    const levelByNumber = await checkLevels(tx, raffleId, entries);
    const rows = await winnerRows(tx, raffleId, entries, levelByNumber);
    const inserted = await tx.insert(winners).values(rows).returning();
    await finishWithWinners(ctx, tx, actor, raffle, rows);
    const byNumber = new Map(inserted.map((row) => [row.ticketNumber, row]));
    const prizes = await prizeStatusesOf(tx, inserted);
    const saved = rows.flatMap((row) => {
      const found = byNumber.get(row.ticketNumber);
      // Just named: each prize is still to claim (decision 0035).
      return found ? [toWinner(found, "full", raffle.totalTickets, prizes.get(found.id) ?? null)] : [];
    });
    return { raffleId, status: "finished" as const, winners: saved };
  });
  ctx.mail.flushSoon();
  return result;
}

/** The raffle, locked, once it is known to take an outside draw's result now (and these numbers). */
async function lockForExternalWinners(
  ctx: WinnersContext,
  tx: Tx,
  raffleId: string,
  entries: ExternalWinnerEntry[],
) {
  // The lifecycle first: the result of an outside draw is entered for a frozen list only.
  await advance(ctx, tx, raffleId, new Date());
  const [raffle] = await tx.select().from(raffles).where(eq(raffles.id, raffleId)).for("update");
  if (!raffle) throw raffleNotFound();
  // The draw's winners: an instant prize (decision 0035) does not register the outside draw's result.
  const existing = await tx
    .select({ id: winners.id })
    .from(winners)
    .where(and(eq(winners.raffleId, raffleId), ne(winners.source, "instant")))
    .limit(1);
  if (existing.length > 0 || raffle.drawnAt) {
    throw conflict(ADMIN_MESSAGES.winnersAlreadyRegistered, "WINNERS_ALREADY_REGISTERED");
  }
  // An internal raffle is drawn by the platform: typing names here would bypass its verifiable draw.
  if (raffle.announcementType !== "external") {
    throw conflict(ERROR_MESSAGES.RAFFLE_NOT_EXTERNAL, "RAFFLE_NOT_EXTERNAL");
  }
  assertAllowed(raffle.status, "enter_external_result");
  // The body was checked before the raffle was known: its numbers must have this raffle's digits.
  const digitsMessage = externalWinnersError(raffleId, entries, raffle.totalTickets);
  if (digitsMessage) throw new AppError("VALIDATION", digitsMessage);
  // A raffle with a published record (decision 0012) is decided by its draw or its bound lottery result,
  // never by names typed here.
  if (raffle.externalRule !== null || (await hasRecord(tx, raffleId))) {
    throw conflict(DRAW_V2_MESSAGES.winnersByRecord);
  }
  return raffle;
}

/** The raffle's prize levels by number, once every entry names one that still has room. */
async function checkLevels(tx: Tx, raffleId: string, entries: ExternalWinnerEntry[]) {
  const levels = await tx
    .select()
    .from(prizeLevels)
    .where(eq(prizeLevels.raffleId, raffleId))
    .orderBy(asc(prizeLevels.level));
  const levelByNumber = new Map(levels.map((level) => [level.level, level]));
  const perLevel = new Map<number, number>();
  for (const entry of entries) {
    const level = levelByNumber.get(entry.level);
    // A raffle saved without levels (legacy) accepts level 1 as the main prize.
    if (!level && !(levels.length === 0 && entry.level === 1)) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.levelUnknown(entry.level));
    }
    const used = (perLevel.get(entry.level) ?? 0) + 1;
    perLevel.set(entry.level, used);
    if (level && used > level.winnerCount) {
      throw new AppError("VALIDATION", ADMIN_MESSAGES.levelFull(entry.level, level.winnerCount));
    }
  }
  return levelByNumber;
}

/** The winners' rows, each with its sold ticket and buyer when the number was sold here. */
async function winnerRows(
  tx: Tx,
  raffleId: string,
  entries: ExternalWinnerEntry[],
  levelByNumber: Awaited<ReturnType<typeof checkLevels>>,
) {
  const numbers = entries.map((entry) => Number(entry.ticketNumber));
  const sold = await tx
    .select({ id: tickets.id, ticketNumber: tickets.ticketNumber, userId: tickets.userId })
    .from(tickets)
    .where(
      and(eq(tickets.raffleId, raffleId), eq(tickets.status, "sold"), inArray(tickets.ticketNumber, numbers)),
    );
  const soldByNumber = new Map(sold.map((ticket) => [ticket.ticketNumber, ticket]));
  const now = new Date();
  // Level order first, then the order the admin entered them: the first is the "main" winner.
  const ordered = entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.level - b.entry.level || a.index - b.index)
    .map(({ entry }) => entry);
  return ordered.map((entry) => {
    const ticket = soldByNumber.get(Number(entry.ticketNumber));
    return {
      raffleId,
      ticketId: ticket?.id ?? null,
      ticketNumber: Number(entry.ticketNumber),
      userId: ticket?.userId ?? null,
      winnerName: entry.winnerName,
      prizeLevel: entry.level,
      prizeDescription: levelByNumber.get(entry.level)?.description ?? DEFAULT_PRIZE_LABEL,
      source: "external" as const,
      announcedAt: now,
    };
  });
}

/** The raffle finished with its main winner, the winners told, the audit written and open pages updated. */
async function finishWithWinners(
  ctx: WinnersContext,
  tx: Tx,
  actor: Actor,
  raffle: Awaited<ReturnType<typeof lockForExternalWinners>>,
  rows: Awaited<ReturnType<typeof winnerRows>>,
): Promise<void> {
  const raffleId = raffle.id;
  const first = rows[0];
  await tx
    .update(raffles)
    .set({
      status: "finished",
      winnerId: first?.userId ?? null,
      winnerName: first?.winnerName ?? null,
      winningTicketNumber: first?.ticketNumber ?? null,
    })
    .where(eq(raffles.id, raffleId));

  await announceWinners(
    ctx,
    tx,
    { id: raffleId, title: raffle.title, totalTickets: raffle.totalTickets },
    rows,
  );

  await recordActorAudit(tx, actor, {
    action: "raffle.external_winners",
    entity: "raffle",
    entityId: raffleId,
    before: { status: raffle.status },
    after: {
      status: "finished",
      winners: rows.map((row) => ({
        level: row.prizeLevel,
        ticketNumber: formatTicketNumber(row.ticketNumber, raffle.totalTickets),
        winnerName: row.winnerName,
        userId: row.userId,
      })),
    },
  });
  await publishRaffle(ctx, tx, raffleId, "winners");
}
