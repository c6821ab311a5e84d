/** Payment proofs as their owner (or an administrator) reads them, and the private file download. */
import {
  type Currency,
  isUuid,
  type MyProofs,
  type MyProofsQuery,
  PAYMENT_METHOD_LABELS,
  PAYMENTS_PAGE_SIZE,
  type PaymentMethod,
  type PaymentProof,
  PROOF_MESSAGES,
  PROOF_STATUS_LABELS,
  type ProofStatus,
  purchaseDisplayState,
  type SessionUser,
  ticketLabel,
} from "@rifazo/shared";
import { formatCheckpoint } from "@rifazo/shared/domain/draw-checkpoint";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import type { Db, Executor } from "../../db/client";
import { notFound } from "../../lib/errors";
import { instantOutcomes } from "../draws";
import { sendPrivateFile } from "../files";
import { abonosOf } from "../purchases";
import { searchTerms } from "../raffles";
import { buyerRefundsOf } from "../refunds";
import * as repo from "./repository";

const proofNotFound = () => notFound("NOT_FOUND", PROOF_MESSAGES.notFound);

const APPROVED: readonly string[] = ["approved", "verified"];

type PurchaseAbono = Omit<NonNullable<PaymentProof["abono"]>, "final">;

export function toPaymentProof(
  row: repo.ProofWithRaffle,
  ticketNumbers: number[],
  viewer: "owner" | "admin",
): PaymentProof {
  const status = row.status as ProofStatus;
  // A general payment (no raffle) has no numbers; a raffle's show in its digits.
  const total = row.raffleTotalTickets;
  return {
    instant: null,
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
    file: fileOf(row),
    createdAt: row.createdAt.toISOString(),
    reviewedAt: row.reviewedAt ? row.reviewedAt.toISOString() : null,
    refund: null,
    abono: null,
  };
}

/** The stored receipt file, or null for a vendedor's sale recorded without one (decision 0034). */
function storedFile(row: repo.ProofRow) {
  const { proofImagePath: key, proofContentType: contentType, proofSize: size } = row;
  if (key === null || contentType === null || size === null) return null;
  const ext = key.split(".").pop() ?? "bin";
  return { key, contentType, size, filename: row.proofImageFilename ?? `comprobante.${ext}` };
}

function fileOf(row: repo.ProofRow): PaymentProof["file"] {
  const file = storedFile(row);
  return file
    ? {
        url: `/api/proofs/${row.id}/file`,
        filename: file.filename,
        contentType: file.contentType,
        size: file.size,
      }
    : null;
}

export async function withTickets(
  db: Executor,
  rows: repo.ProofWithRaffle[],
  viewer: "owner" | "admin",
): Promise<PaymentProof[]> {
  const approved = rows.filter((row) => APPROVED.includes(row.status)).map((row) => row.id);
  const [numbers, refunds, abonos] = await Promise.all([
    repo.ticketNumbersOf(db, approved),
    buyerRefundsOf(db, approved),
    abonoReservations(db, rows),
  ]);
  // The purchase's instant draw (decision 0035) is its owner's news: administrators see it on the record.
  const instant = viewer === "owner" ? await ownerInstantOutcomes(db, rows, numbers) : new Map();
  return rows.map((row) => {
    const refund = refunds.get(row.id) ?? null;
    const sold = numbers.get(row.id) ?? [];
    const found = row.reservationId ? abonos.get(row.reservationId) : undefined;
    // One payment of an abono (decision 0034): the tickets are the completing payment's alone.
    const abono = found ? { ...found.balance, final: sold.length > 0 } : null;
    const proof = toPaymentProof(row, sold, viewer);
    return {
      ...proof,
      // The refund outranks the approval: the same word as every screen (decision 0016).
      statusLabel: purchaseDisplayState({ proofStatus: row.status, refund, abono }).label,
      refund,
      abono,
      instant: instant.get(row.id) ?? null,
      // An approved abono not yet paid whole still only holds its chosen numbers: apartados.
      heldNumbers:
        found?.holding && APPROVED.includes(row.status) && row.raffleTotalTickets !== null
          ? found.numbers.map((n) => ticketLabel(n, row.raffleTotalTickets as number))
          : proof.heldNumbers,
    };
  });
}

/** The instant outcome of each approved purchase that sold tickets, by proof id, with its prize pages. */
function ownerInstantOutcomes(db: Executor, rows: repo.ProofWithRaffle[], numbers: Map<string, number[]>) {
  return instantOutcomes(
    db,
    rows.flatMap((row) =>
      row.raffleId && row.raffleTotalTickets !== null && APPROVED.includes(row.status)
        ? [
            {
              key: row.id,
              raffleId: row.raffleId,
              totalTickets: row.raffleTotalTickets,
              tickets: numbers.get(row.id) ?? [],
            },
          ]
        : [],
    ),
    true,
  );
}

/** The abonos these proofs pay, by reservation: the purchase's balance now and the numbers it holds. */
async function abonoReservations(db: Executor, rows: repo.ProofWithRaffle[]) {
  const ids = [...new Set(rows.flatMap((row) => (row.reservationId ? [row.reservationId] : [])))];
  const found = await repo.abonoReservationsOf(db, ids);
  const balances = await abonosOf(db, found);
  const out = new Map<string, { balance: PurchaseAbono; holding: boolean; numbers: number[] }>();
  for (const reservation of found) {
    const balance = balances.get(reservation.id)?.balance;
    if (!balance) continue;
    out.set(reservation.id, {
      balance: { ...balance, currency: reservation.currency as Currency },
      holding: reservation.status === "partial" || reservation.status === "submitted",
      numbers: [...(reservation.numbers ?? [])].sort((a, b) => a - b),
    });
  }
  return out;
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
  const file = storedFile(await visibleProof(ctx.db, viewer, id));
  if (!file) throw proofNotFound();
  return sendPrivateFile(reply, {
    storage: ctx.storage,
    key: file.key,
    contentType: file.contentType,
    filename: file.filename,
    disposition: "inline",
  });
}
