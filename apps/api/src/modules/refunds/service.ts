/**
 * Raffles that do not sell: the refunds a cancellation creates (one per approved purchase, in the currency
 * paid, Bs at the purchase's frozen rate), the points it takes back, what happens to purchases still under
 * review, and the organiser marking each refund paid. Nothing about the cancelled raffle is deleted: its
 * sold tickets, proofs and ledger rows stay as the record of what happened
 * (docs/decisions/0016-raffles-that-do-not-sell.md).
 */
import {
  ADMIN_MESSAGES,
  ADMIN_REFUNDS_PAGE_SIZE,
  type AdminRefundListQuery,
  type BuyerRefund,
  type Currency,
  isUuid,
  PAYOUT_MESSAGES,
  type PaymentMethod,
  REFUND_PAYOUT_DAYS,
  REFUND_STATUS_LABELS,
  type Refund,
  type RefundPayoutInput,
  type RefundPayoutState,
  type RefundStatus,
  refundNeedsPayout,
  refundPayoutInputSchema,
  type SessionUser,
} from "@rifazo/shared";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import type { Executor, Tx } from "../../db/client";
import { AppError, badRequest, notFound } from "../../lib/errors";
import { recordAudit } from "../audit";
import { checkProofFile, newStorageKey, sendPrivateFile } from "../files";
import { notify } from "../notifications";
import { expireProofs, pendingProofsOf, releaseDue } from "../purchases";
import {
  addLine,
  createRefunds,
  recordRejections,
  refundText,
  reverseApprovedPurchases,
  unconfirmedLine,
} from "./cancel-steps";
import * as repo from "./repository";

const refundNotFound = () => notFound("REFUND_NOT_FOUND");
const iso = (date: Date | null) => (date ? date.toISOString() : null);
const fileUrl = (row: { id: string; paidProofPath: string | null }) =>
  row.paidProofPath ? `/api/refunds/${row.id}/file` : null;

export function toRefund(row: repo.RefundRow): Refund {
  return {
    id: row.id,
    proofId: row.proofId,
    raffleId: row.raffleId,
    raffleTitle: row.raffleTitle,
    userId: row.userId,
    amount: Number(row.amount),
    currency: row.currency as Currency,
    exchangeRate: row.exchangeRate === null ? null : Number(row.exchangeRate),
    amountVes: row.amountVes === null ? null : Number(row.amountVes),
    paymentMethod: row.paymentMethod as PaymentMethod,
    transactionRef: row.transactionRef,
    quantityOfTickets: row.quantityOfTickets,
    payTo: row.payTo,
    status: row.status as RefundStatus,
    paidReference: row.paidReference,
    paidProofUrl: fileUrl(row),
    paidAt: iso(row.paidAt),
    createdAt: row.createdAt.toISOString(),
    payoutDueAt: iso(row.payoutDueAt),
    payoutGivenAt: iso(row.payoutGivenAt),
    payout: row.payout ?? null,
  };
}

export function toBuyerRefund(row: repo.RefundRow): BuyerRefund {
  const status = row.status as RefundStatus;
  return {
    id: row.id,
    status,
    statusLabel: REFUND_STATUS_LABELS[status] ?? status,
    amount: Number(row.amount),
    currency: row.currency as Currency,
    amountVes: row.amountVes === null ? null : Number(row.amountVes),
    paidReference: row.paidReference,
    paidProofUrl: fileUrl(row),
    paidAt: iso(row.paidAt),
    paymentMethod: row.paymentMethod as PaymentMethod,
    payoutDueAt: iso(row.payoutDueAt),
    payout: row.payout ?? null,
  };
}

/** The refunds of these proofs (Mis pagos), by proof id. */
export async function buyerRefundsOf(db: Executor, proofIds: string[]): Promise<Map<string, BuyerRefund>> {
  const rows = await repo.refundsOfProofs(db, proofIds);
  return new Map(rows.map((row) => [row.proofId, toBuyerRefund(row)]));
}

