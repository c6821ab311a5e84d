import { MAX_PROOF_BYTES, PROOF_MIME_TYPES } from "@rifazo/shared/constants";
import { formatEsNumber } from "@rifazo/shared/domain/money";
import {
  type CashCurrency,
  type CashPrize,
  checkCashPayment,
  dayText,
  type PrizeDeliveryMethod,
} from "@rifazo/shared/domain/prizes";
import { PRIZE_MESSAGES, prizeDeliveryInputSchema } from "@rifazo/shared/schemas/prizes";
import type { ExchangeRate } from "@rifazo/shared/schemas/settings";
import { formatMoney } from "../../../lib/format";

// What the delivery form holds and the checks it runs before sending (docs/decisions/0035-prizes-on-the-
// record.md): the shared input schema, the proof file, the amount a cash prize needs. The server checks
// the same and the payment against the day's BCV rate: its word is the rule. Pure, unit-tested.

export interface DeliveryValues {
  method: PrizeDeliveryMethod;
  /** YYYY-MM-DD, a date input's value. */
  deliveredOn: string;
  paidCurrency: CashCurrency | "";
  /** es-VE text as typed: "36.500,00". */
  paidAmount: string;
  note: string;
  file: File | null;
}

export type DeliveryErrors = Partial<
  Record<"method" | "deliveredOn" | "paidAmount" | "note" | "file", string>
>;

export const PROOF_TYPE_MESSAGE = "La prueba debe ser una imagen JPG o PNG, o un PDF.";
export const PROOF_SIZE_MESSAGE = "La prueba no puede superar los 5 MB.";

/** A new delivery: today, in person (or by Pago Móvil for money), in the prize's own currency. */
export function newDeliveryValues(cash: CashPrize | null, today: string): DeliveryValues {
  return {
    method: cash ? "pago_movil" : "in_person",
    deliveredOn: today,
    paidCurrency: cash ? cash.currency : "",
    paidAmount: "",
    note: "",
    file: null,
  };
}

function fileError(file: File | null): string | undefined {
  if (!file) return PRIZE_MESSAGES.proofRequired;
  if (!(PROOF_MIME_TYPES as readonly string[]).includes(file.type)) return PROOF_TYPE_MESSAGE;
  if (file.size > MAX_PROOF_BYTES) return PROOF_SIZE_MESSAGE;
  return undefined;
}

/** Each field's first message, or an empty object when the form may be sent. */
export function checkDelivery(values: DeliveryValues, cash: CashPrize | null, today: string): DeliveryErrors {
  const errors: DeliveryErrors = {};
  const parsed = prizeDeliveryInputSchema.safeParse({
    method: values.method,
    deliveredOn: values.deliveredOn,
    paidCurrency: cash ? values.paidCurrency : null,
    paidAmount: cash ? values.paidAmount.trim() : null,
    note: values.note,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "") as keyof DeliveryErrors;
      if (key in errors || !["method", "deliveredOn", "paidAmount", "note"].includes(key)) continue;
      errors[key] = issue.message;
    }
  }
  // A calendar day the schema accepts may still lie ahead: a delivery is recorded once it happened.
  if (!errors.deliveredOn && values.deliveredOn > today) errors.deliveredOn = PRIZE_MESSAGES.day;
  if (cash && !errors.paidAmount && (!values.paidCurrency || values.paidAmount.trim() === ""))
    errors.paidAmount = PRIZE_MESSAGES.cashRequired;
  const file = fileError(values.file);
  if (file) errors.file = file;
  return errors;
}

/**
 * The least a cash prize may be paid in the chosen currency, when the page knows the rate of the
 * payment's day (the published rate is that day's): a hint before sending. Null when it cannot say.
 */
export function minimumPaymentText(
  cash: CashPrize,
  currency: CashCurrency | "",
  day: string,
  rate: ExchangeRate | null,
): string | null {
  if (!currency) return null;
  if (currency === cash.currency)
    return `El mínimo es el premio: ${formatMoney(cash.amount, cash.currency)}.`;
  if (!rate || rate.date !== day) return null;
  const check = checkCashPayment(cash, { currency, amount: 0, rate: rate.rate, rateDate: rate.date });
  if (check.required === null) return null;
  return `Al cambio BCV del ${dayText(day)} (Bs. ${formatEsNumber(rate.rate, 4)} por dólar), el mínimo es ${formatMoney(check.required, currency)}.`;
}
