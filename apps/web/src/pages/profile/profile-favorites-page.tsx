import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { SearchField } from "../../components/ui/search-field";
import { favoriteRafflesQuery } from "../../features/favorites";
import { RaffleGrid, raffleKeys } from "../../features/raffles";
import { paths } from "../../lib/paths";
import { useDebouncedValue } from "../../lib/use-debounced-value";
import { useRaffleEvents } from "../../lib/use-raffle-events";
import { ProfileSection } from "./profile-section";

const LOAD_ERROR = "No se pudieron cargar tus favoritos. Inténtalo de nuevo más tarde.";

/** /perfil/favoritos: the raffles the user saved, with a search over title and description. */
export function ProfileFavoritesPage() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const query = useQuery(favoriteRafflesQuery(q));
  useRaffleEvents(raffleKeys.all);

  return (
    <ProfileSection title="Mis Favoritos" description="Las rifas que guardaste para seguirlas de cerca.">
      <SearchField label="Buscar en favoritos" value={search} onChange={setSearch} />
      <RaffleGrid
        raffles={query.data}
        isPending={query.isPending}
        isError={query.isError}
        error={query.error}
        errorText={LOAD_ERROR}
        emptyText={
          q
            ? "Ninguna de tus rifas favoritas coincide con la búsqueda."
            : "Aún no tienes rifas favoritas. Toca el corazón de una rifa para guardarla aquí."
        }
        emptyAction={
          q ? null : (
            <Link to={paths.raffles} className={buttonClasses()}>
              Explorar Rifas
            </Link>
          )
        }
        onRetry={() => void query.refetch()}
        skeletons={2}
        priorityCount={2}
      />
    </ProfileSection>
  );
}
