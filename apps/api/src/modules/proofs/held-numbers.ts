import { sql } from "drizzle-orm";

/**
 * The chosen numbers a proof's reservation still holds (decision 0014: a chosen-numbers reservation keeps
 * its tickets `reserved` until approval), ascending; null when none. Only while the proof is pending, or
 * rejected with its reservation waiting for a new proof: an old rejected proof whose reservation was paid
 * again, expired or released shows nothing. Random-mode reservations hold no numbers (numbers IS NULL).
 * Correlated on "payment_proofs", so both the buyer's list and the admin inbox select it as a column.
 */
export const heldNumbersSql = sql<number[] | null>`(SELECT array_agg(t.ticket_number ORDER BY t.ticket_number)
  FROM tickets t JOIN reservations r ON r.id = t.reservation_id
  WHERE t.reservation_id = "payment_proofs"."reservation_id" AND t.status = 'reserved' AND r.numbers IS NOT NULL
    AND ("payment_proofs"."status" = 'pending' OR ("payment_proofs"."status" = 'rejected' AND r.status = 'rejected')))`;
