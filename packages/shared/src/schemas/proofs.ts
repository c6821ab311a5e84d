import { z } from "zod";
import {
  CURRENCIES,
  MAX_PROOF_BYTES,
  MAX_TOTAL_TICKETS,
  PAYMENT_METHODS,
  PAYMENTS_PAGE_SIZE,
  PROOF_STATUSES,
} from "../constants";
import { hasForeignDigits, normalizePaymentReference } from "../domain/payment-reference";
import { buyerRefundSchema } from "./admin/refunds";
import { esNumber } from "./es-number";
import { instantOutcomeSchema } from "./instant";

import {
  PROOF_LIMITS,
  PROOF_MESSAGES,
  PROOF_UPLOAD_FIELDS,
  type ProofQuantityLimits,
  quantityLimitIssue,
} from "./proof-rules";

export * from "./proof-rules";

// Payment proofs (spec 1 §2 "Proof upload" and "Mis Pagos", §4, §5, §8 "Proof upload").
// The upload form and POST /api/proofs validate with the same schema; the server checks everything again
// against the raffle (price, currency, tickets left) inside the transaction that saves the proof.

/** Form values may arrive as strings (multipart) or numbers (JSON, form state); blanks count as missing. */
const blankToUndefined = (value: unknown) =>
  value === "" || value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/**
 * The amount as typed, es-VE ("1.194,56", "1194,56") or plain ("1194.56"), or a typed number, read by the
 * shared parser with money's two decimals (decision 0013): "1.194" is 1194, never 1.194. Blank is missing.
 */
const amount = z.preprocess(
  blankToUndefined,
  esNumber({ decimals: 2, max: PROOF_LIMITS.maxAmount, required: PROOF_MESSAGES.amountInvalid }).refine(
    (v) => v >= 0.01,
    PROOF_MESSAGES.amountInvalid,
  ),
);

/** A ticket count as typed ("1.000" is a thousand, decision 0013) or a typed number. */
const quantity = z.preprocess(
  blankToUndefined,
  esNumber({ decimals: 0, max: MAX_TOTAL_TICKETS, message: PROOF_MESSAGES.quantityInvalid }).refine(
    (v) => v >= 1,
    PROOF_MESSAGES.quantityInvalid,
  ),
);

const optionalUuid = z.preprocess(
  blankToUndefined,
  z
    .string({ error: "La reserva indicada no es válida." })
    .trim()
    .regex(
      /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i,
      "La reserva indicada no es válida.",
    )
    .optional(),
);

/** The raffle a proof or an allowance is for: "general" or its id. */
const raffleIdParam = z
  .string({ error: PROOF_MESSAGES.raffleRequired })
  .trim()
  .min(1, PROOF_MESSAGES.raffleRequired)
  .max(64, PROOF_MESSAGES.raffleRequired)
  .describe("'general' o el id (UUID) de la rifa.");

export const proofUploadSchema = z.object({
  raffleId: raffleIdParam,
  paymentMethod: z.preprocess(
    blankToUndefined,
    z.enum(PAYMENT_METHODS, { error: PROOF_MESSAGES.methodMissing }),
  ),
  transactionRef: z
    .string({ error: PROOF_MESSAGES.referenceMissing })
    .transform(normalizePaymentReference)
    .pipe(
      z
        .string()
        .min(1, PROOF_MESSAGES.referenceMissing)
        .max(PROOF_LIMITS.reference, PROOF_MESSAGES.referenceTooLong)
        .refine((value) => !hasForeignDigits(value), PROOF_MESSAGES.referenceForeignDigits),
    ),
  amount,
  currency: z.preprocess(
    blankToUndefined,
    z.enum(CURRENCIES, { error: PROOF_MESSAGES.currencyInvalid }).default("USD"),
  ),
  quantity,
  userNotes: z.preprocess(
    blankToUndefined,
    z.string().trim().max(PROOF_LIMITS.notes, PROOF_MESSAGES.notesTooLong).optional(),
  ),
  idempotencyKey: z.preprocess(
    blankToUndefined,
    z
      .string({ error: PROOF_MESSAGES.idempotencyKeyInvalid })
      .trim()
      .regex(/^[A-Za-z0-9_.:-]{8,100}$/, PROOF_MESSAGES.idempotencyKeyInvalid)
      .optional()
      .describe("Clave única por intento de envío (un reintento con la misma clave no duplica el pago)."),
  ),
  reservationId: optionalUuid.describe(
    "Reserva que paga este comprobante: la rifa, la cantidad y el monto exacto salen de ella.",
  ),
});
export type ProofUploadInput = z.input<typeof proofUploadSchema>;
export type ProofUploadFields = z.output<typeof proofUploadSchema>;

