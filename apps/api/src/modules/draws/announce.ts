import { formatTicketNumber } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { notify } from "../notifications";
import { winnerNoticeFacts } from "./record-prizes";
import * as repo from "./repository";

export interface AnnouncedWinner {
  userId: string | null;
  ticketNumber: number;
  prizeDescription: string;
}

/**
 * Tells everyone a raffle's results, in the caller's transaction: each winner gets "¡Ganaste!" and an
 * email, every other buyer "Resultados del sorteo". Used by the server's draw and by the winners an
 * admin records from an external lottery. Returns how many emails were queued.
 */
export async function announceWinners(
  ctx: Pick<AppContext, "events" | "mail" | "config">,
  tx: Executor,
  raffle: { id: string; title: string; totalTickets: number },
  winners: AnnouncedWinner[],
): Promise<number> {
  const winnerIds = new Set(winners.map((w) => w.userId).filter((id): id is string => id !== null));
  const participants = await repo.findParticipants(tx, raffle.id);
  const users = await repo.findUserEmails(tx, [...winnerIds]);
  const facts = await winnerNoticeFacts(tx, raffle.id);
  // Each winning ticket is one notice and one email (a buyer with two winning tickets gets two).
  const won = await notify(
    tx,
    ctx,
    winners.flatMap((w) => {
      const prize = facts.get(w.ticketNumber);
      if (!w.userId || !prize) return [];
      const user = users.find((u) => u.id === w.userId);
      return [{ userId: w.userId, email: user?.email, name: user?.name, winner: w, prize }];
    }),
    "raffleWon",
    ({ winner, prize }) => ({
      raffleId: raffle.id,
      raffleTitle: raffle.title,
      ticket: formatTicketNumber(winner.ticketNumber, raffle.totalTickets),
      prize: winner.prizeDescription,
      ...prize,
    }),
  );
  await notify(
    tx,
    ctx,
    participants.filter((id) => !winnerIds.has(id)).map((userId) => ({ userId })),
    "raffleResults",
    { raffleId: raffle.id, raffleTitle: raffle.title },
  );
  return won.mails;
}
