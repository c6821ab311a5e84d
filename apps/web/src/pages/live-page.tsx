import { useQuery } from "@tanstack/react-query";
import { Page } from "../components/layout/page";
import { SocialLinks } from "../components/layout/social-links";
import { TvIcon } from "../components/ui/icons";
import { Skeleton } from "../components/ui/skeleton";
import {
  BroadcastCard,
  CONTENT_ERRORS,
  EmptyState,
  LoadError,
  liveBroadcastsQueryOptions,
} from "../features/content";
import type { PrefetchPage } from "../lib/page-data";

function Broadcasts() {
  const query = useQuery(liveBroadcastsQueryOptions);
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-label="Cargando transmisiones"
        className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3"
      >
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-56 rounded-card" />
        ))}
      </div>
    );
  }
  if (query.isError)
    return <LoadError message={CONTENT_ERRORS.broadcasts} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <EmptyState icon={<TvIcon />} title="No hay transmisiones programadas por ahora.">
        Anunciamos cada sorteo en vivo en nuestras redes sociales. Síguenos para enterarte primero.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {query.data.map((broadcast) => (
        <li key={broadcast.id}>
          <BroadcastCard broadcast={broadcast} />
        </li>
      ))}
    </ul>
  );
}

/** Rendered on the server with the broadcasts. */
export const prefetchPage: PrefetchPage = ({ queryClient }) =>
  queryClient.prefetchQuery(liveBroadcastsQueryOptions);

export function LivePage() {
  return (
    <Page
      title="Transmisiones en Vivo"
      eyebrow="Síguenos"
      description="Sigue nuestros sorteos en Instagram, Facebook, YouTube, televisión y radio. Todas las horas son de Venezuela."
    >
      <div className="space-y-8">
        <Broadcasts />
        <section
          aria-labelledby="siguenos"
          className="flex flex-col gap-4 rounded-card border border-line bg-surface p-5 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-6"
        >
          <div className="space-y-1">
            <h2 id="siguenos" className="text-lg font-bold text-ink">
              No te pierdas ningún sorteo
            </h2>
            <p className="text-sm text-muted">
              Activa las notificaciones en nuestras redes para saber cuándo empezamos.
            </p>
          </div>
          <SocialLinks
            className="flex gap-3"
            linkClassName="flex size-11 items-center justify-center rounded-full bg-brand-100 text-xl text-brand-800 transition-colors hover:bg-brand-200"
            linkName={(network) => `${network} de Rifazo (se abre en una pestaña nueva)`}
          />
        </section>
      </div>
    </Page>
  );
}
