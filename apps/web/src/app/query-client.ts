import { PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import { MutationCache, onlineManager, QueryCache, QueryClient } from "@tanstack/react-query";
import { toast } from "../components/ui/toast";
import { isSuspendedError, markSuspended, sessionQueryKey } from "../features/auth";
import { isApiError, isRetryableError } from "../lib/api-client";
import { clearPrivateOfflineData } from "../lib/offline-snapshot";
import { isOffline } from "../lib/use-online";

const EXPIRED_CODES = new Set(["UNAUTHENTICATED", "SESSION_NOT_FOUND"]);

/**
 * Spec 1 §8: a 401 anywhere means the session is gone. Clear it once (guards then redirect) and say so;
 * a visitor who was never signed in gets nothing, since there was no session to lose.
 */
function onError(error: unknown): void {
  // A suspension ended the session: the sign-in page the guards lead to says so and how to appeal.
  if (isSuspendedError(error)) {
    if (!queryClient.getQueryData(sessionQueryKey)) return;
    markSuspended();
    queryClient.setQueryData(sessionQueryKey, null);
    toast({
      id: "session-expired",
      title: "Cuenta Suspendida",
      description: PAGE_ERROR_MESSAGES.ACCOUNT_SUSPENDED,
      variant: "error",
    });
    return;
  }
  if (!isApiError(error) || error.status !== 401 || !EXPIRED_CODES.has(error.code)) return;
  if (!queryClient.getQueryData(sessionQueryKey)) return;
  queryClient.setQueryData(sessionQueryKey, null);
  // The session ended without a sign-out: its offline copy of "Mis boletos" goes too (decision 0017).
  clearPrivateOfflineData();
  toast({
    id: "session-expired",
    title: "Sesión Expirada",
    description: PAGE_ERROR_MESSAGES.UNAUTHENTICATED,
    variant: "error",
  });
}

// TanStack's onlineManager assumes "online" until it hears an event, and it only listens once the cache
// is mounted (after hydration): a page opened offline, or one that lost the network while hydrating,
// never heard "offline", so "online" changed nothing and nothing was refetched on reconnect. It reads the
// browser's own flag when it starts listening, and on each event.
if (typeof window !== "undefined") {
  onlineManager.setEventListener((setOnline) => {
    const update = () => setOnline(!isOffline());
    update();
    window.addEventListener("online", update);
    window.addEventListener("offline", update);
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", update);
    };
  });
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError }),
  mutationCache: new MutationCache({ onError }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Offline, no retry: a retry would pause (offlineFirst) and leave the page's placeholders up for
      // good. The query fails at once, the page says "Sin conexión", and refetchOnReconnect (on by
      // default) loads it again when the network is back.
      retry: (failureCount, error) => failureCount < 2 && isRetryableError(error) && !isOffline(),
      refetchOnWindowFocus: false,
      // Offline, a query still asks once instead of pausing: the service worker may answer with its last
      // copy of a public read (decision 0017); if it cannot, it fails (see retry) rather than waiting.
      networkMode: "offlineFirst",
    },
    mutations: {
      retry: false,
      // "always", not the default "online": offline, "online" pauses a mutation, so "Reservando…" spun
      // without a word and the reservation went through whenever the network came back, maybe long after
      // the buyer gave up. An action is the buyer's at the moment they tap: it fails at once, the screen
      // says "Sin conexión" with «Reintentar», and nothing is queued behind their back.
      networkMode: "always",
    },
  },
});
