import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { useSession } from "../../auth/hooks/use-session";
import { FAVORITE_TEXT } from "../../raffles/lib/raffle-text";
import { addFavorite, favoriteIdsQuery, favoriteKeys, removeFavorite } from "../api/favorites-api";

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

interface ToggleVariables {
  raffleId: string;
  favorite: boolean;
}

/**
 * Adds or removes a favourite. The heart changes at once (optimistic update) and goes back if the server
 * refuses; visitors are asked to sign in instead (spec 1 §5, §6).
 */
export function useToggleFavorite() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const mutation = useMutation({
    mutationFn: ({ raffleId, favorite }: ToggleVariables) =>
      favorite ? addFavorite(raffleId) : removeFavorite(raffleId),
    onMutate: async ({ raffleId, favorite }) => {
      await queryClient.cancelQueries({ queryKey: favoriteKeys.ids() });
      const previous = queryClient.getQueryData<string[]>(favoriteKeys.ids());
      queryClient.setQueryData<string[]>(favoriteKeys.ids(), (ids = []) =>
        favorite ? [...ids.filter((id) => id !== raffleId), raffleId] : ids.filter((id) => id !== raffleId),
      );
      return { previous };
    },
    onError: (_error, { favorite }, context) => {
      queryClient.setQueryData(favoriteKeys.ids(), context?.previous);
      toast({
        title: "Error",
        description: favorite ? FAVORITE_TEXT.saveFailed : FAVORITE_TEXT.removeFailed,
        variant: "error",
      });
    },
    onSuccess: (_data, { favorite }) => {
      toast(
        favorite
          ? { title: FAVORITE_TEXT.savedTitle, description: FAVORITE_TEXT.saved, variant: "success" }
          : { title: FAVORITE_TEXT.removedTitle, description: FAVORITE_TEXT.removed, variant: "success" },
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: favoriteKeys.all }),
  });

  return (raffleId: string, favorite: boolean) => {
    if (!user) {
      toast({ title: FAVORITE_TEXT.signInTitle, description: FAVORITE_TEXT.signIn, variant: "info" });
      return;
    }
    mutation.mutate({ raffleId, favorite });
  };
}
