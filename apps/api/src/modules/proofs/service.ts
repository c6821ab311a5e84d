import {
  type Currency,
  ERROR_MESSAGES,
  formatMoney,
  GENERAL_PROOF_ID,
  isUuid,
  MAX_IMAGE_PIXELS,
  MIN_TICKETS_PER_PURCHASE,
  type MyProofs,
  type MyProofsQuery,
  PAYMENT_METHOD_LABELS,
  PAYMENTS_PAGE_SIZE,
  type PaymentMethod,
  type PaymentProof,
  PROOF_MESSAGES,
  PROOF_STATUS_LABELS,
  type ProofStatus,
  type ProofUploadRequest,
  type PurchaseAllowance,
  purchaseDisplayState,
  RAFFLE_MESSAGES,
  RESERVATION_MESSAGES,
  type SessionUser,
  sameCents,
  ticketLabel,
} from "@rifazo/shared";
import { formatCheckpoint } from "@rifazo/shared/domain/draw-checkpoint";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import type { Db, Executor } from "../../db/client";
import { isDatabaseUnavailable } from "../../lib/error-handler";
import { AppError, badRequest, conflict, forbidden, lifecycleRefusal, notFound } from "../../lib/errors";
import { uniqueViolation } from "../../lib/pg-errors";
import { announceProofChange } from "../events";
import {
  declaredPixels,
  detectFileKind,
  type FileKind,
  newStorageKey,
  PROOF_TYPES,
} from "../files/file-type";
import { sendPrivateFile } from "../files/serve";
import { advance } from "../lifecycle/service";
import {
  assertPendingProofsLimit,
  assertPurchaseLimits,
  isPurchaseLimitError,
  lockBuyer,
  purchaseAllowance,
} from "../purchases/purchase-limits";
import * as purchases from "../purchases/service";
import { searchTerms } from "../raffles";
import { buyerRefundsOf } from "../refunds/service";
import { currentExchangeRate } from "../settings";
import * as repo from "./repository";

const proofNotFound = () => notFound("NOT_FOUND", PROOF_MESSAGES.notFound);
const raffleNotFound = () => notFound("RAFFLE_NOT_FOUND", RAFFLE_MESSAGES.notFound);

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

const APPROVED: readonly string[] = ["approved", "verified"];

export function toPaymentProof(
  row: repo.ProofWithRaffle,
  ticketNumbers: number[],
  viewer: "owner" | "admin",
): PaymentProof {
  const status = row.status as ProofStatus;
  // A general payment (no raffle) has no numbers; a raffle's show in its digits.
  const total = row.raffleTotalTickets;
  return {
    id: row.id,
    raffleId: row.raffleId,
    raffleTitle: row.raffleTitle,
    amount: Number(row.amount),
    currency: row.currency as Currency,
    exchangeRate: row.exchangeRate === null ? null : Number(row.exchangeRate),
    paymentMethod: row.paymentMethod as PaymentMethod,
    paymentMethodLabel: PAYMENT_METHOD_LABELS[row.paymentMethod as PaymentMethod] ?? row.paymentMethod,
    transactionRef: row.transactionRef,
    status,
    statusLabel: PROOF_STATUS_LABELS[status] ?? status,
    userNotes: row.userNotes,
    // The owner sees the reviewer's note only as the reason of a rejection (spec 1 §2 "Mis Pagos").
    adminNotes: viewer === "admin" || status === "rejected" ? row.adminNotes : null,
    quantityOfTickets: row.quantityOfTickets,
    ticketNumbers:
      APPROVED.includes(status) && total !== null ? ticketNumbers.map((n) => ticketLabel(n, total)) : [],
    // Chosen numbers still held for this purchase: apartados, not yet the buyer's (decision 0014).
    heldNumbers: total === null ? [] : (row.heldNumbers ?? []).map((n) => ticketLabel(Number(n), total)),
    // Only the buyer may link the record's owner tags to this purchase (decision 0012).
    receiptSecret: viewer === "owner" ? row.receiptSecret : null,
    // The receipt shows the receipt code (the secret above), so its link is the owner's alone, like the
    // secret itself (decision 0012): administrators never get it, and nobody gets it before approval.
    receiptToken: viewer === "owner" && APPROVED.includes(status) ? row.receiptToken : null,
    // Not a secret (the record is public), but it dates this purchase: the owner's, like the receipt.
    checkpoint:
      viewer === "owner" && row.raffleId && row.checkpointLength !== null && row.checkpointHash !== null
        ? formatCheckpoint({
            raffleId: row.raffleId,
            length: row.checkpointLength,
            headHash: row.checkpointHash,
            round: row.checkpointRound,
          })
        : null,
    file: {
      url: `/api/proofs/${row.id}/file`,
      filename: downloadName(row),
      contentType: row.proofContentType,
      size: row.proofSize,
    },
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    refund: null,
  };
}

