import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { sessionQueryOptions, useSession } from "../../auth";
import { toastIfOffline } from "../../offline";
import { addFavorite, favoriteIdsQuery, favoriteKeys, removeFavorite } from "../api/favorites-api";
import { FAVORITE_TEXT } from "../favorite-text";

/** The user's favourite raffle ids; empty for visitors (no request is made for them). */
export function useFavoriteIds(): ReadonlySet<string> {
  const { user } = useSession();
  const { data } = useQuery({ ...favoriteIdsQuery, enabled: !!user, select: toSet });
  return (user && data) || EMPTY;
}

const EMPTY: ReadonlySet<string> = new Set();
function toSet(ids: string[]): ReadonlySet<string> {
  return new Set(ids);
}

/**
 * Adds or removes a favourite. The heart changes at once (optimistic update) and goes back if the server
 * refuses; visitors are asked to sign in instead (spec 1 §5, §6). A plain async function rather than
 * useMutation: the hearts are on every card of the home page, whose JavaScript budget is tight.
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const { status, user } = useSession();
  return (raffleId: string, favorite: boolean) => {
    if (status === "loading") {
      // Right after the page's code runs the session may still be on its way: a signed-in buyer's tap
      // waits for it instead of being told to sign in.
      const attempt = (): void => {
        toggleWhenSessionKnown(queryClient, raffleId, favorite).catch((error: unknown) =>
          reportFailure(error, favorite, attempt),
        );
      };
      attempt();
      return;
    }
    if (!user) return askToSignIn();
    void toggleFavorite(queryClient, raffleId, favorite);
  };
}

/** The tap of a page whose session is still on its way: it waits for the session, then acts on it. */
async function toggleWhenSessionKnown(queryClient: QueryClient, raffleId: string, favorite: boolean) {
  const known = await queryClient.fetchQuery(sessionQueryOptions);
  if (known) await toggleFavorite(queryClient, raffleId, favorite);
  else askToSignIn();
}

/** Offline, the offline wording with «Reintentar»; otherwise the spec's error. */
function reportFailure(error: unknown, favorite: boolean, retry: () => void): void {
  const action = favorite ? "guardar el favorito" : "quitar el favorito";
  if (toastIfOffline(error, action, retry)) return;
  toast({
    title: "Error",
    description: favorite ? FAVORITE_TEXT.saveFailed : FAVORITE_TEXT.removeFailed,
    variant: "error",
  });
}

function askToSignIn(): void {
  toast({ title: FAVORITE_TEXT.signInTitle, description: FAVORITE_TEXT.signIn, variant: "info" });
}

async function toggleFavorite(queryClient: QueryClient, raffleId: string, favorite: boolean): Promise<void> {
  await queryClient.cancelQueries({ queryKey: favoriteKeys.ids() });
  const previous = queryClient.getQueryData<string[]>(favoriteKeys.ids());
  queryClient.setQueryData<string[]>(favoriteKeys.ids(), (ids = []) =>
    favorite ? [...ids.filter((id) => id !== raffleId), raffleId] : ids.filter((id) => id !== raffleId),
  );
  try {
    await (favorite ? addFavorite(raffleId) : removeFavorite(raffleId));
    toast(
      favorite
        ? { title: FAVORITE_TEXT.savedTitle, description: FAVORITE_TEXT.saved, variant: "success" }
        : { title: FAVORITE_TEXT.removedTitle, description: FAVORITE_TEXT.removed, variant: "success" },
    );
  } catch (error) {
    queryClient.setQueryData(favoriteKeys.ids(), previous);
    reportFailure(error, favorite, () => void toggleFavorite(queryClient, raffleId, favorite));
  } finally {
    // Also how an expired session surfaces: the refetch fails with 401 and the query cache signs out.
    void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
  }
}
