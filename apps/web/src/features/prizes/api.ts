// Types only from the shared schemas: the winners page and the draw page import this feature's badge,
// and a value import would bring zod into their public chunks.
import type { MyPrize, PrizeConfirmationInput, PublicPrizeStatus } from "@rifazo/shared/schemas/prizes";
import { queryOptions } from "@tanstack/react-query";
import { api, type UploadProgress } from "../../lib/api-client";

export type { MyPrize, PublicPrizeStatus };

export const prizeKeys = {
  all: ["prizes"] as const,
  list: () => ["prizes", "list"] as const,
  one: (winnerId: string) => ["prizes", "one", winnerId] as const,
};

const prizePath = (winnerId: string) => `/api/prizes/${encodeURIComponent(winnerId)}`;

/** GET /api/prizes: the signed-in winner's prizes (docs/decisions/0035-prizes-on-the-record.md). */
export function myPrizesQuery() {
  return queryOptions({
    queryKey: prizeKeys.list(),
    queryFn: ({ signal }) => api.get<{ items: MyPrize[] }>("/api/prizes", { signal }),
  });
}

/** GET /api/prizes/:winnerId: 403 PRIZE_NOT_YOURS, 404 PRIZE_NOT_FOUND with their Spanish messages. */
export function myPrizeQuery(winnerId: string) {
  return queryOptions({
    queryKey: prizeKeys.one(winnerId),
    queryFn: ({ signal }) => api.get<MyPrize>(prizePath(winnerId), { signal }),
  });
}

/** What the claim form sends: the shared schema's parsed fields and the photo of the cédula. */
export interface PrizeClaimFields {
  contactPhone: string | null;
  payoutDetails: string | null;
  note: string | null;
  file: File;
}

/**
 * POST /api/prizes/:winnerId/claim as multipart, through the one API client's upload (with progress).
 * The text fields go first and the file last, so the server has checked every field when it arrives.
 */
export function claimPrize(
  winnerId: string,
  fields: PrizeClaimFields,
  onProgress?: (progress: UploadProgress) => void,
): Promise<MyPrize> {
  const body = new FormData();
  if (fields.contactPhone) body.set("contactPhone", fields.contactPhone);
  if (fields.payoutDetails) body.set("payoutDetails", fields.payoutDetails);
  if (fields.note) body.set("note", fields.note);
  body.set("file", fields.file, fields.file.name);
  return api.upload<MyPrize>(`${prizePath(winnerId)}/claim`, body, { onProgress });
}

/** POST /api/prizes/:winnerId/confirmation: «Recibí mi premio» or a dispute with its message. */
export const confirmPrize = (winnerId: string, input: PrizeConfirmationInput) =>
  api.post<MyPrize>(`${prizePath(winnerId)}/confirmation`, input);
