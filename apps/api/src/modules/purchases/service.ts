/**
 * Purchases with reservations (decision 0014): starting a purchase holds its tickets (the chosen numbers, or a
 * quantity of the stock) for the raffle's reservation minutes, at a price the server decides once
 * (packages/shared/src/domain/pricing.ts) with the BCV rate of that moment. A proof converts it; the
 * expiry job, or the next purchase of the raffle, releases it when time runs out.
 *
 * Everything that decides runs under the raffle's row lock, taken after the buyer's (decision 0004), so
 * two buyers of one raffle take turns: a number is never held twice and stock never goes below zero.
 */
import {
  acceptedMethodsOf,
  bankAppDigits,
  bankAppPhone,
  type Combo,
  type Currency,
  closeReasonAt,
  convertAmount,
  DEFAULT_REVIEW_WINDOW_HOURS,
  encodeTaken,
  formatMoney,
  formatTicketNumber,
  getLevel,
  HOLD_LAPSE_WINDOW_HOURS,
  HOLD_LIMIT_WINDOW_MINUTES,
  holdPauseMs,
  isUuid,
  isVenezuelanMobile,
  MAX_HOLDS_PER_ACCOUNT_PER_HOUR,
  MIN_TICKETS_PER_PURCHASE,
  type MyNumbers,
  type MyReservations,
  methodCurrency,
  type NumberMode,
  type NumbersAvailability,
  PAYMENT_METHOD_LABELS,
  type PaymentAccounts,
  type PaymentInstruction,
  type PaymentMethod,
  PROOF_MESSAGES,
  type PriceQuote,
  quotePurchase,
  RAFFLE_MESSAGES,
  type RaffleStatus,
  RESERVATION_MESSAGES,
  RESERVATION_STATUS_LABELS,
  type Reservation,
  type ReservationStatus,
  rejectionRetryMinutes,
  type SessionUser,
  salesOpen,
} from "@rifazo/shared";
import { sameCents } from "@rifazo/shared/domain/money";
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { AppError, conflict, forbidden, lifecycleRefusal, notFound, withDetails } from "../../lib/errors";
import { uniqueViolation } from "../../lib/pg-errors";
import { hitWindow, RATE_RULES } from "../../lib/rate-limit";
import { recordAudit } from "../audit";
import { advance } from "../lifecycle/service";
import { notify } from "../notifications";
import { currentExchangeRate, paymentAccounts } from "../settings";
import { assertPurchaseLimits, lockBuyer } from "./purchase-limits";
import * as repo from "./repository";

export type PurchaseContext = AppContext;
export type PurchaseRaffleRow = repo.PurchaseRaffle;
export type ReservationRow = repo.ReservationRow;
export const { purchaseRaffle, findReservation, buyerOf, holdsOfRaffle } = repo;

/** Every 15 seconds the job releases reservations whose time ran out (and once at start). */
export const RESERVATION_EXPIRY_INTERVAL_MS = 15_000;
/** How many ended reservations "Mis reservas" lists after the holding ones. */
const ENDED_LISTED = 20;

const raffleNotFound = () => notFound("RAFFLE_NOT_FOUND", RAFFLE_MESSAGES.notFound);
const reservationNotFound = () => notFound("RESERVATION_NOT_FOUND", RESERVATION_MESSAGES.notFound);
/** Numbers in the raffle's digits (ticketDigits); as stored when the raffle is unknown. */
const labelIn = (totalTickets: number | null) => (n: number) =>
  totalTickets === null ? String(n) : formatTicketNumber(n, totalTickets);

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** 409 NUMBERS_TAKEN with the taken numbers formatted, in the message and in error.details.taken. */
function numbersTaken(numbers: number[], totalTickets: number): AppError {
  const taken = [...numbers].sort((a, b) => a - b).map(labelIn(totalTickets));
  return withDetails(conflict(RESERVATION_MESSAGES.numbersTaken(taken), "NUMBERS_TAKEN"), { taken });
}

