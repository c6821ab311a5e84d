import {
  ERROR_MESSAGES,
  GENERAL_PROOF_ID,
  isUuid,
  type PaymentProof,
  PROOF_MESSAGES,
  type ProofUploadRequest,
  type PurchaseAllowance,
  type SessionUser,
} from "@rifazo/shared";
import { paymentReferenceKey } from "@rifazo/shared/domain/payment-reference-key";
import type { AppContext } from "../../context";
import type { Db, Executor, Tx } from "../../db/client";
import { isDatabaseUnavailable } from "../../lib/error-handler";
import { AppError, badRequest, conflict, forbidden, lifecycleRefusal } from "../../lib/errors";
import { uniqueViolation } from "../../lib/pg-errors";
import { announceProofChange } from "../events";
import { checkProofFile, type FileKind, newStorageKey } from "../files";
import * as purchases from "../purchases";
import {
  assertPendingProofsLimit,
  assertPurchaseLimits,
  isPurchaseLimitError,
  lockBuyer,
  purchaseAllowance,
} from "../purchases";
import { advance } from "../raffle-state";
import { currentExchangeRate } from "../settings";
import { checkPurchase, checkReservationPayment, cleanFilename, raffleNotFound } from "./checks";
import * as repo from "./repository";
import { toPaymentProof, withTickets } from "./views";

export { myProofs, proofFor, sendProofFile, toPaymentProof } from "./views";

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

async function replay(db: Executor, userId: string, key: string): Promise<SubmitOutcome | null> {
  const earlier = await repo.findByIdempotencyKey(db, userId, key);
  if (!earlier) return null;
  const [proof] = await withTickets(db, [earlier], "owner");
  return proof ? { proof, created: false } : null;
}

/** The file is an accepted proof type (sniffed, not trusted from the client), or the refusal. */
async function proofFileKind(file: UploadedFile): Promise<FileKind> {
  return checkProofFile(file.buffer, {
    type: PROOF_MESSAGES.fileType,
    pixels: PROOF_MESSAGES.imageTooManyPixels,
  });
}

interface Target {
  reservationId: string | null;
  raffleId: string | null;
}

/** The checks that need no lock, before the file is stored; the reservation being paid decides the raffle. */
async function checkBeforeStoring(
  db: Db,
  user: SessionUser,
  fields: ProofUploadRequest,
  now: Date,
): Promise<Target> {
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
  return { reservationId, raffleId };
}

/** Stores the file under `key`; a failed put leaves nothing behind. */
async function storeFile(ctx: SubmitContext, key: string, file: UploadedFile, kind: FileKind): Promise<void> {
  try {
    await ctx.storage.put(key, file.buffer, kind.mime);
  } catch (error) {
    ctx.log.error({ err: error }, "comprobantes: no se pudo guardar el archivo");
    await ctx.storage.delete(key).catch(() => {});
    throw new AppError("PROOF_UPLOAD_FAILED", PROOF_MESSAGES.uploadFailed);
  }
}

interface Checked {
  title: string | null;
  quantity: number;
  exchangeRate: number | null;
  linked: string | null;
}

