import type { PublicSettings } from "@rifazo/shared/schemas/settings";
import { useQueryClient } from "@tanstack/react-query";
import { publicSettingsQueryKey } from "../../exchange-rate";

/** Patches the cached public settings with what the admin just saved. */
export function useSettingsCache() {
  const queryClient = useQueryClient();
  return (patch: Partial<PublicSettings>) =>
    queryClient.setQueryData<PublicSettings>(publicSettingsQueryKey, (old) =>
      old ? { ...old, ...patch } : undefined,
    );
}
