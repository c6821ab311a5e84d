import { isDrawWinner } from "@rifazo/shared/constants";
import { hasResult } from "@rifazo/shared/domain/raffle-lifecycle";
import { Link } from "react-router";
import { buttonClasses } from "../../components/ui/button";
import { ShieldIcon, TrophyIcon } from "../../components/ui/icons";
import { type DrawResult, drawApi } from "../../features/draws";
import { PublicPrizeStatusLine } from "../../features/prizes";
import type { RaffleDetail } from "../../features/raffles";
import { WinnerPlace } from "../../features/winners";
import { paths } from "../../lib/paths";

/** Closes a sentence that ends in a time: "… 5:27 p. m." already carries its full stop. */
export function endSentence(text: string): string {
  return text.endsWith(".") ? text : `${text}.`;
}

export function Panel({
  children,
  tone = "default",
}: {
  children: React.ReactNode;
  tone?: "default" | "gold";
}) {
  const colours = tone === "gold" ? "border-accent-300 bg-accent-50" : "border-line bg-surface";
  return <section className={`rounded-card border p-5 shadow-card sm:p-8 ${colours}`}>{children}</section>;
}

/** A v1 draw (seed committed before the sale, before the record era): only drawn v1 raffles carry one. */
export function Commitment({ raffle }: { raffle: RaffleDetail }) {
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

/** The public prize status of the raffle's winner with this place and ticket (decision 0035). */
function prizeOf(raffle: RaffleDetail | undefined, level: number, ticketNumber: string) {
  return raffle?.winners.find((w) => w.prizeLevel === level && w.ticketNumber === ticketNumber)?.prize;
}

export function Winners({ result, raffle }: { result: DrawResult; raffle?: RaffleDetail }) {
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
              <WinnerPlace level={w.level} /> · {w.prize}
            </p>
            <p className="text-lg font-black text-ink">{w.winnerName}</p>
            {w.isMine ? <p className="text-sm font-bold text-brand-700">¡Este premio es tuyo!</p> : null}
            <p className="text-sm text-ink">
              Boleto <span className="font-mono text-base font-bold tracking-widest">{w.ticketNumber}</span>
            </p>
            <PublicPrizeStatusLine prize={prizeOf(raffle, w.level, w.ticketNumber)} className="pt-1" />
          </div>
        </li>
      ))}
    </ul>
  );
}

export function resultFromRaffle(raffle: RaffleDetail): DrawResult {
  return {
    raffleId: raffle.id,
    drawnAt: raffle.drawnAt ?? raffle.endDate ?? raffle.createdAt,
    empty: !raffle.winners.some(isDrawWinner),
    // Instant prizes are won while the raffle sells (decision 0035); the raffle page lists them.
    winners: raffle.winners.filter(isDrawWinner).map((w) => ({
      level: w.prizeLevel,
      prize: w.prizeDescription,
      ticketNumber: w.ticketNumber,
      winnerName: w.winnerName,
      isMine: false,
    })),
    transcript: null,
  };
}

export function VerifyLinks({ raffle }: { raffle: RaffleDetail }) {
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
