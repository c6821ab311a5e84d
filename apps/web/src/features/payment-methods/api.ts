// Types only from the shared schemas: a value import would bring zod into this page's chunk.
import type { PaymentAccounts, PublicSettings } from "@rifazo/shared/schemas/settings";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../lib/api-client";

export type { PaymentAccounts, PublicSettings };

export const SETTINGS_ERROR = "No se pudieron cargar los datos de pago. Inténtalo de nuevo más tarde.";

export const publicSettingsQueryOptions = queryOptions({
  queryKey: ["settings", "public"],
  queryFn: ({ signal }) => api.get<PublicSettings>("/api/settings/public", { signal }),
  staleTime: 5 * 60_000,
});
