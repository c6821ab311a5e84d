import { WAITING_TEXT } from "../../../components/ui/button";
import { ShareIcon } from "../../../components/ui/icons";
import { useHydrated } from "../../../lib/use-hydrated";
import { FavoriteButton } from "../../favorites";
import { useShareRaffle } from "../hooks/use-share-raffle";

/** Favourite and share, over the raffle's image on the card and on the detail page. */
export function RaffleImageActions({ raffle }: { raffle: { id: string; title: string } }) {
  const share = useShareRaffle();
  const hydrated = useHydrated();
  return (
    <div className="absolute top-3 right-3 flex gap-2">
      <FavoriteButton raffleId={raffle.id} />
      <button
        type="button"
        aria-label={hydrated ? "Compartir rifa" : `Compartir rifa (${WAITING_TEXT})`}
        aria-busy={!hydrated || undefined}
        title={hydrated ? undefined : "Cargando…"}
        disabled={!hydrated}
        onClick={() => void share(raffle)}
        className="inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-lg text-muted shadow-card ring-1 ring-black/5 transition-colors hover:bg-white hover:text-brand-700 disabled:cursor-wait"
      >
        <ShareIcon />
      </button>
    </div>
  );
}
