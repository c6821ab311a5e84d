import type { DrawPageState, DrawPageStateName } from "@rifazo/shared/domain/draw-page-state";
import { buttonClasses } from "../../components/ui/button";
import { ClockIcon } from "../../components/ui/icons";
import { formatPercent, ProgressBar } from "../../components/ui/progress-bar";
import type { RaffleDetail } from "../../features/raffles";
import { CountdownDisplay } from "../../features/upcoming";
import { formatDrawMoment } from "../../lib/format";
import { pendingProofsText } from "../raffle-detail/lifecycle-notice";
import { endSentence, Panel } from "./draw-parts";

type StateProps = { raffle: RaffleDetail; derived: DrawPageState; state: DrawPageStateName; now: number };

function CountdownPanel({
  raffle,
  state,
  now,
  countdownTo,
}: Omit<StateProps, "derived"> & { countdownTo: Date }) {
  return (
    <Panel>
      <h2 className="mb-1 flex items-center gap-2 text-xl font-bold text-ink">
        <ClockIcon className="text-brand-700" />
        {state === "percentage_countdown" ? "¡Últimas 24 horas de venta!" : "Cuenta regresiva para el sorteo"}
      </h2>
      <p className="mb-4 text-muted">
        {state === "date_countdown_external"
          ? `Se anunciará en ${raffle.externalAnnouncementPlatform ?? "una transmisión en vivo"} el ${endSentence(formatDrawMoment(countdownTo))}`
          : `El sorteo podrá realizarse el ${endSentence(formatDrawMoment(countdownTo))}`}
      </p>
      <CountdownDisplay target={countdownTo.getTime()} now={now} />
    </Panel>
  );
}

function ReviewingPanel({ raffle, derived, now }: StateProps) {
  return (
    <Panel>
      <h2 className="mb-2 flex items-center gap-2 text-xl font-bold text-ink">
        <ClockIcon className="text-brand-700" />
        {raffle.lifecycle.label}
      </h2>
      <p className="mb-4 text-muted">
        Las ventas cerraron. {pendingProofsText(raffle.lifecycle.pendingProofs)} Cuando no quede ninguno, la
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
  );
}

function AwaitingExternalPanel({ raffle }: { raffle: RaffleDetail }) {
  return (
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
  );
}

/** The states before anyone can draw: the sales goal, the countdowns, the payments' review, a cancellation. */
export function BeforeDrawPanels(props: StateProps) {
  const { raffle, derived, state } = props;
  const countdownTo = derived.countdownTo;
  return (
    <>
      {state === "waiting_percentage" ? (
        <Panel>
          <h2 className="mb-2 text-xl font-bold text-ink">Esperando el objetivo de ventas</h2>
          <p className="mb-4 text-muted">
            El sorteo se activa al vender el {derived.activationPercentage}% de los boletos. Luego quedan 24
            horas de últimas ventas.
          </p>
          <ProgressBar value={derived.soldPercent} label={`${formatPercent(derived.soldPercent)} vendido`} />
        </Panel>
      ) : null}

      {(state === "percentage_countdown" ||
        state === "date_countdown" ||
        state === "date_countdown_external") &&
      countdownTo ? (
        <CountdownPanel raffle={raffle} state={state} now={props.now} countdownTo={countdownTo} />
      ) : null}

      {state === "reviewing_payments" ? <ReviewingPanel {...props} /> : null}

      {state === "cancelled" ? (
        <Panel>
          <h2 className="mb-2 text-xl font-bold text-ink">Rifa cancelada</h2>
          <p className="text-muted">
            Esta rifa fue cancelada y no tendrá sorteo.
            {raffle.cancelReason ? ` Motivo: ${raffle.cancelReason}` : ""}
          </p>
        </Panel>
      ) : null}

      {state === "awaiting_external_results" ? <AwaitingExternalPanel raffle={raffle} /> : null}
    </>
  );
}
