import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { notify } from "../notifications";
import * as repo from "./repository";
import type { PurchaseContext } from "./rules";

/** Every 15 seconds the job releases reservations whose time ran out (and once at start). */
export const RESERVATION_EXPIRY_INTERVAL_MS = 15_000;

/** Tells each buyer whose reservation was released that its time ran out (notification and email). */
async function tellExpired(
  ctx: PurchaseContext,
  tx: Tx,
  released: repo.ReleasedReservation[],
  title: string,
): Promise<number> {
  let mails = 0;
  for (const { userId, raffleId } of released) {
    // A vendedor's sale has no account to tell; the vendedor sees it in their list (decision 0034).
    if (!userId) continue;
    const buyer = await repo.buyerOf(tx, userId);
    const told = await notify(
      tx,
      ctx,
      { userId, email: buyer?.email, name: buyer?.name },
      "reservationExpired",
      { raffleId, raffleTitle: title },
    );
    mails += told.mails;
  }
  return mails;
}

/** Releases the raffle's reservations past their time, in the caller's transaction (raffle row locked). */
export async function releaseExpiredIn(
  ctx: PurchaseContext,
  tx: Tx,
  raffle: { id: string; title: string },
  now: Date,
): Promise<number> {
  const released = await repo.releaseDue(tx, raffle.id, now);
  if (released.length === 0) return 0;
  await tellExpired(ctx, tx, released, raffle.title);
  await publishRaffle(ctx, tx, raffle.id);
  return released.length;
}

export async function publishRaffle(ctx: Pick<AppContext, "events">, tx: Executor, raffleId: string) {
  // Open grids and detail pages refetch /numbers and what is left.
  await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.updated", id: raffleId } });
}

// ---------------------------------------------------------------------------------------------
// The expiry job
// ---------------------------------------------------------------------------------------------

/** One pass: every raffle with a reservation past its time releases them in its own transaction. */
export async function sweepExpiredReservations(
  ctx: PurchaseContext,
  now: Date = new Date(),
): Promise<number> {
  const raffleIds = await repo.rafflesWithDueReservations(ctx.db, now);
  let released = 0;
  for (const raffleId of raffleIds) {
    try {
      released += await ctx.db.transaction(async (tx) => {
        const raffle = await repo.purchaseRaffle(tx, raffleId, true);
        if (!raffle) return 0;
        return releaseExpiredIn(ctx, tx, raffle, now);
      });
    } catch (error) {
      ctx.log.error({ err: error, raffleId }, "reservas: no se pudieron liberar las reservas vencidas");
    }
  }
  if (released > 0) ctx.mail.flushSoon();
  return released;
}

/**
 * The "reservation-expiry" job (decision 0027): runs when the app is ready (awaited: a restart releases what
 * expired while it was down before serving) and every 15 seconds. The state lives in the database, so
 * nothing is lost or kept forever.
 */
export function scheduleReservationExpiry(
  app: FastifyInstance,
  intervalMs: number = RESERVATION_EXPIRY_INTERVAL_MS,
): void {
  app.ctx.jobs.add({
    name: "reservation-expiry",
    intervalMs,
    firstRun: "await",
    run: ({ now }) => sweepExpiredReservations(app.ctx, now),
  });
}
