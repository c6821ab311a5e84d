// The rules as sold, in the record's words (rules_published, decision 0012): what the freeze publishes
// before the list, so a reader can check the list and the prizes against what buyers were promised.
import {
  DISQUALIFICATION_REASONS_V3,
  type ExternalRule,
  type RulesInstantPrize,
  type RulesPrizeLevel,
  type RulesPublishedData,
} from "@rifazo/shared/domain/draw-record";
import type { LotteryFallback } from "@rifazo/shared/domain/lottery-binding";
import { countText } from "@rifazo/shared/domain/plural";
import type { InstantPrizeRow } from "./instant-repository";
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

/**
 * A prize level as sold; a cash prize (decision 0035) carries its amount as decimal text, which a cash
 * delivery is checked against. Without one the key is left out, so older records hash the same.
 */
function rulesPrizeLevel(l: PrizeLevelRow): RulesPrizeLevel {
  const level: RulesPrizeLevel = { level: l.level, count: l.winnerCount, description: l.description };
  if ((l.cashCurrency === "USD" || l.cashCurrency === "VES") && l.prizeValue !== null)
    level.cash = { currency: l.cashCurrency, amount: price(l.prizeValue) };
  return level;
}

/** An instant prize kind as sold (decision 0035), `cash` as on a prize level. */
function rulesInstantPrize(row: InstantPrizeRow): RulesInstantPrize {
  const prize: RulesInstantPrize = { description: row.description, count: row.winnerCount };
  if ((row.cashCurrency === "USD" || row.cashCurrency === "VES") && row.prizeValue !== null)
    prize.cash = { currency: row.cashCurrency, amount: price(row.prizeValue) };
  return prize;
}

/**
 * The rules as sold. `instant` are the raffle's instant_prizes rows (decision 0035): published in position
 * order under `instantPrizes`, a key left out when there are none so older records hash the same.
 */
export function rulesPublishedData(
  raffle: RaffleRow,
  levels: PrizeLevelRow[],
  roundDelayMinutes: number,
  instant: InstantPrizeRow[] = [],
): RulesPublishedData {
  const binding = externalBinding(raffle);
  const sorted = [...instant].sort((a, b) => a.position - b.position);
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
    prizeLevels: levels.map(rulesPrizeLevel),
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
    ...(sorted.length > 0 ? { instantPrizes: sorted.map(rulesInstantPrize) } : {}),
  };
}
