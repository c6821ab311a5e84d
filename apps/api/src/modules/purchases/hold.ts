/**
 * Holding tickets (decision 0014), under the buyer's and the raffle's row locks (decision 0004), with holds
 * kept scarce (decision 0019).
 */
import {
  HOLD_LAPSE_WINDOW_HOURS,
  HOLD_LIMIT_WINDOW_MINUTES,
  holdPauseMs,
  isUuid,
  MAX_HOLDS_PER_ACCOUNT_PER_HOUR,
  normalizeSellerCode,
  PROOF_MESSAGES,
  RESERVATION_MESSAGES,
  type Reservation,
  type SessionUser,
} from "@rifazo/shared";
import type { Tx } from "../../db/client";
import { AppError, conflict, forbidden, lifecycleRefusal, withDetails } from "../../lib/errors";
import { uniqueViolation } from "../../lib/pg-errors";
import { hitWindow, RATE_RULES } from "../../lib/rate-limit";
import { advance } from "../raffle-state";
import { currentExchangeRate } from "../settings";
import { publishRaffle, releaseExpiredIn } from "./expiry";
import * as holds from "./hold-history-repository";
import { assertPhoneCap, assertPurchaseLimits, lockBuyer } from "./purchase-limits";
import { quoteOf } from "./quotes";
import * as repo from "./repository";
import {
  assertSalesOpen,
  numbersTaken,
  type PurchaseContext,
  purchaseQuantity,
  type ReserveInput,
  raffleNotFound,
} from "./rules";
import { oneReservation } from "./views";

/** A hold names its trusted client address: no caller skips the holds per address (decision 0019). */
export type HoldOptions =
  | { status: "active"; idempotencyKey?: string | null; clientIp: string }
  | { status: "submitted"; idempotencyKey?: string | null };

// ---------------------------------------------------------------------------------------------
// Holds are scarce (decision 0019)
// ---------------------------------------------------------------------------------------------

/** A 429 that says until when, as Retry-After (seconds) and error.details.retryAt. */
function waitUntil(
  code: "HOLD_COOLDOWN" | "TOO_MANY_HOLDS" | "TOO_MANY_HOLDS_FROM_ADDRESS",
  message: string,
  at: Date,
  now: Date,
) {
  const error = new AppError(code, message);
  error.retryAfter = Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
  return withDetails(error, { retryAt: at.toISOString() });
}

/**
 * When a new hold of this buyer in this raffle expires, or the refusal. The clock belongs to the buyer and
 * raffle, not to a reservation row: after their own cancellation a new hold keeps the first one's expiry,
 * and once that time is over without a proof (cancelled or expired) they wait as long again before
 * holding anew, twice as long after the next such time, and so on (holdPauseMs). A hold that carried a
 * proof (under review, approved, rejected) leaves no pause.
 */
export async function holdExpiry(
  tx: Tx,
  userId: string,
  raffle: { id: string; reservationMinutes: number },
  now: Date,
): Promise<Date> {
  const period = raffle.reservationMinutes * 60_000;
  const fresh = new Date(now.getTime() + period);
  const last = await holds.lastHoldOf(tx, userId, raffle.id);
  if (!last || last.hadProof || !["active", "cancelled", "expired"].includes(last.status)) return fresh;
  const ends = last.expiresAt;
  if (ends.getTime() > now.getTime()) return ends;
  // The pause doubles with each hold time in this raffle that ended without a proof (15, 30, 60 min…).
  const lapses = await holds.unpaidHoldTimesSince(
    tx,
    userId,
    raffle.id,
    new Date(now.getTime() - HOLD_LAPSE_WINDOW_HOURS * 3_600_000),
  );
  const again = new Date(ends.getTime() + holdPauseMs(raffle.reservationMinutes, lapses));
  if (again.getTime() > now.getTime()) {
    throw waitUntil("HOLD_COOLDOWN", RESERVATION_MESSAGES.holdCooldown(again), again, now);
  }
  return fresh;
}

