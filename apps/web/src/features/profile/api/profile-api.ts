import type { SessionUser } from "@rifazo/shared/schemas/auth";
import type { LoginActivity, UpdateProfileInput } from "@rifazo/shared/schemas/profile";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export type { LoginActivity, LoginActivityEntry } from "@rifazo/shared/schemas/profile";

/** PATCH /api/profile answers with the updated session user. */
export function updateProfile(input: UpdateProfileInput): Promise<SessionUser> {
  return api.patch<SessionUser>("/api/profile", input);
}

export const loginActivityQuery = queryOptions({
  queryKey: ["profile", "login-activity"] as const,
  queryFn: ({ signal }) => api.get<LoginActivity>("/api/profile/login-activity", { signal }),
  retry: false,
});
