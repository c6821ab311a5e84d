// Types only from the shared schemas: a value import would bring zod into the public chunks.
import type { PublicWinner, WinnersEntry, WinnersList } from "@rifazo/shared/schemas/raffles";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";
import { apiQuery, type WinnersFilters } from "./filters";

export type { PublicWinner, WinnersEntry, WinnersList };

/** Spec 1 §8 (same text as RAFFLE_MESSAGES.winnersError). */
export const WINNERS_ERROR = "Hubo un problema al cargar el historial de ganadores.";

export function winnersQueryOptions(filters: WinnersFilters) {
  const query = apiQuery(filters);
  return queryOptions({
    queryKey: ["winners", query],
    queryFn: ({ signal, client }) => api.get<WinnersList>(`/api/winners${query}`, { signal, client }),
    // While a new filter loads, the previous results stay on screen (dimmed) instead of a blank list.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
