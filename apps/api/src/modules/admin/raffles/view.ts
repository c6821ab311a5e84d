import { type AdminRaffle, cashCurrencyOf, type ExternalBinding, isUuid, type Revenue } from "@rifazo/shared";
import type { ExternalRule } from "@rifazo/shared/domain/draw-record";
import {
  isLotteryDecided,
  LOTTERY_FREEZE_MARGIN_MINUTES,
  type LotteryFallback,
  latestFreezeAt,
  lotteryFallbackText,
} from "@rifazo/shared/domain/lottery-binding";
import type { Executor } from "../../../db/client";
import { externalRuleText, type RecordSummary, recordSummaries } from "../../draws";
import {
  type PrizeStatuses,
  prizeStatusesOf,
  raffleNotFound,
  toPublicRaffle,
  winnersOf,
} from "../../raffles";
import { revenueBy, ZERO_REVENUE } from "../revenue/service";
import * as repo from "./repository";

// The raffle as the admin sees it: the public payload, its prize levels, revenue and lottery binding.

export const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The stored instant prizes as the form holds them (docs/decisions/0035-prizes-on-the-record.md). */
export function instantPrizesView(rows: repo.InstantPrizeRow[]): AdminRaffle["instantPrizes"] {
  return rows.map((row) => ({
    description: row.description,
    count: row.winnerCount,
    prizeValue: row.prizeValue === null ? null : Number(row.prizeValue),
    cashCurrency: cashCurrencyOf(row.cashCurrency),
  }));
}

function toAdminRaffle(
  row: repo.AdminRaffleRow,
  levels: repo.PrizeLevelRow[],
  instant: repo.InstantPrizeRow[],
  winners: Awaited<ReturnType<typeof winnersOf>>,
  record: RecordSummary | undefined,
  revenue: Revenue,
  prizes: PrizeStatuses,
): AdminRaffle {
  const pendingTickets = Number(row.pendingTickets ?? 0);
  return {
    // With the record's summary, as the public payloads: lifecycle.recordAvailable and the named round
    // are what the admin's "Sorteo y acta" section (Pegar beacon, Descalificar) waits for.
    ...toPublicRaffle(row, winners, record, "full", prizes),
    prizeLevels: levels.map((level) => ({
      level: level.level,
      description: level.description,
      winnerCount: level.winnerCount,
      prizeValue: level.prizeValue === null ? null : Number(level.prizeValue),
      cashCurrency: cashCurrencyOf(level.cashCurrency),
    })),
    instantPrizes: instantPrizesView(instant),
    ticketsGenerated: row.ticketsGenerated,
    pendingTickets,
    maxTicketsPerBuyerSetting: row.maxTicketsPerBuyer,
    paymentProofCount: Number(row.paymentProofCount ?? 0),
    hasSales: row.soldTickets > 0 || pendingTickets > 0,
    drawSeedCommitment: row.drawSeedCommitment,
    lotteryDecided: isLotteryDecided(row),
    externalBinding: bindingView(row, row.soldTickets > 0 || pendingTickets > 0),
    maxExtensions: row.maxExtensions,
    extensionsUsed: row.extensionsUsed,
    archivedAt: iso(row.archivedAt),
    updatedAt: row.updatedAt.toISOString(),
    revenue,
  };
}

async function withDetails(db: Executor, rows: repo.AdminRaffleRow[]): Promise<AdminRaffle[]> {
  const ids = rows.map((row) => row.id);
  const [levels, instant, winners, records, revenue] = await Promise.all([
    repo.prizeLevelsOf(db, ids),
    repo.instantPrizesOf(db, ids),
    winnersOf(db, ids),
    recordSummaries(db, ids),
    revenueBy(db, "raffle", { raffleIds: ids }),
  ]);
  const prizes = await prizeStatusesOf(db, winners);
  return rows.map((row) =>
    toAdminRaffle(
      row,
      levels.filter((level) => level.raffleId === row.id),
      instant.filter((prize) => prize.raffleId === row.id),
      winners.filter((winner) => winner.raffleId === row.id),
      records.get(row.id),
      revenue.get(row.id) ?? ZERO_REVENUE,
      prizes,
    ),
  );
}

export async function listRaffles(
  db: Executor,
  archived: "exclude" | "include" | "only" = "exclude",
): Promise<AdminRaffle[]> {
  return withDetails(db, await repo.listRaffles(db, archived));
}

export async function getRaffle(db: Executor, id: string): Promise<AdminRaffle> {
  if (!isUuid(id)) throw raffleNotFound();
  const row = await repo.findAdminRaffle(db, id);
  if (!row) throw raffleNotFound();
  const [raffle] = await withDetails(db, [row]);
  if (!raffle) throw raffleNotFound();
  return raffle;
}

/** The binding as the admin sees it; `editable` is false once a ticket is sold or a proof is pending. */
export function bindingView(
  row: {
    externalLottery: string | null;
    externalDrawAt: Date | null;
    externalRule: unknown;
    totalTickets: number;
    status: string;
    lotteryFallback: string;
    correctionWindowHours: number;
    endDate: Date | null;
    reviewWindowHours: number;
  },
  hasSales: boolean,
): ExternalBinding {
  const rule = row.externalRule as ExternalRule | null;
  const latest = latestFreezeAt(row.endDate, row.reviewWindowHours);
  const fallback = row.lotteryFallback as LotteryFallback;
  return {
    externalLottery: row.externalLottery,
    externalDrawAt: iso(row.externalDrawAt),
    externalRule: rule,
    externalRuleText: rule ? externalRuleText(rule, row.totalTickets) : null,
    // On sale, only a lottery already bound may still be adjusted (before the first sale).
    editable:
      !hasSales && (row.status === "upcoming" || (row.status === "active" && row.externalLottery !== null)),
    lotteryFallback: fallback,
    lotteryFallbackText: lotteryFallbackText(fallback),
    correctionWindowHours: row.correctionWindowHours,
    earliestDrawAt: latest
      ? new Date(latest.getTime() + LOTTERY_FREEZE_MARGIN_MINUTES * 60_000).toISOString()
      : null,
  };
}
