import { drawTrustText } from "@rifazo/shared/domain/draw-trust";
import { isInstantWinner } from "@rifazo/shared/domain/instant-texts";
import { Link } from "react-router";
import { DrawTrustLine, DrawTrustNotice } from "../../components/draw/draw-trust-notice";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { ShieldIcon, TicketIcon, TrophyIcon } from "../../components/ui/icons";
import { formatDate } from "../../lib/format";
import { paths } from "../../lib/paths";
import { PublicPrizeStatusLine } from "../prizes";
import type { WinnersEntry } from "./api";
import { PrizeImage } from "./prize-image";
import { WinnerPlace } from "./winner-place";

interface WinnerEntryCardProps {
  entry: WinnersEntry;
  /** h2 on the winners page; h3 where the list sits under a section heading (transparency page). */
  headingLevel?: 2 | 3;
  eager?: boolean;
}

/** A finished raffle with its winners per prize level and the link to verify its draw. */
export function WinnerEntryCard({ entry, headingLevel = 2, eager = false }: WinnerEntryCardProps) {
  const { raffle } = entry;
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // The draw's places in order, then the instant wins (level 0, decision 0035), which hold no place in it.
  const rank = (w: WinnersEntry["winners"][number]) =>
    isInstantWinner(w.prizeLevel, w.source) ? Number.MAX_SAFE_INTEGER : w.prizeLevel;
  const winners = [...entry.winners].sort((a, b) => rank(a) - rank(b));
  const trust = drawTrustText(raffle.drawTrust);
  return (
    <Card className="flex flex-col overflow-hidden sm:flex-row">
      <PrizeImage
        src={raffle.prizeImage}
        alt={raffle.imageAlt ?? ""}
        className="sm:w-56 sm:shrink-0 sm:aspect-auto"
        sizes="(min-width: 640px) 224px, 100vw"
        eager={eager}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-4 p-5">
        <div className="space-y-1.5">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="neutral">FINALIZADA</Badge>
          </div>
          {trust.warning ? null : <DrawTrustLine level={raffle.drawTrust} />}
          <Heading className="text-lg font-bold text-ink">{raffle.title}</Heading>
          <p className="text-sm text-muted">
            {raffle.drawTrust === "announced" ? "Anunciada el" : "Sorteada el"}{" "}
            <time dateTime={entry.drawDate}>{formatDate(entry.drawDate)}</time>
          </p>
        </div>

        {winners.length > 0 ? (
          <ul className="space-y-2.5" aria-label={`Ganadores de ${raffle.title}`}>
            {winners.map((winner) => (
              <li
                key={`${winner.prizeLevel}-${winner.ticketNumber}`}
                className="flex flex-col gap-2 rounded-control border border-line bg-canvas p-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <div className="min-w-0 space-y-0.5">
                  <p className="flex items-center gap-1.5 text-xs font-bold tracking-wide text-brand-700 uppercase">
                    <TrophyIcon className="text-accent-600" />
                    <WinnerPlace level={winner.prizeLevel} source={winner.source} />
                  </p>
                  <p className="text-sm text-ink">{winner.prizeDescription}</p>
                  <p className="font-semibold text-ink">
                    <span className="sr-only">Ganador: </span>
                    {winner.winnerName}
                  </p>
                  {/* Decision 0035: what happened to the prize after the draw, as the record says it. */}
                  <PublicPrizeStatusLine prize={winner.prize} className="pt-1" />
                </div>
                <p className="flex shrink-0 items-center gap-1.5 self-start rounded-pill bg-brand-700 px-3 py-1 font-mono text-sm font-bold tracking-widest text-white sm:self-center">
                  <TicketIcon aria-hidden="true" />
                  <span className="sr-only">Boleto número </span>
                  <span>{winner.ticketNumber}</span>
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">Los ganadores se publicarán muy pronto.</p>
        )}

        {/* A warning (announced by the organiser, a chain that is not the League of Entropy's) in full. */}
        {trust.warning ? <DrawTrustNotice level={raffle.drawTrust} /> : null}
        {trust.verifiable ? (
          <Link
            to={paths.draw(raffle.id)}
            className={buttonClasses({ variant: "outline", size: "sm", className: "self-start" })}
          >
            <ShieldIcon />
            Verificar sorteo
            <span className="sr-only">: {raffle.title}</span>
          </Link>
        ) : null}
      </div>
    </Card>
  );
}
