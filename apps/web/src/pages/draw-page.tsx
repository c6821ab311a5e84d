import { isDrawWinner } from "@rifazo/shared/constants";
import {
  type DrawPageState,
  type DrawPageStateName,
  drawPageState,
} from "@rifazo/shared/domain/draw-page-state";
import { drawTrustText } from "@rifazo/shared/domain/draw-trust";
import { hasResult } from "@rifazo/shared/domain/raffle-lifecycle";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { Link, Navigate, useParams } from "react-router";
import { DrawTrustNotice } from "../components/draw/draw-trust-notice";
import { DocumentTitle } from "../components/layout/document-title";
import { PageContainer } from "../components/layout/page";
import { Alert } from "../components/ui/alert";
import { buttonClasses } from "../components/ui/button";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../components/ui/toast";
import { RaffleDisqualifications, RaffleLotteryResults, RecordLink } from "../features/draws";
import { type RaffleDetail, raffleDetailQuery, raffleKeys } from "../features/raffles";
import { errorMessage } from "../lib/api-client";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";
import { useNow } from "../lib/use-now";
import { useRaffleEvents } from "../lib/use-raffle-events";
import { Commitment, resultFromRaffle } from "./draw/draw-parts";
import { DrawResultPanels, DrawRunPanels } from "./draw/draw-run-panels";
import { BeforeDrawPanels } from "./draw/draw-state-panels";
import { type DrawRun, useDrawRun } from "./draw/use-draw-run";

const LOAD_ERROR = "Error al cargar la rifa.";

function stateOf(raffle: RaffleDetail, now: number): DrawPageState {
  return drawPageState(
    {
      state: raffle.lifecycle.state,
      activationType: raffle.activationType,
      activationPercentage: raffle.activationPercentage,
      soldTickets: raffle.soldTickets,
      totalTickets: raffle.totalTickets,
      startDate: raffle.percentageDrawActivatedAt,
      endDate: raffle.endDate,
      announcementType: raffle.announcementType,
      hasWinners: raffle.hasWinners,
      drawnAt: raffle.drawnAt,
      winnersCount: raffle.winners.filter(isDrawWinner).length,
      reviewDeadline: raffle.lifecycle.reviewDeadline,
      drawRoundAt: raffle.lifecycle.drawRoundAt,
    },
    new Date(now),
  );
}

/**
 * Rendered on the server with the raffle: its state (countdown, waiting, winners) at the render's clock,
 * as a visitor sees it. The roulette only ever runs after someone presses "Realizar Sorteo", in the
 * browser, so it never takes part in the server's markup.
 */
export const prefetchPage: PrefetchPage = ({ queryClient, params }) =>
  queryClient.prefetchQuery(raffleDetailQuery(params.raffleId ?? ""));

/** "En vivo" only while the draw is running on this page: not days before it, nor after it. */
function eyebrow(state: DrawPageStateName): string {
  if (state === "drawing") return "Sorteo en vivo";
  if (state === "finished" || state === "no_winners") return "Sorteo finalizado";
  if (state === "cancelled") return "Sorteo cancelado";
  return "Sorteo";
}

export function DrawPage() {
  const { raffleId } = useParams();
  if (!raffleId) return <Navigate to={paths.home} replace />;
  return <DrawScreen raffleId={raffleId} />;
}

function DrawScreen({ raffleId }: { raffleId: string }) {
  useRaffleEvents(raffleKeys.all);
  const query = useQuery(raffleDetailQuery(raffleId));
  const now = useNow(1_000).getTime();
  const run = useDrawRun();
  const errorShown = useRef(false);

  useEffect(() => {
    if (query.isError && !errorShown.current) {
      errorShown.current = true;
      toast({ title: LOAD_ERROR, description: errorMessage(query.error), variant: "error" });
    }
  }, [query.isError, query.error]);

  if (query.isPending) {
    return (
      <PageContainer className="py-10">
        <DocumentTitle title="Sorteo" />
        <div role="status" aria-label="Cargando sorteo..." className="mx-auto max-w-2xl space-y-4">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="h-64 w-full rounded-card!" />
        </div>
      </PageContainer>
    );
  }
  if (query.isError) {
    return (
      <PageContainer className="py-16">
        <DocumentTitle title="Sorteo" />
        <div className="mx-auto max-w-lg space-y-5 text-center">
          <h1 className="text-2xl font-black text-ink">{LOAD_ERROR}</h1>
          <Alert variant="danger" className="text-left">
            {errorMessage(query.error)}
          </Alert>
          <Link to={paths.raffles} className={buttonClasses({ size: "lg" })}>
            Volver a Rifas
          </Link>
        </div>
      </PageContainer>
    );
  }
  return <DrawView raffle={query.data} now={now} run={run} />;
}

function DrawView({ raffle, now, run }: { raffle: RaffleDetail; now: number; run: DrawRun }) {
  const derived = stateOf(raffle, now);
  const { phase, result } = run;
  const shown = result ?? (hasResult(raffle) ? resultFromRaffle(raffle) : null);
  const state =
    phase === "drawing" ? "drawing" : result ? (result.empty ? "no_winners" : "finished") : derived.state;
  const trust = drawTrustText(raffle.drawTrust);

  return (
    <PageContainer className="py-8 sm:py-12">
      <DocumentTitle title={`Sorteo: ${raffle.title}`} />
      <div className="mx-auto max-w-3xl space-y-6">
        <header className="space-y-2">
          <p className="text-sm font-bold tracking-wide text-brand-700 uppercase">{eyebrow(state)}</p>
          <h1 className="text-3xl font-black tracking-tight text-ink sm:text-4xl">{raffle.title}</h1>
          <Link to={paths.raffle(raffle.id)} className="text-sm font-semibold text-brand-700 hover:underline">
            Ver detalles de la rifa
          </Link>
        </header>

        {/* Which kind of trust this draw gives, before anything else (domain/draw-trust.ts). */}
        <DrawTrustNotice level={raffle.drawTrust} />

        <BeforeDrawPanels raffle={raffle} derived={derived} state={state} now={now} />
        <DrawRunPanels raffle={raffle} derived={derived} state={state} now={now} run={run} />
        <DrawResultPanels raffle={raffle} state={state} shown={shown} />

        {/* Decision 0024: the lottery's result, every correction (both results) and its publication. */}
        <RaffleLotteryResults raffle={raffle} enabled={raffle.announcementType === "external"} />
        {/* Decision 0021: every disqualification, its reason and its round, on the draw page itself. */}
        <RaffleDisqualifications raffle={raffle} enabled={state === "finished" && trust.verifiable} />
        <Commitment raffle={raffle} />
        {/* The record link, once the raffle has a record (lifecycle.recordAvailable). */}
        {trust.verifiable ? <RecordLink raffle={raffle} /> : null}
      </div>
    </PageContainer>
  );
}
