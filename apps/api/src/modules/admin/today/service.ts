import { type AdminToday, roundCents } from "@rifazo/shared";
import type { Executor } from "../../../db/client";
import { lateDraws } from "../../draws";
import { prizesToday } from "../../prizes";
import { iso } from "../common";
import { revenueBy, ZERO_REVENUE } from "../revenue/service";
import * as repo from "./repository";

/** The dashboard's windows (spec: reservations about to expire, raffles closing in 24 hours). */
export const EXPIRING_WITHIN = "1 hour";
export const CLOSING_WITHIN = "24 hours";
export const SALES_DAYS = 14;
/** A list to act on, not a report: the first screen shows the most urgent reservations. */
export const EXPIRING_LIMIT = 50;

/** The 14 Venezuelan days ending today, oldest first (calendar arithmetic on the date alone). */
export function lastDays(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) =>
    new Date(end - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Everything but the background jobs, which the route adds from this instance's scheduler. */
export async function adminToday(db: Executor): Promise<Omit<AdminToday, "backgroundJobs">> {
  const today = await repo.venezuelanToday(db);
  const days = lastDays(today, SALES_DAYS);
  const [pending, expiring, closing, refunds, sales, late, awaiting, prizes] = await Promise.all([
    repo.pendingProofs(db),
    repo.expiringReservations(db, EXPIRING_WITHIN, EXPIRING_LIMIT),
    repo.closingRaffles(db, CLOSING_WITHIN),
    repo.refundsToPay(db),
    revenueBy(db, "day", { sinceDay: days[0] ?? today }),
    lateDraws(db),
    repo.awaitingDecision(db),
    prizesToday(db),
  ]);
  return {
    pendingProofs: { count: pending.count, oldestAt: iso(pending.oldestAt) },
    expiringReservations: expiring.map((row) => ({
      ...row,
      expiresAt: row.expiresAt.toISOString(),
    })),
    closingRaffles: closing.map((row) => ({ ...row, endDate: iso(row.endDate) ?? "" })),
    awaitingDecision: awaiting.map(({ activationType, closedAt, ...row }) => ({
      ...row,
      closedAt: iso(closedAt),
      extendable: activationType === "date" && row.extensionsUsed < row.maxExtensions,
    })),
    lateDraws: late,
    refundsToPay: {
      count: refunds.count,
      totalUsd: roundCents(refunds.usd),
      totalVes: roundCents(refunds.ves),
    },
    prizes,
    salesPerDay: days.map((day) => {
      const revenue = sales.get(day) ?? ZERO_REVENUE;
      return { day, revenue, proofs: revenue.proofs };
    }),
  };
}
