import { z } from "zod";
import {
  CURRENCIES,
  PAYMENT_METHODS,
  PROOF_ANALYSIS_STATUSES,
  PROOF_STATUSES,
  REFUND_STATUSES,
} from "../../constants";
import { valuesOf } from "../../labelled-values";
import { isUuid } from "../../uuid";
import { proofRecordSchema } from "../proofs";
import { adminPageSchema, blankToUndefined, pageParam, searchParam } from "./common";
import { ADMIN_MESSAGES } from "./messages";

// Payment proofs under review: the list, one proof, approval and rejection.

export const ADMIN_PROOFS_PAGE_SIZE = 20;

/**
 * Why a proof needs a closer look in the inbox: the same reference as another proof, an image that is a
 * near-copy of another proof's, what OCR read differs from what the buyer typed, or the amount typed is
 * not what the purchase costs.
 */
export const PROOF_FLAG_LABELS = {
  duplicate_reference: "Referencia repetida",
  near_duplicate: "Imagen casi idéntica a otra",
  ocr_mismatch: "El recibo no coincide con lo escrito",
  amount_mismatch: "Monto distinto al esperado",
};
export const PROOF_FLAGS = valuesOf(PROOF_FLAG_LABELS);
export type ProofFlag = (typeof PROOF_FLAGS)[number];

/** What OCR read on a receipt; any field it could not read is null. date is YYYY-MM-DD. */
export const receiptFieldsSchema = z.object({
  reference: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.enum(CURRENCIES).nullable(),
  date: z.string().nullable(),
  bank: z.string().nullable(),
});
export type ReceiptFields = z.infer<typeof receiptFieldsSchema>;

/** Stored in payment_proofs.ocr. */
export const proofOcrSchema = z.object({
  fields: receiptFieldsSchema,
  /** Tesseract's mean confidence, 0–100. */
  confidence: z.number(),
  /** The text read, trimmed to 4,000 characters (for the organiser's eyes). */
  text: z.string(),
  engine: z.string(),
  ms: z.number(),
});
export type ProofOcr = z.infer<typeof proofOcrSchema>;

/** The analysis the inbox shows beside what the buyer typed. */
export const proofAnalysisSchema = z.object({
  status: z.enum(PROOF_ANALYSIS_STATUSES),
  ocr: proofOcrSchema.nullable(),
  /** Fields where OCR read something different from what the buyer typed. */
  mismatches: z.array(z.enum(["reference", "amount", "date"])),
  /** The earlier proof whose image is a near-copy of this one. */
  nearDuplicateOf: z.string().nullable(),
});
export type ProofAnalysis = z.infer<typeof proofAnalysisSchema>;

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
  method: z.preprocess(blankToUndefined, z.enum(PAYMENT_METHODS).optional()),
  flag: z.preprocess(blankToUndefined, z.enum(PROOF_FLAGS).optional()),
  /** One proof only (the inbox's link to the other proof of a flag). */
  proofId: z.preprocess(blankToUndefined, z.string().refine(isUuid, ADMIN_MESSAGES.invalidId).optional()),
  /** oldest: the inbox order (oldest first); newest: the history. Default: oldest for pending, else newest. */
  sort: z.preprocess(blankToUndefined, z.enum(["oldest", "newest"]).optional()),
  page: pageParam,
});
export type AdminProofListQuery = z.infer<typeof adminProofListQuerySchema>;

export const adminProofSchema = proofRecordSchema.extend({
  /** Null for a vendedor's sale whose buyer has no account (decision 0034). */
  userId: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string().nullable(),
  /** The vendedor who recorded the sale; null for a purchase made online by its buyer. */
  seller: z.object({ id: z.string(), name: z.string(), code: z.string() }).nullable(),
  /** Assigned numbers, 4 digits, ascending. */
  tickets: z.array(z.string()),
  /**
   * Another proof has the same reference key (decision 0022: case, spaces, look-alike letters and a bank
   * reference's leading zeros aside), typed or read on either receipt: a possible reused receipt.
   */
  duplicateReference: z.boolean(),
  /** The other proof with that reference (the oldest, or the one a reference clean-up matched). */
  duplicateOf: z.string().nullable(),
  /** The receipt's image or PDF; null for a vendedor's sale recorded without one (cash). */
  file: z
    .object({
      url: z.string(),
      filename: z.string().nullable(),
      contentType: z.string(),
      size: z.number(),
    })
    .nullable(),
  reviewedBy: z.string().nullable(),
  updatedAt: z.string(),
  /**
   * Set while the proof is pending and its raffle is closed (sales stopped, reviewing the last payments):
   * the end of the review window, after which it is rejected automatically. These proofs are listed first.
   */
  reviewBefore: z.string().nullable(),
  buyerPhone: z.string().nullable(),
  /** What the purchase costs in the method's currency at the frozen rate (null: a proof without a reservation). */
  expected: z
    .object({ amount: z.number(), currency: z.enum(CURRENCIES), exchangeRate: z.number().nullable() })
    .nullable(),
  analysis: proofAnalysisSchema,
  flags: z.array(z.enum(PROOF_FLAGS)),
  /** The refund of a cancelled raffle's purchase (decision 0016): purchaseDisplayState shows it. */
  refund: z
    .object({ status: z.enum(REFUND_STATUSES) })
    .nullable()
    .optional(),
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

/** GET /api/admin/proofs/pending-count: the inbox badge (tab title and menu), refreshed live. */
export const adminPendingCountSchema = z.object({ pending: z.number().int() });

/** Editable rejection reasons the organiser picks from (settings key reject_templates). */
export const rejectTemplatesSchema = z.object({
  templates: z
    .array(
      z.object({
        title: z.string().trim().min(1, "Escribe un título.").max(60, "Máximo 60 caracteres."),
        text: z.string().trim().min(1, "Escribe el mensaje.").max(500, "Máximo 500 caracteres."),
      }),
    )
    .max(20, "Máximo 20 plantillas."),
});
export type RejectTemplates = z.infer<typeof rejectTemplatesSchema>;

/** What the organiser starts with until the templates are edited (and what an unreadable saved value falls back to). */
export const DEFAULT_REJECT_TEMPLATES: RejectTemplates = {
  templates: [
    {
      title: "Monto incorrecto",
      text: "El monto del comprobante no coincide con el total de tu compra. Envía un comprobante por el monto exacto.",
    },
    {
      title: "Referencia no encontrada",
      text: "No encontramos un pago con esa referencia en nuestra cuenta. Revisa el número de referencia y envíalo de nuevo.",
    },
    {
      title: "Comprobante ilegible",
      text: "No se puede leer el comprobante. Envía una captura completa y nítida del pago.",
    },
    {
      title: "Comprobante repetido",
      text: "Este comprobante ya fue enviado en otro pago. Cada pago necesita su propio comprobante.",
    },
    {
      title: "Pago a otra cuenta",
      text: "El pago no llegó a nuestras cuentas. Verifica los datos de pago publicados y envía el comprobante correcto.",
    },
  ],
};
