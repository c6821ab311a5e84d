// Types only from the shared schemas: a value import would bring zod into this page's chunk.
import type { PublicRaffle } from "@rifazo/shared/schemas/raffles";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { PublicRaffle };

/** Spec 1 §8 (same text as RAFFLE_MESSAGES.upcomingError). */
export const UPCOMING_ERROR = "Hubo un problema al cargar las rifas próximas.";

/** Earliest start first; raffles without a start date go last. */
export function byStartDate(a: PublicRaffle, b: PublicRaffle): number {
  const at = a.startDate ? Date.parse(a.startDate) : Number.POSITIVE_INFINITY;
  const bt = b.startDate ? Date.parse(b.startDate) : Number.POSITIVE_INFINITY;
  return at === bt ? a.title.localeCompare(b.title, "es") : at - bt;
}

export const upcomingQueryOptions = queryOptions({
  queryKey: ["raffles", "upcoming"],
  queryFn: ({ signal, client }) =>
    api.get<{ items: PublicRaffle[] }>("/api/raffles/upcoming", { signal, client }),
  select: (data) => [...data.items].sort(byStartDate),
});

export const subscriptionsQueryKey = ["raffles", "subscriptions"] as const;

export function subscriptionsQueryOptions(userId: string | undefined) {
  return queryOptions({
    queryKey: [...subscriptionsQueryKey, userId],
    queryFn: ({ signal, client }) =>
      api.get<{ raffleIds: string[] }>("/api/raffles/subscriptions", { signal, client }),
    select: (data) => data.raffleIds,
    enabled: Boolean(userId),
  });
}

export function setSubscription(raffleId: string, on: boolean) {
  const path = `/api/raffles/${encodeURIComponent(raffleId)}/subscription`;
  return on
    ? api.put<{ ok: true; subscribed: boolean }>(path)
    : api.delete<{ ok: true; subscribed: boolean }>(path);
}
