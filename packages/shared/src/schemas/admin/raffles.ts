import { z } from "zod";
import { instantPrizeInfoSchema } from "../instant";
import { prizeLevelSchema, publicRaffleSchema } from "../raffles";
import { externalBindingSchema } from "./draws";
import type { RaffleFormInput } from "./raffle-form-fields";
import { revenueSchema } from "./reports";

// The administrator's view of a raffle, and the form values to edit one.

export const adminRaffleSchema = publicRaffleSchema.extend({
  prizeLevels: z.array(prizeLevelSchema),
  /** Instant prizes in the organiser's order (docs/decisions/0035-prizes-on-the-record.md); [] if none. */
  instantPrizes: z.array(instantPrizeInfoSchema),
  /** The ticket pool (numbers 0..total−1) exists; until then the list shows a spinner. */
  ticketsGenerated: z.boolean(),
  /** Tickets held and not sold, as the public detail counts them: holding reservations, proofs under review. */
  pendingTickets: z.number().int(),
  /** The organiser's own cap; null when the default (maxTicketsPerBuyer shows it) applies. */
  maxTicketsPerBuyerSetting: z.number().int().nullable(),
  paymentProofCount: z.number().int(),
  /**
   * A sale, a holding reservation or a pending proof exists: price, currency, total and activation rules
   * are locked.
   */
  hasSales: z.boolean(),
  drawSeedCommitment: z.string().nullable(),
  /** External-lottery binding (decision 0012): set with PUT /api/admin/raffles/:id/external-binding. */
  externalBinding: externalBindingSchema.optional(),
  /** An official lottery decides it (chosen in the form, or bound): it goes on sale only once bound. */
  lotteryDecided: z.boolean(),
  /** Times the end date may still move: maxExtensions − extensionsUsed. */
  maxExtensions: z.number().int(),
  extensionsUsed: z.number().int(),
  /** Archived raffles leave the lists (admin by default, public catalogue) but keep their pages. */
  archivedAt: z.string().nullable(),
  updatedAt: z.string(),
  /** What this raffle collected and refunded (the revenue module, as the statistics). */
  revenue: revenueSchema,
});
export type AdminRaffle = z.infer<typeof adminRaffleSchema>;

export const CANCEL_REASON_MIN = 5;
export const CANCEL_REASON_MAX = 500;
export const CANCEL_MESSAGES = {
  reasonRequired: `Indica el motivo de la cancelación (al menos ${CANCEL_REASON_MIN} caracteres).`,
  reasonTooLong: `El motivo no puede superar los ${CANCEL_REASON_MAX} caracteres.`,
} as const;

/** POST /api/admin/raffles/:id/cancel: the reason is published with the raffle ("Cancelada: …"). */
export const raffleCancelSchema = z.object({
  reason: z
    .string({ error: CANCEL_MESSAGES.reasonRequired })
    .trim()
    .min(CANCEL_REASON_MIN, CANCEL_MESSAGES.reasonRequired)
    .max(CANCEL_REASON_MAX, CANCEL_MESSAGES.reasonTooLong),
});
export type RaffleCancelInput = z.infer<typeof raffleCancelSchema>;
export const adminRaffleListSchema = z.object({ items: z.array(adminRaffleSchema) });

/** Form values for editing an existing raffle. */
export function raffleToFormInput(raffle: AdminRaffle): RaffleFormInput {
  return {
    title: raffle.title,
    description: raffle.description,
    prizeImage: raffle.prizeImage,
    imageAlt: raffle.imageAlt,
    images: raffle.images.map((image) => ({ url: image.url, alt: image.alt })),
    price: raffle.price,
    currency: raffle.currency,
    totalTickets: raffle.totalTickets,
    maxTicketsPerBuyer: raffle.maxTicketsPerBuyerSetting,
    status: raffle.status,
    isFeatured: raffle.isFeatured,
    activationType: raffle.activationType,
    endDate: raffle.endDate,
    activationPercentage: raffle.activationPercentage,
    startDate: raffle.startDate,
    prizeLevels: raffle.prizeLevels.map((level) => ({
      level: level.level,
      description: level.description,
      winnerCount: level.winnerCount,
      prizeValue: level.prizeValue,
      cashCurrency: level.cashCurrency,
    })),
    instantPrizes: raffle.instantPrizes.map((prize) => ({
      description: prize.description,
      count: prize.count,
      prizeValue: prize.prizeValue,
      cashCurrency: prize.cashCurrency,
    })),
    paymentMethods: raffle.paymentMethods,
    announcementType: raffle.announcementType,
    externalAnnouncementPlatform: raffle.externalAnnouncementPlatform,
    lotteryDecided: raffle.lotteryDecided,
    externalAnnouncementDetails: raffle.externalAnnouncementDetails,
    externalAnnouncementUrl: raffle.externalAnnouncementUrl,
    daysUntilActivationTeaser: raffle.daysUntilActivationTeaser,
    reviewWindowHours: raffle.lifecycle.reviewWindowHours,
    claimPeriodDays: raffle.claimPeriodDays,
    numberMode: raffle.numberMode,
    reservationMinutes: raffle.reservationMinutes,
    combos: raffle.combos.map((combo) => ({ quantity: combo.quantity, price: combo.price })),
    installmentMinimum: raffle.installmentMinimum,
  };
}