/** Sales are open: active, no close due (end date, sell-out, countdown), not drawn. */
export function assertSalesOpen(
  raffle: {
    status: string;
    activationType: string;
    announcementType: string;
    activationPercentage: number | null;
    percentageDrawActivatedAt: Date | null;
    endDate: Date | null;
    totalTickets: number;
    soldTickets: number;
    hasWinners: boolean;
  },
  now: Date,
): void {
  const closing = closeReasonAt(
    {
      state: raffle.status as RaffleStatus,
      activationType: raffle.activationType === "percentage" ? "percentage" : "date",
      announcementType: raffle.announcementType === "external" ? "external" : "internal",
      activationPercentage: raffle.activationPercentage,
      percentageDrawActivatedAt: raffle.percentageDrawActivatedAt,
      endDate: raffle.endDate,
      totalTickets: raffle.totalTickets,
      soldTickets: raffle.soldTickets,
      pendingProofs: 0,
      reviewWindowHours: DEFAULT_REVIEW_WINDOW_HOURS,
    },
    now,
  );
  if (!salesOpen(raffle.status as RaffleStatus) || closing !== null || raffle.hasWinners) {
    throw conflict(PROOF_MESSAGES.salesClosed, "SALES_CLOSED");
  }
}

/** The club level discount of the buyer (their current level; Bronce gives none). */
export function levelDiscountOf(level: string | null | undefined): { name: string | null; percent: number } {
  const found = getLevel(level);
  return { name: found?.name ?? null, percent: found?.discountPercent ?? 0 };
}

export function quoteOf(
  raffle: { price: number; currency: string; combos: Combo[] },
  quantity: number,
  level: string | null | undefined,
): PriceQuote {
  const discount = levelDiscountOf(level);
  return quotePurchase({
    quantity,
    unitPrice: Number(raffle.price),
    currency: raffle.currency as Currency,
    combos: raffle.combos ?? [],
    levelName: discount.percent > 0 ? discount.name : null,
    levelDiscountPercent: discount.percent,
  });
}

/** The amount a method must pay for `total` at the frozen `rate`; null when bolívares need a rate. */
export function amountFor(
  method: PaymentMethod,
  total: number,
  currency: Currency,
  rate: number | null,
): { currency: Currency; amount: number | null } {
  const to = methodCurrency(method, currency);
  return { currency: to, amount: convertAmount(total, currency, to, rate) };
}

