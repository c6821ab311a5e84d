/**
 * A prize after the draw (docs/decisions/0035-prizes-on-the-record.md): claimed by its winner, delivered by
 * the organiser with proof, confirmed or disputed by the winner. The status every page shows and the cash
 * check the API, the record's verifier and the admin's form all apply live here, once.
 */
import { convertCents, formatEsNumber, formatMoney, toCents } from "./money";

export const PRIZE_DELIVERY_METHOD_LABELS = {
  in_person: "En persona",
  transfer: "Transferencia bancaria",
  pago_movil: "Pago Móvil",
  shipping: "Envío",
} as const;
export type PrizeDeliveryMethod = keyof typeof PRIZE_DELIVERY_METHOD_LABELS;
export const PRIZE_DELIVERY_METHODS = Object.keys(PRIZE_DELIVERY_METHOD_LABELS) as PrizeDeliveryMethod[];

/** Where a prize stands, as the public pages say it. */
export const PRIZE_STATUSES = ["unclaimed", "claimed", "delivered", "confirmed", "disputed"] as const;
export type PrizeStatus = (typeof PRIZE_STATUSES)[number];

export const PRIZE_STATUS_LABELS: Readonly<Record<PrizeStatus, string>> = {
  unclaimed: "Por reclamar",
  claimed: "Reclamado",
  delivered: "Entregado",
  confirmed: "Entregado y confirmado por el ganador",
  disputed: "En disputa",
};

export interface PrizeFacts {
  /** ISO time of the claim, or null. */
  claimedAt: string | null;
  /** Day (YYYY-MM-DD) of the latest delivery, or null. */
  deliveredOn: string | null;
  /** ISO time at which the winner said «Recibí mi premio», or null. */
  confirmedAt: string | null;
  /** A dispute the organiser has not resolved yet. */
  disputeOpen: boolean;
}

/** An open dispute outranks everything; then the furthest step reached. */
export function prizeStatus(facts: PrizeFacts): PrizeStatus {
  if (facts.disputeOpen) return "disputed";
  if (facts.deliveredOn && facts.confirmedAt) return "confirmed";
  if (facts.deliveredOn) return "delivered";
  if (facts.claimedAt) return "claimed";
  return "unclaimed";
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** "2026-11-28" → "28/11/2026" (a calendar day: no time zone to get wrong). */
export function dayText(day: string): string {
  const m = DAY.exec(day);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : day;
}

/** A calendar day that exists (2026-02-30 does not). */
export function isCalendarDay(day: string): boolean {
  const m = DAY.exec(day);
  if (!m) return false;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return date.toISOString().slice(0, 10) === day;
}

/** "Entregado el 28/11/2026", "Reclamado", "En disputa"… */
export function prizeStatusText(facts: PrizeFacts): string {
  const status = prizeStatus(facts);
  if (status === "delivered" && facts.deliveredOn) return `Entregado el ${dayText(facts.deliveredOn)}`;
  if (status === "confirmed" && facts.deliveredOn)
    return `Entregado el ${dayText(facts.deliveredOn)} y confirmado por el ganador`;
  return PRIZE_STATUS_LABELS[status];
}

export type CashCurrency = "USD" | "VES";

/** A stored cash currency ("USD" | "VES"), or null for anything else (a prize in kind). */
export function cashCurrencyOf(value: unknown): CashCurrency | null {
  return value === "USD" || value === "VES" ? value : null;
}

/** A cash prize as the rules state it. */
export interface CashPrize {
  currency: CashCurrency;
  amount: number;
}

/** What the organiser paid, and the BCV rate of the payment's day when the currencies differ. */
export interface CashPayment {
  currency: CashCurrency;
  amount: number;
  /** Bolívares per dollar on `rateDate`; null when none was published for that day. */
  rate: number | null;
  rateDate: string | null;
}

export type CashCheck =
  | { ok: true; required: number; currency: CashCurrency }
  | {
      ok: false;
      reason: "no_rate" | "below";
      required: number | null;
      currency: CashCurrency;
      message: string;
    };

/**
 * Whether a payment covers a cash prize. Same currency: at least the prize. A dollar prize paid in
 * bolívares: at least prize × the rate of the payment's day, to the cent by the one money rule; a bolívar
 * prize paid in dollars: at least prize ÷ rate. Without a rate for that day the payment cannot be checked,
 * so it is refused too: the organiser publishes the day's rate first.
 */
export function checkCashPayment(prize: CashPrize, payment: CashPayment): CashCheck {
  const currency = payment.currency;
  if (prize.currency === currency) {
    const required = prize.amount;
    if (toCents(payment.amount) >= toCents(required)) return { ok: true, required, currency };
    return {
      ok: false,
      reason: "below",
      required,
      currency,
      message: `El monto pagado (${formatMoney(payment.amount, currency)}) es menor que el premio (${formatMoney(required, currency)}).`,
    };
  }
  const day = payment.rateDate ? dayText(payment.rateDate) : "ese día";
  if (payment.rate === null || !(payment.rate > 0))
    return {
      ok: false,
      reason: "no_rate",
      required: null,
      currency,
      message: `No hay tasa BCV publicada para el ${day}: publica la tasa de ese día en Ajustes antes de registrar un pago en otra moneda que la del premio.`,
    };
  const required = convertCents(prize.amount, payment.rate, prize.currency === "USD" ? "multiply" : "divide");
  if (toCents(payment.amount) >= toCents(required)) return { ok: true, required, currency };
  const operation = prize.currency === "USD" ? "×" : "÷";
  return {
    ok: false,
    reason: "below",
    required,
    currency,
    message: `El monto pagado (${formatMoney(payment.amount, currency)}) es menor que el premio al cambio BCV del ${day}: ${formatMoney(prize.amount, prize.currency)} ${operation} ${formatEsNumber(payment.rate, 4)} = ${formatMoney(required, currency)}.`,
  };
}

/** Days a winner has left to claim, counted from the record entry that named them (claim-period.ts). */
export function claimDeadline(awardedAt: string, claimPeriodDays: number): string {
  return new Date(Date.parse(awardedAt) + claimPeriodDays * 86_400_000).toISOString();
}

/** The message a winner's WhatsApp link to the organiser starts with: the prize, its ticket and raffle. */
export function prizeWhatsappText(prize: { raffleTitle: string; ticket: string; prize: string }): string {
  return `Hola, gané "${prize.prize}" con el boleto ${prize.ticket} en la rifa "${prize.raffleTitle}" de Rifazo. Quiero coordinar la entrega de mi premio.`;
}

/**
 * A cash payment as every page says it: "Pagado Bs. 36.500,00 a 36,5000 Bs/USD (tasa BCV del 28/11/2026)"
 * (the rate is bolívares per dollar), or "Pagado $1.000,00" when paid in the prize's own currency.
 */
export function cashPaidText(paid: CashPayment): string {
  const amount = `Pagado ${formatMoney(paid.amount, paid.currency)}`;
  if (paid.rate === null) return amount;
  const rate = `${formatEsNumber(paid.rate, 4)} Bs/USD`;
  return paid.rateDate
    ? `${amount} a ${rate} (tasa BCV del ${dayText(paid.rateDate)})`
    : `${amount} a ${rate}`;
}
