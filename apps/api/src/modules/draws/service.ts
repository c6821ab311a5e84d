import {
  type DrawListItem,
  type DrawResult,
  type DrawTranscript,
  formatTicketNumber,
  isActivationReached,
  isUuid,
  parseTicketInput,
} from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { advance } from "../raffle-state";
import * as repo from "./repository";
import { drawTrustOf } from "./trust";

/** Raffles per page of the public ticket verifier. */
export const VERIFY_PAGE_SIZE = 20;

export const DRAW_MESSAGES = {
  notReached: "El porcentaje de ventas de esta rifa aún no se ha alcanzado.",
  notPercentage: "Esta rifa se sortea en una fecha programada, no por porcentaje.",
  tooEarly: "El sorteo aún no puede realizarse: espera a que termine la cuenta regresiva.",
  cancelled: "Esta rifa fue cancelada: no tendrá sorteo.",
  notSelling: "La cuenta regresiva solo puede iniciarse mientras la rifa está a la venta.",
  external: "Los ganadores de esta rifa se anuncian en una transmisión externa.",
} as const;

/** "María González" -> "María G.": enough for a buyer to recognise themselves, not to identify them. */
export function shortName(fullName: string | null | undefined): string | null {
  const parts = (fullName ?? "").trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return null;
  const [first, second] = parts;
  return second ? `${first} ${second.charAt(0).toUpperCase()}.` : (first ?? null);
}

async function loadRaffle(tx: Tx, raffleId: string, lock: boolean) {
  const raffle = await repo.findRaffle(tx, raffleId, lock);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  return raffle;
}

/**
 * start_raffle_countdown: anyone may press the button, but the server only starts the 24-hour
 * last-sales window when the percentage goal is really reached. Idempotent: returns the start time.
 */
export async function startCountdown(ctx: AppContext, raffleId: string, now = new Date()): Promise<Date> {
  return ctx.db.transaction(async (tx) => {
    await advance(ctx, tx, raffleId, now);
    const raffle = await loadRaffle(tx, raffleId, true);
    if (raffle.percentageDrawActivatedAt) return raffle.percentageDrawActivatedAt;
    if (raffle.activationType !== "percentage") throw conflict(DRAW_MESSAGES.notPercentage);
    if (raffle.status !== "active") throw conflict(DRAW_MESSAGES.notSelling);
    if (!isActivationReached(raffle.soldTickets, raffle.totalTickets, raffle.activationPercentage)) {
      throw conflict(DRAW_MESSAGES.notReached);
    }
    await repo.updateRaffle(tx, raffle.id, { percentageDrawActivatedAt: now });
    await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.updated", id: raffle.id } });
    return now;
  });
}

/**
 * A drawn raffle's result as stored (v1 transcript draws and v2 record draws alike): a draw is never
 * computed twice. Public: anyone may press the draw button (spec 1 §4), so the answer names winners only
 * by their shown name; whether a prize is the caller's own is worked out here, for the signed-in caller.
 */
export async function storedResult(
  tx: Executor,
  raffle: repo.RaffleRow,
  viewerId: string | null,
): Promise<DrawResult> {
  const rows = await repo.findWinners(tx, raffle.id);
  return {
    raffleId: raffle.id,
    drawnAt: (raffle.drawnAt ?? new Date()).toISOString(),
    empty: rows.length === 0,
    winners: rows.map((w) => ({
      level: w.prizeLevel,
      prize: w.prizeDescription,
      ticketNumber: formatTicketNumber(w.ticketNumber, raffle.totalTickets),
      // Public: the masked name only (decision 0012), as the raffle pages and the ticket verifier show it.
      winnerName: shortName(w.winnerName) ?? w.winnerName,
      isMine: viewerId !== null && w.userId === viewerId,
    })),
    transcript: (raffle.drawTranscript as DrawTranscript | null) ?? null,
  };
}

export type VerificationResultKind = "not_found" | "not_sold" | "winner" | "not_winner" | "refunded";

export interface TicketVerification {
  result: VerificationResultKind;
  ticketNumber: string;
  /** Raffles holding this number, on every page. */
  total: number;
  page: number;
  pageSize: number;
  matches: Array<{
    raffleId: string;
    ticketNumber: string;
    raffleTitle: string;
    raffleStatus: string;
    sold: boolean;
    isWinner: boolean;
    prize: string | null;
    drawDate: string | null;
    /** A winner's masked name (spec 1 §3 "user_name"), or the caller's own; null for anyone else's ticket. */
    ownerName: string | null;
    /** The signed-in caller bought this ticket. */
    mine: boolean;
    /** Its purchase was refunded: void, it does not take part (sold is false). */
    refunded: boolean;
  }>;
}

/**
 * verify_public_ticket: a number (1-4 digits) across every raffle on sale, under review or drawn, however old
 * (a winner stays a winner), a page at a time. Anyone may ask for
 * any number, so the answer names only a winner (as the winners list does) and, for a signed-in caller,
 * their own tickets: naming every sold ticket's owner let a visitor sweep a frozen list and group its
 * tickets by buyer.
 */
