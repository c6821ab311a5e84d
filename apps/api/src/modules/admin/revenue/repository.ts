import { TIME_ZONE } from "@rifazo/shared";
import { and, eq, gte, inArray, isNotNull, type SQL, sql } from "drizzle-orm";
import { type AnyPgColumn, alias } from "drizzle-orm/pg-core";
import type { Executor } from "../../../db/client";
import { paymentProofs, refunds, reservations } from "../../../db/schema";

/**
 * How the ledger is summed: per raffle, per Venezuelan day, all together, or per currency paid (the
 * raffle's statement, decision 0035: each currency's row holds its own amounts as paid in its column).
 */
export type RevenueGrouping = "raffle" | "day" | "all" | "currency";

export interface RevenueFilter {
  /** Only these raffles (an empty list matches nothing). */
  raffleIds?: readonly string[];
  /** From this Venezuelan day (YYYY-MM-DD) on: approval day for proofs, creation day for refunds. */
  sinceDay?: string;
}

export interface RevenueRow {
  key: string | null;
  usd: string;
  ves: string;
  /** Refund rows only: the part still owed. */
  pendingUsd: string;
  pendingVes: string;
  n: number;
}

// Inlined constant so the same expression matches in SELECT and GROUP BY (see admin/stats).
const zone = sql.raw(`'${TIME_ZONE}'`);
const dayOf = (column: AnyPgColumn) =>
  sql<string>`to_char((${column} AT TIME ZONE ${zone})::date, 'YYYY-MM-DD')`;
const fromDay = (day: string) => sql`(${day}::date::timestamp AT TIME ZONE ${zone})`;

/**
 * An amount in both columns through its frozen rate (Bs per USD): dollars as paid plus bolívares ÷ rate;
 * bolívares as paid plus dollars × rate. Without a rate it counts only in its own currency.
 */
function inUsd(amount: AnyPgColumn, currency: AnyPgColumn, rate: SQL) {
  return sql`CASE WHEN ${currency} = 'USD' THEN ${amount} WHEN ${rate} > 0 THEN ${amount} / ${rate} ELSE 0 END`;
}
function inVes(amount: AnyPgColumn, currency: AnyPgColumn, rate: SQL) {
  return sql`CASE WHEN ${currency} = 'VES' THEN ${amount} WHEN ${rate} > 0 THEN ${amount} * ${rate} ELSE 0 END`;
}
const total = (expr: SQL, filter?: SQL) =>
  filter
    ? sql<string>`coalesce(sum(${expr}) FILTER (WHERE ${filter}), 0)::text`
    : sql<string>`coalesce(sum(${expr}), 0)::text`;

/**
 * Approved proofs: what buyers paid, each at the rate frozen with it (a Bs proof carries it; a dollar
 * proof of a purchase falls back to its reservation's, decision 0014). "verified" is the legacy approved.
 */
export function collectedRows(
  db: Executor,
  by: RevenueGrouping,
  filter: RevenueFilter,
): Promise<RevenueRow[]> {
  const rate = sql`coalesce(${paymentProofs.exchangeRate}, ${reservations.exchangeRate})`;
  const key =
    by === "raffle"
      ? sql<string | null>`${paymentProofs.raffleId}::text`
      : by === "day"
        ? dayOf(paymentProofs.reviewedAt)
        : by === "currency"
          ? sql<string | null>`${paymentProofs.currency}`
          : sql<string | null>`NULL::text`;
  const query = db
    .select({
      key,
      usd: total(inUsd(paymentProofs.amount, paymentProofs.currency, rate)),
      ves: total(inVes(paymentProofs.amount, paymentProofs.currency, rate)),
      pendingUsd: sql<string>`'0'`,
      pendingVes: sql<string>`'0'`,
      n: sql<number>`count(*)::int`,
    })
    .from(paymentProofs)
    .leftJoin(reservations, eq(reservations.id, paymentProofs.reservationId))
    .where(
      and(
        inArray(paymentProofs.status, ["approved", "verified"]),
        filter.raffleIds ? inArray(paymentProofs.raffleId, [...filter.raffleIds]) : undefined,
        filter.sinceDay
          ? and(isNotNull(paymentProofs.reviewedAt), gte(paymentProofs.reviewedAt, fromDay(filter.sinceDay)))
          : undefined,
      ),
    );
  return by === "all" ? query : query.groupBy(key);
}

/** Refunds (decision 0016), owed or paid, in the currency paid at the purchase's frozen rate. */
export function refundRows(db: Executor, by: RevenueGrouping, filter: RevenueFilter): Promise<RevenueRow[]> {
  const proof = alias(paymentProofs, "refunded_proof");
  const rate = sql`coalesce(${refunds.exchangeRate}, ${proof.exchangeRate}, ${reservations.exchangeRate})`;
  const key =
    by === "raffle"
      ? sql<string | null>`${refunds.raffleId}::text`
      : by === "day"
        ? dayOf(refunds.createdAt)
        : by === "currency"
          ? sql<string | null>`${refunds.currency}`
          : sql<string | null>`NULL::text`;
  const usd = inUsd(refunds.amount, refunds.currency, rate);
  const ves = inVes(refunds.amount, refunds.currency, rate);
  const owed = sql`${refunds.status} = 'pending'`;
  const query = db
    .select({
      key,
      usd: total(usd),
      ves: total(ves),
      pendingUsd: total(usd, owed),
      pendingVes: total(ves, owed),
      n: sql<number>`count(*)::int`,
    })
    .from(refunds)
    .innerJoin(proof, eq(proof.id, refunds.proofId))
    .leftJoin(reservations, eq(reservations.id, proof.reservationId))
    .where(
      and(
        filter.raffleIds ? inArray(refunds.raffleId, [...filter.raffleIds]) : undefined,
        filter.sinceDay ? gte(refunds.createdAt, fromDay(filter.sinceDay)) : undefined,
      ),
    );
  return by === "all" ? query : query.groupBy(key);
}
