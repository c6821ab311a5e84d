import { useQueryClient } from "@tanstack/react-query";
import type { SessionUser } from "../api/account-api";
import { type Session, sessionQueryKey, useSession } from "./use-session";

// Its own module, out of the entry chunk: only the profile area uses it (a module's code goes to one chunk
// whole, so in use-session.ts it would weigh on the home page's JavaScript).

/**
 * True in the cache of a page the server rendered with its visitor's own session (the payment page,
 * decision 0029): there the session is part of the HTML, so hydration renders it from the start.
 */
export const sessionRenderedKey = ["session-rendered"] as const;

/**
 * useSession, except on a page the server rendered for its visitor (the payment page, decision 0029):
 * there the session is in the HTML, so it is known from the first render and during hydration. Only the
 * profile area uses it (the header keeps the anonymous render until hydration, as on every page).
 */
export function useRenderedSession(): Session {
  const session = useSession();
  const client = useQueryClient();
  if (session.status !== "loading" || client.getQueryData(sessionRenderedKey) !== true) return session;
  const user = client.getQueryData<SessionUser | null>(sessionQueryKey) ?? null;
  return { ...session, status: user ? "signed-in" : "signed-out", user, isAdmin: user?.role === "admin" };
}