function downloadName(row: repo.ProofRow): string {
  if (row.proofImageFilename) return row.proofImageFilename;
  const ext = row.proofImagePath.split(".").pop() ?? "bin";
  return `comprobante.${ext}`;
}

async function withTickets(
  db: Executor,
  rows: repo.ProofWithRaffle[],
  viewer: "owner" | "admin",
): Promise<PaymentProof[]> {
  const approved = rows.filter((row) => APPROVED.includes(row.status)).map((row) => row.id);
  const [numbers, refunds] = await Promise.all([
    repo.ticketNumbersOf(db, approved),
    buyerRefundsOf(db, approved),
  ]);
  return rows.map((row) => {
    const refund = refunds.get(row.id) ?? null;
    return {
      ...toPaymentProof(row, numbers.get(row.id) ?? [], viewer),
      // The refund outranks the approval: the same word as every screen (decision 0016).
      statusLabel: purchaseDisplayState({ proofStatus: row.status, refund }).label,
      refund,
    };
  });
}

/** "Mis Pagos": the user's proofs, newest first, five per page, with a search over title and reference. */
export async function myProofs(db: Db, userId: string, query: MyProofsQuery): Promise<MyProofs> {
  const terms = searchTerms(query.q);
  const page = query.page;
  const [rows, total] = await Promise.all([
    repo.listMine(db, userId, terms, { offset: (page - 1) * PAYMENTS_PAGE_SIZE, limit: PAYMENTS_PAGE_SIZE }),
    repo.countMine(db, userId, terms),
  ]);
  return {
    items: await withTickets(db, rows, "owner"),
    total,
    page,
    pageSize: PAYMENTS_PAGE_SIZE,
    pageCount: Math.ceil(total / PAYMENTS_PAGE_SIZE),
  };
}

/**
 * A proof its owner or an administrator may see. Anybody else gets the same 404 as for an id that does not
 * exist, so ids cannot be probed.
 */
async function visibleProof(db: Db, viewer: SessionUser, id: string): Promise<repo.ProofWithRaffle> {
  if (!isUuid(id)) throw proofNotFound();
  const row = await repo.findProof(db, id);
  if (!row || (row.userId !== viewer.id && viewer.role !== "admin")) throw proofNotFound();
  return row;
}

export async function proofFor(db: Db, viewer: SessionUser, id: string): Promise<PaymentProof> {
  const row = await visibleProof(db, viewer, id);
  const [proof] = await withTickets(db, [row], viewer.role === "admin" ? "admin" : "owner");
  if (!proof) throw proofNotFound();
  return proof;
}

/** Streams the proof's image or PDF inline, with the type detected at upload time. Never public. */
export async function sendProofFile(
  ctx: Pick<AppContext, "db" | "storage">,
  reply: FastifyReply,
  viewer: SessionUser,
  id: string,
): Promise<FastifyReply> {
  const row = await visibleProof(ctx.db, viewer, id);
  return sendPrivateFile(reply, {
    storage: ctx.storage,
    key: row.proofImagePath,
    contentType: row.proofContentType,
    filename: downloadName(row),
    disposition: "inline",
  });
}

// ---------------------------------------------------------------------------------------------
// Upload
// ---------------------------------------------------------------------------------------------

export interface UploadedFile {
  buffer: Buffer;
  /** The name the browser sent; kept only to offer it back on download, never used on disk. */
  filename: string | null;
}

export interface SubmitOutcome {
  proof: PaymentProof;
  /** False when an earlier upload with the same idempotency key was returned instead. */
  created: boolean;
}

type SubmitContext = AppContext;

function cleanFilename(name: string | null, kind: FileKind): string {
  // Control characters and path separators never belong in a name offered back in a header.
  const base = (name ?? "")
    .replace(/[\p{Cc}\\/]/gu, "")
    .trim()
    .slice(0, 200);
  return base || `comprobante.${kind.ext}`;
}

