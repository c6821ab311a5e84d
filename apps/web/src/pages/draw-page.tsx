import {
  type DrawPageState,
  type DrawPageStateName,
  drawPageState,
} from "@rifazo/shared/domain/draw-page-state";
import { DRAW_ROUND_LATE_TEXTS } from "@rifazo/shared/domain/draw-round-late";
import { drawTrustText } from "@rifazo/shared/domain/draw-trust";
import { prizePlaceName } from "@rifazo/shared/domain/glossary";
import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { hasResult } from "@rifazo/shared/domain/raffle-lifecycle";
import { claimText } from "@rifazo/shared/fairness-claims";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, Navigate, useParams } from "react-router";
import { DrawTrustNotice } from "../components/draw/draw-trust-notice";
import { DocumentTitle } from "../components/layout/document-title";
import { PageContainer } from "../components/layout/page";
import { Alert } from "../components/ui/alert";
import { Button, buttonClasses } from "../components/ui/button";
import { AlertTriangleIcon, ClockIcon, ShieldIcon, TrophyIcon } from "../components/ui/icons";
import { formatPercent, ProgressBar } from "../components/ui/progress-bar";
import { Skeleton } from "../components/ui/skeleton";
import { toast } from "../components/ui/toast";
import {
  celebrate,
  type DrawResult,
  drawApi,
  drawsQuery,
  prefersReducedMotion,
  RaffleDisqualifications,
  RaffleLotteryResults,
  RecordLink,
  ResultAnnouncer,
  Roulette,
} from "../features/draws";
import { type RaffleDetail, raffleDetailQuery, raffleKeys } from "../features/raffles";
import { CountdownDisplay } from "../features/upcoming";
import { errorMessage, isApiError } from "../lib/api-client";
import { formatDrawMoment } from "../lib/format";
import type { PrefetchPage } from "../lib/page-data";
import { paths } from "../lib/paths";
import { useNow } from "../lib/use-now";
import { useRaffleEvents } from "../lib/use-raffle-events";

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
      winnersCount: raffle.winners.length,
      reviewDeadline: raffle.lifecycle.reviewDeadline,
      drawRoundAt: raffle.lifecycle.drawRoundAt,
    },
    new Date(now),
  );
}

/** "Quedan 3 pagos en revisión." (the count only; nobody's payment is shown). */
function pendingText(count: number): string {
  if (count === 0) return "No quedan pagos en revisión.";
  return `${pluralWord(count, "Queda", "Quedan")} ${countText(count, "pago", "pagos")} en revisión.`;
}

/** Closes a sentence that ends in a time: "… 5:27 p. m." already carries its full stop. */
function endSentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

function Panel({ children, tone = "default" }: { children: React.ReactNode; tone?: "default" | "gold" }) {
  const colours = tone === "gold" ? "border-accent-300 bg-accent-50" : "border-line bg-surface";
  return <section className={`rounded-card border p-5 shadow-card sm:p-8 ${colours}`}>{children}</section>;
}

