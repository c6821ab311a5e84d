// The raffle's instant prizes on its public page (docs/decisions/0035-prizes-on-the-record.md, "Instant wins
// nobody can aim"): the kinds as sold, how many are left and who won so far. Their winner rows (source
// 'instant', level 0) are listed with the others but are never the draw's.
import { cashCurrencyOf, isDrawWinner, type RaffleInstantPrizes, ticketLabel } from "@rifazo/shared";
import { asc, eq } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { instantPrizes } from "../../db/schema";
import type { WinnerRow } from "./repository";

/** The raffle's instant prizes as sold, in the organiser's order; empty when it offers none. */
export async function instantKindsOf(db: Executor, raffleId: string) {
  return db
    .select({
      description: instantPrizes.description,
      winnerCount: instantPrizes.winnerCount,
      prizeValue: instantPrizes.prizeValue,
      cashCurrency: instantPrizes.cashCurrency,
    })
    .from(instantPrizes)
    .where(eq(instantPrizes.raffleId, raffleId))
    .orderBy(asc(instantPrizes.position));
}

/**
 * The public block: the kinds as sold, how many are left (the total less the instant winner rows) and the
 * wins so far, newest first, each ticket in the raffle's digits; null when the raffle offers none.
 */
export function instantPrizesOf(
  kinds: Awaited<ReturnType<typeof instantKindsOf>>,
  winnerRows: WinnerRow[],
  totalTickets: number,
): RaffleInstantPrizes | null {
  if (kinds.length === 0) return null;
  const total = kinds.reduce((sum, kind) => sum + kind.winnerCount, 0);
  const wins = winnerRows
    .filter((row) => !isDrawWinner(row))
    .sort(
      (a, b) =>
        b.announcedAt.getTime() - a.announcedAt.getTime() || (b.prizeIndex ?? 0) - (a.prizeIndex ?? 0),
    );
  return {
    kinds: kinds.map((kind) => ({
      description: kind.description,
      count: kind.winnerCount,
      prizeValue: kind.prizeValue === null ? null : Number(kind.prizeValue),
      cashCurrency: cashCurrencyOf(kind.cashCurrency),
    })),
    total,
    left: Math.max(0, total - wins.length),
    wins: wins.map((w) => ({
      ticketNumber: ticketLabel(w.ticketNumber, totalTickets),
      description: w.prizeDescription,
      at: w.announcedAt.toISOString(),
    })),
  };
}
