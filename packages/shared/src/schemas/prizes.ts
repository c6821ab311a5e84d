/**
 * Prizes after the draw (docs/decisions/0035-prizes-on-the-record.md): what the winner sends to claim,
 * what the organiser records of a delivery, the winner's confirmation or dispute, and what each reader
 * gets back. Files (the cédula, the delivery's proof) travel as multipart `file` beside these fields.
 */
import { z } from "zod";
import { CURRENCIES } from "../constants";
import { isCalendarDay, PRIZE_DELIVERY_METHODS, PRIZE_STATUSES } from "../domain/prizes";
import { esNumber } from "./es-number";

export const PRIZE_LIMITS = { note: 500, payout: 300, phone: 30, message: 1000, resolution: 1000 } as const;

export const PRIZE_MESSAGES = {
  note: `La nota puede tener hasta ${PRIZE_LIMITS.note} caracteres.`,
  payout: `Los datos para el pago pueden tener hasta ${PRIZE_LIMITS.payout} caracteres.`,
  payoutRequired:
    "Este premio es en dinero: indica la cuenta o el Pago Móvil donde quieres recibirlo (banco, cédula y teléfono o número de cuenta).",
  phone: "Escribe un teléfono de contacto válido (solo números, espacios, + y guiones).",
  evidenceRequired: "Adjunta una foto de tu cédula de identidad (JPG, PNG o PDF de hasta 5 MB).",
  proofRequired:
    "Adjunta la prueba de la entrega: una foto o el comprobante de la transferencia (JPG, PNG o PDF).",
  method: `Elige cómo se entregó el premio: ${PRIZE_DELIVERY_METHODS.join(", ")}.`,
  day: "Escribe el día de la entrega como AAAA-MM-DD (un día que exista, no en el futuro).",
  currency: "Elige la moneda del pago: USD o VES.",
  cashRequired: "Este premio es en dinero: indica el monto pagado y su moneda.",
  message: `Cuéntanos qué pasó con tu premio (entre 10 y ${PRIZE_LIMITS.message} caracteres).`,
  outcome: "Indica si recibiste tu premio o si quieres abrir una disputa.",
  resolution: `Explica cómo se resolvió la disputa (entre 10 y ${PRIZE_LIMITS.resolution} caracteres).`,
  review: "Indica si aceptas o rechazas el reclamo; al rechazarlo, explica el motivo al ganador.",
  fileType: "El archivo debe ser una imagen JPG o PNG, o un PDF.",
  fileTooLarge: "El archivo no puede superar los 5 MB.",
  oneFile: "Adjunta un solo archivo.",
  formInvalid: "El formulario enviado no es válido.",
  emailUnverified: "Confirma tu correo electrónico antes de reclamar tu premio.",
  corrects: "La entrega que se corrige debe ser una entrega anterior de este mismo premio.",
  unclaimedAfterClaim: "Este ganador reclamó su premio a tiempo: no se puede descalificar por no reclamarlo.",
  alreadyReviewed: "Este reclamo ya fue revisado.",
  notCash: "Este premio no es en dinero: la entrega no lleva monto pagado.",
  evidenceMissing: "Este premio no tiene una foto de cédula guardada.",
  proofMissing: "No encontramos la prueba de esa entrega.",
} as const;

const optionalText = (max: number, message: string) =>
  z
    .union([z.string().max(max, message), z.null()], { error: message })
    .optional()
    .transform((value) => value?.trim() || null);

/** POST /api/prizes/{winnerId}/claim (multipart: these fields and `file`, the cédula). */
export const prizeClaimInputSchema = z.object({
  contactPhone: optionalText(PRIZE_LIMITS.phone, PRIZE_MESSAGES.phone).refine(
    (value) => value === null || /^[+\d][\d\s-]{6,29}$/.test(value),
    PRIZE_MESSAGES.phone,
  ),
  payoutDetails: optionalText(PRIZE_LIMITS.payout, PRIZE_MESSAGES.payout),
  note: optionalText(PRIZE_LIMITS.note, PRIZE_MESSAGES.note),
});
export type PrizeClaimInput = z.input<typeof prizeClaimInputSchema>;

/** POST /api/admin/prizes/{winnerId}/review. */
export const prizeClaimReviewInputSchema = z
  .object({
    decision: z.enum(["accepted", "rejected"], { error: PRIZE_MESSAGES.review }),
    note: optionalText(PRIZE_LIMITS.note, PRIZE_MESSAGES.note),
  })
  .refine((v) => v.decision === "accepted" || v.note !== null, {
    path: ["note"],
    message: PRIZE_MESSAGES.review,
  });
export type PrizeClaimReviewInput = z.input<typeof prizeClaimReviewInputSchema>;

/** POST /api/admin/prizes/{winnerId}/deliveries (multipart: these fields and `file`, the proof). */
export const prizeDeliveryInputSchema = z
  .object({
    method: z.enum(PRIZE_DELIVERY_METHODS, { error: PRIZE_MESSAGES.method }),
    deliveredOn: z.string({ error: PRIZE_MESSAGES.day }).trim().refine(isCalendarDay, PRIZE_MESSAGES.day),
    paidCurrency: z
      .union([z.enum(CURRENCIES), z.literal(""), z.null()], { error: PRIZE_MESSAGES.currency })
      .optional()
      .transform((v) => v || null),
    paidAmount: z
      .union([esNumber({ decimals: 2, max: 1_000_000_000 }), z.literal(""), z.null()])
      .optional()
      .transform((v) => (v === "" || v === undefined ? null : v)),
    note: optionalText(PRIZE_LIMITS.note, PRIZE_MESSAGES.note),
    /** Id of an earlier delivery of the same prize that this one corrects. */
    corrects: z.uuid().optional().nullable(),
  })
  .superRefine((v, ctx) => {
    if ((v.paidCurrency === null) !== (v.paidAmount === null))
      ctx.addIssue({ code: "custom", path: ["paidAmount"], message: PRIZE_MESSAGES.cashRequired });
    if (v.paidAmount !== null && v.paidAmount <= 0)
      ctx.addIssue({ code: "custom", path: ["paidAmount"], message: PRIZE_MESSAGES.cashRequired });
  });
