import { formatTicketNumber } from "@rifazo/shared";
import type { AppContext } from "../../context";
import type { Executor } from "../../db/client";
import { noticeEmail } from "../email";
import { createNotifications } from "../notifications";
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
  const link = `/sorteo/${raffle.id}`;
  const winnerIds = new Set(winners.map((w) => w.userId).filter((id): id is string => id !== null));
  const participants = await repo.findParticipants(tx, raffle.id);
  await createNotifications(ctx, tx, [
    ...winners.flatMap((w) =>
      w.userId
        ? [
            {
              userId: w.userId,
              type: "raffle_won" as const,
              title: "¡Ganaste!",
              message: `Tu boleto ${formatTicketNumber(w.ticketNumber, raffle.totalTickets)} ganó "${w.prizeDescription}" en la rifa "${raffle.title}".`,
              linkTo: link,
            },
          ]
        : [],
    ),
    ...participants
      .filter((id) => !winnerIds.has(id))
      .map((id) => ({
        userId: id,
        type: "raffle_announcement" as const,
        title: "Resultados del sorteo",
        message: `Ya se conocen los ganadores de "${raffle.title}". Gracias por participar.`,
        linkTo: link,
      })),
  ]);

  const users = await repo.findUserEmails(tx, [...winnerIds]);
  let queued = 0;
  for (const w of winners) {
    const user = users.find((u) => u.id === w.userId);
    if (!user) continue;
    await ctx.mail.enqueue(tx, {
      to: user.email,
      ...noticeEmail({
        name: user.name,
        title: "¡Ganaste en Rifazo!",
        message: `Tu boleto ${formatTicketNumber(w.ticketNumber, raffle.totalTickets)} ganó "${w.prizeDescription}" en la rifa "${raffle.title}". Te contactaremos para coordinar la entrega del premio.`,
        actionUrl: `${ctx.config.publicUrl}${link}`,
        actionLabel: "Ver el sorteo",
      }),
    });
    queued += 1;
  }
  return queued;
}