export async function verifyTicket(
  ctx: AppContext,
  input: string,
  viewerId: string | null = null,
  options: { raffleId?: string | null; page?: number } = {},
): Promise<TicketVerification> {
  const parsed = parseTicketInput(input);
  if (!parsed.ok) throw badRequest(parsed.message);
  const page = Math.max(1, Math.floor(options.page ?? 1));
  const raffleId = options.raffleId && isUuid(options.raffleId) ? options.raffleId : null;
  const found = await repo.findTicketMatches(ctx.db, parsed.number, {
    raffleId,
    offset: (page - 1) * VERIFY_PAGE_SIZE,
    limit: VERIFY_PAGE_SIZE,
  });
  const matches = found.rows.map((r) => {
    // A refunded purchase's ticket is void: never presented as a sold, participating ticket (decision 0016).
    const refunded = r.ticketStatus === "sold" && Boolean(r.refunded);
    const sold = r.ticketStatus === "sold" && !refunded;
    const drawDate = r.drawnAt ?? r.endDate;
    const isWinner = r.winnerPrize !== null && !refunded;
    const mine = (sold || refunded) && viewerId !== null && r.ownerId === viewerId;
    return {
      raffleId: r.raffleId,
      ticketNumber: formatTicketNumber(parsed.number, r.totalTickets),
      raffleTitle: r.raffleTitle,
      raffleStatus: r.raffleStatus,
      sold,
      isWinner,
      prize: r.winnerPrize,
      drawDate: drawDate ? new Date(drawDate).toISOString() : null,
      ownerName: (sold && isWinner) || mine ? shortName(r.ownerName) : null,
      mine,
      refunded,
    };
  });
  // Over every raffle holding the number, not only this page.
  const result: VerificationResultKind =
    found.total === 0
      ? "not_found"
      : found.anyWinner
        ? "winner"
        : found.anySold
          ? "not_winner"
          : found.anyRefunded
            ? "refunded"
            : "not_sold";
  // One width when every raffle found agrees (the usual case); otherwise the number as typed.
  const widths = new Set(matches.map((m) => m.ticketNumber));
  const ticketNumber = widths.size === 1 ? (matches[0]?.ticketNumber ?? parsed.display) : parsed.display;
  return {
    result,
    ticketNumber,
    total: found.total,
    page,
    pageSize: VERIFY_PAGE_SIZE,
    matches,
  };
}

export async function drawState(ctx: AppContext, raffleId: string) {
  const raffle = await repo.findRaffle(ctx.db, raffleId);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  const winners = await repo.findWinners(ctx.db, raffleId);
  return { raffle, winners };
}

/** GET /api/draws: every drawn raffle, v1 (transcript) and v2 / external result (record). */
export async function listDraws(ctx: Pick<AppContext, "db">): Promise<DrawListItem[]> {
  const rows = await repo.findDrawnRaffles(ctx.db, 200);
  const v2 = rows.filter((row) => !row.transcript).map((row) => row.id);
  const [winnerRows, counts, records] = await Promise.all([
    repo.currentWinnersOf(ctx.db, v2),
    repo.frozenTicketCounts(ctx.db, v2),
    repo.recordSummaries(ctx.db, v2),
  ]);
  return rows.map((row) => {
    const drawnAt = (row.drawnAt ?? new Date()).toISOString();
    const drawTrust = drawTrustOf({ ...row, drawAlgorithm: row.algorithm }, records.get(row.id));
    if (row.transcript) {
      const transcript = row.transcript as DrawTranscript;
      return {
        raffleId: row.id,
        totalTickets: row.totalTickets,
        title: row.title,
        drawnAt,
        commitment: row.commitment,
        seed: row.seed,
        publicValue: row.publicValue,
        publicValueSource: row.publicValueSource,
        ticketListHash: row.ticketListHash,
        algorithm: row.algorithm,
        ticketCount: transcript.ticketNumbers.length,
        winners: transcript.winners,
        recordUrl: null,
        drawTrust,
      };
    }
    return {
      raffleId: row.id,
      totalTickets: row.totalTickets,
      title: row.title,
      drawnAt,
      commitment: null,
      seed: null,
      publicValue: null,
      publicValueSource: null,
      ticketListHash: row.ticketListHash,
      algorithm: row.algorithm ?? "external",
      ticketCount: counts.get(row.id) ?? 0,
      winners: winnerRows
        .filter((w) => w.raffleId === row.id)
        .map((w) => ({
          level: w.prizeLevel,
          index: w.prizeIndex ?? 0,
          ticketNumber: w.ticketNumber,
          description: w.prizeDescription,
        })),
      recordUrl: `/api/raffles/${row.id}/record`,
      drawTrust,
    };
  });
}

export async function transcriptFor(ctx: AppContext, raffleId: string): Promise<DrawTranscript> {
  const raffle = await repo.findRaffle(ctx.db, raffleId);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND");
  if (raffle.drawnAt && !raffle.drawTranscript) {
    throw notFound(
      "NOT_FOUND",
      `Esta rifa no tiene transcripción v1: su resultado está en el acta pública (/api/raffles/${raffle.id}/record).`,
    );
  }
  if (!raffle.drawnAt || !raffle.drawTranscript) {
    throw notFound("NOT_FOUND", "Esta rifa todavía no ha sido sorteada.");
  }
  return raffle.drawTranscript as DrawTranscript;
}
