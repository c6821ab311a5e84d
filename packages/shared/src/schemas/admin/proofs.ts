import { z } from "zod";
import { PROOF_STATUSES } from "../../constants";
import { isUuid } from "../../uuid";
import { proofRecordSchema } from "../proofs";
import { adminPageSchema, blankToUndefined, pageParam, searchParam } from "./common";
import { ADMIN_MESSAGES } from "./messages";

// Payment proofs under review: the list, one proof, approval and rejection.

export const ADMIN_PROOFS_PAGE_SIZE = 20;

export const adminProofListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(PROOF_STATUSES).optional()),
  raffleId: z.preprocess(
    blankToUndefined,
    z
      .string()
      .refine((v) => v === "general" || isUuid(v), ADMIN_MESSAGES.invalidId)
      .optional()
      .describe("Id de la rifa, o 'general' para los pagos sin rifa."),
  ),
  q: searchParam.describe("Nombre o correo del comprador, referencia o título de la rifa."),
  page: pageParam,
});
export type AdminProofListQuery = z.infer<typeof adminProofListQuerySchema>;

export const adminProofSchema = proofRecordSchema.extend({
  userId: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  /** Assigned numbers, 4 digits, ascending. */
  tickets: z.array(z.string()),
  /** Another proof carries the same reference (ignoring case and spaces): a possible reused receipt. */
  duplicateReference: z.boolean(),
  /** The other proof with that reference (the oldest, or the one a reference clean-up matched). */
  duplicateOf: z.string().nullable(),
  file: z.object({
    url: z.string(),
    filename: z.string().nullable(),
    contentType: z.string(),
    size: z.number(),
  }),
  reviewedBy: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * Set while the proof is pending and its raffle is closed (sales stopped, reviewing the last payments):
   * the end of the review window, after which it is rejected automatically. These proofs are listed first.
   */
  reviewBefore: z.string().nullable(),
});
export type AdminProof = z.infer<typeof adminProofSchema>;

export const adminProofListSchema = adminPageSchema(adminProofSchema);

export const adminApproveResultSchema = z.object({
  proofId: z.string(),
  status: z.enum(PROOF_STATUSES),
  /** The numbers assigned to the buyer (4 digits, ascending). Empty for general payments. */
  tickets: z.array(z.string()),
  /** True when the proof had already been approved (a repeated click): nothing changed. */
  alreadyApproved: z.boolean(),
  pointsAwarded: z.number().int(),
});
export type AdminApproveResult = z.infer<typeof adminApproveResultSchema>;

export const adminRejectInputSchema = z.object({
  adminNotes: z.preprocess(
    blankToUndefined,
    z.string().trim().max(500, ADMIN_MESSAGES.adminNotesTooLong).optional(),
  ),
});
export const adminReviewResultSchema = z.object({ proofId: z.string(), status: z.enum(PROOF_STATUSES) });
