// Reservation hoarding (decision 0019): `hoarders` accounts against a stream of honest buyers on one
// chosen-number raffle, over simulated time (the services' `now` advances one minute per step; nothing
// waits for real minutes). Each hoarder reserves as many free numbers as its cap allows the moment it may,
// and when its hold is about to run out cancels and reserves again (the cycle that used to restart the
// 15-minute clock); refused, it waits exactly until the time it was told. Honest buyers arrive at a steady
// rate, pick free numbers on the grid, reserve and pay at once (their purchase is then under review and
// keeps its numbers). The expiry job runs every simulated minute. Measured: the share of what honest
// buyers asked for that they got, the share of the raffle they hold at the end, and for hoarders the
// longest any one kept a hold without a break and the most it held beyond one hold period.
import { randomInt } from "node:crypto";
import { bitmapFromBase64, isTaken, type SessionUser } from "@rifazo/shared";
import { users } from "../../apps/api/src/db/schema";
import { waitForTicketPools } from "../../apps/api/src/modules/admin/raffles/ticket-pool";
import {
  cancelReservation,
  markSubmitted,
  numbersOf,
  reserve,
  sweepExpiredReservations,
} from "../../apps/api/src/modules/purchases/service";
import { buyerSession } from "../../apps/api/test/session-user";
import { createRaffle, type Harness } from "./harness";

const sessionUser = (id: string, i: number): SessionUser =>
  buyerSession({ id, email: `acaparo${i}@rifazo.bench`, fullName: `Cuenta ${i}` });

const MINUTE = 60_000;

export interface HoardingResult {
  totalTickets: number;
  cap: number;
  holdMinutes: number;
  simulatedMinutes: number;
  hoarders: number;
  honestBuyers: number;
  honestWanted: number;
  honestGot: number;
  honestTurnedAway: number;
  /** Numbers held by hoarders, averaged over the simulated minutes, as a share of the raffle. */
  hoardersAverageShare: number;
  /** Most numbers hoarders held together at any minute. */
  hoardersPeak: number;
  /** Longest any single hoarder held without a break, in simulated minutes. */
  longestStreakMinutes: number;
  /** Most numbers any hoarder held once its unbroken hold was older than one hold period. */
  heldBeyondOnePeriod: number;
  holdsStarted: number;
  refusals: Record<string, number>;
  seconds: number;
}

interface Hoarder {
  user: SessionUser;
  ip: string;
  holding: { id: string; expiresAt: number; quantity: number } | null;
  waitUntil: number;
  streakStart: number | null;
}