/** The method is one the raffle accepts (its organiser's list). */
export function assertMethodAccepted(paymentMethods: readonly string[], method: PaymentMethod): void {
  if (!acceptedMethodsOf(paymentMethods).includes(method)) {
    throw new AppError("METHOD_NOT_ACCEPTED", RESERVATION_MESSAGES.methodNotAccepted, {
      paymentMethod: RESERVATION_MESSAGES.methodNotAccepted,
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

export async function numbersOf(
  db: Executor,
  raffleId: string,
  now: Date = new Date(),
): Promise<NumbersAvailability> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const raffle = await repo.purchaseRaffle(db, raffleId);
  if (!raffle) throw raffleNotFound();
  const taken = (await repo.takenNumbers(db, raffleId, now)).filter((n) => n < raffle.totalTickets);
  return {
    raffleId,
    totalTickets: raffle.totalTickets,
    taken: taken.length,
    bitmap: encodeTaken(raffle.totalTickets, taken),
  };
}

/**
 * The signed-in caller's own numbers in a raffle (held and bought), for the number grid to tell them
 * apart from everyone else's taken ones. A separate, private answer so the public bitmap stays cacheable
 * and never says whose a number is.
 */
export async function myNumbersOf(
  db: Executor,
  viewer: SessionUser,
  raffleId: string,
  now: Date = new Date(),
): Promise<MyNumbers> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const raffle = await repo.purchaseRaffle(db, raffleId);
  if (!raffle) throw raffleNotFound();
  const own = await repo.ownNumbers(db, raffleId, viewer.id, now);
  const inRange = (n: number) => n < raffle.totalTickets;
  return { raffleId, held: own.held.filter(inRange), owned: own.owned.filter(inRange) };
}

export async function quoteFor(
  db: Executor,
  viewer: SessionUser | null,
  raffleId: string,
  quantity: number,
): Promise<PriceQuote> {
  if (!isUuid(raffleId)) throw raffleNotFound();
  const raffle = await repo.purchaseRaffle(db, raffleId);
  if (!raffle) throw raffleNotFound();
  const buyer = viewer && viewer.role !== "admin" ? await repo.buyerOf(db, viewer.id) : undefined;
  return quoteOf(raffle, quantity, buyer?.level);
}

function effectiveStatus(row: repo.ReservationRow, now: Date): ReservationStatus {
  const status = row.status as ReservationStatus;
  // Past its time and not yet swept: it holds nothing any more, so it is shown as what it is.
  if ((status === "active" || status === "rejected") && row.expiresAt.getTime() <= now.getTime()) {
    return "expired";
  }
  return status;
}

function instructions(
  row: repo.ReservationRow,
  acceptedLabels: string[],
  accounts: PaymentAccounts,
): PaymentInstruction[] {
  const rate = row.exchangeRate === null ? null : Number(row.exchangeRate);
  const currency = row.currency as Currency;
  return acceptedMethodsOf(acceptedLabels).map((method) => {
    const { currency: to, amount } = amountFor(method, row.pricing.total, currency, rate);
    let fields: { label: string; value: string; copy: string }[] | null = [];
    const as = (label: string, value: string, copy: string = value) => ({ label, value, copy });
    if (method === "pago_movil") {
      const a = accounts.pagoMovil;
      fields = a
        ? [
            as("Banco", a.bank),
            as("Teléfono", a.phone, bankAppPhone(a.phone)),
            as("Cédula/RIF", a.idNumber, bankAppDigits(a.idNumber)),
          ]
        : null;
    } else if (method === "transferencia") {
      const a = accounts.transfer;
      fields = a
        ? [
            as("Banco", a.bank),
            as("Número de cuenta", a.accountNumber, bankAppDigits(a.accountNumber)),
            as("Titular", a.holder),
            as("Cédula/RIF", a.idNumber, bankAppDigits(a.idNumber)),
          ]
        : null;
    } else if (method === "zelle") {
      const a = accounts.zelle;
      fields = a ? [as("Correo", a.email), as("Titular", a.name)] : null;
    } else if (method === "binance") {
      const a = accounts.binance;
      fields = a ? [as("Binance Pay ID", a.payId)] : null;
    }
    return {
      method,
      label: PAYMENT_METHOD_LABELS[method],
      currency: to,
      amount,
      fields: fields ?? [],
      available: fields !== null && amount !== null,
    };
  });
}

function toReservation(
  row: repo.ReservationRow,
  extras: repo.ReservationExtras | undefined,
  accounts: PaymentAccounts,
  now: Date,
): Reservation {
  const status = effectiveStatus(row, now);
  const label = labelIn(extras?.totalTickets ?? null);
  const numbers = row.numbers
    ? [...row.numbers].sort((a, b) => a - b).map(label)
    : status === "approved" && extras && extras.soldNumbers.length > 0
      ? extras.soldNumbers.map(label)
      : null;
  const rate = row.exchangeRate === null ? null : Number(row.exchangeRate);
  return {
    id: row.id,
    raffleId: row.raffleId,
    raffleTitle: extras?.raffleTitle ?? "",
    numberMode: (extras?.numberMode ?? (row.numbers ? "chosen" : "random")) as NumberMode,
    status,
    statusLabel: RESERVATION_STATUS_LABELS[status],
    quantity: row.quantity,
    numbers,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    serverNow: now.toISOString(),
    pricing: row.pricing,
    exchangeRate:
      rate === null ? null : { rate, updatedAt: (row.exchangeRateAt ?? row.createdAt).toISOString() },
    // Ended reservations no longer offer ways to pay.
    methods:
      status === "active" || status === "rejected"
        ? instructions(row, extras?.paymentMethods ?? [], accounts)
        : [],
    proofId: extras?.proofId ?? null,
    rejectionReason: extras?.proofStatus === "rejected" ? extras.proofNotes : null,
  };
}

export async function toReservations(
  ctx: Pick<AppContext, "log">,
  db: Executor,
  rows: repo.ReservationRow[],
  now: Date,
): Promise<Reservation[]> {
  const [extras, accounts] = await Promise.all([repo.extrasOf(db, rows), paymentAccounts(db, ctx.log)]);
  return rows.map((row) => toReservation(row, extras.get(row.id), accounts, now));
}

async function oneReservation(ctx: PurchaseContext, db: Executor, row: repo.ReservationRow, now: Date) {
  const [reservation] = await toReservations(ctx, db, [row], now);
  if (!reservation) throw reservationNotFound();
  return reservation;
}

export async function myReservations(
  ctx: PurchaseContext,
  user: SessionUser,
  now: Date = new Date(),
): Promise<MyReservations> {
  const rows = await repo.listMine(ctx.db, user.id, now, ENDED_LISTED);
  return { items: await toReservations(ctx, ctx.db, rows, now) };
}

/** A reservation its owner or an administrator may see; anybody else gets the same 404 as a missing id. */
async function visibleReservation(ctx: PurchaseContext, viewer: SessionUser, id: string) {
  if (!isUuid(id)) throw reservationNotFound();
  const row = await repo.findReservation(ctx.db, id);
  if (!row || (row.userId !== viewer.id && viewer.role !== "admin")) throw reservationNotFound();
  return row;
}

export async function reservationFor(
  ctx: PurchaseContext,
  viewer: SessionUser,
  id: string,
  now: Date = new Date(),
): Promise<Reservation> {
  return oneReservation(ctx, ctx.db, await visibleReservation(ctx, viewer, id), now);
}

// ---------------------------------------------------------------------------------------------
// Reserving
// ---------------------------------------------------------------------------------------------

export interface ReserveInput {
  numbers?: number[];
  quantity?: number;
}

/**
 * The quantity of a request by the raffle's mode: chosen numbers (distinct, inside the raffle) or a
 * quantity, never both; at least the minimum purchase.
 */
export function purchaseQuantity(raffle: repo.PurchaseRaffle, input: ReserveInput): number {
  let quantity: number;
  if (raffle.numberMode === "chosen") {
    if (!input.numbers || input.numbers.length === 0) {
      throw conflict(RESERVATION_MESSAGES.chooseNumbers, "CHOOSE_NUMBERS");
    }
    if (new Set(input.numbers).size !== input.numbers.length) {
      throw new AppError("VALIDATION", RESERVATION_MESSAGES.duplicateNumbers, {
        numbers: RESERVATION_MESSAGES.duplicateNumbers,
      });
    }
    if (input.numbers.some((n) => !Number.isInteger(n) || n < 0 || n >= raffle.totalTickets)) {
      throw new AppError("VALIDATION", RESERVATION_MESSAGES.invalidNumber, {
        numbers: RESERVATION_MESSAGES.invalidNumber,
      });
    }
    quantity = input.numbers.length;
  } else {
    if (input.numbers !== undefined) {
      throw new AppError("NUMBERS_NOT_ALLOWED", RESERVATION_MESSAGES.numbersNotAllowed, {
        numbers: RESERVATION_MESSAGES.numbersNotAllowed,
      });
    }
    quantity = input.quantity ?? 0;
  }
  if (quantity < MIN_TICKETS_PER_PURCHASE) {
    throw new AppError("MIN_PURCHASE", PROOF_MESSAGES.minPurchase, { quantity: PROOF_MESSAGES.minPurchase });
  }
  return quantity;
}

/** Tells each buyer whose reservation was released that its time ran out (notification and email). */
async function tellExpired(
  ctx: PurchaseContext,
  tx: Tx,
  released: repo.ReleasedReservation[],
  title: string,
): Promise<number> {
  let mails = 0;
  for (const reservation of released) {
    const buyer = await repo.buyerOf(tx, reservation.userId);
    const told = await notify(
      tx,
      ctx,
      { userId: reservation.userId, email: buyer?.email, name: buyer?.name },
      "reservationExpired",
      { raffleId: reservation.raffleId, raffleTitle: title },
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
  const last = await repo.lastHoldOf(tx, userId, raffle.id);
  if (!last || last.hadProof || !["active", "cancelled", "expired"].includes(last.status)) return fresh;
  const ends = last.expiresAt;
  if (ends.getTime() > now.getTime()) return ends;
  // The pause doubles with each hold time in this raffle that ended without a proof (15, 30, 60 min…).
  const lapses = await repo.unpaidHoldTimesSince(
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
  const started = await repo.holdsStartedSince(
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
  // Whatever is due first (a close at the end date, a sell-out): the answer never depends on the job.
  await advance(ctx, tx, raffleId, now);
  const raffle = await repo.purchaseRaffle(tx, raffleId, true);
  if (!raffle) throw raffleNotFound();
  assertSalesOpen(raffle, now);
  const quantity = purchaseQuantity(raffle, input);
  await releaseExpiredIn(ctx, tx, raffle, now);

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
  const held = await repo.heldTickets(tx, raffleId, now);
  const left = Math.max(0, raffle.totalTickets - raffle.soldTickets - held);
  if (quantity > left) throw conflict(PROOF_MESSAGES.remaining(left), "INSUFFICIENT_TICKETS");
  await assertPurchaseLimits(tx, user.id, raffleId, quantity, now);
  if (raffle.numberMode === "chosen" && !raffle.ticketsGenerated) {
    throw conflict("Los boletos de esta rifa aún se están generando.", "TICKETS_NOT_READY");
  }
  // Last, so only holds that pass every other rule count (a later refusal rolls the count back too).
  if (options.status === "active") await countHoldFromAddress(tx, options.clientIp, now);

  const buyer = await repo.buyerOf(tx, user.id);
  const pricing = quoteOf(raffle, quantity, buyer?.level);
  const rate = await currentExchangeRate(tx);
  const row = await repo.insertReservation(tx, {
    raffleId,
    userId: user.id,
    status: options.status,
    quantity,
    numbers: raffle.numberMode === "chosen" ? (input.numbers ?? null) : null,
    expiresAt,
    unitPrice: Number(raffle.price),
    currency: raffle.currency,
    pricing,
    exchangeRate: rate?.rate ?? null,
    // The rate's own date (Venezuelan midnight): what the payment page shows next to it.
    exchangeRateAt: rate ? new Date(`${rate.date}T00:00:00-04:00`) : null,
    idempotencyKey: options.idempotencyKey ?? null,
    createdAt: now,
    updatedAt: now,
  });
  if (raffle.numberMode === "chosen" && input.numbers) {
    const got = await repo.reserveNumbers(tx, raffleId, row.id, input.numbers);
    if (got.length !== input.numbers.length) {
      const mine = new Set(got);
      // Throwing rolls back the reservation and whatever it reserved: the loser holds nothing.
      throw numbersTaken(
        input.numbers.filter((n) => !mine.has(n)),
        raffle.totalTickets,
      );
    }
  }
  await publishRaffle(ctx, tx, raffleId);
  return { row, raffle };
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
  if (input.numbers && input.numbers.length > 0) {
    // The loser of a race is told at once, without queueing for the raffle's lock: numbers already taken
    // stay taken. Free-looking ones are checked again under the lock, where the decision is made.
    const taken = await repo.takenAmong(ctx.db, raffleId, input.numbers, now);
    if (taken.length > 0) {
      const raffle = await repo.purchaseRaffle(ctx.db, raffleId);
      if (!raffle) throw raffleNotFound();
      throw numbersTaken(taken, raffle.totalTickets);
    }
  }
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
  await lockBuyer(tx, row.userId);
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
    await notify(tx, ctx, { userId: before.userId }, "reservationReleased", {
      raffleTitle: raffle?.title ?? "",
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Converting (a proof for the reservation) and its outcome
// ---------------------------------------------------------------------------------------------

/** The exact amount `method` must pay for this reservation at its frozen rate, or the refusal. */
export function expectedPayment(
  row: repo.ReservationRow,
  paymentMethods: readonly string[],
  method: PaymentMethod,
  currency: Currency,
  amount: number,
): void {
  assertMethodAccepted(paymentMethods, method);
  const rate = row.exchangeRate === null ? null : Number(row.exchangeRate);
  const expected = amountFor(method, row.pricing.total, row.currency as Currency, rate);
  if (currency !== expected.currency) {
    const message = `El pago por ${PAYMENT_METHOD_LABELS[method]} se hace en ${expected.currency}.`;
    throw new AppError("CURRENCY_MISMATCH", message, { currency: message });
  }
  if (expected.amount === null) {
    throw new AppError("NO_EXCHANGE_RATE", RESERVATION_MESSAGES.noRate, {
      amount: RESERVATION_MESSAGES.noRate,
    });
  }
  if (!sameCents(amount, expected.amount)) {
    const message = RESERVATION_MESSAGES.amountMismatch(formatMoney(expected.amount, expected.currency));
    throw new AppError("AMOUNT_MISMATCH", message, { amount: message });
  }
}

/** The reservation may receive a proof now: the buyer's own, waiting for one, not past its time. */
export function assertConvertible(row: repo.ReservationRow | undefined, userId: string, now: Date) {
  if (!row || row.userId !== userId) throw reservationNotFound();
  if (row.status !== "active" && row.status !== "rejected") {
    throw conflict(RESERVATION_MESSAGES.notActive, "RESERVATION_NOT_ACTIVE");
  }
  if (row.expiresAt.getTime() <= now.getTime()) {
    throw conflict(RESERVATION_MESSAGES.expired, "RESERVATION_EXPIRED");
  }
}

/** A proof was sent for the reservation: it is under review now and holds its tickets until decided. */
export async function markSubmitted(tx: Tx, reservationId: string, now: Date): Promise<void> {
  await repo.updateReservation(tx, reservationId, { status: "submitted", updatedAt: now });
}

/** An approval of the reservation's proof: chosen numbers are sold exactly; the reservation is approved. */
export async function approveReservation(
  tx: Tx,
  reservationId: string,
  owner: { userId: string; paymentId: string; soldAt: Date },
): Promise<{ numbers: number[] | null; quantity: number }> {
  const row = await repo.findReservation(tx, reservationId, true);
  if (!row) return { numbers: null, quantity: 0 };
  let numbers: number[] | null = null;
  if (row.numbers) {
    numbers = await repo.sellReserved(tx, row.id, owner);
    if (numbers.length !== row.quantity) {
      throw conflict("No hay suficientes boletos disponibles.", "NOT_ENOUGH_TICKETS");
    }
  }
  await repo.updateReservation(tx, row.id, { status: "approved", updatedAt: owner.soldAt });
  return { numbers, quantity: row.quantity };
}

/**
 * A rejected proof: the reservation holds its tickets again for a new proof, for the raffle's hold time
 * and at least REJECTION_RETRY_MINUTES. Returns until when, or null when nothing is held any more.
 */
export async function rejectReservation(tx: Tx, reservationId: string, now: Date): Promise<Date | null> {
  const row = await repo.findReservation(tx, reservationId, true);
  if (row?.status !== "submitted") return null;
  const raffle = await repo.purchaseRaffle(tx, row.raffleId);
  const minutes = rejectionRetryMinutes(raffle?.reservationMinutes ?? 0);
  const expiresAt = new Date(now.getTime() + minutes * 60_000);
  await repo.updateReservation(tx, row.id, { status: "rejected", expiresAt, updatedAt: now });
  return expiresAt;
}

/** Its proof was deleted by an administrator: the reservation ends and frees what it still held. */
export async function cancelReservationOf(tx: Tx, reservationId: string, now: Date): Promise<void> {
  const row = await repo.findReservation(tx, reservationId, true);
  if (!row || row.status === "expired" || row.status === "cancelled") return;
  await repo.updateReservation(tx, row.id, { status: "cancelled", releasedAt: now, updatedAt: now });
  await repo.releaseTickets(tx, [row.id]);
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

/**
 * A purchase needs a way to reach the buyer and pay a refund back: a Venezuelan mobile on the account
 * (asked at sign-up; an account without one adds it on the purchase page, which answers this 422 inline).
 */
export function assertBuyerPhone(user: Pick<SessionUser, "phone" | "role">): void {
  // Administrators never buy: the purchase refuses them with its own 403 further on.
  if (user.role === "admin") return;
  if (!isVenezuelanMobile(user.phone)) throw new AppError("PHONE_REQUIRED");
}
