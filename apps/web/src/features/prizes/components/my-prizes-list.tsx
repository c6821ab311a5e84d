import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { Card } from "../../../components/ui/card";
import { ArrowRightIcon, TicketIcon, TrophyIcon } from "../../../components/ui/icons";
import { QueryErrorAlert } from "../../../components/ui/query-error-alert";
import { Skeleton } from "../../../components/ui/skeleton";
import { errorMessage } from "../../../lib/api-client";
import { paths } from "../../../lib/paths";
import { useNow } from "../../../lib/use-now";
import { ActiveRafflesLink, EmptyState } from "../../content";
import { type MyPrize, myPrizesQuery } from "../api";
import { useLivePrizes } from "../hooks/use-live-prizes";
import { cashPrizeText, claimLine } from "../prize-text";
import { PrizeStatusBadge } from "./prize-status-badge";

const LOAD_ERROR = "No se pudieron cargar tus premios.";

function PrizeItem({ prize, now }: { prize: MyPrize; now: number }) {
  const line = claimLine(prize, now);
  return (
    <li>
      <Card className="space-y-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-center gap-2">
          <PrizeStatusBadge status={prize.status.status} text={prize.status.statusText} />
        </div>
        <div className="space-y-1">
          <h2 className="text-lg font-bold text-ink">{prize.prizeDescription}</h2>
          {prize.cash ? <p className="text-sm font-semibold text-ink">{cashPrizeText(prize.cash)}</p> : null}
          <p className="text-sm text-muted">{prize.raffleTitle}</p>
          <p className="flex items-center gap-1.5 text-sm text-ink">
            <TicketIcon aria-hidden="true" className="text-brand-700" />
            Boleto <span className="font-mono font-bold tracking-widest">{prize.ticketNumber}</span>
          </p>
          {line ? <p className="text-sm font-semibold text-ink">{line}</p> : null}
        </div>
        <Link
          to={paths.profilePrize(prize.winnerId)}
          className={buttonClasses({ variant: "outline", size: "sm" })}
        >
          Ver mi premio<span className="sr-only">: {prize.prizeDescription}</span>
          <ArrowRightIcon aria-hidden="true" />
        </Link>
      </Card>
    </li>
  );
}

/** Mis premios: every prize the signed-in user won, its status and what to do next. */
export function MyPrizesList() {
  const query = useQuery(myPrizesQuery());
  const now = useNow(60_000).getTime();
  useLivePrizes();

  if (query.isPending) {
    return (
      <div role="status" aria-label="Cargando tus premios..." className="space-y-3">
        <Skeleton className="h-40 w-full rounded-card!" />
        <Skeleton className="h-40 w-full rounded-card!" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <QueryErrorAlert query={query} title={LOAD_ERROR}>
        {errorMessage(query.error)}
      </QueryErrorAlert>
    );
  }
  if (query.data.items.length === 0) {
    return (
      <EmptyState icon={<TrophyIcon />} title="Todavía no tienes premios" action={<ActiveRafflesLink />}>
        Cuando uno de tus boletos gane, lo verás aquí con lo que debes enviar para reclamarlo.
      </EmptyState>
    );
  }
  return (
    <ul className="space-y-4" aria-label="Tus premios">
      {query.data.items.map((prize) => (
        <PrizeItem key={prize.winnerId} prize={prize} now={now} />
      ))}
    </ul>
  );
}
