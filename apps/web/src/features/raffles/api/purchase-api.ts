import type {
  CreateReservation,
  MyNumbers,
  NumbersAvailability,
  Reservation,
} from "@rifazo/shared/schemas/reservations";
import { queryOptions } from "@tanstack/react-query";
import { api, isApiError } from "../../../lib/api-client";
import { rememberedSellerCode } from "../lib/seller-link";

// Types only from the shared schemas (that module pulls in zod at runtime).
export type { MyNumbers, NumbersAvailability, Reservation } from "@rifazo/shared/schemas/reservations";

/** Under "raffles", so the raffle events that refresh the page refresh the grid too. */
export const numbersKey = (raffleId: string) => ["raffles", "numbers", raffleId] as const;

/** Which numbers are taken, as the server's bitmap (10 000 numbers ≈ 1.7 KB). */
export function raffleNumbersQuery(raffleId: string) {
  return queryOptions({
    queryKey: numbersKey(raffleId),
    // The API lets browsers keep it a few seconds; a refetch comes after a raffle event or a refused
    // reservation, when that copy is exactly what is out of date: always ask the server.
    queryFn: ({ signal, client }) =>
      api.get<NumbersAvailability>(`/api/raffles/${encodeURIComponent(raffleId)}/numbers`, {
        signal,
        client,
        cache: "no-cache",
      }),
    staleTime: 5_000,
  });
}

/**
 * The signed-in buyer's own numbers (held and bought), asked apart from the public bitmap so that one
 * stays shared by every visitor's cache. Under numbersKey: refreshed whenever the grid is.
 */
export function myRaffleNumbersQuery(raffleId: string, userId: string | undefined) {
  return queryOptions({
    queryKey: [...numbersKey(raffleId), "mine", userId ?? ""] as const,
    queryFn: ({ signal, client }) =>
      api.get<MyNumbers>(`/api/raffles/${encodeURIComponent(raffleId)}/numbers/mine`, { signal, client }),
    enabled: Boolean(userId),
    staleTime: 5_000,
  });
}

/** POST /api/raffles/:id/reservations; the key makes a retried tap reserve once. */
/** Where the raffle page's purchase form posts: the same route as the JSON callers (decision 0029). */
export function reservationAction(raffleId: string): string {
  return `/api/raffles/${encodeURIComponent(raffleId)}/reservations`;
}

export function createReservation(raffleId: string, body: CreateReservation, idempotencyKey: string) {
  // The vendedor whose link brought the buyer, as the raffle page shows it (docs/decisions/0034-vendedores.md).
  const sellerCode = rememberedSellerCode(raffleId);
  return api.post<Reservation>(reservationAction(raffleId), sellerCode ? { ...body, sellerCode } : body, {
    headers: { "idempotency-key": idempotencyKey },
  });
}

// 409 NUMBERS_TAKEN's numbers: lib/api-error (the service worker's queue reads them too).
export { takenNumbersOf } from "../../../lib/api-error";

/** 409 RESERVATION_ACTIVE: the buyer's reservation already holding tickets in this raffle. */
export function activeReservationOf(error: unknown): string | null {
  if (!isApiError(error) || error.serverCode !== "RESERVATION_ACTIVE") return null;
  const id = error.details?.reservationId;
  return typeof id === "string" && id ? id : null;
}

/** A fresh Idempotency-Key per attempt of the buyer (not per network retry). */
export function newIdempotencyKey(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}
