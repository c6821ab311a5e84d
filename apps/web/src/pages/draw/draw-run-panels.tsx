import type { DrawPageState, DrawPageStateName } from "@rifazo/shared/domain/draw-page-state";
import { Button } from "../../components/ui/button";
import { TrophyIcon } from "../../components/ui/icons";
import { formatPercent } from "../../components/ui/progress-bar";
import { type DrawResult, ResultAnnouncer, Roulette } from "../../features/draws";
import type { RaffleDetail } from "../../features/raffles";
import { Panel, VerifyLinks, Winners } from "./draw-parts";
import { FrozenDraw, LateRound } from "./draw-round";
import type { DrawRun } from "./use-draw-run";

type RunProps = {
  raffle: RaffleDetail;
  derived: DrawPageState;
  state: DrawPageStateName;
  now: number;
  run: DrawRun;
};

/** The draw itself: the wait for the server, a late round, the button (or the countdown's start), the roulette. */
export function DrawRunPanels({ raffle, derived, state, now, run }: RunProps) {
  const round = raffle.lifecycle.drawRound;
  const roundAt = raffle.lifecycle.drawRoundAt;
  const { phase } = run;
  return (
    <>
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
            error={run.drawError}
            onRetry={() => void run.runDraw(raffle.id)}
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
              <Button
                size="lg"
                waitsForCode
                loading={run.starting}
                onClick={() => run.startCountdown(raffle.id)}
              >
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
              error={run.drawError}
              onDraw={() => void run.runDraw(raffle.id)}
              leagueOfEntropy={raffle.drawTrust === "drand"}
            />
          )}
        </Panel>
      ) : null}

      {state === "drawing" ? (
        <Panel>
          <Roulette totalTickets={raffle.totalTickets} calm={run.calm} onResultTime={run.revealPending} />
        </Panel>
      ) : null}
    </>
  );
}

/** The outcome: announced to screen readers, the winners (and how to check them) or an empty draw. */
export function DrawResultPanels({
  raffle,
  state,
  shown,
}: {
  raffle: RaffleDetail;
  state: DrawPageStateName;
  shown: DrawResult | null;
}) {
  return (
    <>
      <ResultAnnouncer result={state === "finished" || state === "no_winners" ? shown : null} />

      {state === "finished" && shown ? (
        <Panel tone="gold">
          <h2 className="mb-4 flex items-center gap-2 text-2xl font-black text-ink">
            <TrophyIcon className="text-accent-600" />{" "}
            {raffle.drawTrust === "announced"
              ? "Ganadores anunciados por el organizador"
              : "¡Tenemos ganadores!"}
          </h2>
          <Winners result={shown} raffle={raffle} />
          {!raffle.drawSeedCommitment && raffle.lifecycle.drawRound !== null ? (
            <p className="mt-4 text-sm text-muted">
              Los ganadores salieron de la ronda{" "}
              <strong className="text-ink">{raffle.lifecycle.drawRound}</strong> de drand, fijada al congelar
              la lista: cualquiera puede comprobarlo en el acta.
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
    </>
  );
}
