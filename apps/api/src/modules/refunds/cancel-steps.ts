import {
  type Currency,
  convertAmount,
  formatMoney,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  REFUND_PAYOUT_DAYS,
  refundNeedsPayout,
} from "@rifazo/shared";
import { countText } from "@rifazo/shared/domain/plural";
import { receiptDateTime } from "@rifazo/shared/domain/receipt";
import type { AppContext } from "../../context";
import type { Tx } from "../../db/client";
import { recordAudit } from "../audit";
import { announceProofChange } from "../events";
import { applyPointsChange, netPointsOfProofs } from "../points";
import { reverseSellerPostings } from "../sellers";
import * as repo from "./repository";

// The steps of a raffle's cancellation (cancelPurchases in ./service) that touch only refunds, points,
// the audit and what each buyer is told.

type Actor = { id: string | null; ip: string | null };
export type ApprovedProof = Awaited<ReturnType<typeof repo.approvedProofsOf>>[number];
/** A proof still under review when the raffle was cancelled. */
type PendingProof = { id: string; userId: string | null; paymentMethod: string; transactionRef: string };

/** The ask for the payout data, with its deadline (spec: contact and payout data). */
function payoutAsk(dueAt: Date): string {
  return `Para devolvértelo necesitamos tu banco, tu cédula y tu teléfono de Pago Móvil o tu número de cuenta: envíalos en Mis pagos antes del ${receiptDateTime(dueAt.toISOString())} (tienes ${countText(REFUND_PAYOUT_DAYS, "día", "días")}).`;
}

/** "$25,00" or "Bs. 1.194,56 (tasa 36,58)"; what the buyer gets back, as the buyer paid it. */
export function refundText(amount: number, currency: Currency): string {
  return formatMoney(amount, currency);
}

/** What each buyer is told, line by line, keyed by user id. */
export type BuyerLines = Map<string, string[]>;

export const addLine = (lines: BuyerLines, userId: string, line: string) =>
  lines.set(userId, [...(lines.get(userId) ?? []), line]);

/** The audit of each proof the cancellation rejected; each leaves the inbox. */
export async function recordRejections(
  ctx: Pick<AppContext, "events">,
  tx: Tx,
  pending: PendingProof[],
  rejection: string,
  actor: Actor,
): Promise<void> {
  for (const proof of pending) {
    await recordAudit(tx, {
      actorId: actor.id,
      action: "proof.reject",
      entity: "payment_proof",
      entityId: proof.id,
      before: { status: "pending" },
      after: { status: "rejected", adminNotes: rejection, cause: "raffle.cancel" },
      ipAddress: actor.ip,
    });
    // It left the inbox: administrators' open pages refresh like after any other review.
    await announceProofChange(ctx.events, tx, proof.id, "rejected");
  }
}

/** One refund per approved purchase: what was paid, how, and to whom. */
export function createRefunds(tx: Tx, raffleId: string, approved: ApprovedProof[], payoutDueAt: Date) {
  return repo.insertRefunds(
    tx,
    approved.map((proof) => {
      const amount = Number(proof.amount);
      const rate = proof.exchangeRate === null ? null : Number(proof.exchangeRate);
      return {
        proofId: proof.id,
        raffleId,
        userId: proof.userId,
        amount,
        currency: proof.currency,
        exchangeRate: rate,
        // A Bs payment is returned in Bs, the amount paid at the rate frozen with the purchase.
        amountVes: proof.currency === "VES" ? amount : convertAmount(amount, "USD", "VES", rate),
        paymentMethod: proof.paymentMethod,
        // Paid back to a Venezuelan bank: the buyer is asked for the payout data, by this date.
        payoutDueAt: refundNeedsPayout(proof.paymentMethod) ? payoutDueAt : null,
        payTo: {
          name: proof.buyerName,
          email: proof.buyerEmail,
          phone: proof.buyerPhone,
          bank: null,
          idNumber: null,
          account: null,
        },
      };
    }),
  );
}

/**
 * Each approved purchase: the points its approval gave are taken back (a ledger row), its refund is
 * audited, and its buyer's line says what comes back, how, and what is asked of them.
 */
export async function reverseApprovedPurchases(
  tx: Tx,
  raffle: { id: string; title: string },
  approved: ApprovedProof[],
  inserted: { proofId: string; id: string }[],
  {
    actor,
    now,
    payoutDueAt,
    why = `rifa "${raffle.title}" cancelada`,
  }: { actor: Actor; now: Date; payoutDueAt: Date; why?: string },
): Promise<BuyerLines> {
  const refundOf = new Map(inserted.map((row) => [row.proofId, row.id]));
  const lines: BuyerLines = new Map();
  const netPoints = await netPointsOfProofs(
    tx,
    approved.map((proof) => proof.id),
  );
  // Refunded purchases earn no commission: what a vendedor's link earned is reversed (decision 0034).
  await reverseSellerPostings(
    tx,
    approved.map((proof) => proof.id),
    `Reembolso: ${why}`,
  );
  for (const proof of approved) {
    const refundId = refundOf.get(proof.id);
    const net = netPoints.get(proof.id) ?? 0;
    if (net > 0 && proof.userId) {
      await applyPointsChange(tx, {
        userId: proof.userId,
        change: -net,
        reason: `Reembolso: ${why}`,
        paymentProofId: proof.id,
        at: now,
      });
    }
    if (!refundId) continue; // refunded already (never: a cancellation happens once)
    // A buyer without an account is told by the vendedor who sold to them, who pays the cash back.
    if (!proof.userId) continue;
    const method = PAYMENT_METHOD_LABELS[proof.paymentMethod as PaymentMethod] ?? proof.paymentMethod;
    addLine(
      lines,
      proof.userId,
      `Te devolveremos ${refundText(Number(proof.amount), proof.currency as Currency)} por ${method} (referencia ${proof.transactionRef}).${net > 0 ? ` Se descontaron los ${countText(net, "RifaPunto", "RifaPuntos")} de esa compra.` : ""}${refundNeedsPayout(proof.paymentMethod) ? ` ${payoutAsk(payoutDueAt)}` : ""}`,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: "refund.create",
      entity: "refund",
      entityId: refundId,
      after: {
        proofId: proof.id,
        raffleId: raffle.id,
        amount: Number(proof.amount),
        currency: proof.currency,
        pointsReversed: Math.max(0, net),
      },
      ipAddress: actor.ip,
    });
  }
  return lines;
}

/** The line for a proof still under review: no money was confirmed, so none is promised. */
export function unconfirmedLine(proof: PendingProof): string {
  const method = PAYMENT_METHOD_LABELS[proof.paymentMethod as PaymentMethod] ?? proof.paymentMethod;
  return `Tu pago en revisión (${method}, referencia ${proof.transactionRef}) no llegó a confirmarse: si lo hiciste, escríbenos con la referencia y, verificado en el banco, te lo devolveremos.`;
}
