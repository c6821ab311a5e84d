import { queryOptions, useQuery } from "@tanstack/react-query";
import { isRetryableError } from "../../../lib/api-client";
import { useHydrated } from "../../../lib/use-hydrated";
import { fetchSessionUser, type SessionUser } from "../api/account-api";

export const sessionQueryKey = ["session"] as const;

// Spec 1 §4/§9: the profile load retries at most 3 times, 2 s apart and doubling (2 s, 4 s, 8 s).
// Only failures that may pass (network, 5xx) are retried; "signed out" is an answer, not an error.
const MAX_PROFILE_RETRIES = 3;
const PROFILE_RETRY_BASE_MS = 2_000;

export function profileRetryDelay(attemptIndex: number): number {
  return PROFILE_RETRY_BASE_MS * 2 ** attemptIndex;
}

export function shouldRetryProfile(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_PROFILE_RETRIES && isRetryableError(error);
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSessionUser(signal),
  retry: shouldRetryProfile,
  retryDelay: profileRetryDelay,
  staleTime: 5 * 60_000,
  refetchOnWindowFocus: true,
});

export type SessionStatus = "loading" | "signed-in" | "signed-out" | "error";

export interface Session {
  status: SessionStatus;
  /** Still loading, but at least one attempt failed: the answer may take a while (retries back off). */
  retrying: boolean;
  user: SessionUser | null;
  isAdmin: boolean;
  error: unknown;
  refetch: () => void;
}

export function sessionStatus(data: SessionUser | null | undefined, isError: boolean): SessionStatus {
  // A failed background refresh keeps the last known answer instead of signing the user out.
  if (data !== undefined) return data ? "signed-in" : "signed-out";
  return isError ? "error" : "loading";
}

export function useSession(): Session {
  const query = useQuery(sessionQueryOptions);
  const hydrated = useHydrated();
  // Pages are rendered on the server for everyone alike; whoever this visitor is, hydration must first
  // reproduce that anonymous "loading" render, whether or not the session has arrived by then.
  if (!hydrated) {
    return { status: "loading", retrying: false, user: null, isAdmin: false, error: null, refetch: () => {} };
  }
  const user = query.data ?? null;
  return {
    status: sessionStatus(query.data, query.isError),
    retrying: query.isPending && query.failureCount > 0,
    user,
    isAdmin: user?.role === "admin",
    error: query.error,
    refetch: () => void query.refetch(),
  };
}
