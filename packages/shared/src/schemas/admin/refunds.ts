import { z } from "zod";
import { CURRENCIES, PAYMENT_METHODS, REFUND_STATUSES } from "../../constants";
import { isUuid } from "../../uuid";
import { adminPageSchema, blankToUndefined, pageParam } from "./common";

// Raffles that do not sell: extending the end date, and the refunds a cancellation creates.

/**
 * Where the money goes back: the buyer's data for the method they paid with, as known at cancellation
 * (name, email, phone and, when the proof or profile has them, bank, cédula or Zelle/Binance account).
 */
export const refundPayToSchema = z.object({
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  bank: z.string().nullable().optional(),
  idNumber: z.string().nullable().optional(),
  account: z.string().nullable().optional(),
});
export type RefundPayTo = z.infer<typeof refundPayToSchema>;

export const refundSchema = z.object({
  id: z.string(),
  proofId: z.string(),
  raffleId: z.string(),
  raffleTitle: z.string(),
  userId: z.string(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  exchangeRate: z.number().nullable(),
  amountVes: z.number().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /** The reference of the payment being returned, to find it in the bank. */
  transactionRef: z.string(),
  quantityOfTickets: z.number().int(),
  payTo: refundPayToSchema,
  status: z.enum(REFUND_STATUSES),
  paidReference: z.string().nullable(),
  /** Set when a proof of the refund was attached (the buyer and admins may open it). */
  paidProofUrl: z.string().nullable(),
  paidAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** What the buyer sees of the refund of one purchase (Mis pagos). */
export const buyerRefundSchema = z.object({
  id: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** "Reembolso pendiente" / "Reembolsado" */
  statusLabel: z.string(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  amountVes: z.number().nullable(),
  paidReference: z.string().nullable(),
  paidProofUrl: z.string().nullable(),
  paidAt: z.string().nullable(),
});
export type BuyerRefund = z.infer<typeof buyerRefundSchema>;

export const ADMIN_REFUNDS_PAGE_SIZE = 50;
export const adminRefundListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(REFUND_STATUSES).optional()),
  raffleId: z.preprocess(blankToUndefined, z.string().refine(isUuid, "Rifa no válida.").optional()),
  page: pageParam,
});
export type AdminRefundListQuery = z.infer<typeof adminRefundListQuerySchema>;
export const adminRefundListSchema = adminPageSchema(refundSchema);

/** POST /api/admin/refunds/:id/paid (multipart: reference, optional file). */
export const refundPaidFieldsSchema = z.object({
  reference: z
    .string()
    .trim()
    .min(1, "Escribe la referencia del reembolso.")
    .max(80, "La referencia admite hasta 80 caracteres."),
});

/** POST /api/admin/raffles/:id/extend */
export const raffleExtendInputSchema = z.object({
  endDate: z.iso.datetime({ offset: true, message: "Indica la nueva fecha de cierre." }),
  /** Told to every buyer with the new date. */
  message: z.preprocess(blankToUndefined, z.string().trim().max(500).optional()),
});
export type RaffleExtendInput = z.infer<typeof raffleExtendInputSchema>;
export const raffleExtendResultSchema = z.object({
  endDate: z.string(),
  extensionsUsed: z.number().int(),
  maxExtensions: z.number().int(),
  notified: z.number().int(),
});
export type RaffleExtendResult = z.infer<typeof raffleExtendResultSchema>;
