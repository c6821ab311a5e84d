import type { z } from "zod";
import { CURRENCIES } from "../../constants";
import { MAX_INSTANT_PRIZE_KINDS, MAX_INSTANT_PRIZES } from "../../domain/instant-draw";
import { ambiguityOf, isBlank, toNumber } from "./common";
import {
  FIELD_MESSAGES,
  RAFFLE_FORM_LIMITS,
  type RaffleFormInstantPrize,
  type raffleFormInputSchema,
} from "./raffle-form-fields";
import { type Fail, text } from "./raffle-form-steps";

// The raffle's instant prizes in the form (docs/decisions/0035-prizes-on-the-record.md, "Instant wins
// nobody can aim"): what the rules as sold offer, checked beside the prize levels (raffle-form.ts).

type Raw = z.output<typeof raffleFormInputSchema>;
type Item = NonNullable<Raw["instantPrizes"]>[number];
type Currency = (typeof CURRENCIES)[number];
const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/**
 * A cash prize: currency and amount, both or neither (the rules publish `cash: {currency, amount}` and a
 * delivery is checked against it), the amount above 0.
 */
function parseCash(
  item: Item,
  index: number,
  fail: Fail,
): Pick<RaffleFormInstantPrize, "prizeValue" | "cashCurrency"> {
  const path = (field: string) => ["instantPrizes", index, field];
  const noValue = isBlank(item.prizeValue);
  const noCurrency = isBlank(item.cashCurrency);
  if (noValue && noCurrency) return { prizeValue: null, cashCurrency: null };
  let cashCurrency: Currency | null = null;
  const currency = typeof item.cashCurrency === "string" ? item.cashCurrency.trim().toUpperCase() : "";
  if (noCurrency) fail(path("cashCurrency"), FIELD_MESSAGES.instantCashCurrency);
  else if (!isCurrency(currency)) fail(path("cashCurrency"), FIELD_MESSAGES.cashCurrency);
  else cashCurrency = currency;
  const value = toNumber(item.prizeValue);
  if (noValue || !Number.isFinite(value) || value <= 0 || value > RAFFLE_FORM_LIMITS.maxPrice) {
    fail(path("prizeValue"), ambiguityOf(item.prizeValue) ?? FIELD_MESSAGES.cashValue);
    return { prizeValue: null, cashCurrency };
  }
  return { prizeValue: Math.round(value * 100) / 100, cashCurrency };
}

/**
 * The instant prize kinds in the organiser's order: each with its description (3 to 120 characters), how
 * many (1 to MAX_INSTANT_PRIZES) and an optional cash prize; at most MAX_INSTANT_PRIZE_KINDS kinds and
 * MAX_INSTANT_PRIZES prizes, never more than the raffle's tickets (every prize can be won by selling out).
 */
export function parseInstantPrizes(
  raw: Raw,
  { totalTickets, totalValid }: { totalTickets: number; totalValid: boolean },
  fail: Fail,
): RaffleFormInstantPrize[] {
  const items = raw.instantPrizes ?? [];
  if (items.length > MAX_INSTANT_PRIZE_KINDS)
    fail(["instantPrizes"], FIELD_MESSAGES.tooManyInstantKinds, true);
  const prizes: RaffleFormInstantPrize[] = [];
  let countsValid = true;
  items.slice(0, MAX_INSTANT_PRIZE_KINDS).forEach((item, index) => {
    const description = text(item.description);
    if (
      description.length < RAFFLE_FORM_LIMITS.instantDescriptionMin ||
      description.length > RAFFLE_FORM_LIMITS.instantDescription
    ) {
      fail(["instantPrizes", index, "description"], FIELD_MESSAGES.instantDescription);
    }
    const count = toNumber(item.count);
    if (isBlank(item.count) || !Number.isInteger(count) || count < 1 || count > MAX_INSTANT_PRIZES) {
      countsValid = false;
      fail(["instantPrizes", index, "count"], FIELD_MESSAGES.instantCount);
    }
    prizes.push({ description, count, ...parseCash(item, index, fail) });
  });
  if (countsValid && prizes.length > 0) {
    const total = prizes.reduce((sum, prize) => sum + prize.count, 0);
    if (total > MAX_INSTANT_PRIZES) fail(["instantPrizes"], FIELD_MESSAGES.tooManyInstantPrizes, true);
    else if (totalValid && total > totalTickets)
      fail(["instantPrizes"], FIELD_MESSAGES.instantExceedTickets, true);
  }
  return prizes;
}