/** At most MAX_HOLDS_PER_ACCOUNT_PER_HOUR holds started in any hour (the buyer's row is locked). */
async function assertHoldsPerAccount(tx: Tx, userId: string, now: Date): Promise<void> {
  const window = HOLD_LIMIT_WINDOW_MINUTES * 60_000;
  const started = await holds.holdsStartedSince(
    tx,
    userId,
    new Date(now.getTime() - window),
    MAX_HOLDS_PER_ACCOUNT_PER_HOUR,
  );
  if (started.length < MAX_HOLDS_PER_ACCOUNT_PER_HOUR) return;
  // Rolling: one more is allowed once the oldest of the last N leaves the hour.
  const oldest = started[started.length - 1] as Date;
  const at = new Date(oldest.getTime() + window);
  throw waitUntil("TOO_MANY_HOLDS", RESERVATION_MESSAGES.tooManyHolds(at), at, now);
}

/** Counts the hold against its client address in the app's limiter, inside the hold's transaction. */
async function countHoldFromAddress(tx: Tx, ip: string, now: Date): Promise<void> {
  const { allowed, windowEndsAt } = await hitWindow(tx, `rl:hold:ip:${ip}`, RATE_RULES.holdsPerIp);
  if (!allowed) {
    throw waitUntil(
      "TOO_MANY_HOLDS_FROM_ADDRESS",
      RESERVATION_MESSAGES.tooManyHoldsFromAddress(windowEndsAt),
      windowEndsAt,
      now,
    );
  }
}

/** The vendedor a link's code credits for this purchase, or null (decision 0034). */
async function creditedSellerOf(tx: Tx, input: ReserveInput, raffleId: string, buyerId: string) {
  const code = normalizeSellerCode(input.sellerCode);
  return code ? repo.creditedSeller(tx, code, raffleId, buyerId) : null;
}

/**
 * Holds tickets for the buyer inside the caller's transaction: buyer and raffle rows locked here, what
 * is due applied first (a close, expired reservations), then stock, the buyer's cap and, in chosen mode,
 * the numbers themselves. Used by POST reservations and by a proof sent without one (random mode).
 */
export async function holdInTransaction(
  ctx: PurchaseContext,
  tx: Tx,
  user: SessionUser,
  raffleId: string,
  input: ReserveInput,
  now: Date,
  options: HoldOptions,
): Promise<{ row: repo.ReservationRow; raffle: repo.PurchaseRaffle }> {
  await lockBuyer(tx, user.id);
  const { raffle, quantity } = await lockOpenRaffle(ctx, tx, raffleId, input, now);

  if (options.status === "submitted") {
    // A proof sent without its reservation (a form that predates them) starts a new purchase: one left
    // waiting for a proof in this raffle (a rejected one, say) is given up rather than counted twice.
    await repo.cancelAwaitingOf(tx, user.id, raffleId, now);
  }
  let expiresAt = new Date(now.getTime() + raffle.reservationMinutes * 60_000);
  if (options.status === "active") {
    const holding = await repo.awaitingProofOf(tx, user.id, raffleId, now);
    if (holding) {
      throw withDetails(conflict(RESERVATION_MESSAGES.activeExists, "RESERVATION_ACTIVE"), {
        reservationId: holding.id,
      });
    }
    // Decision 0019: a hold's time cannot be extended by cancelling and holding again, and holds per
    // account are few. A proof sent without a reservation (the other branch) pays; it is not a hold.
    expiresAt = await holdExpiry(tx, user.id, raffle, now);
    await assertHoldsPerAccount(tx, user.id, now);
  }
  await assertStock(tx, raffle, quantity, now);
  await assertPurchaseLimits(tx, user.id, raffleId, quantity, now);
  assertTicketsReady(raffle);
  // Last, so only holds that pass every other rule count (a later refusal rolls the count back too).
  if (options.status === "active") await countHoldFromAddress(tx, options.clientIp, now);

  const row = await insertHolding(ctx, tx, raffle, input, {
    userId: user.id,
    status: options.status,
    quantity,
    expiresAt,
    pricing: quoteOf(raffle, quantity, (await repo.buyerOf(tx, user.id))?.level),
    idempotencyKey: options.idempotencyKey ?? null,
    sellerId: await creditedSellerOf(tx, input, raffleId, user.id),
    now,
  });
  return { row, raffle };
}