/** The checks again under the locks (buyer, then raffle), by what is paid: a reservation, a raffle, or none. */
async function checkUnderLock(
  ctx: SubmitContext,
  tx: Tx,
  user: SessionUser,
  fields: ProofUploadRequest,
  { reservationId, raffleId }: Target,
  now: Date,
): Promise<Checked> {
  const quantity = fields.quantity ?? 1;
  if (reservationId && raffleId) {
    await lockBuyer(tx, user.id);
    await advance(ctx, tx, raffleId, now);
    const raffle = await purchases.purchaseRaffle(tx, raffleId, true);
    const reservation = await purchases.findReservation(tx, reservationId, true);
    checkReservationPayment(raffle, reservation, user, fields, now);
    // The reservation is already counted in the buyer's cap: only the proofs-under-review limit applies.
    await assertPendingProofsLimit(tx, user.id);
    // An abono's payment in bolívares is worth what today's rate says (decision 0034), kept with it.
    const abonoRate =
      reservation?.kind === "abono" ? ((await currentExchangeRate(tx))?.rate ?? null) : undefined;
    if (reservation && abonoRate !== undefined) {
      const payment = { method: fields.paymentMethod, currency: fields.currency, amount: fields.amount };
      await purchases.assertAbonoPayment(tx, reservation, raffle, payment, abonoRate);
    }
    const frozenRate = abonoRate === undefined ? (reservation?.exchangeRate ?? null) : abonoRate;
    return {
      title: raffle.title,
      quantity: reservation?.quantity ?? quantity,
      exchangeRate: fields.currency === "VES" ? frozenRate : null,
      linked: reservationId,
    };
  }
  if (raffleId) {
    const rate = await currentExchangeRate(tx);
    const buyer = await purchases.buyerOf(tx, user.id);
    // Random mode: the reservation is made and submitted in this same transaction, by the same rules
    // (buyer and raffle locked, due transitions applied, stock and the buyer's cap checked).
    const held = await purchases.holdInTransaction(ctx, tx, user, raffleId, { quantity }, now, {
      status: "submitted",
    });
    checkPurchase(held.raffle, fields, buyer?.level, rate?.rate ?? null, now);
    return {
      title: held.raffle.title,
      quantity,
      exchangeRate: fields.currency === "VES" ? (rate?.rate ?? null) : null,
      linked: held.row.id,
    };
  }
  await lockBuyer(tx, user.id);
  await assertPurchaseLimits(tx, user.id, null, quantity, now);
  const exchangeRate = fields.currency === "VES" ? ((await currentExchangeRate(tx))?.rate ?? null) : null;
  return { title: null, quantity, exchangeRate, linked: null };
}

interface Stored {
  key: string;
  kind: FileKind;
  referenceKey: string;
}

/** Checks under the locks, inserts the proof and announces it, all in one transaction. */
async function writeProof(
  ctx: SubmitContext,
  user: SessionUser,
  fields: ProofUploadRequest,
  file: UploadedFile,
  target: Target,
  { key, kind, referenceKey }: Stored,
  now: Date,
): Promise<{ row: repo.ProofRow; title: string | null }> {
  const { raffleId } = target;
  return ctx.db.transaction(async (tx) => {
    const { title, quantity, exchangeRate, linked } = await checkUnderLock(
      ctx,
      tx,
      user,
      fields,
      target,
      now,
    );
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
}

/** The transaction failed: the stored file goes (unless the row may exist), and the error is answered. */
async function afterFailedWrite(
  ctx: SubmitContext,
  user: SessionUser,
  fields: ProofUploadRequest,
  key: string,
  error: unknown,
): Promise<SubmitOutcome> {
  const { db, storage, log } = ctx;
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
  const { db } = ctx;

  // A retry of an upload that already went through answers with the first proof, before any other rule:
  // the raffle may have closed or filled up since, and the user must still see their payment.
  if (fields.idempotencyKey) {
    const earlier = await replay(db, user.id, fields.idempotencyKey);
    if (earlier) return earlier;
  }

  const kind = await proofFileKind(file);
  const target = await checkBeforeStoring(db, user, fields, now);
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
  await storeFile(ctx, key, file, kind);

  try {
    const { row, title } = await writeProof(
      ctx,
      user,
      fields,
      file,
      target,
      { key, kind, referenceKey },
      now,
    );
    // Committed: the analysis worker reads it soon (hash, OCR), never on this request's time.
    ctx.proofAnalysis.kick();
    return {
      proof: toPaymentProof({ ...row, raffleTitle: title, raffleTotalTickets: null }, [], "owner"),
      created: true,
    };
  } catch (error) {
    return afterFailedWrite(ctx, user, fields, key, error);
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
