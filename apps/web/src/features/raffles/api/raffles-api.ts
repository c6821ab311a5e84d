import type {
  PublicRaffle,
  RaffleDetail,
  RaffleList,
  RaffleListFilter,
} from "@rifazo/shared/schemas/raffles";
import type { PublicSellerLeaderboard } from "@rifazo/shared/schemas/seller-leaderboard";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

// Types only from the shared schemas (that module pulls in zod at runtime).
export type {
  PrizeLevelInfo,
  PublicRaffle,
  PublicWinner,
  RaffleDetail,
  RaffleListFilter,
} from "@rifazo/shared/schemas/raffles";

/** Every raffle query starts with "raffles", so one invalidation refreshes cards, lists and details. */
export const raffleKeys = {
  all: ["raffles"] as const,
  featured: () => ["raffles", "featured"] as const,
  list: (status: RaffleListFilter, q: string) => ["raffles", "list", { status, q }] as const,
  detail: (id: string) => ["raffles", "detail", id] as const,
};

export const featuredRafflesQuery = queryOptions({
  queryKey: raffleKeys.featured(),
  queryFn: async ({ signal, client }) =>
    (await api.get<RaffleList>("/api/raffles/featured", { signal, client })).items,
});

export function raffleListQuery(status: RaffleListFilter, q: string) {
  const params = new URLSearchParams({ status });
  if (q) params.set("q", q);
  return queryOptions({
    queryKey: raffleKeys.list(status, q),
    queryFn: async ({ signal, client }) =>
      (await api.get<RaffleList>(`/api/raffles?${params}`, { signal, client })).items,
    // While a new search runs, the previous results stay on screen instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function raffleDetailQuery(id: string) {
  return queryOptions({
    queryKey: raffleKeys.detail(id),
    queryFn: ({ signal, client }) =>
      api.get<RaffleDetail>(`/api/raffles/${encodeURIComponent(id)}`, { signal, client }),
  });
}

/**
 * The raffle page's «Vendedores destacados», asked only when the raffle's detail says the organiser shows
 * them (decision 0034). Under "raffles": a raffle event refreshes it with the page.
 */
export function sellerLeaderboardQuery(id: string) {
  return queryOptions({
    queryKey: ["raffles", "sellers-leaderboard", id] as const,
    queryFn: ({ signal, client }) =>
      api.get<PublicSellerLeaderboard>(`/api/raffles/${encodeURIComponent(id)}/sellers-leaderboard`, {
        signal,
        client,
      }),
    // Hidden again meanwhile: a 404 says so, there is nothing to retry.
    retry: false,
  });
}

export type { PublicRaffle as RaffleSummary };
