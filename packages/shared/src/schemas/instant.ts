// Instant prizes (docs/decisions/0035-prizes-on-the-record.md, "Instant wins"): what the raffle page, the
// buyer's payment and the receipt say about them. The rule itself is domain/instant-draw.ts.
import { z } from "zod";
import { CURRENCIES } from "../constants";

/** An instant prize kind as sold: N prizes of one description; a cash prize carries its value. */
export const instantPrizeInfoSchema = z.object({
  description: z.string(),
  count: z.number().int(),
  /** A cash prize: its amount in `cashCurrency`; null otherwise. */
  prizeValue: z.number().nullable(),
  cashCurrency: z.enum(CURRENCIES).nullable(),
});
export type InstantPrizeInfo = z.infer<typeof instantPrizeInfoSchema>;

/** The raffle's instant prizes on its public page: as sold, how many are left and who won so far. */
export const raffleInstantPrizesSchema = z.object({
  kinds: z.array(instantPrizeInfoSchema),
  total: z.number().int(),
  /** Not won yet: purchases waiting on their round may still win them. */
  left: z.number().int(),
  /** Instant wins so far, newest first: the ticket (raffle's digits), its prize and when it was decided. */
  wins: z.array(z.object({ ticketNumber: z.string(), description: z.string(), at: z.string() })),
});
export type RaffleInstantPrizes = z.infer<typeof raffleInstantPrizesSchema>;

/**
 * What the instant draw says about one purchase, to its buyer (payment list, payment page, receipt):
 * waiting on its drand round, or decided (with the tickets that won, possibly none).
 */
export const instantOutcomeSchema = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("pending"),
    round: z.number().int(),
    /** ISO time at which the round is published. */
    roundTime: z.string(),
  }),
  z.object({
    status: z.literal("decided"),
    round: z.number().int(),
    /** ISO time of the instant_draw entry. */
    decidedAt: z.string(),
    wins: z.array(
      z.object({
        /** Raffle's digits ("0042"). */
        ticketNumber: z.string(),
        description: z.string(),
        /** The winner row: the prize page /perfil/premios/:id for its owner; null for anyone else. */
        winnerId: z.string().nullable(),
      }),
    ),
  }),
]);
export type InstantOutcome = z.infer<typeof instantOutcomeSchema>;
