import {
  ADMIN_PROOFS_PAGE_SIZE,
  type AdminProof,
  type AdminProofListQuery,
  type Currency,
  ocrMismatches,
  type PaymentMethod,
  type ProofFlag,
  type RefundStatus,
  reviewDeadline,
  sameCents,
  ticketLabel,
} from "@rifazo/shared";
import type { AppContext } from "../../../context";
import { amountFor } from "../../purchases";
import { refundStatusesOf } from "../../refunds";
import { offsetOf } from "../common";
import * as repo from "./list-repository";

// The administrators' inbox: proofs as the admin API shows them, one page at a time.

/** Numbers in the raffle's digits (a general payment has none, hence the null total). */
export const labelsOf = (numbers: readonly number[], totalTickets: number | null | undefined) =>
  numbers.map((n) => (totalTickets == null ? String(n) : ticketLabel(n, totalTickets)));
const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** What the reservation costs in the proof's method currency at its frozen rate (the upload's own rule). */
function expectedOf(row: repo.ProofListRow): AdminProof["expected"] {
  if (row.reservationTotal === null || row.reservationCurrency === null) return null;
  // An abono's payment is any part of the price within its bounds (decision 0034), checked at upload.
  if (row.reservationKind === "abono") return null;
  const rate = row.reservationRate === null ? null : Number(row.reservationRate);
  const due = amountFor(
    row.paymentMethod as PaymentMethod,
    Number(row.reservationTotal),
    row.reservationCurrency as Currency,
    rate,
  );
  if (due.amount === null) return null;
  return { amount: due.amount, currency: due.currency, exchangeRate: rate };
}

export function toAdminProof(row: repo.ProofListRow): AdminProof {
  const amount = Number(row.amount);
  const expected = expectedOf(row);
  const mismatches = ocrMismatches(row.ocr ?? null, {
    transactionRef: row.transactionRef,
    amount,
    createdAt: row.createdAt,
  });
  const flags: ProofFlag[] = [];
  if (row.duplicateOf !== null) flags.push("duplicate_reference");
  if (row.nearDuplicateOf !== null) flags.push("near_duplicate");
  if (mismatches.length > 0) flags.push("ocr_mismatch");
  if (expected && (row.currency !== expected.currency || !sameCents(amount, expected.amount))) {
    flags.push("amount_mismatch");
  }
  return {
    id: row.id,
    userId: row.userId,
    buyerName: row.buyerName,
    buyerEmail: row.buyerEmail,
    seller: row.sellerId
      ? { id: row.sellerId, name: row.sellerName ?? "", code: row.sellerCode ?? "" }
      : null,
    raffleId: row.raffleId,
    raffleTitle: row.raffleTitle ?? null,
    amount,
    currency: row.currency as AdminProof["currency"],
    exchangeRate: row.exchangeRate === null ? null : Number(row.exchangeRate),
    paymentMethod: row.paymentMethod as AdminProof["paymentMethod"],
    transactionRef: row.transactionRef,
    status: row.status as AdminProof["status"],
    userNotes: row.userNotes,
    adminNotes: row.adminNotes,
    quantityOfTickets: row.quantityOfTickets,
    tickets: labelsOf((row.tickets ?? []).map(Number), row.raffleTotalTickets),
    heldNumbers: labelsOf((row.heldNumbers ?? []).map(Number), row.raffleTotalTickets),
    duplicateReference: row.duplicateOf !== null,
    duplicateOf: row.duplicateOf,
    file:
      row.proofContentType === null || row.proofSize === null
        ? null
        : {
            // The one file route serves owners and administrators alike.
            url: `/api/proofs/${row.id}/file`,
            filename: row.proofImageFilename,
            contentType: row.proofContentType,
            size: row.proofSize,
          },
    reviewedBy: row.reviewedBy,
    reviewedAt: iso(row.reviewedAt),
    reviewBefore:
      row.status === "pending" && row.raffleStatus === "closed"
        ? iso(reviewDeadline(row.raffleClosedAt, row.raffleReviewWindowHours ?? 48))
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    buyerPhone: row.buyerPhone ?? null,
    expected,
    analysis: {
      status: row.analysisStatus as AdminProof["analysis"]["status"],
      ocr: row.ocr ?? null,
      mismatches,
      nearDuplicateOf: row.nearDuplicateOf,
    },
    flags,
  };
}

/**
 * How many proofs OCR read the ocr_mismatch filter compares at most: the comparison (normalised
 * references, last digits, dates) is ocrMismatches' in TypeScript, so that filter pages in memory.
 */
const OCR_FILTER_CAP = 2_000;

/** Each proof with its refund, if its raffle was cancelled: the inbox says "Reembolsado", not "Aprobado". */
async function withRefunds(db: AppContext["db"], proofs: AdminProof[]): Promise<AdminProof[]> {
  const statuses = await refundStatusesOf(
    db,
    proofs.map((proof) => proof.id),
  );
  return proofs.map((proof) => {
    const status = statuses.get(proof.id);
    return { ...proof, refund: status ? { status: status as RefundStatus } : null };
  });
}

export async function listProofs(db: AppContext["db"], query: AdminProofListQuery) {
  const size = ADMIN_PROOFS_PAGE_SIZE;
  const offset = offsetOf(query.page, size);
  if (query.flag === "ocr_mismatch") {
    const candidates = await repo.listOcrCandidates(db, query, OCR_FILTER_CAP);
    const matching = candidates.filter(
      (row) =>
        ocrMismatches(row.fields ? { fields: row.fields } : null, {
          transactionRef: row.transactionRef,
          amount: Number(row.amount),
          createdAt: row.createdAt,
        }).length > 0,
    );
    const rows = await repo.listProofsByIds(
      db,
      matching.slice(offset, offset + size).map((row) => row.id),
    );
    return {
      items: await withRefunds(db, rows.map(toAdminProof)),
      total: matching.length,
      page: query.page,
      pageSize: size,
    };
  }
  const { items, total } = await repo.listProofs(db, query, size, offset);
  return { items: await withRefunds(db, items.map(toAdminProof)), total, page: query.page, pageSize: size };
}

export async function pendingCount(db: AppContext["db"]): Promise<{ pending: number }> {
  return { pending: await repo.countPending(db) };
}