// ---------------------------------------------------------------------------------------------
// Cancellation
// ---------------------------------------------------------------------------------------------

export interface CancelOutcome {
  refunds: number;
  rejected: number;
  released: number;
  notified: number;
  mails: number;
}

/**
 * Inside the cancellation's transaction, with the raffle row locked (lifecycle.cancel):
 * - approved purchases get a refund each (amount and currency paid; for Bs the frozen rate kept with the
 *   proof and the amount in Bs), and the points their approval gave are taken back with a ledger row;
 * - proofs still under review are rejected with the cancellation reason: no money was confirmed for them,
 *   so no refund is promised on the buyer's word; the message asks a buyer who did pay to write, and the
 *   organiser checks the bank first (a refund created from an unchecked screenshot could pay a fraud);
 * - reservations still holding numbers end (cancelled) and free their numbers;
 * - every buyer is notified and emailed once, with what happens to their money.
 * Sold tickets stay sold: the list of who bought what is the record of the cancelled raffle.
 */
export async function cancelPurchases(
  ctx: Pick<AppContext, "events" | "mail" | "config">,
  tx: Tx,
  raffle: { id: string; title: string },
  reason: string,
  actor: { id: string | null; ip: string | null },
  now: Date,
): Promise<CancelOutcome> {
  // Told before anything changes, so buyers of reservations still holding numbers are included.
  const buyers = await repo.raffleBuyers(tx, raffle.id, now);

  // Skip a proof an administrator is approving at this very moment: waiting for it could deadlock with
  // the approval, which then finds the raffle cancelled.
  const pending = await pendingProofsOf(tx, raffle.id, true);
  const rejection = `La rifa "${raffle.title}" fue cancelada: ${reason} Tu pago no llegó a confirmarse; si lo hiciste, escríbenos con la referencia y, verificado en el banco, te lo devolveremos.`;
  await expireProofs(
    tx,
    pending.map((p) => p.id),
    rejection,
    now,
  );
  await recordRejections(ctx, tx, pending, rejection, actor);
  const released = await releaseDue(tx, raffle.id, now, { all: true, status: "cancelled" });

  const approved = await repo.approvedProofsOf(tx, raffle.id);
  const payoutDueAt = new Date(now.getTime() + REFUND_PAYOUT_DAYS * 24 * 60 * 60 * 1000);
  const inserted = await createRefunds(tx, raffle.id, approved, payoutDueAt);
  const lines = await reverseApprovedPurchases(tx, raffle, approved, inserted, { actor, now, payoutDueAt });
  for (const proof of pending) if (proof.userId) addLine(lines, proof.userId, unconfirmedLine(proof));

  const told = await notify(
    tx,
    ctx,
    buyers.map((buyer) => ({ userId: buyer.id, email: buyer.email, name: buyer.name })),
    "raffleCancelled",
    (buyer) => ({
      raffleTitle: raffle.title,
      reason,
      lines: lines.get(buyer.userId) ?? ["Tu reserva se canceló y sus números quedaron libres."],
    }),
  );
  return {
    refunds: inserted.length,
    rejected: pending.length,
    released: released.length,
    notified: told.notifications.length,
    mails: told.mails,
  };
}

/**
 * The end date moved: every buyer is told the new date (and the organiser's message), by notification and
 * email. Returns how many were told.
 */
export async function notifyExtension(
  ctx: Pick<AppContext, "events" | "mail" | "config">,
  tx: Tx,
  raffle: { id: string; title: string },
  text: { date: string; message?: string | undefined },
  now: Date,
): Promise<number> {
  const buyers = await repo.raffleBuyers(tx, raffle.id, now);
  if (buyers.length === 0) return 0;
  await notify(
    tx,
    ctx,
    buyers.map((buyer) => ({ userId: buyer.id, email: buyer.email, name: buyer.name })),
    "raffleExtended",
    { raffleId: raffle.id, raffleTitle: raffle.title, date: text.date, note: text.message },
  );
  return buyers.length;
}

