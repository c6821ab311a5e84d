// Types only from the shared schemas: a value import would bring zod into these pages' chunks.
import type { LiveBroadcast, Testimonial } from "@rifazo/shared/schemas/content";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { LiveBroadcast, Testimonial };

/** Same text as CONTENT_MESSAGES in @rifazo/shared/schemas/content (kept here to keep zod out). */
export const CONTENT_ERRORS = {
  testimonials: "No se pudieron cargar los testimonios.",
  broadcasts: "No se pudieron cargar las transmisiones.",
} as const;

export const testimonialsQueryOptions = queryOptions({
  queryKey: ["content", "testimonials"],
  queryFn: ({ signal, client }) => api.get<{ items: Testimonial[] }>("/api/testimonials", { signal, client }),
  select: (data) => data.items,
  staleTime: 5 * 60_000,
});

export const liveBroadcastsQueryOptions = queryOptions({
  queryKey: ["content", "live-broadcasts"],
  queryFn: ({ signal, client }) =>
    api.get<{ items: LiveBroadcast[] }>("/api/live-broadcasts", { signal, client }),
  select: (data) => data.items,
  staleTime: 60_000,
  // Whether a broadcast is live follows the clock (a draw's announced time comes): asked again each minute.
  refetchInterval: 60_000,
});