export async function benchHoarding(
  h: Harness,
  options: {
    hoarders: number;
    minutes: number;
    totalTickets: number;
    cap: number;
    holdMinutes: number;
    honestEveryMinutes: number;
  },
): Promise<HoardingResult> {
  const { ctx } = h.app;
  const raffleId = await createRaffle(h, {
    title: "Rifa acaparada",
    totalTickets: options.totalTickets,
    numberMode: "chosen",
    maxTicketsPerBuyer: options.cap,
    reservationMinutes: options.holdMinutes,
  });
  await waitForTicketPools(ctx);

  const honestCount = Math.floor(options.minutes / options.honestEveryMinutes);
  const ids = Array.from(
    { length: options.hoarders + honestCount },
    (_, i) => `bench_hoard_${i}_${randomInt(1e9)}`,
  );
  await ctx.db
    .insert(users)
    .values(
      ids.map((id, i) => ({ id, name: `Cuenta ${i}`, email: `${id}@rifazo.bench`, emailVerified: true })),
    );
  const hoarders: Hoarder[] = ids.slice(0, options.hoarders).map((id, i) => ({
    user: sessionUser(id, i),
    // Each from its own address: the worst case for the per-address rule.
    ip: `10.66.0.${i + 1}`,
    holding: null,
    waitUntil: 0,
    streakStart: null,
  }));
  const honest = ids.slice(options.hoarders).map((id, i) => ({
    user: sessionUser(id, options.hoarders + i),
    ip: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    wants: 2 + randomInt(5),
    got: 0,
    giveUpAt: 0,
    arrived: false,
    done: false,
  }));

  const refusals: Record<string, number> = {};
  let holdsStarted = 0;
  // The grid as buyers read it (GET /numbers), read again only after something was freed; what a hold
  // takes is removed locally (the service is still the judge: a stale pick would get NUMBERS_TAKEN).
  let cached: number[] | null = null;
  const free = async (now: Date): Promise<number[]> => {
    if (cached) return cached;
    const grid = await numbersOf(ctx.db, raffleId, now);
    const bitmap = bitmapFromBase64(grid.bitmap, grid.totalTickets);
    const out: number[] = [];
    for (let n = 0; n < grid.totalTickets; n++) if (!isTaken(bitmap, n)) out.push(n);
    cached = out;
    return out;
  };
  const took = (numbers: string[] | null) => {
    if (!cached || !numbers) return;
    const gone = new Set(numbers.map(Number));
    cached = cached.filter((n) => !gone.has(n));
  };
  const pick = (from: number[], count: number) => {
    const pool = [...from];
    const out: number[] = [];
    while (out.length < count && pool.length > 0)
      out.push(pool.splice(randomInt(pool.length), 1)[0] as number);
    return out;
  };
  const attempt = async (user: SessionUser, ip: string, numbers: number[], now: Date) => {
    try {
      const { reservation } = await reserve(ctx, user, raffleId, { numbers }, undefined, now, { ip });
      holdsStarted++;
      return { reservation, error: null };
    } catch (error) {
      const code = (error as { code?: string }).code ?? "OTRO";
      refusals[code] = (refusals[code] ?? 0) + 1;
      const retryAt = (error as { details?: { retryAt?: string } }).details?.retryAt;
      return { reservation: null, error: { code, retryAt: retryAt ? Date.parse(retryAt) : null } };
    }
  };

  let hoardedMinutes = 0;
  let peak = 0;
  let longest = 0;
  let beyond = 0;
  const period = options.holdMinutes * MINUTE;
  const t0 = Date.now() + MINUTE;
  const started = performance.now();
  for (let minute = 0; minute < options.minutes; minute++) {
    const now = new Date(t0 + minute * MINUTE);
    const at = now.getTime();
    if ((await sweepExpiredReservations(ctx, now)) > 0) cached = null;

    // Hoarders first in every minute: a script polling the grid beats a person to freed numbers.
    for (const hoarder of hoarders) {
      if (hoarder.holding && hoarder.holding.expiresAt <= at) {
        hoarder.holding = null;
        cached = null;
      }
      if (hoarder.holding && hoarder.holding.expiresAt - at <= 2 * MINUTE) {
        // About to run out: cancel and reserve again (what used to restart the clock).
        await cancelReservation(ctx, hoarder.user, hoarder.holding.id, now);
        hoarder.holding = null;
        cached = null;
      }
      if (!hoarder.holding && at >= hoarder.waitUntil) {
        const available = await free(now);
        if (available.length >= 2) {
          const { reservation, error } = await attempt(
            hoarder.user,
            hoarder.ip,
            pick(available, options.cap),
            now,
          );
          if (reservation) {
            took(reservation.numbers);
            hoarder.holding = {
              id: reservation.id,
              expiresAt: Date.parse(reservation.expiresAt),
              quantity: reservation.quantity,
            };
          } else if (error?.retryAt) hoarder.waitUntil = error.retryAt;
        }
      }
      if (hoarder.holding) {
        hoarder.streakStart ??= at;
        const streak = at - hoarder.streakStart + MINUTE;
        longest = Math.max(longest, streak);
        if (streak > period) beyond = Math.max(beyond, hoarder.holding.quantity);
      } else hoarder.streakStart = null;
    }
    // Then the honest buyers of this minute, on what the hoarders left.
    for (const [i, buyer] of honest.entries()) {
      if (buyer.done || i * options.honestEveryMinutes > minute) continue;
      if (!buyer.arrived) {
        buyer.arrived = true;
        // An honest buyer keeps trying for up to 30 minutes before giving up.
        buyer.giveUpAt = at + 30 * MINUTE;
      }
      if (at >= buyer.giveUpAt) {
        buyer.done = true;
        continue;
      }
      const available = await free(now);
      if (available.length < buyer.wants) continue;
      const { reservation } = await attempt(buyer.user, buyer.ip, pick(available, buyer.wants), now);
      if (!reservation) {
        cached = null;
        continue;
      }
      took(reservation.numbers);
      // Pays at once: the purchase is under review and keeps its numbers.
      await ctx.db.transaction((tx) => markSubmitted(tx, reservation.id, now));
      buyer.got = reservation.quantity;
      buyer.done = true;
    }

    const held = hoarders.reduce((sum, hoarder) => sum + (hoarder.holding?.quantity ?? 0), 0);
    hoardedMinutes += held;
    peak = Math.max(peak, held);
  }
  const seconds = (performance.now() - started) / 1000;

  const honestWanted = honest.reduce((sum, b) => sum + b.wants, 0);
  const honestGot = honest.reduce((sum, b) => sum + b.got, 0);
  return {
    totalTickets: options.totalTickets,
    cap: options.cap,
    holdMinutes: options.holdMinutes,
    simulatedMinutes: options.minutes,
    hoarders: options.hoarders,
    honestBuyers: honest.length,
    honestWanted,
    honestGot,
    honestTurnedAway: honest.filter((b) => b.got === 0).length,
    hoardersAverageShare: hoardedMinutes / options.minutes / options.totalTickets,
    hoardersPeak: peak,
    longestStreakMinutes: longest / MINUTE,
    heldBeyondOnePeriod: beyond,
    holdsStarted,
    refusals,
    seconds,
  };
}
