import { countText } from "@rifazo/shared/domain/plural";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../components/ui/button";
import { CardSkeleton } from "../../components/ui/card-skeleton";
import { SearchIcon, TrophyIcon } from "../../components/ui/icons";
import { cn } from "../../lib/cn";
import { ActiveRafflesLink, EmptyState, LoadError } from "../content";
import { WINNERS_ERROR, winnersQueryOptions } from "./api";
import { hasFilters, type WinnersFilters } from "./filters";
import { WinnerEntryCard } from "./winner-entry-card";

const WINNER_LINES = ["h-5 w-24", "h-6 w-3/4", "h-16 w-full", "h-9 w-36"];

function WinnersSkeleton() {
  return (
    <div className="grid gap-5 lg:grid-cols-2" aria-hidden="true">
      {[0, 1, 2, 3].map((key) => (
        <CardSkeleton
          key={key}
          className="flex flex-col overflow-hidden rounded-card border border-line bg-surface sm:flex-row"
          mediaClassName="aspect-[4/3] rounded-none sm:h-auto sm:w-56"
          bodyClassName="flex-1 space-y-3 p-5"
          lines={WINNER_LINES}
        />
      ))}
    </div>
  );
}

interface WinnersHistoryProps {
  filters: WinnersFilters;
  onClearFilters?: () => void;
  headingLevel?: 2 | 3;
}

/** The finished raffles matching the filters, with loading, error and empty states (spec 1 §2, §8). */
export function WinnersHistory({ filters, onClearFilters, headingLevel = 2 }: WinnersHistoryProps) {
  const query = useQuery(winnersQueryOptions(filters));
  const filtered = hasFilters(filters);

  if (query.isPending) {
    return (
      <div role="status" aria-label="Cargando ganadores">
        <WinnersSkeleton />
      </div>
    );
  }
  if (query.isError && !query.data) {
    return <LoadError message={WINNERS_ERROR} onRetry={() => void query.refetch()} />;
  }

  const items = query.data.items;
  const count = items.length;
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-muted">
        {count === 0 ? "Sin resultados" : countText(count, "rifa finalizada", "rifas finalizadas")}
        {query.isPlaceholderData ? " (actualizando...)" : ""}
      </p>
      {count === 0 ? (
        filtered ? (
          <EmptyState
            icon={<SearchIcon />}
            title="No se encontraron ganadores con los criterios seleccionados."
            action={
              onClearFilters ? (
                <Button variant="outline" waitsForCode onClick={onClearFilters}>
                  Limpiar filtros
                </Button>
              ) : null
            }
          >
            Prueba con otro mes, otro año u otra búsqueda.
          </EmptyState>
        ) : (
          <EmptyState
            icon={<TrophyIcon />}
            title="Aún no hay rifas finalizadas."
            action={<ActiveRafflesLink />}
          >
            Cuando terminen los primeros sorteos verás aquí a sus ganadores. ¡El próximo puede ser tuyo!
          </EmptyState>
        )
      ) : (
        <ul
          className={cn(
            "grid gap-5 lg:grid-cols-2",
            query.isPlaceholderData && "opacity-60 transition-opacity",
          )}
        >
          {items.map((entry, index) => (
            <li key={entry.raffle.id}>
              <WinnerEntryCard
                entry={entry}
                headingLevel={headingLevel}
                eager={index === 0 && headingLevel === 2}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