/**
 * A vendedor's sale holds its tickets like a purchase sent with its proof (status submitted), under the
 * raffle's lock and by the same rules of sales, stock and numbers, for a buyer who may have no account:
 * priced without a club discount (docs/decisions/0034-vendedores.md). In the caller's transaction.
 */
export async function holdForSellerSale(
  ctx: PurchaseContext,
  tx: Tx,
  sale: { sellerId: string; buyerPhone: string },
  raffleId: string,
  input: ReserveInput,
  now: Date,
): Promise<{ row: repo.ReservationRow; raffle: repo.PurchaseRaffle }> {
  const { raffle, quantity } = await lockOpenRaffle(ctx, tx, raffleId, input, now);
  await assertStock(tx, raffle, quantity, now);
  // The cap per buyer counts their celular across channels (an account with it, other vendedores' sales).
  await assertPhoneCap(tx, sale.buyerPhone, raffleId, quantity, now);
  assertTicketsReady(raffle);
  const row = await insertHolding(ctx, tx, raffle, input, {
    userId: null,
    status: "submitted",
    quantity,
    expiresAt: new Date(now.getTime() + raffle.reservationMinutes * 60_000),
    pricing: quoteOf(raffle, quantity, null),
    idempotencyKey: null,
    sellerId: sale.sellerId,
    now,
  });
  return { row, raffle };
}

/** What is due applied first (a close at the end date, a sell-out), then the raffle locked and open. */
async function lockOpenRaffle(
  ctx: PurchaseContext,
  tx: Tx,
  raffleId: string,
  input: ReserveInput,
  now: Date,
) {
  // The answer never depends on the job having run.
  await advance(ctx, tx, raffleId, now);
  const raffle = await repo.purchaseRaffle(tx, raffleId, true);
  if (!raffle) throw raffleNotFound();
  assertSalesOpen(raffle, now);
  if (input.abono && raffle.installmentMinimum === null) {
    throw new AppError("ABONO_NOT_ALLOWED", RESERVATION_MESSAGES.abonoNotAllowed);
  }
  const quantity = purchaseQuantity(raffle, input);
  await releaseExpiredIn(ctx, tx, raffle, now);
  return { raffle, quantity };
}

/** Stock: total − sold − held by other purchases (the raffle row is locked). */
async function assertStock(tx: Tx, raffle: repo.PurchaseRaffle, quantity: number, now: Date) {
  const held = await repo.heldTickets(tx, raffle.id, now);
  const left = Math.max(0, raffle.totalTickets - raffle.soldTickets - held);
  if (quantity > left) throw conflict(PROOF_MESSAGES.remaining(left), "INSUFFICIENT_TICKETS");
}

function assertTicketsReady(raffle: repo.PurchaseRaffle) {
  if (raffle.numberMode === "chosen" && !raffle.ticketsGenerated) {
    throw conflict("Los boletos de esta rifa aún se están generando.", "TICKETS_NOT_READY");
  }
}