/** A v1 draw (seed committed before the sale, before the record era): only drawn v1 raffles carry one. */
function Commitment({ raffle }: { raffle: RaffleDetail }) {
  if (raffle.announcementType === "external" || !raffle.drawSeedCommitment || !hasResult(raffle)) return null;
  return (
    <div className="flex items-start gap-3 rounded-control border border-line bg-canvas p-4 text-sm">
      <ShieldIcon className="mt-0.5 shrink-0 text-brand-700" />
      <div className="min-w-0 space-y-1">
        <p className="font-bold text-ink">Sorteo verificable</p>
        <p className="text-muted">
          Compromiso publicado antes del cierre de ventas (SHA-256 de la semilla secreta). Con el sorteo se
          reveló la semilla: cualquiera puede recalcular a los ganadores.
        </p>
        <p className="break-all font-mono text-xs text-ink">{raffle.drawSeedCommitment}</p>
        {raffle.drawPublicValueSource ? (
          <p className="text-muted">
            Valor público mezclado:{" "}
            <span className="font-semibold text-ink">{raffle.drawPublicValueSource}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/**
 * A frozen list waiting for its drand round (decision 0012): the round the record named, a countdown to it,
 * and once it is out a button anyone may press. The server fetches the round from the relays, verifies
 * its signature against the chain written in the record and draws; nobody can change the result.
 */
function FrozenDraw({
  round,
  roundAt,
  countdownTo,
  canDraw,
  now,
  error,
  onDraw,
  leagueOfEntropy,
}: {
  /** Only a League of Entropy round is unknown to everyone before it is published (draw-trust.ts). */
  leagueOfEntropy: boolean;
  round: number | null;
  roundAt: string | null;
  countdownTo: Date | null;
  canDraw: boolean;
  now: number;
  error: { message: string; unavailable: boolean } | null;
  onDraw: () => void;
}) {
  if (round === null) {
    return (
      <>
        <h2 className="mb-2 text-xl font-bold text-ink">Lista congelada</h2>
        <p className="text-muted">
          La lista de boletos está congelada y publicada. Los ganadores saldrán de una ronda pública de drand
          que se nombra en el acta.
        </p>
      </>
    );
  }
  const when = roundAt ? ` (${formatDrawMoment(roundAt)}).` : ".";
  if (countdownTo) {
    return (
      <>
        <h2 className="mb-2 flex items-center gap-2 text-xl font-bold text-ink">
          <ClockIcon className="shrink-0 text-brand-700" />
          Esperando la ronda {round} de drand
        </h2>
        <p className="mb-4 text-muted">
          La lista de boletos ya está congelada y publicada. Los ganadores saldrán de la ronda{" "}
          <strong className="text-ink">{round}</strong> de drand,{" "}
          {leagueOfEntropy ? claimText("drawRoundUnknown") : claimText("drawRoundNotPublished")}, prevista
          para el {endSentence(formatDrawMoment(countdownTo))}
        </p>
        <CountdownDisplay target={countdownTo.getTime()} now={now} />
      </>
    );
  }
  return (
    <>
      <h2 className="mb-2 text-xl font-bold text-ink">¡Todo listo para el sorteo!</h2>
      <p className="mb-4 text-muted">
        Ya se publicó la ronda <strong className="text-ink">{round}</strong> de drand{when} Al pulsar el
        botón, el servidor la obtiene, verifica su firma y calcula a los ganadores con el algoritmo público.{" "}
        {claimText("drawButtonAnyone")}
      </p>
      {canDraw ? (
        <Button size="lg" variant="accent" waitsForCode onClick={onDraw}>
          🎯 Obtener la ronda y sortear
        </Button>
      ) : null}
      <div aria-live="polite" className="mt-4 empty:hidden">
        {error ? (
          <Alert variant="danger" title="No se pudo realizar el sorteo">
            {error.message}
            {error.unavailable
              ? ` Mientras tanto, un administrador puede pegar el beacon de la ronda ${round}.`
              : ""}
          </Alert>
        ) : null}
      </div>
    </>
  );
}

/**
 * The named round is past its time and the grace, and the raffle is still not drawn (no relay answered):
 * the page says what it waits for and since when, and never plays a draw that cannot happen. A retry asks
 * the server once, with no roulette: only a real result is ever revealed.
 */
function LateRound({
  round,
  roundAt,
  retrying,
  error,
  onRetry,
}: {
  round: number;
  roundAt: string;
  retrying: boolean;
  error: { message: string; unavailable: boolean } | null;
  onRetry: () => void;
}) {
  return (
    <>
      <h2 className="mb-2 flex items-center gap-2 text-xl font-bold text-ink">
        <AlertTriangleIcon className="shrink-0 text-warning-700" />
        {DRAW_ROUND_LATE_TEXTS.title}
      </h2>
      <p className="mb-2 text-ink/85">{DRAW_ROUND_LATE_TEXTS.waiting(round, formatDrawMoment(roundAt))}</p>
      <p className="mb-4 text-muted">{DRAW_ROUND_LATE_TEXTS.next}</p>
      <Button variant="outline" waitsForCode loading={retrying} onClick={onRetry}>
        Intentar obtener la ronda ahora
      </Button>
      <div aria-live="polite" className="mt-4 empty:hidden">
        {error ? (
          <Alert variant="warning" title="Todavía no está disponible">
            {error.message}
          </Alert>
        ) : null}
      </div>
    </>
  );
}

function Winners({ result }: { result: DrawResult }) {
  return (
    <ul className="space-y-3" aria-label="Ganadores">
      {result.winners.map((w) => (
        <li
          key={`${w.level}-${w.ticketNumber}`}
          className="flex items-center gap-4 rounded-control bg-surface p-4 shadow-sm"
        >
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-accent-300 text-xl text-brand-950">
            <TrophyIcon />
          </span>
          <div className="min-w-0">
            <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">
              {prizePlaceName(w.level)} · {w.prize}
            </p>
            <p className="text-lg font-black text-ink">{w.winnerName}</p>
            {w.isMine ? <p className="text-sm font-bold text-brand-700">¡Este premio es tuyo!</p> : null}
            <p className="text-sm text-ink">
              Boleto <span className="font-mono text-base font-bold tracking-widest">{w.ticketNumber}</span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

function resultFromRaffle(raffle: RaffleDetail): DrawResult {
  return {
    raffleId: raffle.id,
    drawnAt: raffle.drawnAt ?? raffle.endDate ?? raffle.createdAt,
    empty: raffle.winners.length === 0,
    winners: raffle.winners.map((w) => ({
      level: w.prizeLevel,
      prize: w.prizeDescription,
      ticketNumber: w.ticketNumber,
      winnerName: w.winnerName,
      isMine: false,
    })),
    transcript: null,
  };
}

function VerifyLinks({ raffle }: { raffle: RaffleDetail }) {
  if (raffle.announcementType === "external") return null;
  // Draws of the record era (no seed commitment) are verified from their record: the acta link below.
  if (!raffle.drawSeedCommitment) return null;
  return (
    <div className="flex flex-wrap gap-3">
      <Link
        to={`${paths.transparency}#sorteo-${raffle.id}`}
        className={buttonClasses({ variant: "outline" })}
      >
        <ShieldIcon /> Verificar este sorteo
      </Link>
      <a href={drawApi.transcriptUrl(raffle.id)} className={buttonClasses({ variant: "ghost" })}>
        Descargar acta (JSON)
      </a>
    </div>
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
  const queryClient = useQueryClient();
  const query = useQuery(raffleDetailQuery(raffleId));
  const now = useNow(1_000).getTime();
  /** fetching: the server is getting the round and drawing (a still message); drawing: the reveal of a real result. */
  const [phase, setPhase] = useState<"idle" | "fetching" | "drawing">("idle");
  const pending = useRef<DrawResult | null>(null);
  /** prefers-reduced-motion at the press: no roulette and no confetti, the result shown as it comes. */
  const [calm, setCalm] = useState(false);
  const [result, setResult] = useState<DrawResult | null>(null);
  const [starting, setStarting] = useState(false);
  const [drawError, setDrawError] = useState<{ message: string; unavailable: boolean } | null>(null);
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

  const raffle = query.data;
  const derived = stateOf(raffle, now);
  const round = raffle.lifecycle.drawRound;
  const roundAt = raffle.lifecycle.drawRoundAt;

  async function startCountdown() {
    setStarting(true);
    try {
      await drawApi.startCountdown(raffle.id);
      await queryClient.invalidateQueries({ queryKey: raffleKeys.all });
    } catch (error) {
      toast({ title: "Error al Iniciar Sorteo", description: errorMessage(error), variant: "error" });
    } finally {
      setStarting(false);
    }
  }

  /** Shows a result the server returned: the winners, the confetti (with motion) and fresh lists. */
  async function finish(outcome: DrawResult) {
    pending.current = null;
    setResult(outcome);
    setPhase("idle");
    if (outcome.empty) {
      toast({
        title: "Sorteo Vacío",
        description: "No hubo boletos vendidos: la rifa se cerró sin ganadores.",
      });
    } else if (!prefersReducedMotion()) {
      void celebrate();
    }
    // The transparency list must show this draw for "Verificar este sorteo", even if it was cached.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: raffleKeys.all }),
      queryClient.invalidateQueries({ queryKey: drawsQuery.queryKey }),
    ]);
  }

  /**
   * The server fetches the named drand round, verifies it and draws (nothing is sent from here). The
   * roulette only plays once it has answered with winners: a draw that cannot happen (no relay reachable)
   * is never animated, the page says why instead.
   */
  async function runDraw() {
    setDrawError(null);
    setPhase("fetching");
    let outcome: DrawResult;
    try {
      outcome = await drawApi.draw(raffle.id);
    } catch (error) {
      setPhase("idle");
      // Kept on the page (not only a toast): relays down is a state to explain, not a passing error.
      setDrawError({
        message: errorMessage(error),
        unavailable: isApiError(error) && (error.status === 503 || error.isNetwork),
      });
      return;
    }
    // Reduced motion, or nothing to reveal: straight to the result, no roulette and no confetti.
    const reduce = prefersReducedMotion();
    setCalm(reduce);
    if (reduce || outcome.empty) {
      await finish(outcome);
      return;
    }
    pending.current = outcome;
    setPhase("drawing");
  }

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

        {state === "waiting_percentage" ? (
          <Panel>
            <h2 className="mb-2 text-xl font-bold text-ink">Esperando el objetivo de ventas</h2>
            <p className="mb-4 text-muted">
              El sorteo se activa al vender el {derived.activationPercentage}% de los boletos. Luego quedan 24
              horas de últimas ventas.
            </p>
            <ProgressBar
              value={derived.soldPercent}
              label={`${formatPercent(derived.soldPercent)} vendido`}
            />
          </Panel>
        ) : null}

        {(state === "percentage_countdown" ||
          state === "date_countdown" ||
          state === "date_countdown_external") &&
        derived.countdownTo ? (
          <Panel>
            <h2 className="mb-1 flex items-center gap-2 text-xl font-bold text-ink">
              <ClockIcon className="text-brand-700" />
              {state === "percentage_countdown"
                ? "¡Últimas 24 horas de venta!"
                : "Cuenta regresiva para el sorteo"}
            </h2>
            <p className="mb-4 text-muted">
              {state === "date_countdown_external"
                ? `Se anunciará en ${raffle.externalAnnouncementPlatform ?? "una transmisión en vivo"} el ${endSentence(formatDrawMoment(derived.countdownTo))}`
                : `El sorteo podrá realizarse el ${endSentence(formatDrawMoment(derived.countdownTo))}`}
            </p>
            <CountdownDisplay target={derived.countdownTo.getTime()} now={now} />
          </Panel>
        ) : null}

        {state === "reviewing_payments" ? (
          <Panel>
            <h2 className="mb-2 flex items-center gap-2 text-xl font-bold text-ink">
              <ClockIcon className="text-brand-700" />
              {raffle.lifecycle.label}
            </h2>
            <p className="mb-4 text-muted">
              Las ventas cerraron. {pendingText(raffle.lifecycle.pendingProofs)} Cuando no quede ninguno, la
              lista de boletos se congela y se publica; solo entonces se realiza el sorteo.
            </p>
            {derived.countdownTo ? (
              <>
                <p className="mb-2 text-sm text-muted">
                  Revisión de pagos hasta el {endSentence(formatDrawMoment(derived.countdownTo))}
                </p>
                <CountdownDisplay target={derived.countdownTo.getTime()} now={now} />
              </>
            ) : null}
          </Panel>
        ) : null}

        {state === "cancelled" ? (
          <Panel>
            <h2 className="mb-2 text-xl font-bold text-ink">Rifa cancelada</h2>
            <p className="text-muted">
              Esta rifa fue cancelada y no tendrá sorteo.
              {raffle.cancelReason ? ` Motivo: ${raffle.cancelReason}` : ""}
            </p>
          </Panel>
        ) : null}

        {state === "awaiting_external_results" ? (
          <Panel tone="gold">
            <h2 className="mb-2 text-xl font-bold text-ink">Esperando el anuncio de los ganadores</h2>
            <p className="text-muted">
              Las ventas cerraron. Esta rifa se anuncia en{" "}
              {raffle.externalAnnouncementPlatform ?? "una transmisión externa"}.
              {raffle.externalAnnouncementDetails ? ` ${raffle.externalAnnouncementDetails}` : ""}
            </p>
            {raffle.externalAnnouncementUrl ? (
              <a
                href={raffle.externalAnnouncementUrl}
                target="_blank"
                rel="noopener noreferrer"
                className={buttonClasses({ className: "mt-4" })}
              >
                Ir al Anuncio
              </a>
            ) : null}
          </Panel>
        ) : null}

        {phase === "fetching" ? (
          <Panel>
            <Roulette totalTickets={raffle.totalTickets} calm onResultTime={() => undefined} />
          </Panel>
        ) : null}

        {state === "round_late" && phase === "idle" && round !== null && roundAt ? (
          <Panel>
            <LateRound
              round={round}
              roundAt={roundAt}
              retrying={false}
              error={drawError}
              onRetry={() => void runDraw()}
            />
          </Panel>
        ) : null}

        {state === "ready_to_draw_manual" && phase === "idle" ? (
          <Panel tone="gold">
            {derived.canStartCountdown ? (
              <>
                <h2 className="mb-2 text-xl font-bold text-ink">¡Objetivo alcanzado!</h2>
                <p className="mb-4 text-muted">
                  Se vendió el {formatPercent(derived.soldPercent)} de los boletos. Inicia la cuenta regresiva
                  de 24 horas de últimas ventas.
                </p>
                <Button size="lg" waitsForCode loading={starting} onClick={startCountdown}>
                  Iniciar Sorteo (24h Countdown)
                </Button>
              </>
            ) : (
              <FrozenDraw
                round={round}
                roundAt={roundAt}
                countdownTo={derived.countdownTo}
                canDraw={derived.canDrawNow && round !== null}
                now={now}
                error={drawError}
                onDraw={() => void runDraw()}
                leagueOfEntropy={raffle.drawTrust === "drand"}
              />
            )}
          </Panel>
        ) : null}

        {state === "drawing" ? (
          <Panel>
            <Roulette
              totalTickets={raffle.totalTickets}
              calm={calm}
              onResultTime={() => {
                if (pending.current) void finish(pending.current);
              }}
            />
          </Panel>
        ) : null}

        <ResultAnnouncer result={state === "finished" || state === "no_winners" ? shown : null} />

        {state === "finished" && shown ? (
          <Panel tone="gold">
            <h2 className="mb-4 flex items-center gap-2 text-2xl font-black text-ink">
              <TrophyIcon className="text-accent-600" />{" "}
              {raffle.drawTrust === "announced"
                ? "Ganadores anunciados por el organizador"
                : "¡Tenemos ganadores!"}
            </h2>
            <Winners result={shown} />
            {!raffle.drawSeedCommitment && raffle.lifecycle.drawRound !== null ? (
              <p className="mt-4 text-sm text-muted">
                Los ganadores salieron de la ronda{" "}
                <strong className="text-ink">{raffle.lifecycle.drawRound}</strong> de drand, fijada al
                congelar la lista: cualquiera puede comprobarlo en el acta.
              </p>
            ) : null}
            <div className="mt-5 empty:hidden">
              <VerifyLinks raffle={raffle} />
            </div>
          </Panel>
        ) : null}

        {state === "no_winners" ? (
          <Panel>
            <h2 className="mb-2 text-xl font-bold text-ink">Sorteo Vacío</h2>
            <p className="text-muted">No hubo boletos vendidos, así que la rifa cerró sin ganadores.</p>
          </Panel>
        ) : null}

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