// ---------------------------------------------------------------------------------------------
// The organiser's list and "Marcar pagado"
// ---------------------------------------------------------------------------------------------

export async function listAdminRefunds(db: Executor, query: AdminRefundListQuery) {
  const filter = { status: query.status, raffleId: query.raffleId };
  const [rows, total] = await Promise.all([
    repo.listRefunds(db, filter, {
      offset: (query.page - 1) * ADMIN_REFUNDS_PAGE_SIZE,
      limit: ADMIN_REFUNDS_PAGE_SIZE,
    }),
    repo.countRefunds(db, filter),
  ]);
  return { items: rows.map(toRefund), total, page: query.page, pageSize: ADMIN_REFUNDS_PAGE_SIZE };
}

export const REFUND_FILE_MESSAGE = "El comprobante del reembolso debe ser una imagen JPG o PNG, o un PDF.";

/**
 * Marks a pending refund paid with the reference (and, optionally, a proof file stored privately like the
 * payment proofs), once: a second call answers 409 and changes nothing. The buyer is notified and emailed.
 */
export async function markRefundPaid(
  ctx: AppContext,
  actor: { id: string; ip: string | null },
  id: string,
  reference: string,
  file: { buffer: Buffer; filename: string | null } | null,
): Promise<Refund> {
  if (!isUuid(id)) throw refundNotFound();
  const existing = await repo.findRefund(ctx.db, id);
  if (!existing) throw refundNotFound();
  if (existing.status === "paid") throw new AppError("REFUND_ALREADY_PAID");

  let stored: { key: string; mime: string; size: number } | null = null;
  if (file) {
    // The buyer's browser decodes this image: the same checks as a payment proof (files' checkProofFile).
    const kind = await checkProofFile(file.buffer, {
      type: REFUND_FILE_MESSAGE,
      pixels: ADMIN_MESSAGES.imageTooManyPixels,
    });
    const key = newStorageKey("refunds", kind.ext);
    await ctx.storage.put(key, file.buffer, kind.mime);
    stored = { key, mime: kind.mime, size: file.buffer.length };
  }
  const now = new Date();
  try {
    await ctx.db.transaction(async (tx) => {
      const row = await repo.lockRefund(tx, id);
      if (!row) throw refundNotFound();
      if (row.status === "paid") throw new AppError("REFUND_ALREADY_PAID");
      await repo.markPaid(tx, id, {
        paidReference: reference,
        paidProofPath: stored?.key ?? null,
        paidProofContentType: stored?.mime ?? null,
        paidProofSize: stored?.size ?? null,
        paidAt: now,
        paidBy: actor.id,
      });
      await recordAudit(tx, {
        actorId: actor.id,
        action: "refund.paid",
        entity: "refund",
        entityId: id,
        before: { status: "pending" },
        after: { status: "paid", paidReference: reference, file: stored !== null },
        ipAddress: actor.ip,
      });
      const amount = refundText(Number(row.amount), row.currency as Currency);
      // A buyer without an account hears it from the vendedor who sold to them (decision 0034).
      if (row.userId) {
        await notify(
          tx,
          ctx,
          { userId: row.userId, email: row.payTo.email, name: row.payTo.name },
          "refundPaid",
          { raffleTitle: existing.raffleTitle, amount, reference },
        );
      }
    });
  } catch (error) {
    // Nothing half-written: a refused or failed mark leaves no orphan file behind.
    if (stored) await ctx.storage.delete(stored.key).catch(() => {});
    throw error;
  }
  ctx.mail.flushSoon();
  const row = await repo.findRefund(ctx.db, id);
  if (!row) throw refundNotFound();
  return toRefund(row);
}

