import { z } from "zod";
import { CURRENCIES, PAYMENT_METHODS, type PaymentMethod, REFUND_STATUSES } from "../../constants";
import { isVenezuelanBankCode } from "../../domain/venezuelan-banks";
import { isUuid } from "../../uuid";
import { normalizeVenezuelanMobile } from "../profile";
import { adminPageSchema, blankToUndefined, pageParam } from "./common";

// Raffles that do not sell: extending the end date, and the refunds a cancellation creates.

/**
 * Where the money goes back: the buyer's data for the method they paid with, as known at cancellation
 * (name, email, phone and, when the proof or profile has them, bank, cédula or Zelle/Binance account).
 */
export const refundPayToSchema = z.object({
  name: z.string(),
  /** Null for a vendedor's sale whose buyer has no account: the vendedor pays it back (decision 0034). */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  bank: z.string().nullable().optional(),
  idNumber: z.string().nullable().optional(),
  account: z.string().nullable().optional(),
});
export type RefundPayTo = z.infer<typeof refundPayToSchema>;

// ---------------------------------------------------------------------------------------------
// Payout data: where a refund in Bs is sent (docs/spec contact and payout; decision 0016)
// ---------------------------------------------------------------------------------------------

/** Days the buyer has to give the payout data of a Pago Móvil or transfer refund (stated in the ask). */
export const REFUND_PAYOUT_DAYS = 7;

/** Refunds paid back to a Venezuelan bank: they need the buyer's bank, cédula and phone or account. */
export const PAYOUT_METHODS = ["pago_movil", "transferencia"] as const;
export type PayoutMethod = (typeof PAYOUT_METHODS)[number];
export function refundNeedsPayout(method: string): method is PayoutMethod {
  return (PAYOUT_METHODS as readonly string[]).includes(method);
}

export const PAYOUT_MESSAGES = {
  bankRequired: "Elige tu banco.",
  idTypeRequired: "Indica si tu cédula es V o E.",
  idNumberInvalid: "Escribe tu número de cédula: solo números, entre 5 y 9 dígitos.",
  phoneInvalid:
    "Escribe el celular afiliado a Pago Móvil, por ejemplo 0414-1234567 (0412, 0414, 0416, 0422, 0424 o 0426).",
  accountInvalid: "El número de cuenta tiene 20 dígitos.",
  accountBankMismatch: "Los primeros 4 dígitos de la cuenta no corresponden al banco elegido.",
  saved: "Recibimos tus datos: el organizador te devolverá el pago con ellos.",
  savedTitle: "Datos guardados",
  alreadyPaid: "Este reembolso ya se pagó: sus datos ya no se pueden cambiar.",
  notNeeded: "Este reembolso no necesita datos bancarios.",
} as const;

/** What the buyer gave (stored privately on the refund: only the buyer and administrators read it). */
export const refundPayoutSchema = z.object({
  bankCode: z.string(),
  idType: z.enum(["V", "E"]),
  idNumber: z.string(),
  /** Pago Móvil: the mobile, E.164. */
  phone: z.string().nullable(),
  /** Transfer: the 20-digit account. */
  account: z.string().nullable(),
});
export type RefundPayout = z.infer<typeof refundPayoutSchema>;

const digitsOnly = (value: string) => value.replace(/[\s.-]/g, "");

/** PUT /api/refunds/:id/payout: the fields of the refund's method, checked and normalised. */
export function refundPayoutInputSchema(method: PaymentMethod) {
  // Each field is checked on its own, so every message shows at once beside its field.
  const phone =
    method === "pago_movil"
      ? z
          .string({ error: PAYOUT_MESSAGES.phoneInvalid })
          .max(40, PAYOUT_MESSAGES.phoneInvalid)
          .transform((value, ctx) => {
            const normalized = normalizeVenezuelanMobile(value);
            if (!normalized) {
              ctx.addIssue({ code: "custom", message: PAYOUT_MESSAGES.phoneInvalid });
              return z.NEVER;
            }
            return normalized;
          })
      : z
          .unknown()
          .optional()
          .transform(() => null);
  const account =
    method === "pago_movil"
      ? z
          .unknown()
          .optional()
          .transform(() => null)
      : z
          .string({ error: PAYOUT_MESSAGES.accountInvalid })
          .max(40, PAYOUT_MESSAGES.accountInvalid)
          .transform(digitsOnly)
          .pipe(z.string().regex(/^\d{20}$/, PAYOUT_MESSAGES.accountInvalid));
  return z
    .object({
      bankCode: z
        .string({ error: PAYOUT_MESSAGES.bankRequired })
        .refine(isVenezuelanBankCode, PAYOUT_MESSAGES.bankRequired),
      idType: z.enum(["V", "E"], { error: PAYOUT_MESSAGES.idTypeRequired }),
      idNumber: z
        .string({ error: PAYOUT_MESSAGES.idNumberInvalid })
        .max(20, PAYOUT_MESSAGES.idNumberInvalid)
        .transform(digitsOnly)
        .pipe(z.string().regex(/^[1-9]\d{4,8}$/, PAYOUT_MESSAGES.idNumberInvalid)),
      phone,
      account,
    })
    .superRefine((value, ctx) => {
      if (value.account !== null && !value.account.startsWith(value.bankCode)) {
        ctx.addIssue({ code: "custom", path: ["account"], message: PAYOUT_MESSAGES.accountBankMismatch });
      }
    })
    .transform(
      (value): RefundPayout => ({
        bankCode: value.bankCode,
        idType: value.idType,
        idNumber: value.idNumber,
        phone: value.phone,
        account: value.account,
      }),
    );
}
/** The body: the phone for Pago Móvil, the account for a transfer (the other one is ignored). */
export interface RefundPayoutInput {
  bankCode: string;
  idType: "V" | "E";
  idNumber: string;
  phone?: string | null;
  account?: string | null;
}

/** GET/PUT /api/refunds/:id/payout: the refund's payout state, for its buyer or an administrator. */
export const refundPayoutStateSchema = z.object({
  id: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  payoutDueAt: z.string().nullable(),
  payoutGivenAt: z.string().nullable(),
  payout: refundPayoutSchema.nullable(),
});
export type RefundPayoutState = z.infer<typeof refundPayoutStateSchema>;

export const refundSchema = z.object({
  id: z.string(),
  proofId: z.string(),
  raffleId: z.string(),
  raffleTitle: z.string(),
  /** Null for a vendedor's sale whose buyer has no account (decision 0034). */
  userId: z.string().nullable(),
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
  /**
   * Set for Pago Móvil and transfer refunds: the buyer gives the payout data by then. The API always
   * sends these; optional so a page cached from before they existed reads them as absent.
   */
  payoutDueAt: z.string().nullable().optional(),
  payoutGivenAt: z.string().nullable().optional(),
  payout: refundPayoutSchema.nullable().optional(),
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
  paymentMethod: z.enum(PAYMENT_METHODS).optional(),
  /** Pago Móvil and transfer refunds: the deadline for the payout data, and what the buyer gave. */
  payoutDueAt: z.string().nullable().optional(),
  payout: refundPayoutSchema.nullable().optional(),
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
