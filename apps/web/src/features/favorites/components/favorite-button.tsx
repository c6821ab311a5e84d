import { WAITING_TEXT } from "../../../components/ui/button";
import { HeartIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { useHydrated } from "../../../lib/use-hydrated";
import { useSession } from "../../auth";
import { FAVORITE_TEXT } from "../favorite-text";
import { useFavoriteIds, useToggleFavorite } from "../hooks/use-favorites";

/** The heart on a raffle card or page. */
export function FavoriteButton({ raffleId, className }: { raffleId: string; className?: string }) {
  const favorite = useFavoriteIds().has(raffleId);
  const toggle = useToggleFavorite();
  const signedOut = useSession().status === "signed-out";
  // On a server-rendered page the heart does nothing until the code has run: it says so (decision 0018).
  const hydrated = useHydrated();
  const label = favorite ? FAVORITE_TEXT.remove : FAVORITE_TEXT.add;
  return (
    <button
      type="button"
      disabled={!hydrated}
      aria-busy={!hydrated || undefined}
      aria-label={hydrated ? label : `${label} (${WAITING_TEXT})`}
      title={!hydrated ? "Cargando…" : signedOut ? FAVORITE_TEXT.visitorHint : undefined}
      onClick={() => toggle(raffleId, !favorite)}
      className={cn(
        "inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-xl shadow-card ring-1 ring-black/5 transition-colors hover:bg-white disabled:cursor-wait",
        favorite ? "text-danger-600" : "text-muted hover:text-danger-600",
        className,
      )}
    >
      <HeartIcon fill={favorite ? "currentColor" : "none"} />
    </button>
  );
}
