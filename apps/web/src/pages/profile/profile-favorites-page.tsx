import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { favoriteRafflesQuery } from "../../features/favorites/api/favorites-api";
import { SearchField } from "../../features/profile/components/search-field";
import { useDebouncedValue } from "../../features/profile/hooks/use-debounced-value";
import { RaffleGrid } from "../../features/raffles/components/raffle-grid";
import { useRaffleEvents } from "../../features/raffles/hooks/use-raffle-events";
import { paths } from "../../lib/paths";
import { ProfileSection } from "./profile-section";

const LOAD_ERROR = "No se pudieron cargar tus favoritos. Inténtalo de nuevo más tarde.";

/** /perfil/favoritos: the raffles the user saved, with a search over title and description. */
export function ProfileFavoritesPage() {
  const [search, setSearch] = useState("");
  const q = useDebouncedValue(search.trim(), 300);
  const query = useQuery(favoriteRafflesQuery(q));
  useRaffleEvents();

  return (
    <ProfileSection title="Mis Favoritos" description="Las rifas que guardaste para seguirlas de cerca.">
      <SearchField label="Buscar en favoritos" value={search} onChange={setSearch} />
      <RaffleGrid
        raffles={query.data}
        isPending={query.isPending}
        isError={query.isError}
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
