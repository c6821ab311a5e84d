import { z } from "zod";
import { revenueSchema } from "./reports";

// The dashboard's first screen: what needs the organiser today.

/**
 * A background job of the API as the instance that answered sees it (decision 0027): also in
 * /api/health. Dates are ISO strings; nextRunAt is null while stopped.
 */
export const backgroundJobStatusSchema = z.object({
  name: z.string(),
  intervalMs: z.number(),
  running: z.boolean(),
  lastRunAt: z.string().nullable(),
  lastSuccessAt: z.string().nullable(),
  lastErrorAt: z.string().nullable(),
  lastError: z.string().nullable(),
  /** Failures in a row; 0 after a success. */
  failures: z.number().int(),
  nextRunAt: z.string().nullable(),
});
export type BackgroundJobStatus = z.infer<typeof backgroundJobStatusSchema>;

export const adminTodaySchema = z.object({
  pendingProofs: z.object({ count: z.number().int(), oldestAt: z.string().nullable() }),
  /** Reservations whose time runs out within the next hour. */
  expiringReservations: z.array(
    z.object({
      id: z.string(),
      raffleId: z.string(),
      raffleTitle: z.string(),
      buyerName: z.string(),
      buyerPhone: z.string().nullable(),
      quantity: z.number().int(),
      expiresAt: z.string(),
      status: z.string(),
    }),
  ),
  /** Active raffles whose end date falls within 24 hours, with how far below their minimum they are. */
  closingRaffles: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      endDate: z.string(),
      soldTickets: z.number().int(),
      totalTickets: z.number().int(),
      minTickets: z.number().int().nullable(),
    }),
  ),
  /**
   * Raffles that closed below their minimum of tickets and wait for the organiser to extend the end date
   * or cancel with refunds (domain/raffle-lifecycle.ts, belowMinimum), the longest waiting first; the
   * decision is taken on the raffle's page, under the same rules as anywhere else.
   */
  awaitingDecision: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        soldTickets: z.number().int(),
        minTickets: z.number().int(),
        /** When sales stopped: since then the raffle waits. */
        closedAt: z.string().nullable(),
        /** Only a raffle by date can be extended; the others can only be cancelled. */
        extendable: z.boolean(),
        extensionsUsed: z.number().int(),
        maxExtensions: z.number().int(),
      }),
    )
    .default([]),
  /**
   * Frozen raffles whose drand round is past its time and the minute of grace, still not drawn (no relay
   * answered): the way out is to check the relays or paste the round's beacon (domain/draw-round-late.ts).
   */
  lateDraws: z
    .array(z.object({ id: z.string(), title: z.string(), round: z.number().int(), roundAt: z.string() }))
    .default([]),
  refundsToPay: z.object({ count: z.number().int(), totalUsd: z.number(), totalVes: z.number() }),
  /** Approved sales per day (Venezuelan days), the last 14 days, oldest first. */
  salesPerDay: z.array(
    z.object({
      day: z.string(),
      /** Collected (approved that day) and refunded (refunds created that day), from the revenue module. */
      revenue: revenueSchema,
      proofs: z.number().int(),
    }),
  ),
  /**
   * Prizes after the draw (decision 0035): claims waiting for the organiser's review, each dispute a
   * winner opened until an administrator resolves it, and unclaimed prizes whose claim period ends
   * within 48 hours.
   */
  prizes: z
    .object({
      pendingReview: z.number().int(),
      openDisputes: z.array(
        z.object({
          winnerId: z.string(),
          raffleId: z.string(),
          raffleTitle: z.string(),
          ticketNumber: z.string(),
          openedAt: z.string(),
          message: z.string(),
        }),
      ),
      claimsDueSoon: z.number().int(),
    })
    .default({ pendingReview: 0, openDisputes: [], claimsDueSoon: 0 }),
  /** The API's background jobs (reservation expiry, draws, mail...), as this instance runs them. */
  backgroundJobs: z.array(backgroundJobStatusSchema).default([]),
});
export type AdminToday = z.infer<typeof adminTodaySchema>;
