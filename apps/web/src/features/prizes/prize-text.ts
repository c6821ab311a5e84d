import { cashPaidText, PRIZE_DELIVERY_METHOD_LABELS } from "@rifazo/shared/domain/prizes";
import type { MyPrize } from "@rifazo/shared/schemas/prizes";
import { formatDate, formatMoney } from "../../lib/format";

// The winner's words of a prize after the draw (docs/decisions/0035-prizes-on-the-record.md), kept free of
// React so they can be tested: money, deadlines, the review. Status words come only from the shared
// prizeStatusText / PRIZE_STATUS_LABELS (the API sends them as `statusText`); the public line is in
// public-status-text.ts, so the public pages download only that.

export const REVIEW_TEXT = {
  pending: "En revisión por el organizador",
  accepted: "Reclamo aceptado: el organizador coordinará la entrega",
  rejected: "El organizador rechazó tu reclamo",
} as const;

export const WHAT_TO_SEND = {
  cedula: "Foto de tu cédula de identidad",
  payout: "La cuenta o el Pago Móvil donde quieres recibirlo",
} as const;

export const DISPUTE_UNDER_REVIEW = "El organizador la está revisando";

export function deliveryMethodText(method: keyof typeof PRIZE_DELIVERY_METHOD_LABELS): string {
  return PRIZE_DELIVERY_METHOD_LABELS[method];
}

/** A cash payment, in the shared words (cashPaidText): "Pagado Bs. 36.500,00 a 36,5000 Bs/USD (…)". */
export const paidText = cashPaidText;

/** A cash prize as the rules state it: "Premio en dinero: $1.000,00". */
export function cashPrizeText(cash: NonNullable<MyPrize["cash"]>): string {
  return `Premio en dinero: ${formatMoney(cash.amount, cash.currency)}`;
}

/** Where the claim stands in the list: the deadline to claim, or the claim's review. */
export function claimLine(prize: MyPrize, now: number): string | null {
  if (prize.claim) {
    if (prize.claim.reviewStatus === "rejected") return `${REVIEW_TEXT.rejected}: revisa tu premio.`;
    return `Reclamado el ${formatDate(prize.claim.claimedAt)} · ${REVIEW_TEXT[prize.claim.reviewStatus]}`;
  }
  if (!prize.claimDeadline) return prize.canClaim ? "Todavía no lo reclamas." : null;
  if (prize.canClaim && Date.parse(prize.claimDeadline) > now)
    return `Reclama antes del ${formatDate(prize.claimDeadline)}`;
  return `El plazo para reclamar terminó el ${formatDate(prize.claimDeadline)}`;
}

/** "a1b2c3d4e5f6…e5f6a7": enough to compare by eye with the record; the whole hash is in its title. */
export function shortHash(value: string, head = 12, tail = 6): string {
  return value.length <= head + tail + 1 ? value : `${value.slice(0, head)}…${value.slice(-tail)}`;
}
