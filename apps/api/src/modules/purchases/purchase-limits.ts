import {
  capMessage,
  MAX_PENDING_PROOFS_PER_ACCOUNT,
  normalizeVenezuelanMobile,
  PURCHASE_LIMIT_MESSAGES,
  type PurchaseAllowance,
  ticketCapOf,
  ticketsAllowed,
} from "@rifazo/shared";
import { and, eq, gt, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { paymentProofs, raffles, reservations, users } from "../../db/schema";
import { AppError } from "../../lib/errors";

// Per-buyer limits of an upload (decision 0008): a cap per raffle over the buyer's pending plus approved
// tickets, and a limit on proofs under review per account. Both are checked inside the upload's
// transaction, after the buyer's row and then the raffle's row are locked, so two uploads of one buyer
// take turns and the second one counts the first.

/**
 * Locks the buyer's row until the transaction ends. Taken BEFORE the raffle's row, the order an approval
 * and a deletion use (buyer, then raffle: decision 0004), so the three never wait on each other in a circle.
 */
export async function lockBuyer(tx: Executor, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
}

/**
 * Holding reservations of a raffle: bought, under review, an abono part paid, or waiting for a proof and
 * not yet expired.
 */
const holding = (raffleId: string, now: Date) =>
  and(
    eq(reservations.raffleId, raffleId),
    or(
      inArray(reservations.status, ["submitted", "partial", "approved"]),
      and(inArray(reservations.status, ["active", "rejected"]), gt(reservations.expiresAt, now)),
    ),
  );

/**
 * Tickets of a raffle held under a buyer's celular (decision 0034: the cap is per buyer across channels):
 * a vendedor's sales to it without an account and, with `accounts`, also those claimed into one and the
 * purchases of the accounts that have it (each reservation once). An account's own cap counts its
 * purchases and the vendedores' sales to its celular, not other accounts (each account is a buyer).
 * Phones match on the ten digits after +58, however they were typed.
 */
async function heldByPhone(
  db: Executor,
  phone: string,
  raffleId: string,
  now: Date,
  accounts: boolean,
): Promise<number> {
  const digits = phone.slice(-10);
  const [row] = await db
    .select({ held: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int` })
    .from(reservations)
    .where(
      and(
        holding(raffleId, now),
        or(
          and(
            // A sale claimed into an account (decision 0034) is that account's purchase: the account's own
            // cap counts it as such, not again by celular; the celular's cap still counts it, once.
            accounts ? undefined : isNull(reservations.userId),
            sql`EXISTS (SELECT 1 FROM payment_proofs p WHERE p.reservation_id = ${reservations.id} AND right(p.buyer_phone, 10) = ${digits})`,
          ),
          accounts
            ? sql`EXISTS (SELECT 1 FROM users u WHERE u.id = ${reservations.userId} AND right(regexp_replace(coalesce(u.phone, ''), '[^0-9]', '', 'g'), 10) = ${digits})`
            : sql`false`,
        ),
      ),
    );
  return Number(row?.held ?? 0);
}

/**
 * A vendedor's sale to `phone` stays within the raffle's cap per buyer, counting what that celular already
 * holds in any channel. Call with the raffle's row locked (the sale's hold does).
 */
export async function assertPhoneCap(
  tx: Executor,
  phone: string,
  raffleId: string,
  quantity: number,
  now: Date,
): Promise<void> {
  const [raffle] = await tx
    .select({ totalTickets: raffles.totalTickets, maxTicketsPerBuyer: raffles.maxTicketsPerBuyer })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  if (!raffle) return; // the raffle's own checks already answered 404
  const cap = ticketCapOf(raffle);
  const left = ticketsAllowed(cap, await heldByPhone(tx, phone, raffleId, now, true));
  if (quantity > left) {
    const message = capMessage(cap, left);
    throw new AppError("TICKET_CAP_REACHED", message, { quantity: message });
  }
}

interface Standing {
  pendingProofs: number;
  /** null for a general payment (no raffle). */
  raffle: { cap: number; held: number } | null;
}

async function standingOf(
  db: Executor,
  userId: string,
  raffleId: string | null,
  now: Date = new Date(),
): Promise<Standing | null> {
  const [pending] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(paymentProofs)
    .where(and(eq(paymentProofs.userId, userId), eq(paymentProofs.status, "pending")));
  const pendingProofs = Number(pending?.n ?? 0);
  if (raffleId === null) return { pendingProofs, raffle: null };
  const [row] = await db
    .select({ totalTickets: raffles.totalTickets, maxTicketsPerBuyer: raffles.maxTicketsPerBuyer })
    .from(raffles)
    .where(eq(raffles.id, raffleId));
  if (!row) return null;
  const [mine] = await db
    .select({ held: sql<number>`coalesce(sum(${paymentProofs.quantityOfTickets}), 0)::int` })
    .from(paymentProofs)
    .where(
      and(
        eq(paymentProofs.userId, userId),
        eq(paymentProofs.raffleId, raffleId),
        // Held = under review or sold to this buyer: a rejected proof holds nothing. Proofs of a
        // reservation are counted through it (below).
        inArray(paymentProofs.status, ["pending", "approved", "verified"]),
        isNull(paymentProofs.reservationId),
      ),
    );
  // Reservations count too: bought (approved), under review, or waiting for a proof and not yet expired.
  const [reserved] = await db
    .select({ held: sql<number>`coalesce(sum(${reservations.quantity}), 0)::int` })
    .from(reservations)
    .where(and(eq(reservations.userId, userId), holding(raffleId, now)));
  // And what the buyer's celular holds in other channels (a vendedor's sales to it).
  const [account] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  const phone = account?.phone ? normalizeVenezuelanMobile(account.phone) : null;
  const byPhone = phone ? await heldByPhone(db, phone, raffleId, now, false) : 0;
  const held = Number(mine?.held ?? 0) + Number(reserved?.held ?? 0) + byPhone;
  return { pendingProofs, raffle: { cap: ticketCapOf(row), held } };
}

/**
 * Refuses an upload that would pass either limit. Call with the buyer's and the raffle's rows locked
 * (lockBuyer, then the raffle): what it counts cannot change before the insert commits.
 */
export async function assertPurchaseLimits(
  tx: Executor,
  userId: string,
  raffleId: string | null,
  quantity: number,
  now: Date = new Date(),
): Promise<void> {
  const standing = await standingOf(tx, userId, raffleId, now);
  if (!standing) return; // the raffle's own checks already answered 404
  if (standing.pendingProofs >= MAX_PENDING_PROOFS_PER_ACCOUNT) {
    throw new AppError("TOO_MANY_PENDING_PROOFS", PURCHASE_LIMIT_MESSAGES.pendingLimit);
  }
  if (standing.raffle) {
    const left = ticketsAllowed(standing.raffle.cap, standing.raffle.held);
    if (quantity > left) {
      const message = capMessage(standing.raffle.cap, left);
      throw new AppError("TICKET_CAP_REACHED", message, { quantity: message });
    }
  }
}

/** Only the limit on proofs under review: a proof for a reservation already counted in the cap. */
export async function assertPendingProofsLimit(tx: Executor, userId: string): Promise<void> {
  const standing = await standingOf(tx, userId, null);
  if (standing && standing.pendingProofs >= MAX_PENDING_PROOFS_PER_ACCOUNT) {
    throw new AppError("TOO_MANY_PENDING_PROOFS", PURCHASE_LIMIT_MESSAGES.pendingLimit);
  }
}

const LIMIT_CODES: ReadonlySet<string> = new Set(["TOO_MANY_PENDING_PROOFS", "TICKET_CAP_REACHED"]);

/**
 * A refusal by these limits. A concurrent retry of an upload (same idempotency key) waits for the buyer's
 * row and then counts the first attempt's proof: the caller answers it with that proof instead.
 */
export function isPurchaseLimitError(error: unknown): boolean {
  return error instanceof AppError && LIMIT_CODES.has(error.code);
}

/** What the upload form shows and offers (the server stays the authority: assertPurchaseLimits). */
export async function purchaseAllowance(
  db: Executor,
  userId: string,
  raffleId: string | null,
): Promise<PurchaseAllowance | null> {
  const standing = await standingOf(db, userId, raffleId);
  if (!standing) return null;
  return {
    raffleId,
    maxTicketsPerBuyer: standing.raffle?.cap ?? null,
    ticketsHeld: standing.raffle?.held ?? 0,
    ticketsAllowed: standing.raffle ? ticketsAllowed(standing.raffle.cap, standing.raffle.held) : null,
    pendingProofs: standing.pendingProofs,
    maxPendingProofs: MAX_PENDING_PROOFS_PER_ACCOUNT,
  };
}