/**
 * The sale rules of spec 1 §4/§5 for a proof sent without a reservation, checked before storing the file
 * and again under the raffle's row lock: sales open, a random-mode raffle (chosen numbers need the grid),
 * at least two tickets, a method the raffle accepts, the raffle's currency or the method's, and the
 * amount equal to the total the server quotes for this buyer (packages, level), converted when paid in
 * the method's currency at today's rate.
 */
function checkPurchase(
  raffle: purchases.PurchaseRaffleRow | undefined,
  fields: ProofUploadRequest,
  level: string | null | undefined,
  rate: number | null,
  now: Date,
): asserts raffle is purchases.PurchaseRaffleRow {
  if (!raffle) throw raffleNotFound();
  purchases.assertSalesOpen(raffle, now);
  if (raffle.numberMode === "chosen") throw conflict(RESERVATION_MESSAGES.chooseNumbers, "CHOOSE_NUMBERS");
  const quantity = fields.quantity ?? 0;
  if (quantity < MIN_TICKETS_PER_PURCHASE) {
    throw new AppError("MIN_PURCHASE", PROOF_MESSAGES.minPurchase, {
      quantity: PROOF_MESSAGES.minPurchase,
    });
  }
  purchases.assertMethodAccepted(raffle.paymentMethods, fields.paymentMethod);
  const raffleCurrency = raffle.currency as Currency;
  const quote = purchases.quoteOf(raffle, quantity, level);
  const total = quote.total;
  if (fields.currency === raffleCurrency) {
    // A form that knows nothing of packages and levels sends price × quantity: the buyer paid without the
    // discount, which is theirs to give up (points follow what was paid).
    if (!sameCents(fields.amount, total) && !sameCents(fields.amount, quote.subtotal)) {
      const message = PROOF_MESSAGES.amountMismatch(total, raffle.currency);
      throw new AppError("AMOUNT_MISMATCH", message, { amount: message });
    }
    return;
  }
  const paid = purchases.amountFor(fields.paymentMethod, total, raffleCurrency, rate);
  if (fields.currency !== paid.currency) {
    const message = PROOF_MESSAGES.currencyMismatch(raffle.currency);
    throw new AppError("CURRENCY_MISMATCH", message, { currency: message });
  }
  if (paid.amount === null) {
    throw new AppError("NO_EXCHANGE_RATE", RESERVATION_MESSAGES.noRate, {
      amount: RESERVATION_MESSAGES.noRate,
    });
  }
  if (!sameCents(fields.amount, paid.amount)) {
    const message = RESERVATION_MESSAGES.amountMismatch(formatMoney(paid.amount, paid.currency));
    throw new AppError("AMOUNT_MISMATCH", message, { amount: message });
  }
}

/** A proof for a reservation: the reservation decides raffle, quantity and the exact amount. */
function checkReservationPayment(
  raffle: purchases.PurchaseRaffleRow | undefined,
  reservation: purchases.ReservationRow | undefined,
  user: SessionUser,
  fields: ProofUploadRequest,
  now: Date,
): asserts raffle is purchases.PurchaseRaffleRow {
  purchases.assertConvertible(reservation, user.id, now);
  if (
    !raffle ||
    !reservation ||
    (fields.raffleId !== reservation.raffleId && fields.raffleId !== GENERAL_PROOF_ID)
  ) {
    throw notFound("RESERVATION_NOT_FOUND", RESERVATION_MESSAGES.notFound);
  }
  purchases.assertSalesOpen(raffle, now);
  purchases.expectedPayment(
    reservation,
    raffle.paymentMethods,
    fields.paymentMethod,
    fields.currency,
    fields.amount,
  );
}

async function replay(db: Executor, userId: string, key: string): Promise<SubmitOutcome | null> {
  const earlier = await repo.findByIdempotencyKey(db, userId, key);
  if (!earlier) return null;
  const [proof] = await withTickets(db, [earlier], "owner");
  return proof ? { proof, created: false } : null;
}

/**
 * Saves a payment proof. Order matters for "nothing half-written": every check that can be made without
 * the lock runs first, then the file is stored, then one transaction locks the raffle row, counts what is
 * still free (total − sold − held by pending proofs), checks the reference and inserts. If that transaction
 * fails for any reason the stored file is deleted again.
 */
