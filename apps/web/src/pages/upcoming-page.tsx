import { useQuery } from "@tanstack/react-query";
import { Page } from "../components/layout/page";
import { CardSkeleton } from "../components/ui/card-skeleton";
import { ClockIcon } from "../components/ui/icons";
import { ActiveRafflesLink, EmptyState, LoadError } from "../features/content";
import { UPCOMING_ERROR, UpcomingCard, upcomingQueryOptions } from "../features/upcoming";
import type { PrefetchPage } from "../lib/page-data";
import { useNow } from "../lib/use-now";

const REVEAL_REFRESH_MS = 15_000;

const UPCOMING_LINES = ["h-6 w-3/4", "h-12 w-full", "h-16 w-full", "h-11 w-full"];

function UpcomingSkeleton() {
  return (
    <div
      role="status"
      aria-label="Cargando rifas próximas"
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
    >
      {[0, 1, 2].map((key) => (
        <CardSkeleton
          key={key}
          aria-hidden="true"
          className="overflow-hidden rounded-card border border-line bg-surface"
          mediaClassName="aspect-[4/3] rounded-none"
          bodyClassName="space-y-3 p-5"
          lines={UPCOMING_LINES}
        />
      ))}
    </div>
  );
}

function UpcomingList() {
  const query = useQuery(upcomingQueryOptions);
  // The reveal changes slowly; the countdowns tick on their own every second.
  const now = useNow(REVEAL_REFRESH_MS).getTime();

  if (query.isPending) return <UpcomingSkeleton />;
  if (query.isError) return <LoadError message={UPCOMING_ERROR} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState
        icon={<ClockIcon />}
        title="No hay rifas próximas por ahora."
        action={<ActiveRafflesLink />}
      >
        Estamos preparando nuevos premios. Mientras tanto, participa en las rifas activas.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((raffle, index) => (
        <li key={raffle.id}>
          <UpcomingCard raffle={raffle} now={now} eager={index === 0} />
        </li>
      ))}
    </ul>
  );
}

/**
 * Rendered on the server with the upcoming raffles. The countdowns and the reveal use the render's clock
 * until hydration, and the 'Notificarme' state (the user's subscriptions) appears once the session is known.
 */
export const prefetchPage: PrefetchPage = ({ queryClient }) =>
  queryClient.prefetchQuery(upcomingQueryOptions);

export function UpcomingPage() {
  return (
    <Page
      title="Próximamente"
      eyebrow="Próximas rifas"
      description="Las rifas que vienen en camino. Los premios se revelan poco a poco a medida que se acerca el lanzamiento: pide que te avisemos para no perderte el inicio."
    >
      <UpcomingList />
    </Page>
  );
}
