import type { RaffleList } from "@rifazo/shared/schemas/raffles";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const favoriteKeys = {
  all: ["favorites"] as const,
  ids: () => ["favorites", "ids"] as const,
  list: (q: string) => ["favorites", "list", q] as const,
};

/** Ids of the signed-in user's favourite raffles (the hearts on the cards). */
export const favoriteIdsQuery = queryOptions({
  queryKey: favoriteKeys.ids(),
  queryFn: async ({ signal }) =>
    (await api.get<{ raffleIds: string[] }>("/api/favorites/ids", { signal })).raffleIds,
  staleTime: 5 * 60_000,
});

/** The favourite raffles themselves, for the profile's Favoritos page (optional search). */
export function favoriteRafflesQuery(q = "") {
  const query = q ? `?${new URLSearchParams({ q })}` : "";
  return queryOptions({
    queryKey: favoriteKeys.list(q),
    queryFn: async ({ signal }) => (await api.get<RaffleList>(`/api/favorites${query}`, { signal })).items,
  });
}

const favoritePath = (raffleId: string) => `/api/favorites/${encodeURIComponent(raffleId)}`;

export function addFavorite(raffleId: string): Promise<unknown> {
  return api.put(favoritePath(raffleId));
}

export function removeFavorite(raffleId: string): Promise<unknown> {
  return api.delete(favoritePath(raffleId));
}