export async function submitProof(
  ctx: SubmitContext,
  user: SessionUser,
  fields: ProofUploadRequest,
  file: UploadedFile,
  now: Date = new Date(),
): Promise<SubmitOutcome> {
  if (user.role === "admin") throw forbidden("FORBIDDEN", PROOF_MESSAGES.adminNotAllowed);
  const { db, storage, log } = ctx;

  // A retry of an upload that already went through answers with the first proof, before any other rule:
  // the raffle may have closed or filled up since, and the user must still see their payment.
  if (fields.idempotencyKey) {
    const earlier = await replay(db, user.id, fields.idempotencyKey);
    if (earlier) return earlier;
  }

  const kind = await detectFileKind(file.buffer, PROOF_TYPES);
  if (!kind) {
    throw new AppError("UNSUPPORTED_FILE_TYPE", PROOF_MESSAGES.fileType, {
      file: PROOF_MESSAGES.fileType,
    });
  }
  // A pixel flood (tiny file, gigantic declared canvas) would hang the reviewer's browser: same cap as
  // the gallery's images (MAX_IMAGE_PIXELS), read from the header without decoding.
  if (kind.mime !== "application/pdf" && (await declaredPixels(file.buffer)) > MAX_IMAGE_PIXELS) {
    throw new AppError("IMAGE_TOO_MANY_PIXELS", PROOF_MESSAGES.imageTooManyPixels, {
      file: PROOF_MESSAGES.imageTooManyPixels,
    });
  }

  // The reservation being paid, if any, decides the raffle.
  const reservationId = fields.reservationId ?? null;
  let raffleId: string | null;
  if (reservationId) {
    const reservation = await purchases.findReservation(db, reservationId);
    raffleId = reservation?.raffleId ?? null;
    checkReservationPayment(
      raffleId ? await purchases.purchaseRaffle(db, raffleId) : undefined,
      reservation,
      user,
      fields,
      now,
    );
  } else {
    const isGeneral = fields.raffleId === GENERAL_PROOF_ID;
    if (!isGeneral && !isUuid(fields.raffleId)) throw raffleNotFound();
    raffleId = isGeneral ? null : fields.raffleId;
    if (raffleId) {
      const [buyer, rate] = await Promise.all([purchases.buyerOf(db, user.id), currentExchangeRate(db)]);
      checkPurchase(
        await purchases.purchaseRaffle(db, raffleId),
        fields,
        buyer?.level,
        rate?.rate ?? null,
        now,
      );
    }
  }
  // Every spelling of one reference has one key (decision 0022): the check, the unique index and the
  // inbox compare it.
  const referenceKey = paymentReferenceKey(fields.paymentMethod, fields.transactionRef);
  if (await repo.liveReferenceExists(db, referenceKey)) {
    // The reference may be taken by this very upload, sent twice at once: that is a retry, not a duplicate.
    const earlier = fields.idempotencyKey ? await replay(db, user.id, fields.idempotencyKey) : null;
    if (earlier) return earlier;
    throw conflict(PROOF_MESSAGES.duplicateReference, "DUPLICATE_REFERENCE");
  }

  const key = newStorageKey("proofs", kind.ext, now);
  try {
    await storage.put(key, file.buffer, kind.mime);
  } catch (error) {
    log.error({ err: error }, "comprobantes: no se pudo guardar el archivo");
    await storage.delete(key).catch(() => {});
    throw new AppError("PROOF_UPLOAD_FAILED", PROOF_MESSAGES.uploadFailed);
  }

  try {
    const { row, title } = await db.transaction(async (tx) => {
      let title: string | null = null;
      let quantity = fields.quantity ?? 1;
      let exchangeRate: number | null = null;
      let linked: string | null = null;
      if (reservationId && raffleId) {
        await lockBuyer(tx, user.id);
        await advance(ctx, tx, raffleId, now);
        const raffle = await purchases.purchaseRaffle(tx, raffleId, true);
        const reservation = await purchases.findReservation(tx, reservationId, true);
        checkReservationPayment(raffle, reservation, user, fields, now);
        title = raffle.title;
        quantity = reservation?.quantity ?? quantity;
        // The reservation is already counted in the buyer's cap: only the proofs-under-review limit applies.
        await assertPendingProofsLimit(tx, user.id);
        exchangeRate = fields.currency === "VES" ? (reservation?.exchangeRate ?? null) : null;
        linked = reservationId;
      } else if (raffleId) {
        const rate = await currentExchangeRate(tx);
        const buyer = await purchases.buyerOf(tx, user.id);
        // Random mode: the reservation is made and submitted in this same transaction, by the same rules
        // (buyer and raffle locked, due transitions applied, stock and the buyer's cap checked).
        const held = await purchases.holdInTransaction(ctx, tx, user, raffleId, { quantity }, now, {
          status: "submitted",
        });
        checkPurchase(held.raffle, fields, buyer?.level, rate?.rate ?? null, now);
        title = held.raffle.title;
        exchangeRate = fields.currency === "VES" ? (rate?.rate ?? null) : null;
        linked = held.row.id;
      } else {
        await lockBuyer(tx, user.id);
        await assertPurchaseLimits(tx, user.id, null, quantity, now);
        exchangeRate = fields.currency === "VES" ? ((await currentExchangeRate(tx))?.rate ?? null) : null;
      }
      if (await repo.liveReferenceExists(tx, referenceKey)) {
        throw conflict(PROOF_MESSAGES.duplicateReference, "DUPLICATE_REFERENCE");
      }
      const inserted = await repo.insertProof(tx, {
        userId: user.id,
        raffleId,
        amount: fields.amount,
        currency: fields.currency,
        exchangeRate,
        paymentMethod: fields.paymentMethod,
        transactionRef: fields.transactionRef,
        referenceKey,
        proofImagePath: key,
        proofImageFilename: cleanFilename(file.filename, kind),
        proofContentType: kind.mime,
        proofSize: file.buffer.length,
        status: "pending",
        userNotes: fields.userNotes ?? null,
        quantityOfTickets: quantity,
        idempotencyKey: fields.idempotencyKey ?? null,
        reservationId: linked,
      });
      if (linked) await purchases.markSubmitted(tx, linked, now);
      if (raffleId) {
        // Open detail pages refresh what is left to buy.
        await ctx.events.publish(tx, { topic: "raffle", payload: { type: "raffle.updated", id: raffleId } });
      }
      await announceProofChange(ctx.events, tx, inserted.id, "created");
      return { row: inserted, title };
    });
    // Committed: the analysis worker reads it soon (hash, OCR), never on this request's time.
    ctx.proofAnalysis.kick();
    return {
      proof: toPaymentProof({ ...row, raffleTitle: title, raffleTotalTickets: null }, [], "owner"),
      created: true,
    };
  } catch (error) {
    // Connection lost mid-transaction (maybe during COMMIT): the row may exist, so keep the file. The
    // orphan sweep removes it later if no row refers to it; the client gets a retryable 503.
    if (isDatabaseUnavailable(error)) throw error;
    await storage.delete(key).catch((cleanupError: unknown) => {
      log.error({ err: cleanupError, key }, "comprobantes: no se pudo borrar el archivo huérfano");
    });
    const constraint = uniqueViolation(error);
    const duplicate =
      (error instanceof AppError &&
        (error.code === "DUPLICATE_REFERENCE" || error.code === "RESERVATION_NOT_ACTIVE")) ||
      isPurchaseLimitError(error);
    if (fields.idempotencyKey && (constraint !== null || duplicate)) {
      // A concurrent request with the same key won the race (whichever unique rule noticed it first):
      // answer with its proof.
      const earlier = await replay(db, user.id, fields.idempotencyKey);
      if (earlier) return earlier;
    }
    if (constraint === "payment_proofs_live_ref_idx") {
      throw conflict(PROOF_MESSAGES.duplicateReference, "DUPLICATE_REFERENCE");
    }
    if (error instanceof AppError) throw error;
    const refusal = lifecycleRefusal(error);
    if (refusal) throw refusal;
    log.error({ err: error }, "comprobantes: no se pudo guardar el registro");
    throw new AppError("PROOF_SAVE_FAILED", PROOF_MESSAGES.saveFailed);
  }
}

/** The signed-in buyer's cap and pending proofs for the upload form; 404 for a raffle that does not exist. */
export async function allowanceFor(
  db: Db,
  user: SessionUser,
  raffleIdParam: string,
): Promise<PurchaseAllowance> {
  const isGeneral = raffleIdParam === GENERAL_PROOF_ID;
  if (!isGeneral && !isUuid(raffleIdParam)) throw raffleNotFound();
  const allowance = await purchaseAllowance(db, user.id, isGeneral ? null : raffleIdParam);
  if (!allowance) throw raffleNotFound();
  return allowance;
}

/** The first failing rule's message leads; every failing field is listed for the form. */
export function validationError(fields: Record<string, string>): AppError {
  const first = Object.values(fields)[0] ?? ERROR_MESSAGES.VALIDATION;
  return badRequest(first, fields);
}
