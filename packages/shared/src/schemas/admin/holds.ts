import { z } from "zod";

// The organiser's view of a raffle's holds (decision 0019): who holds what, since and until when, and how
// many holds that buyer started in the last hour, so a buyer cycling holds stands out.

export const adminRaffleHoldSchema = z.object({
  reservationId: z.string(),
  /** Null for a vendedor's sale whose buyer has no account (decision 0034). */
  userId: z.string().nullable(),
  buyerName: z.string(),
  buyerEmail: z.string().nullable(),
  /**
   * active (waiting for a proof), rejected (waiting for a new proof), submitted (under review) or partial
   * (an abono part paid, held until the list freezes: decision 0034).
   */
  status: z.enum(["active", "rejected", "submitted", "partial"]),
  statusLabel: z.string(),
  quantity: z.number().int(),
  /** Chosen numbers (4 digits), or null in random mode. */
  numbers: z.array(z.string()).nullable(),
  /** When this buyer's hold time began (a hold made again after a cancellation keeps the first one's). */
  since: z.string(),
  /** When the hold runs out; null while its proof is under review or an abono is part paid. */
  expiresAt: z.string().nullable(),
  /** Holds this buyer started in the last hour, in any raffle (the per-account limit counts these). */
  holdsLastHour: z.number().int(),
  /** Waiting for a proof: the organiser may release it. */
  releasable: z.boolean(),
});
export type AdminRaffleHold = z.infer<typeof adminRaffleHoldSchema>;

export const adminRaffleHoldsSchema = z.object({
  raffleId: z.string(),
  totalTickets: z.number().int(),
  heldTickets: z.number().int(),
  maxHoldsPerHour: z.number().int(),
  serverNow: z.string(),
  items: z.array(adminRaffleHoldSchema),
});
export type AdminRaffleHolds = z.infer<typeof adminRaffleHoldsSchema>;
