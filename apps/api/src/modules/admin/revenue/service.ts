/**
 * Revenue, once for every screen (statistics, Hoy, the raffle's admin page, the raffles export): what
 * buyers actually paid (approved proofs at their frozen rates, so combos and discounts count as charged)
 * minus what was refunded or is owed for cancelled raffles (docs/decisions/0016-raffles-that-do-not-sell.md).
 * Never price × tickets sold.
 */
import { type MoneyPair, type Revenue, roundCents } from "@rifazo/shared";
import type { Executor } from "../../../db/client";
import * as repo from "./repository";

export type { RevenueFilter, RevenueGrouping } from "./repository";

const pair = (usd: number, ves: number): MoneyPair => ({ usd: roundCents(usd), ves: roundCents(ves) });

export const ZERO_REVENUE: Revenue = {
  collected: pair(0, 0),
  refunded: pair(0, 0),
  refundPending: pair(0, 0),
  net: pair(0, 0),
  proofs: 0,
};

function toRevenue(collected: repo.RevenueRow | undefined, refunded: repo.RevenueRow | undefined): Revenue {
  const inUsd = Number(collected?.usd ?? 0);
  const inVes = Number(collected?.ves ?? 0);
  const outUsd = Number(refunded?.usd ?? 0);
  const outVes = Number(refunded?.ves ?? 0);
  return {
    collected: pair(inUsd, inVes),
    refunded: pair(outUsd, outVes),
    refundPending: pair(Number(refunded?.pendingUsd ?? 0), Number(refunded?.pendingVes ?? 0)),
    // Rounded once from the unrounded sums, so a sum of many Bs ÷ rate fractions does not drift.
    net: pair(inUsd - outUsd, inVes - outVes),
    proofs: Number(collected?.n ?? 0),
  };
}

/**
 * The revenue per key of the grouping: raffle id, Venezuelan day (approval day of a payment, creation
 * day of a refund) or "all". Keys with nothing collected nor refunded are absent (use ZERO_REVENUE).
 */
export async function revenueBy(
  db: Executor,
  by: repo.RevenueGrouping,
  filter: repo.RevenueFilter = {},
): Promise<Map<string, Revenue>> {
  if (filter.raffleIds && filter.raffleIds.length === 0) return new Map();
  const [collected, refunded] = await Promise.all([
    repo.collectedRows(db, by, filter),
    repo.refundRows(db, by, filter),
  ]);
  const keyOf = (row: repo.RevenueRow) => (by === "all" ? "all" : (row.key ?? ""));
  const inByKey = new Map(collected.map((row) => [keyOf(row), row]));
  const outByKey = new Map(refunded.map((row) => [keyOf(row), row]));
  const result = new Map<string, Revenue>();
  for (const key of new Set([...inByKey.keys(), ...outByKey.keys()])) {
    // A general payment (no raffle) counts in the totals, not under a raffle.
    if (key === "") continue;
    result.set(key, toRevenue(inByKey.get(key), outByKey.get(key)));
  }
  return result;
}

/** Everything together (the statistics' headline figures). */
export async function totalRevenue(db: Executor, filter: repo.RevenueFilter = {}): Promise<Revenue> {
  return (await revenueBy(db, "all", filter)).get("all") ?? ZERO_REVENUE;
}

/** One raffle's money in each currency as it was paid: each column its own currency, never converted. */
export interface RevenueInCurrencies {
  collected: MoneyPair;
  refunded: MoneyPair;
  refundPending: MoneyPair;
  proofs: number;
}

/**
 * The raffle's statement (docs/decisions/0035-prizes-on-the-record.md): the same proofs and refunds as
 * every other screen, grouped by the currency paid, each currency's own column taken from its own row
 * (dollars paid in dollars, bolívares in bolívares), so nothing is converted nor added across currencies.
 */
export async function revenueInCurrencies(db: Executor, raffleId: string): Promise<RevenueInCurrencies> {
  const rows = await revenueBy(db, "currency", { raffleIds: [raffleId] });
  const usd = rows.get("USD") ?? ZERO_REVENUE;
  const ves = rows.get("VES") ?? ZERO_REVENUE;
  const own = (pick: (r: Revenue) => MoneyPair) => pair(pick(usd).usd, pick(ves).ves);
  return {
    collected: own((r) => r.collected),
    refunded: own((r) => r.refunded),
    refundPending: own((r) => r.refundPending),
    proofs: usd.proofs + ves.proofs,
  };
}
