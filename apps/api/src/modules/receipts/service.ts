import {
  type Currency,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  purchaseDisplayState,
  RECEIPT_MESSAGES,
  type Receipt,
  type SessionUser,
  ticketLabel,
} from "@rifazo/shared";
import { checkpointText, formatCheckpoint } from "@rifazo/shared/domain/draw-checkpoint";
import type { ExternalRule } from "@rifazo/shared/domain/draw-record";
import { formatEsNumber, formatMoney } from "@rifazo/shared/domain/money";
import {
  isReceiptToken,
  RECEIPT_QR_MAX_NUMBERS,
  type ReceiptDrawInput,
  receiptDrawText,
  receiptRefundTexts,
  receiptVerifierPath,
  referenceTail,
} from "@rifazo/shared/domain/receipt";
import { receiptClaimView } from "@rifazo/shared/domain/receipt-claim";
import type { AppContext } from "../../context";
import { notFound } from "../../lib/errors";
import { drawTrustOf, externalRuleText, instantOutcomes, recordSummaries } from "../draws";
import { maskedName } from "../raffles";
import { refundsOfProofs } from "../refunds";
import { abonoOfReceipt } from "./abono";
import * as repo from "./repository";

const receiptNotFound = () => notFound("NOT_FOUND", RECEIPT_MESSAGES.notFound);
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Where the receipt's files are served (same origin as the page). */
export const receiptPaths = {
  json: (token: string) => `/api/receipts/${token}`,
  image: (token: string) => `/api/receipts/${token}/image.png`,
  pdf: (token: string) => `/api/receipts/${token}/receipt.pdf`,
  page: (token: string) => `/recibo/${token}`,
};

/**
 * When the raffle is decided, most precise first: already drawn; the drand round named at the freeze;
 * the external lottery's draw time; the end of sales (the draw follows the freeze after it).
 */
function drawOf(row: repo.ReceiptRow, round: number | null, roundAt: string | null): ReceiptDrawInput {
  if (row.drawnAt) return { kind: "drawn", at: iso(row.drawnAt), round, lottery: row.externalLottery };
  if (round !== null) return { kind: "drand_round", at: roundAt, round, lottery: null };
  if (row.announcementType === "external" && (row.externalDrawAt || row.externalLottery)) {
    return { kind: "external", at: iso(row.externalDrawAt), round: null, lottery: row.externalLottery };
  }
  if (row.endDate) return { kind: "end_date", at: iso(row.endDate), round: null, lottery: null };
  return { kind: "unknown", at: null, round: null, lottery: null };
}

/** The approval's record checkpoint as the receipt shows it (docs/draw-protocol.md §14). */
function checkpointOf(row: repo.ReceiptRow): Receipt["checkpoint"] {
  if (row.checkpointLength === null || row.checkpointHash === null || row.checkpointAt === null) return null;
  const cp = {
    raffleId: row.raffleId,
    length: row.checkpointLength,
    headHash: row.checkpointHash,
    round: row.checkpointRound,
  };
  return {
    code: formatCheckpoint(cp),
    length: cp.length,
    headHash: cp.headHash,
    round: cp.round,
    at: row.checkpointAt.toISOString(),
    text: checkpointText(cp),
  };
}

/**
 * The receipt behind a token. A token that is malformed, unknown, or belongs to a proof that is no
 * longer approved all answer the same 404, so nothing can be learnt by probing.
 */