/**
 * What POST /api/proofs reads: the quantity may be left out when a reservation is given (it comes from
 * the reservation); without one the server asks for it.
 */
export const proofUploadRequestSchema = proofUploadSchema.extend({
  quantity: proofUploadSchema.shape.quantity.optional(),
});
export type ProofUploadRequest = z.output<typeof proofUploadRequestSchema>;

/** Every field POST /api/proofs reads: the form's, then the reservation the payment is for. */
export const PROOF_UPLOAD_REQUEST_FIELDS = [...PROOF_UPLOAD_FIELDS, "reservationId"] as const;

/** The chosen file as the form holds it (a browser File); the API reads the multipart part instead. */
export interface ProofFileLike {
  name: string;
  size: number;
}

const isFileLike = (value: unknown): value is ProofFileLike =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as Partial<ProofFileLike>).name === "string" &&
  typeof (value as Partial<ProofFileLike>).size === "number";

/**
 * The upload form (spec 1 §2 "Proof upload"): the API body without what the page adds itself (the raffle
 * and the idempotency key), plus the file. The amount is read as the API reads it ("1.194,56"). The file's
 * type is checked by its first bytes when it is chosen (that needs a read).
 */
export const proofFormSchema = proofUploadSchema
  .omit({ raffleId: true, idempotencyKey: true, reservationId: true })
  .extend({
    file: z
      .custom<ProofFileLike>(isFileLike, { error: PROOF_MESSAGES.fileMissing })
      .refine((file) => file.size <= MAX_PROOF_BYTES, PROOF_MESSAGES.fileTooLarge),
  });
export type ProofFormFields = z.output<typeof proofFormSchema>;

/** The form's schema with the quantity bounds the page knows (the API checks them again under its lock). */
export function proofFormSchemaFor(limits: ProofQuantityLimits) {
  return proofFormSchema.superRefine((values, ctx) => {
    const issue = quantityLimitIssue(values.quantity, limits);
    if (issue) ctx.addIssue({ code: "custom", path: ["quantity"], message: issue.message });
  });
}

