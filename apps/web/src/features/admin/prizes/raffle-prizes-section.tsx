import { countText } from "@rifazo/shared/domain/plural";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import type { AdminRaffle } from "../api/admin-api";
import { fetchAdminPrizes, prizeKeys } from "../api/prizes-api";
import { LoadingList } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";
import { PrizeCard } from "./prize-card";

/** The section's DOM id: Hoy links here (paths.adminRafflePrizes). */
export const PRIZES_SECTION_ID = "premios";

/** Hoy links to the section or to one winner's card: once the list is there, go to it and focus it. */
function useScrollToHash(ready: boolean) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (!target) return;
    target.scrollIntoView?.({ block: "start" });
    target.focus({ preventScroll: true });
  }, [ready, hash]);
}

/**
 * «Premios» of a drawn raffle (docs/decisions/0035-prizes-on-the-record.md): one card per winner with the
 * claim to review, the deliveries with their proofs, the winner's confirmation or dispute. Nothing before
 * the draw: there is no winner yet.
 */
export function RafflePrizesSection({ raffle }: { raffle: AdminRaffle }) {
  const drawn = raffle.drawnAt !== null || raffle.hasWinners;
  const prizes = useQuery({
    queryKey: prizeKeys.raffle(raffle.id),
    queryFn: ({ signal }) => fetchAdminPrizes({ raffleId: raffle.id }, signal),
    enabled: drawn,
  });
  useScrollToHash(prizes.isSuccess);
  if (!drawn) return null;

  const items = prizes.data?.items ?? [];
  const toReview = items.filter((prize) => prize.claim?.reviewStatus === "pending").length;
  const disputes = items.filter((prize) => prize.status.disputeOpen).length;
  const pending = [
    toReview > 0 ? countText(toReview, "reclamo por revisar", "reclamos por revisar") : null,
    disputes > 0 ? countText(disputes, "disputa abierta", "disputas abiertas") : null,
  ].filter(Boolean);
  return (
    <div id={PRIZES_SECTION_ID} tabIndex={-1} className="scroll-mt-24 focus:outline-none">
      <SectionCard
        title="Premios"
        description={
          pending.length > 0
            ? `${pending.join(" y ")}.`
            : "Reclamos, entregas y la confirmación de cada ganador; todo queda en el acta de la rifa."
        }
      >
        {prizes.isPending ? (
          <LoadingList label="Cargando los premios..." count={2} className="space-y-3" itemClassName="h-40" />
        ) : prizes.isError ? (
          <Alert
            variant="danger"
            title="No se pudieron cargar los premios"
            action={
              <Button variant="outline" size="sm" onClick={() => prizes.refetch()}>
                Reintentar
              </Button>
            }
          >
            {errorMessage(prizes.error)}
          </Alert>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted">Esta rifa no tiene ganadores con premio que entregar.</p>
        ) : (
          <div className="space-y-4">
            {items.map((prize) => (
              <PrizeCard key={prize.winnerId} prize={prize} />
            ))}
          </div>
        )}
      </SectionCard>
    </div>
  );
}
