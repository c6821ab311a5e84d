import type { PriceQuote } from "@rifazo/shared/domain/pricing";
import type { MyReservations, Reservation } from "@rifazo/shared/schemas/reservations";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

// Purchases held while the buyer pays outside the site (decision 0013): the payment page reads one, Mis
// Pagos lists the buyer's own, and the buyer may give one up. Types only from the shared schema: the zod
// runtime stays out of these pages' chunk.

export type { MyReservations, Reservation };

export const reservationKeys = {
  all: ["reservations"] as const,
  mine: () => ["reservations", "mine"] as const,
  one: (id: string) => ["reservations", "one", id] as const,
  /** The proof form's idempotency key, made by the server that rendered the payment page (decision 0029). */
  formKey: (id: string) => ["reservations", "form-key", id] as const,
  quote: (raffleId: string, quantity: number) => ["reservations", "quote", raffleId, quantity] as const,
};

/** GET /api/reservations/:id: the reservation with its price, countdown and the ways to pay it. */
export function reservationQuery(id: string) {
  return queryOptions({
    queryKey: reservationKeys.one(id),
    queryFn: ({ signal, client }) =>
      api.get<Reservation>(`/api/reservations/${encodeURIComponent(id)}`, { signal, client }),
    retry: 1,
  });
}

/** GET /api/reservations: the buyer's holding reservations, then the latest others, newest first. */
export const myReservationsQuery = queryOptions({
  queryKey: reservationKeys.mine(),
  queryFn: ({ signal }) => api.get<MyReservations>("/api/reservations", { signal }),
});

/** DELETE /api/reservations/:id: gives the tickets back. */
export function cancelReservation(id: string): Promise<unknown> {
  return api.delete(`/api/reservations/${encodeURIComponent(id)}`);
}

/**
 * GET /api/raffles/:id/quote?quantity=N: what the signed-in buyer would pay, with their level's discount
 * (the server decides; decision 0013).
 */
export function raffleQuoteQuery(raffleId: string, quantity: number) {
  return queryOptions({
    queryKey: reservationKeys.quote(raffleId, quantity),
    queryFn: ({ signal }) =>
      api.get<PriceQuote>(`/api/raffles/${encodeURIComponent(raffleId)}/quote?quantity=${quantity}`, {
        signal,
      }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}