/** Writes the reservation at the BCV rate of now, takes its chosen numbers, and tells open pages. */
async function insertHolding(
  ctx: PurchaseContext,
  tx: Tx,
  raffle: repo.PurchaseRaffle,
  input: ReserveInput,
  values: {
    userId: string | null;
    status: "active" | "submitted";
    quantity: number;
    expiresAt: Date;
    pricing: ReturnType<typeof quoteOf>;
    idempotencyKey: string | null;
    sellerId: string | null;
    now: Date;
  },
): Promise<repo.ReservationRow> {
  const { now, ...rest } = values;
  const rate = await currentExchangeRate(tx);
  const row = await repo.insertReservation(tx, {
    ...rest,
    kind: input.abono ? "abono" : "purchase",
    raffleId: raffle.id,
    numbers: raffle.numberMode === "chosen" ? (input.numbers ?? null) : null,
    unitPrice: Number(raffle.price),
    currency: raffle.currency,
    exchangeRate: rate?.rate ?? null,
    // The rate's own date (Venezuelan midnight): what the payment page shows next to it.
    exchangeRateAt: rate ? new Date(`${rate.date}T00:00:00-04:00`) : null,
    createdAt: now,
    updatedAt: now,
  });
  if (raffle.numberMode === "chosen" && input.numbers) {
    const got = await repo.reserveNumbers(tx, raffle.id, row.id, input.numbers);
    if (got.length !== input.numbers.length) {
      const mine = new Set(got);
      // Throwing rolls back the reservation and whatever it reserved: the loser holds nothing.
      throw numbersTaken(
        input.numbers.filter((n) => !mine.has(n)),
        raffle.totalTickets,
      );
    }
  }
  await publishRaffle(ctx, tx, raffle.id);
  return row;
}

/**
 * The loser of a race is told at once, without queueing for the raffle's lock: numbers already taken stay
 * taken. Free-looking ones are checked again under the lock, where the decision is made. Used by a buyer's
 * reservation and a vendedor's sale (a queue synced after a day offline is mostly conflicts).
 */
export async function refuseTakenEarly(
  ctx: Pick<PurchaseContext, "db">,
  raffleId: string,
  numbers: number[] | undefined,
  now: Date,
): Promise<void> {
  if (!numbers || numbers.length === 0 || !isUuid(raffleId)) return;
  const taken = await repo.takenAmong(ctx.db, raffleId, numbers, now);
  if (taken.length === 0) return;
  const raffle = await repo.purchaseRaffle(ctx.db, raffleId);
  if (!raffle) throw raffleNotFound();
  throw numbersTaken(taken, raffle.totalTickets);
}

export async function reserve(
  ctx: PurchaseContext,
  user: SessionUser,
  raffleId: string,
  input: ReserveInput,
  idempotencyKey: string | undefined,
  now: Date,
  client: { ip: string },
): Promise<{ reservation: Reservation; created: boolean }> {
  if (user.role === "admin") throw forbidden("FORBIDDEN", PROOF_MESSAGES.adminNotAllowed);
  if (!isUuid(raffleId)) throw raffleNotFound();
  if (idempotencyKey) {
    const earlier = await repo.findByIdempotencyKey(ctx.db, user.id, idempotencyKey);
    if (earlier) return { reservation: await oneReservation(ctx, ctx.db, earlier, now), created: false };
  }
  await refuseTakenEarly(ctx, raffleId, input.numbers, now);
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const held = await holdInTransaction(ctx, tx, user, raffleId, input, now, {
        status: "active",
        idempotencyKey: idempotencyKey ?? null,
        clientIp: client.ip,
      });
      return held.row;
    });
    ctx.mail.flushSoon();
    return { reservation: await oneReservation(ctx, ctx.db, row, now), created: true };
  } catch (error) {
    if (idempotencyKey && uniqueViolation(error) === "reservations_idempotency_idx") {
      const earlier = await repo.findByIdempotencyKey(ctx.db, user.id, idempotencyKey);
      if (earlier) return { reservation: await oneReservation(ctx, ctx.db, earlier, now), created: false };
    }
    if (error instanceof AppError) throw error;
    const refusal = lifecycleRefusal(error);
    if (refusal) throw refusal;
    throw error;
  }
}
