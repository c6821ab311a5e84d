import { DRAW_ROUND_LATE_TEXTS } from "@rifazo/shared/domain/draw-round-late";
import { claimText } from "@rifazo/shared/fairness-texts";
import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { AlertTriangleIcon, ClockIcon } from "../../components/ui/icons";
import { CountdownDisplay } from "../../features/upcoming";
import { formatDrawMoment } from "../../lib/format";
import { endSentence } from "./draw-parts";
import type { DrawError } from "./use-draw-run";

/**
 * A frozen list waiting for its drand round (decision 0012): the round the record named, a countdown to it,
 * and once it is out a button anyone may press. The server fetches the round from the relays, verifies
 * its signature against the chain written in the record and draws; nobody can change the result.
 */
export function FrozenDraw({
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
  error: DrawError | null;
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
export function LateRound({
  round,
  roundAt,
  retrying,
  error,
  onRetry,
}: {
  round: number;
  roundAt: string;
  retrying: boolean;
  error: DrawError | null;
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
