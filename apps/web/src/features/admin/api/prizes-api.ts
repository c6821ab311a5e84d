import type { PrizeDeliveryMethod } from "@rifazo/shared/domain/prizes";
import type { AdminPrize } from "@rifazo/shared/schemas/prizes";
import { api } from "../../../lib/api-client";

// The organiser's side of a prize after the draw (docs/decisions/0035-prizes-on-the-record.md): the list
// with each claim, reviewing a claim, recording a delivery with its proof, resolving a dispute. The cédula
// and the proofs are private files the API serves only to admins; the page links to them.

export type { AdminPrize };

/** ?status= of GET /api/admin/prizes; "review" is a claim waiting for the organiser's decision. */
export type AdminPrizeFilter = "unclaimed" | "claimed" | "delivered" | "confirmed" | "disputed" | "review";

export const prizeKeys = {
  all: ["admin", "prizes"] as const,
  raffle: (raffleId: string) => ["admin", "prizes", "raffle", raffleId] as const,
  status: (status: AdminPrizeFilter) => ["admin", "prizes", "status", status] as const,
};

const id = (value: string) => encodeURIComponent(value);

export function fetchAdminPrizes(
  filters: { raffleId?: string; status?: AdminPrizeFilter },
  signal?: AbortSignal,
) {
  const search = new URLSearchParams();
  if (filters.raffleId) search.set("raffleId", filters.raffleId);
  if (filters.status) search.set("status", filters.status);
  return api.get<{ items: AdminPrize[] }>(`/api/admin/prizes?${search.toString()}`, { signal });
}

/** The winner's cédula (private: served with the private-file headers, only to admins). */
export const prizeEvidenceUrl = (winnerId: string) => `/api/admin/prizes/${id(winnerId)}/evidence`;

/** A delivery's proof: the photo or the transfer receipt. */
export const deliveryProofUrl = (deliveryId: string) => `/api/admin/prize-deliveries/${id(deliveryId)}/proof`;

export const reviewPrizeClaim = (
  winnerId: string,
  body: { decision: "accepted" | "rejected"; note: string | null },
) => api.post<AdminPrize>(`/api/admin/prizes/${id(winnerId)}/review`, body);

/** What the delivery form sends: the text as typed (the server parses "36.500,00" by the same rule). */
export interface DeliveryFields {
  method: PrizeDeliveryMethod;
  deliveredOn: string;
  paidCurrency: "USD" | "VES" | "";
  paidAmount: string;
  note: string;
  corrects: string | null;
  file: File;
}

/** Multipart: the fields and `file`, the proof (JPG, PNG or PDF up to 5 MB). */
export function recordPrizeDelivery(winnerId: string, fields: DeliveryFields) {
  const form = new FormData();
  form.append("method", fields.method);
  form.append("deliveredOn", fields.deliveredOn);
  if (fields.paidCurrency && fields.paidAmount.trim()) {
    form.append("paidCurrency", fields.paidCurrency);
    form.append("paidAmount", fields.paidAmount.trim());
  }
  if (fields.note.trim()) form.append("note", fields.note.trim());
  if (fields.corrects) form.append("corrects", fields.corrects);
  form.append("file", fields.file, fields.file.name);
  return api.post<AdminPrize>(`/api/admin/prizes/${id(winnerId)}/deliveries`, form);
}

export const resolvePrizeDispute = (winnerId: string, resolution: string) =>
  api.post<AdminPrize>(`/api/admin/prizes/${id(winnerId)}/dispute/resolve`, { resolution });
