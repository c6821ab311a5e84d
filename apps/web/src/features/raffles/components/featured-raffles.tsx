import { FEATURED_LIMIT } from "@rifazo/shared/constants";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { paths } from "../../../lib/paths";
import { useRaffleEvents } from "../../../lib/use-raffle-events";
import { featuredRafflesQuery, raffleKeys } from "../api/raffles-api";
import { RAFFLE_TEXT } from "../lib/raffle-text";
import { RaffleGrid } from "./raffle-grid";

/**
 * Up to 6 featured active raffles (spec 1 §2 "Home", §9). Loaded after the home page's first paint: the
 * home page starts the request itself, so data and code arrive together.
 */
export default function FeaturedRaffles() {
  useRaffleEvents(raffleKeys.all);
  const query = useQuery({ ...featuredRafflesQuery, select: (raffles) => raffles.slice(0, FEATURED_LIMIT) });
  return (
    <RaffleGrid
      raffles={query.data}
      isPending={query.isPending}
      isError={query.isError}
      error={query.error}
      errorText={RAFFLE_TEXT.featuredError}
      emptyText={RAFFLE_TEXT.featuredEmpty}
      onRetry={() => void query.refetch()}
      emptyAction={
        <Link to={paths.raffles} className={buttonClasses({ variant: "outline" })}>
          Ver todas las rifas
        </Link>
      }
    />
  );
}
