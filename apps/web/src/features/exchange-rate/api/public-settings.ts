import type { PublicSettings } from "@rifazo/shared/schemas/settings";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type { ExchangeRate, PublicSettings } from "@rifazo/shared/schemas/settings";

export const publicSettingsQueryKey = ["settings", "public"] as const;

/**
 * GET /api/settings/public: the bolívar rate and the payment accounts. Admins change them a few times a
 * day at most, so one answer serves every card of a visit.
 */
export const publicSettingsQuery = queryOptions({
  queryKey: publicSettingsQueryKey,
  queryFn: ({ signal, client }) => api.get<PublicSettings>("/api/settings/public", { signal, client }),
  staleTime: 10 * 60_000,
});
