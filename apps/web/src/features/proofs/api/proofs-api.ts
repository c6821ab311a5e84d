import type { MyProofs, PaymentProof, PurchaseAllowance } from "@rifazo/shared/schemas/proofs";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api, type UploadProgress } from "../../../lib/api-client";
import type { ProofUpload } from "../proof-form";
// api.upload's code arrives with this feature, so sending a proof never waits on (or fails at) a download.
import "../../../lib/api-upload";

export type { MyProofs, PaymentProof, PurchaseAllowance };

export const proofKeys = {
  all: ["proofs"] as const,
  mine: (q: string, page: number) => ["proofs", "mine", { q, page }] as const,
  allowance: (raffleId: string) => ["proofs", "allowance", raffleId] as const,
};

/** The signed-in buyer's cap in a raffle and proofs under review (decision 0008); refreshed after an upload. */
export function purchaseAllowanceQuery(raffleId: string) {
  return queryOptions({
    queryKey: proofKeys.allowance(raffleId),
    queryFn: ({ signal }) =>
      api.get<PurchaseAllowance>(`/api/proofs/allowance?raffleId=${encodeURIComponent(raffleId)}`, {
        signal,
      }),
  });
}

/** How often Mis Pagos asks again while a purchase waits on its instant-prize round. */
export const INSTANT_POLL_MS = 15_000;

/** Mis Pagos: the user's proofs, newest first, 5 per page, optionally filtered by raffle title or reference. */
export function myProofsQuery(q: string, page: number) {
  const params = new URLSearchParams({ page: String(page) });
  if (q) params.set("q", q);
  return queryOptions({
    queryKey: proofKeys.mine(q, page),
    queryFn: ({ signal }) => api.get<MyProofs>(`/api/proofs/mine?${params}`, { signal }),
    // Turning pages or typing a search keeps the previous page on screen instead of a blank list.
    placeholderData: keepPreviousData,
    // A purchase waiting on its instant-prize round (decision 0035) is decided about a minute after its
    // approval, and no notification is promised for it: the page asks again until none is waiting.
    refetchInterval: (query) =>
      query.state.data?.items?.some((proof) => proof.instant?.status === "pending") ? INSTANT_POLL_MS : false,
  });
}

/** The proof's image or PDF, served only to its owner (and administrators). */
export function proofFileUrl(proof: Pick<PaymentProof, "id" | "file">): string {
  return proof.file?.url || `/api/proofs/${encodeURIComponent(proof.id)}/file`;
}

export interface UploadProofRequest {
  raffleId: string;
  /** The reservation this proof pays: the server takes the quantity and expected amount from it. */
  reservationId?: string;
  /** The form's values as the shared schema parsed them (reference normalised, amount a number). */
  fields: ProofUpload;
  idempotencyKey: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/proofs as multipart. The text fields go first and the file last, so the server has read and
 * can check every field by the time the file arrives. The idempotency key travels in both the header
 * and the form: a retry with the same key returns the first proof instead of creating a second one.
 */
export function uploadProof({
  raffleId,
  reservationId,
  fields,
  idempotencyKey,
  onProgress,
  signal,
}: UploadProofRequest) {
  const body = new FormData();
  body.set("raffleId", raffleId);
  if (reservationId) body.set("reservationId", reservationId);
  body.set("paymentMethod", fields.paymentMethod);
  body.set("transactionRef", fields.transactionRef);
  body.set("amount", fields.amount.toFixed(2));
  body.set("currency", fields.currency);
  body.set("quantity", String(fields.quantity));
  if (fields.userNotes) body.set("userNotes", fields.userNotes);
  body.set("idempotencyKey", idempotencyKey);
  body.set("file", fields.file, fields.file.name);
  return api.upload<PaymentProof>("/api/proofs", body, {
    headers: { "Idempotency-Key": idempotencyKey },
    onProgress,
    signal,
  });
}
