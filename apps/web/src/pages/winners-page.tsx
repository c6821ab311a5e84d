import { useSearchParams } from "react-router";
import { Page } from "../components/layout/page";
import {
  EMPTY_FILTERS,
  filtersFromParams,
  paramsFromFilters,
  type WinnersFilters,
  WinnersFiltersBar,
  WinnersHistory,
  winnersQueryOptions,
  winnersYears,
} from "../features/winners";
import type { PrefetchPage } from "../lib/page-data";
import { useNow } from "../lib/use-now";

/** Rendered on the server with the history the URL's filters ask for (?q=&mes=&anio=). */
export const prefetchPage: PrefetchPage = ({ queryClient, searchParams }) =>
  queryClient.prefetchQuery(winnersQueryOptions(filtersFromParams(searchParams)));

export function WinnersPage() {
  const [params, setParams] = useSearchParams();
  // The years on offer (and so which ?anio= counts) follow the calendar: while hydrating, the render's
  // clock, so on New Year's Eve the browser offers exactly the years the server rendered.
  const now = useNow();
  const filters = filtersFromParams(params, now);
  // Filter changes replace the history entry: Back leaves the page instead of undoing each keystroke.
  const apply = (next: WinnersFilters) => setParams(paramsFromFilters(next), { replace: true });

  return (
    <Page
      title="Ganadores"
      eyebrow="Historial"
      description="Conoce a los ganadores de nuestras rifas finalizadas. Cada una dice cómo se decidió su ganador y, si tiene acta, enlaza a su verificación."
    >
      <div className="space-y-6">
        <WinnersFiltersBar filters={filters} years={winnersYears(now)} onChange={apply} />
        <WinnersHistory filters={filters} onClearFilters={() => apply(EMPTY_FILTERS)} />
      </div>
    </Page>
  );
}
