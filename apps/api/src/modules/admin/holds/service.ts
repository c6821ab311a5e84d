/**
 * The organiser's view of a raffle's holds and the release of one (decision 0019). Reading goes through
 * the purchases repository (what "holding" means lives there once); releasing through the same service
 * that cancels a buyer's reservation, with an audit record.
 */
import {
  type AdminRaffleHolds,
  formatTicketNumber,
  HOLD_LIMIT_WINDOW_MINUTES,
  MAX_HOLDS_PER_ACCOUNT_PER_HOUR,
  RAFFLE_MESSAGES,
  RESERVATION_STATUS_LABELS,
  type ReservationStatus,
} from "@rifazo/shared";
import type { AppContext } from "../../../context";
import { notFound } from "../../../lib/errors";
import { holdsOfRaffle, purchaseRaffle, releaseHold } from "../../purchases";
import { type Actor, assertUuid } from "../common";

export async function raffleHolds(
  ctx: Pick<AppContext, "db">,
  raffleId: string,
  now: Date = new Date(),
): Promise<AdminRaffleHolds> {
  assertUuid(raffleId, RAFFLE_MESSAGES.notFound, "RAFFLE_NOT_FOUND");
  const raffle = await purchaseRaffle(ctx.db, raffleId);
  if (!raffle) throw notFound("RAFFLE_NOT_FOUND", RAFFLE_MESSAGES.notFound);
  const hourAgo = new Date(now.getTime() - HOLD_LIMIT_WINDOW_MINUTES * 60_000);
  const rows = await holdsOfRaffle(ctx.db, raffleId, now, hourAgo);
  const items = rows.map((row) => {
    const status = row.status as "active" | "rejected" | "submitted" | "partial";
    const decided = status === "submitted" || status === "partial";
    return {
      reservationId: row.id,
      userId: row.userId,
      buyerName: row.buyerName,
      buyerEmail: row.buyerEmail,
      status,
      statusLabel: RESERVATION_STATUS_LABELS[status as ReservationStatus],
      quantity: row.quantity,
      numbers: row.numbers
        ? [...row.numbers].sort((a, b) => a - b).map((n) => formatTicketNumber(n, raffle.totalTickets))
        : null,
      since: (row.since ?? row.createdAt).toISOString(),
      expiresAt: decided ? null : row.expiresAt.toISOString(),
      holdsLastHour: row.holdsLastHour,
      releasable: !decided,
    };
  });
  return {
    raffleId,
    totalTickets: raffle.totalTickets,
    heldTickets: items.reduce((sum, item) => sum + item.quantity, 0),
    maxHoldsPerHour: MAX_HOLDS_PER_ACCOUNT_PER_HOUR,
    serverNow: now.toISOString(),
    items,
  };
}

export async function releaseRaffleHold(ctx: AppContext, actor: Actor, reservationId: string): Promise<void> {
  await releaseHold(ctx, actor, reservationId);
}
