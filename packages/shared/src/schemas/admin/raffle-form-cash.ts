import { CURRENCIES } from "../../constants";
import { isBlank } from "./common";
import { FIELD_MESSAGES, type RaffleFormPrizeLevel } from "./raffle-form-fields";

// A prize level's cash currency (docs/decisions/0035-prizes-on-the-record.md), beside the form's steps
// (raffle-form-steps.ts's parsePrizeLevels calls it with its `fail`).

type Fail = (path: (string | number)[], message: string) => void;
type Currency = (typeof CURRENCIES)[number];
const isCurrency = (value: string): value is Currency => (CURRENCIES as readonly string[]).includes(value);

/**
 * A cash prize's currency (decision 0035): USD or VES, with the level's value as its amount (> 0), so the
 * rules can publish it and a cash delivery can be checked against it.
 */
export function parseCashCurrency(
  item: { cashCurrency?: unknown; prizeValue?: unknown },
  index: number,
  prizeValue: number | null,
  fail: Fail,
): RaffleFormPrizeLevel["cashCurrency"] {
  if (isBlank(item.cashCurrency)) return null;
  const currency = typeof item.cashCurrency === "string" ? item.cashCurrency.trim().toUpperCase() : "";
  if (!isCurrency(currency)) {
    fail(["prizeLevels", index, "cashCurrency"], FIELD_MESSAGES.cashCurrency);
    return null;
  }
  if (prizeValue === null || !(prizeValue > 0)) {
    // A value already refused keeps its own message; a blank or zero one gets this one.
    if (isBlank(item.prizeValue) || prizeValue !== null)
      fail(["prizeLevels", index, "prizeValue"], FIELD_MESSAGES.cashValue);
  }
  return currency;
}
