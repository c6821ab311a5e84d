import { DrawInputError } from "../draw-engine";
import { INSTANT_PRIZE_LEVEL, instantSlots } from "../instant-draw";
import { type CashCurrency, checkCashPayment, dayText } from "../prizes";
import type { PrizeDeliveredData, RulesInstantPrize, RulesPrizeLevel } from "./types";
import { valueText } from "./value-text";

// Cash prizes on the record (docs/decisions/0035-prizes-on-the-record.md, docs/draw-protocol.md §15.1 and
// §15.4): the rules' cash of a prize level or of an instant prize slot, and a delivery that covers it.

const CURRENCIES: readonly string[] = ["USD", "VES"];
/** Money in the record: decimal text with 2 decimals ("36500.00"), like the ticket price. */
const AMOUNT = /^\d{1,12}\.\d{2}$/;
/** A rate: decimal text ("36.5000"). */
const RATE = /^\d{1,12}(\.\d{1,8})?$/;
const position = (index: unknown) => (typeof index === "number" ? valueText(index + 1) : valueText(index));

/**
 * A cash prize (the rules' level has `cash`; for an instant prize, its slot's kind): the delivery repeats
 * the prize as the rules state it and what was paid covers it by checkCashPayment, with the rate the entry
 * carries for its own day.
 */
export function assertCash(
  levels: readonly RulesPrizeLevel[],
  d: PrizeDeliveredData,
  instantPrizes?: readonly RulesInstantPrize[],
): void {
  const instant = d.level === INSTANT_PRIZE_LEVEL;
  const prize = instant
    ? instantSlots(instantPrizes)[d.index]?.cash
    : levels.find((l) => l.level === d.level)?.cash;
  const cash = d.cash ?? null;
  if (!prize) {
    if (cash !== null) {
      const which = instant
        ? `el premio instantáneo ${position(d.index)}`
        : `el premio del nivel ${valueText(d.level)}`;
      throw new DrawInputError(`sin «cash»: ${which} no es en dinero según las reglas`);
    }
    return;
  }
  const rulesText = `${prize.currency} ${prize.amount}`;
  if (typeof cash !== "object" || cash === null) {
    throw new DrawInputError(`«cash» con lo pagado: el premio es de ${rulesText} según las reglas`);
  }
  if (cash.prizeCurrency !== prize.currency || cash.prizeValue !== prize.amount) {
    throw new DrawInputError(
      `el premio de las reglas, ${rulesText}; la entrega dice ${valueText(cash.prizeCurrency)} ${valueText(cash.prizeValue)}`,
    );
  }
  if (
    !CURRENCIES.includes(cash.paidCurrency) ||
    typeof cash.paidAmount !== "string" ||
    !AMOUNT.test(cash.paidAmount)
  ) {
    throw new DrawInputError(
      `lo pagado con moneda USD o VES y monto en texto con 2 decimales; la entrega dice ${valueText(cash.paidCurrency)} ${valueText(cash.paidAmount)}`,
    );
  }
  const differs = cash.paidCurrency !== cash.prizeCurrency;
  if (differs) assertRate(cash, d.deliveredOn);
  const check = checkCashPayment(
    { currency: prize.currency, amount: Number(prize.amount) },
    {
      currency: cash.paidCurrency as CashCurrency,
      amount: Number(cash.paidAmount),
      rate: differs ? Number(cash.rate) : null,
      rateDate: cash.rateDate ?? null,
    },
  );
  if (!check.ok) throw new DrawInputError(`al menos lo que exige el premio. ${check.message}`);
}

function assertRate(cash: NonNullable<PrizeDeliveredData["cash"]>, deliveredOn: string): void {
  if (typeof cash.rate !== "string" || !RATE.test(cash.rate) || !(Number(cash.rate) > 0)) {
    throw new DrawInputError(
      `la tasa BCV del ${dayText(deliveredOn)} (pagado en ${valueText(cash.paidCurrency)}, premio en ${valueText(cash.prizeCurrency)}); la entrega dice «${valueText(cash.rate)}»`,
    );
  }
  if (cash.rateDate !== deliveredOn) {
    throw new DrawInputError(
      `la tasa del día de la entrega (${deliveredOn}); la entrega trae la del ${valueText(cash.rateDate)}`,
    );
  }
}

/** Rules check: a cash prize level states USD or VES and an amount above zero as 2-decimal text. */
export function assertRulesCash(levels: readonly RulesPrizeLevel[]): void {
  for (const l of levels) {
    if (l.cash === undefined) continue;
    const c = l.cash;
    if (
      !CURRENCIES.includes(c?.currency) ||
      typeof c?.amount !== "string" ||
      !AMOUNT.test(c.amount) ||
      !(Number(c.amount) > 0)
    ) {
      throw new DrawInputError(
        `el premio en dinero del nivel ${valueText(l.level)} debe decir moneda USD o VES y un monto mayor que cero con 2 decimales`,
      );
    }
  }
}