/** What the buyer's and the administrator's views of a proof both show, defined once for both. */
export const proofRecordSchema = z.object({
  id: z.string(),
  /** null for a general payment. */
  raffleId: z.string().nullable(),
  raffleTitle: z.string().nullable(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  /** Bolívares per dollar in force when a VES payment was sent; null otherwise. */
  exchangeRate: z.number().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  transactionRef: z.string(),
  status: z.enum(PROOF_STATUSES),
  userNotes: z.string().nullable(),
  /** The reviewer's note; shown to the owner only when the proof was rejected. */
  adminNotes: z.string().nullable(),
  quantityOfTickets: z.number().int(),
  /**
   * The chosen numbers its reservation holds while the proof is pending (or rejected and waiting for a
   * new proof), in the raffle's digits, ascending: "apartados", not yet the buyer's. Empty in random
   * mode (numbers are assigned at approval), once approved (see the assigned numbers) and otherwise.
   */
  heldNumbers: z.array(z.string()).default([]),
  createdAt: z.string(),
  reviewedAt: z.string().nullable(),
});

export const paymentProofSchema = proofRecordSchema.extend({
  paymentMethodLabel: z.string(),
  /** 'En Revisión', 'Aprobado' or 'Rechazado'. */
  statusLabel: z.string(),
  /** Assigned ticket numbers (4 digits, ascending), once the payment is approved. */
  ticketNumbers: z.array(z.string()),
  /**
   * The purchase's receipt secret (64 hex), for its owner only (null for anyone else, administrators
   * included): the owner tag of each of its tickets in the raffle's public record is
   * ownerTag(receiptSecret, raffleId, number), so the buyer alone can find their numbers there.
   */
  receiptSecret: z.string().nullable(),
  /**
   * The receipt page's token (/recibo/:token), for the owner only, once approved: the receipt shows the
   * receipt secret, so administrators get null here as they do for receiptSecret.
   */
  receiptToken: z.string().nullable(),
  /**
   * The record checkpoint of the approval ("rifazo-cp-1:…", docs/draw-protocol.md §14), for the owner
   * only: the receipt shows it, the offline copy of "Mis boletos" keeps it, the record page checks it.
   */
  checkpoint: z.string().nullable(),
  /** Null for a vendedor's sale recorded without a receipt image (decision 0034). */
  file: z
    .object({
      /** Private URL: only the owner and administrators may open it. */
      url: z.string(),
      filename: z.string(),
      contentType: z.string(),
      size: z.number().int(),
    })
    .nullable(),
  /** The money going back when the raffle was cancelled after this payment was approved; null otherwise. */
  refund: buyerRefundSchema.nullable().default(null),
  /**
   * Null, or this payment is one of an abono's (docs/decisions/0034-vendedores.md): the purchase's balance
   * now, in its currency. `final`: this payment completed the price, so the tickets are its; an earlier
   * approved one sold nothing (statusLabel "Abono aprobado · pagado $4,00 de $10,00").
   */
  abono: z
    .object({
      paid: z.number(),
      total: z.number(),
      remaining: z.number(),
      currency: z.enum(CURRENCIES),
      complete: z.boolean(),
      final: z.boolean(),
    })
    .nullable()
    .default(null),
  /**
   * Decision 0035: the purchase's instant draw, for its owner only, once the approval made it final in a
   * raffle with instant prizes (pending on its drand round, then decided); null otherwise.
   */
  instant: instantOutcomeSchema.nullable().default(null),
});
export type PaymentProof = z.infer<typeof paymentProofSchema>;

export const myProofsQuerySchema = z.object({
  q: z
    .string()
    .trim()
    .max(PROOF_LIMITS.search, PROOF_MESSAGES.searchTooLong)
    .optional()
    .describe("Texto a buscar en el título de la rifa y en la referencia."),
  page: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PROOF_MESSAGES.pageInvalid })
      .int(PROOF_MESSAGES.pageInvalid)
      .min(1, PROOF_MESSAGES.pageInvalid)
      .max(100_000, PROOF_MESSAGES.pageInvalid)
      .default(1)
      .describe(`Página (desde 1; ${PAYMENTS_PAGE_SIZE} comprobantes por página).`),
  ),
});
export type MyProofsQuery = z.output<typeof myProofsQuerySchema>;

export const myProofsSchema = z.object({
  items: z.array(paymentProofSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  pageCount: z.number().int(),
});
export type MyProofs = z.infer<typeof myProofsSchema>;

// Per-buyer limits (decision 0008): what the upload form reads to show the cap and bound the quantity.

export const purchaseAllowanceQuerySchema = z.object({
  raffleId: raffleIdParam,
});

export const purchaseAllowanceSchema = z.object({
  /** null for a general payment. */
  raffleId: z.string().nullable(),
  /** The raffle's cap per buyer; null for a general payment. */
  maxTicketsPerBuyer: z.number().int().nullable(),
  /** Tickets this buyer holds in the raffle: under review plus approved. */
  ticketsHeld: z.number().int(),
  /** How many more tickets this buyer may ask for (cap − held); null for a general payment. */
  ticketsAllowed: z.number().int().nullable(),
  /** Proofs of this account under review, across all raffles. */
  pendingProofs: z.number().int(),
  maxPendingProofs: z.number().int(),
});
export type PurchaseAllowance = z.infer<typeof purchaseAllowanceSchema>;
