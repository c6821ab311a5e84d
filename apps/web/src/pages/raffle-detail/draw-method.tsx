import { CLAIM_PERIOD_MESSAGES } from "@rifazo/shared/domain/claim-period";
import { DISQUALIFICATION_REASONS_V3 } from "@rifazo/shared/domain/disqualification-reasons";
import { drawTrustText } from "@rifazo/shared/domain/draw-trust";
import { claimText } from "@rifazo/shared/fairness-texts";
import { Link } from "react-router";
import { DrawTrustNotice } from "../../components/draw/draw-trust-notice";
import { ShieldIcon } from "../../components/ui/icons";
import { RecordLink } from "../../features/draws";
import { type RaffleDetail, shortHash } from "../../features/raffles";
import { paths } from "../../lib/paths";

/**
 * Raffles whose winners come from a record (drand or an official lottery) can disqualify an unclaimed
 * prize after the claim period (decision 0021); a v1 seed draw or an announced raffle cannot.
 */
function hasClaimRule(raffle: RaffleDetail): boolean {
  return (
    raffle.drawTrust === "drand" ||
    raffle.drawTrust === "drand-unknown-chain" ||
    raffle.drawTrust === "lottery"
  );
}

/** The published seed commitment, or for drand what fixes the round; nothing for other draws. */
function SeedOrRound({ raffle }: { raffle: RaffleDetail }) {
  if (raffle.drawSeedCommitment) {
    return (
      <div className="mt-3 space-y-2 text-sm">
        <p className="text-muted">
          Antes del sorteo publicamos la huella (SHA-256) de la semilla que decidirá a los ganadores:
        </p>
        <p>
          <code
            title={raffle.drawSeedCommitment}
            className="rounded-md bg-canvas px-2 py-1 font-mono text-sm break-all text-ink ring-1 ring-line"
          >
            {shortHash(raffle.drawSeedCommitment)}
          </code>
        </p>
      </div>
    );
  }
  if (raffle.drawTrust !== "drand" && raffle.drawTrust !== "drand-unknown-chain") return null;
  return (
    <p className="mt-3 text-sm text-muted">
      {raffle.status === "finished"
        ? "La lista de boletos se congeló al cerrar la revisión de pagos y los ganadores los decidió la ronda de drand fijada en ese momento. El acta lo demuestra."
        : "Al cerrar la revisión de pagos la lista de boletos se congela y los ganadores los decide una ronda futura de drand, fijada en ese momento."}
    </p>
  );
}

/** "Cómo se decide el ganador": the draw's trust level, its seed or round, the claim rule and the links. */
export function DrawMethod({ raffle }: { raffle: RaffleDetail }) {
  const trust = drawTrustText(raffle.drawTrust);
  return (
    <>
      <DrawTrustNotice level={raffle.drawTrust} />
      <SeedOrRound raffle={raffle} />
      {hasClaimRule(raffle) ? (
        <div className="mt-3 space-y-1 text-sm text-muted">
          <p>{CLAIM_PERIOD_MESSAGES.rule(raffle.claimPeriodDays)}</p>
          {/* The closed list the record's rules publish (docs/draw-protocol.md §3): nothing else. */}
          <p>{claimText("reasonsClosedList")}</p>
          <ul aria-label="Motivos de descalificación" className="list-disc pl-5">
            {DISQUALIFICATION_REASONS_V3.map((reason) => (
              <li key={reason.code}>{reason.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {trust.verifiable ? (
        <>
          <Link
            to={paths.transparency}
            className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline underline-offset-4"
          >
            <ShieldIcon />
            Cómo verificar el sorteo
          </Link>
          {/* The record link (docs/decisions/0023-record-checkpoints.md): lifecycle.recordAvailable once the raffle carries it. */}
          <RecordLink
            raffle={raffle}
            className="mt-2 flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline underline-offset-4"
          />
        </>
      ) : null}
    </>
  );
}
