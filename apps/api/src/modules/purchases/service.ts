/**
 * Purchases with reservations (decision 0014): starting a purchase holds its tickets (the chosen numbers, or a
 * quantity of the stock) for the raffle's reservation minutes, at a price the server decides once
 * (packages/shared/src/domain/pricing.ts) with the BCV rate of that moment. A proof converts it; the
 * expiry job, or the next purchase of the raffle, releases it when time runs out.
 *
 * Everything that decides runs under the raffle's row lock, taken after the buyer's (decision 0004), so
 * two buyers of one raffle take turns: a number is never held twice and stock never goes below zero.
 */
import { isUuid, RESERVATION_MESSAGES, type SessionUser } from "@rifazo/shared";
import type { Tx } from "../../db/client";
import { conflict } from "../../lib/errors";
import { recordAudit } from "../audit";
import { notify } from "../notifications";
import { publishRaffle } from "./expiry";
import { lockBuyer } from "./purchase-limits";
import * as repo from "./repository";
import { labelIn, type PurchaseContext, reservationNotFound } from "./rules";
import { visibleReservation } from "./views";

export {
  abonoBalanceOf,
  abonoBalanceText,
  abonosOf,
  assertAbonoPayment,
  lockAbonoForPayment,
} from "./abonos";
export {
  publishRaffle,
  RESERVATION_EXPIRY_INTERVAL_MS,
  releaseExpiredIn,
  scheduleReservationExpiry,
  sweepExpiredReservations,
} from "./expiry";
export {
  type HoldOptions,
  holdExpiry,
  holdForSellerSale,
  holdInTransaction,
  refuseTakenEarly,
  reserve,
} from "./hold";
export {
  approveReservation,
  assertConvertible,
  cancelReservationOf,
  expectedPayment,
  markSubmitted,
  otherPaymentsOf,
  rejectReservation,
  rejectSellerReservation,
} from "./outcome";
export {
  amountFor,
  assertMethodAccepted,
  levelDiscountOf,
  myNumbersOf,
  numbersOf,
  quoteFor,
  quoteOf,
} from "./quotes";
export {
  assertBuyerPhone,
  assertSalesOpen,
  type PurchaseContext,
  purchaseQuantity,
  type ReserveInput,
} from "./rules";
export { myReservations, reservationFor, toReservations } from "./views";

export type PurchaseRaffleRow = repo.PurchaseRaffle;
export type ReservationRow = repo.ReservationRow;
export const { purchaseRaffle, findReservation, buyerOf } = repo;
export { holdsOfRaffle } from "./hold-history-repository";

/**
 * Ends a hold waiting for a proof in the caller's transaction (buyer and raffle rows locked here): its
 * tickets are free at once. `clock: "ends"` also ends the buyer's hold time now (an organiser's release:
 * the pause of decision 0019 starts at once instead of letting the buyer hold again on the same clock).
 */
async function endHold(
  ctx: PurchaseContext,
  tx: Tx,
  row: repo.ReservationRow,
  now: Date,
  clock: "keeps" | "ends",
): Promise<repo.ReservationRow> {
  if (row.userId) await lockBuyer(tx, row.userId);
  await repo.purchaseRaffle(tx, row.raffleId, true);
  const locked = await repo.findReservation(tx, row.id, true);
  if (!locked) throw reservationNotFound();
  if (locked.status !== "active" && locked.status !== "rejected") {
    throw conflict(RESERVATION_MESSAGES.notActive, "RESERVATION_NOT_ACTIVE");
  }
  const expiresAt = clock === "ends" && locked.expiresAt.getTime() > now.getTime() ? now : locked.expiresAt;
  await repo.updateReservation(tx, row.id, {
    status: "cancelled",
    releasedAt: now,
    updatedAt: now,
    expiresAt,
  });
  await repo.releaseTickets(tx, [row.id]);
  await publishRaffle(ctx, tx, row.raffleId);
  return locked;
}

/** The owner gives up a reservation waiting for a proof; its tickets are free at once. */
export async function cancelReservation(
  ctx: PurchaseContext,
  user: SessionUser,
  id: string,
  now: Date = new Date(),
): Promise<void> {
  const row = await visibleReservation(ctx, user, id);
  if (row.userId !== user.id) throw reservationNotFound();
  await ctx.db.transaction(async (tx) => {
    await endHold(ctx, tx, row, now, "keeps");
  });
}

/**
 * The organiser releases a buyer's hold (decision 0019): the same ending as the owner's cancellation, plus
 * the audit record, a notice to the buyer, and the buyer's hold time ends now.
 */
export async function releaseHold(
  ctx: PurchaseContext,
  actor: { id: string; ip: string | null },
  id: string,
  now: Date = new Date(),
): Promise<void> {
  if (!isUuid(id)) throw reservationNotFound();
  const row = await repo.findReservation(ctx.db, id);
  if (!row) throw reservationNotFound();
  await ctx.db.transaction(async (tx) => {
    const before = await endHold(ctx, tx, row, now, "ends");
    const raffle = await repo.purchaseRaffle(tx, row.raffleId);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "reservation.release",
      entity: "reservation",
      entityId: id,
      before: {
        userId: before.userId,
        raffleId: before.raffleId,
        status: before.status,
        quantity: before.quantity,
        numbers: before.numbers
          ? [...before.numbers].sort((a, b) => a - b).map(labelIn(raffle?.totalTickets ?? null))
          : null,
        createdAt: before.createdAt.toISOString(),
        expiresAt: before.expiresAt.toISOString(),
      },
      after: { status: "cancelled", releasedAt: now.toISOString() },
      ipAddress: actor.ip,
    });
    if (before.userId) {
      await notify(tx, ctx, { userId: before.userId }, "reservationReleased", {
        raffleTitle: raffle?.title ?? "",
      });
    }
  });
}