export type PrizeDeliveryInput = z.input<typeof prizeDeliveryInputSchema>;

/** POST /api/prizes/{winnerId}/confirmation: «Recibí mi premio» or a dispute with its message. */
export const prizeConfirmationInputSchema = z
  .object({
    outcome: z.enum(["received", "disputed"], { error: PRIZE_MESSAGES.outcome }),
    message: optionalText(PRIZE_LIMITS.message, PRIZE_MESSAGES.message),
  })
  .refine((v) => v.outcome === "received" || (v.message !== null && v.message.length >= 10), {
    path: ["message"],
    message: PRIZE_MESSAGES.message,
  });
export type PrizeConfirmationInput = z.input<typeof prizeConfirmationInputSchema>;

/** POST /api/admin/prizes/{winnerId}/dispute/resolve. */
export const prizeDisputeResolveInputSchema = z.object({
  resolution: z
    .string({ error: PRIZE_MESSAGES.resolution })
    .trim()
    .min(10, PRIZE_MESSAGES.resolution)
    .max(PRIZE_LIMITS.resolution, PRIZE_MESSAGES.resolution),
});

const statusSchema = z.enum(PRIZE_STATUSES);
const cashSchema = z.object({ currency: z.enum(CURRENCIES), amount: z.number() });

/** What anyone may read of a prize (winners page, draw page): no evidence, no payout details. */
export const publicPrizeStatusSchema = z.object({
  status: statusSchema,
  /** prizeStatusText: "Entregado el 28/11/2026", … */
  statusText: z.string(),
  claimedAt: z.string().nullable(),
  deliveredOn: z.string().nullable(),
  method: z.enum(PRIZE_DELIVERY_METHODS).nullable(),
  confirmedAt: z.string().nullable(),
  disputeOpen: z.boolean(),
  /** SHA-256 of the latest delivery's proof, as the record holds it. */
  proofHash: z.string().nullable(),
  /** A cash delivery: what was paid and at which rate. */
  paid: z
    .object({
      currency: z.enum(CURRENCIES),
      amount: z.number(),
      rate: z.number().nullable(),
      rateDate: z.string().nullable(),
    })
    .nullable(),
});
export type PublicPrizeStatus = z.infer<typeof publicPrizeStatusSchema>;

const deliverySchema = z.object({
  id: z.string(),
  method: z.enum(PRIZE_DELIVERY_METHODS),
  deliveredOn: z.string(),
  paidCurrency: z.enum(CURRENCIES).nullable(),
  paidAmount: z.number().nullable(),
  rate: z.number().nullable(),
  rateDate: z.string().nullable(),
  proofHash: z.string(),
  note: z.string().nullable(),
  corrects: z.string().nullable(),
  createdAt: z.string(),
});

/** GET /api/prizes (the signed-in winner's prizes) and GET /api/prizes/{winnerId}. */
export const myPrizeSchema = z.object({
  winnerId: z.string(),
  raffleId: z.string(),
  raffleTitle: z.string(),
  /**
   * The prize level; 0 (INSTANT_PRIZE_LEVEL) is an instant prize, decided by its drand round while the raffle
   * sold (decision 0035): `cash` is then its slot's, and `awardedAt` the time of that decision.
   */
  level: z.number().int(),
  ticketNumber: z.string(),
  prizeDescription: z.string(),
  cash: cashSchema.nullable(),
  awardedAt: z.string(),
  /** ISO time until which the claim may be sent (claim period of the rules as sold); null without one. */
  claimDeadline: z.string().nullable(),
  canClaim: z.boolean(),
  /** WhatsApp link to the organiser with the prize named, when the organiser published a number. */
  organiserWhatsapp: z.string().nullable(),
  claim: z
    .object({
      claimedAt: z.string(),
      reviewStatus: z.enum(["pending", "accepted", "rejected"]),
      reviewNote: z.string().nullable(),
      contactPhone: z.string().nullable(),
      payoutDetails: z.string().nullable(),
      note: z.string().nullable(),
    })
    .nullable(),
  deliveries: z.array(deliverySchema),
  dispute: z
    .object({
      message: z.string(),
      openedAt: z.string(),
      resolution: z.string().nullable(),
      resolvedAt: z.string().nullable(),
    })
    .nullable(),
  status: publicPrizeStatusSchema,
});
export type MyPrize = z.infer<typeof myPrizeSchema>;
export const myPrizeListSchema = z.object({ items: z.array(myPrizeSchema) });

/** GET /api/admin/prizes (every prize with its deadline; ?raffleId= and ?status= narrow it). */
export const adminPrizeSchema = myPrizeSchema.extend({
  winnerName: z.string(),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  claimId: z.string().nullable(),
  /** GET /api/admin/prizes/{winnerId}/evidence serves it (private). */
  hasEvidence: z.boolean(),
  disqualified: z.boolean(),
});
export type AdminPrize = z.infer<typeof adminPrizeSchema>;
export const adminPrizeListSchema = z.object({ items: z.array(adminPrizeSchema) });