export async function receiptFor(
  ctx: Pick<AppContext, "db" | "config">,
  token: string,
  viewer: SessionUser | null = null,
): Promise<Receipt> {
  if (!isReceiptToken(token)) throw receiptNotFound();
  const row = await repo.findApprovedByToken(ctx.db, token);
  if (!row?.receiptToken) throw receiptNotFound();
  const [numbers, summaries, refunds, abono] = await Promise.all([
    repo.numbersOf(ctx.db, row.id),
    recordSummaries(ctx.db, [row.raffleId]),
    refundsOfProofs(ctx.db, [row.id]),
    abonoOfReceipt(ctx.db, row),
  ]);
  // The purchase's instant draw (decision 0035); the receipt is a bearer link, so no prize page (winnerId).
  const instant = await instantOutcomes(
    ctx.db,
    [{ key: row.id, raffleId: row.raffleId, totalTickets: row.totalTickets, tickets: numbers }],
    false,
  );
  const refund = refunds[0];
  const summary = summaries.get(row.raffleId);
  const draw = drawOf(row, summary?.drawRound ?? null, summary?.drawRoundAt ?? null);
  const labels = numbers.map((n) => ticketLabel(n, row.totalTickets));
  const currency = row.currency as Currency;
  const rate = row.exchangeRate === null ? null : Number(row.exchangeRate);
  const method = row.paymentMethod as PaymentMethod;
  const base = ctx.config.publicUrl;
  const checkpoint = checkpointOf(row);
  // An abono's earlier payment sold nothing; once the purchase is paid, its QR still checks its numbers.
  const checked =
    labels.length === 0 && abono?.numbers.state === "sold"
      ? abono.numbers.items.map((i) => i.number)
      : labels;
  return {
    instant: instant.get(row.id) ?? null,
    token: row.receiptToken,
    raffle: { id: row.raffleId, title: row.raffleTitle },
    draw: {
      ...draw,
      text: receiptDrawText(draw),
      trust: drawTrustOf(row, summary),
      // Decision 0024: the rule as sold, printed beside the lottery (not once drand took over).
      lotteryRule:
        row.externalRule && draw.kind !== "drand_round"
          ? externalRuleText(row.externalRule as ExternalRule, row.totalTickets)
          : null,
    },
    buyerName: maskedName(row.buyerName),
    numbers: labels,
    quantity: labels.length || row.quantity,
    payment: {
      amount: Number(row.amount),
      currency,
      amountText: formatMoney(Number(row.amount), currency),
      exchangeRate: currency === "VES" ? rate : null,
      exchangeRateText:
        currency === "VES" && rate !== null ? `Tasa: Bs. ${formatEsNumber(rate, 2)} por dólar` : null,
      method,
      methodLabel: PAYMENT_METHOD_LABELS[method] ?? row.paymentMethod,
      referenceLast4: referenceTail(row.transactionRef),
    },
    approvedAt: (row.reviewedAt ?? row.updatedAt).toISOString(),
    refund: refund ? receiptRefund(refund) : null,
    receiptCode: row.receiptSecret,
    checkpoint,
    verifierUrl: `${base}${receiptVerifierPath(row.raffleId, checked, checkpoint?.code ?? null)}`,
    verifierHasNumbers: checked.length > 0 && checked.length <= RECEIPT_QR_MAX_NUMBERS,
    receiptUrl: `${base}${receiptPaths.page(row.receiptToken)}`,
    imageUrl: receiptPaths.image(row.receiptToken),
    pdfUrl: receiptPaths.pdf(row.receiptToken),
    // A vendedor's sale without an account: may this viewer claim it (decision 0034)? The email shows masked.
    claim: receiptClaimView(row, viewer),
    // One payment of an abono (decision 0034): the purchase's balance, payments and numbers' state.
    abono,
  };
}

/** A refunded purchase's receipt stays reachable but says so (decision 0016): its numbers are void. */
function receiptRefund(refund: { status: string; paidAt: Date | null; paidReference: string | null }) {
  const status = refund.status === "paid" ? "paid" : "pending";
  const paidAt = iso(refund.paidAt);
  return {
    status,
    label: purchaseDisplayState({ proofStatus: "approved", refund: { status } }).label,
    paidAt,
    ...receiptRefundTexts({ status, paidAt, paidReference: refund.paidReference }),
  } as const;
}

/** "recibo-rifazo-0042.png": ASCII only, safe in a Content-Disposition header. */
export function receiptFileName(receipt: Receipt, ext: "png" | "pdf"): string {
  const first = receipt.numbers[0];
  return `recibo-rifazo-${first && /^\d+$/.test(first) ? first : "compra"}.${ext}`;
}
