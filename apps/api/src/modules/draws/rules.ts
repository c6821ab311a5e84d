// The rules as sold, in the record's words (rules_published, decision 0012): what the freeze publishes
// before the list, so a reader can check the list and the prizes against what buyers were promised.
import {
  DISQUALIFICATION_REASONS_V3,
  type ExternalRule,
  type RulesPublishedData,
} from "@rifazo/shared/domain/draw-record";
import type { LotteryFallback } from "@rifazo/shared/domain/lottery-binding";
import { countText } from "@rifazo/shared/domain/plural";
import type { PrizeLevelRow, RaffleRow } from "./repository";

/** "las últimas 4 cifras del número ganador": the rule in plain Spanish, as buyers see it. */
export function externalRuleText(rule: ExternalRule, totalTickets: number): string {
  const digits =
    rule.digits === 1 ? "la última cifra" : `las últimas ${countText(rule.digits, "cifra", "cifras")}`;
  return `Gana el boleto formado por ${digits} de cada número del resultado oficial (módulo ${totalTickets}); si ese boleto no se vendió o ya ganó, el siguiente vendido hacia arriba.`;
}

const price = (value: number | string) => Number(value).toFixed(2);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The binding of an external-lottery raffle, or null when it has none (a legacy external raffle). */
export function externalBinding(
  raffle: RaffleRow,
): { lottery: string; drawAt: Date; rule: ExternalRule } | null {
  if (raffle.announcementType !== "external") return null;
  const rule = raffle.externalRule as ExternalRule | null;
  if (!raffle.externalLottery || !raffle.externalDrawAt || !rule) return null;
  return { lottery: raffle.externalLottery, drawAt: raffle.externalDrawAt, rule };
}

export function rulesPublishedData(
  raffle: RaffleRow,
  levels: PrizeLevelRow[],
  roundDelayMinutes: number,
): RulesPublishedData {
  const binding = externalBinding(raffle);
  return {
    title: raffle.title,
    currency: raffle.currency,
    price: price(raffle.price),
    totalTickets: raffle.totalTickets,
    activationType: raffle.activationType,
    activationPercentage: raffle.activationPercentage,
    startDate: (raffle.startDate ?? raffle.createdAt).toISOString(),
    endDate: iso(raffle.endDate),
    reviewWindowHours: raffle.reviewWindowHours,
    maxTicketsPerBuyer: raffle.maxTicketsPerBuyer,
    prizeLevels: levels.map((l) => ({ level: l.level, count: l.winnerCount, description: l.description })),
    announcement: binding
      ? {
          type: "external",
          lottery: binding.lottery,
          drawAt: binding.drawAt.toISOString(),
          rule: binding.rule,
          ruleText: externalRuleText(binding.rule, raffle.totalTickets),
          // Decision 0024: the fallback if the list is still open when the lottery draws, and the window
          // in which a second administrator may confirm a correction.
          fallback: raffle.lotteryFallback as LotteryFallback,
          fallbackRoundDelayMinutes: Math.max(1, roundDelayMinutes),
          correctionWindowHours: raffle.correctionWindowHours,
        }
      : { type: "internal", roundDelayMinutes },
    // Record v3 (decision 0021): the claim period and the closed list of reasons buyers were sold
    // under, and the delay before the round that draws a replacement.
    claimPeriodDays: raffle.claimPeriodDays,
    disqualificationReasons: DISQUALIFICATION_REASONS_V3.map((r) => ({ ...r })),
    replacementDelayMinutes: Math.max(1, roundDelayMinutes),
  };
}
