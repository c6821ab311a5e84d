import { useSearchParams } from "react-router";
import { Page } from "../components/layout/page";
import {
  EMPTY_FILTERS,
  filtersFromParams,
  paramsFromFilters,
  type WinnersFilters,
} from "../features/winners/filters";
import { WinnersFiltersBar } from "../features/winners/winners-filters";
import { WinnersHistory } from "../features/winners/winners-history";

export function WinnersPage() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  // Filter changes replace the history entry: Back leaves the page instead of undoing each keystroke.
  const apply = (next: WinnersFilters) => setParams(paramsFromFilters(next), { replace: true });

  return (
    <Page
      title="Ganadores"
      eyebrow="Historial"
      description="Conoce a los ganadores de nuestras rifas finalizadas. Cada sorteo tiene su página de verificación."
    >
      <div className="space-y-6">
        <WinnersFiltersBar filters={filters} onChange={apply} />
        <WinnersHistory filters={filters} onClearFilters={() => apply(EMPTY_FILTERS)} />
      </div>
    </Page>
  );
}