/** The refund's proof file, for the buyer it was paid to or an administrator; anybody else gets a 404. */
export async function sendRefundFile(
  ctx: Pick<AppContext, "db" | "storage">,
  reply: FastifyReply,
  viewer: SessionUser,
  id: string,
): Promise<FastifyReply> {
  if (!isUuid(id)) throw refundNotFound();
  const row = await repo.findRefund(ctx.db, id);
  if (!row || (row.userId !== viewer.id && viewer.role !== "admin")) throw refundNotFound();
  if (!row.paidProofPath || !row.paidProofContentType)
    throw notFound("NOT_FOUND", "Este reembolso no tiene comprobante.");
  const ext = row.paidProofPath.split(".").pop() ?? "bin";
  return sendPrivateFile(reply, {
    storage: ctx.storage,
    key: row.paidProofPath,
    contentType: row.paidProofContentType,
    filename: `reembolso.${ext}`,
    disposition: "inline",
  });
}

// ---------------------------------------------------------------------------------------------
// Payout data (Pago Móvil and transfer refunds): the buyer gives it; only the buyer and admins read it
// ---------------------------------------------------------------------------------------------

function toPayoutState(row: repo.RefundRow): RefundPayoutState {
  return {
    id: row.id,
    paymentMethod: row.paymentMethod as PaymentMethod,
    payoutDueAt: iso(row.payoutDueAt),
    payoutGivenAt: iso(row.payoutGivenAt),
    payout: row.payout ?? null,
  };
}

/** The refund's payout data, for its buyer or an administrator; anybody else gets the same 404. */
export async function payoutFor(db: Executor, viewer: SessionUser, id: string): Promise<RefundPayoutState> {
  if (!isUuid(id)) throw refundNotFound();
  const row = await repo.findRefund(db, id);
  if (!row || (row.userId !== viewer.id && viewer.role !== "admin")) throw refundNotFound();
  return toPayoutState(row);
}

/**
 * The buyer gives (or corrects) the payout data of their own pending Pago Móvil or transfer refund, also
 * after the deadline (late data still gets the money back; the admin sees it was late). Only the buyer
 * writes it: an administrator reads it but cannot put an account of their choosing in its place.
 */
export async function savePayout(
  ctx: Pick<AppContext, "db">,
  viewer: SessionUser,
  actor: { ip: string | null },
  id: string,
  input: RefundPayoutInput,
  now: Date,
): Promise<RefundPayoutState> {
  if (!isUuid(id)) throw refundNotFound();
  const existing = await repo.findRefund(ctx.db, id);
  if (!existing) throw refundNotFound();
  if (existing.userId !== viewer.id) {
    if (viewer.role === "admin")
      throw new AppError("FORBIDDEN", "Solo el comprador puede indicar sus datos.");
    throw refundNotFound();
  }
  if (!refundNeedsPayout(existing.paymentMethod)) throw new AppError("REFUND_PAYOUT_NOT_NEEDED");
  const parsed = refundPayoutInputSchema(existing.paymentMethod as PaymentMethod).safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? "payout");
      fields[key] ??= issue.message;
    }
    throw badRequest(parsed.error.issues[0]?.message ?? "Revisa tus datos.", fields);
  }
  await ctx.db.transaction(async (tx) => {
    const row = await repo.lockRefund(tx, id);
    if (!row) throw refundNotFound();
    if (row.status === "paid") throw new AppError("REFUND_ALREADY_PAID", PAYOUT_MESSAGES.alreadyPaid);
    await repo.savePayout(tx, id, parsed.data, now);
    // Who changed where the money goes, and when; the data itself stays out of the audit log.
    await recordAudit(tx, {
      actorId: viewer.id,
      action: "refund.payout",
      entity: "refund",
      entityId: id,
      after: { bankCode: parsed.data.bankCode, late: row.payoutDueAt !== null && now > row.payoutDueAt },
      ipAddress: actor.ip,
    });
  });
  const row = await repo.findRefund(ctx.db, id);
  if (!row) throw refundNotFound();
  return toPayoutState(row);
}
