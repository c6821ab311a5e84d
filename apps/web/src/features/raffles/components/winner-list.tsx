import { DEFAULT_PRIZE_LABEL } from "@rifazo/shared/constants";
import { TicketIcon, TrophyIcon } from "../../../components/ui/icons";
import { formatDate } from "../../../lib/format";
import { PublicPrizeStatusLine } from "../../prizes";
import { WinnerPlace } from "../../winners";
import type { PublicRaffle, PublicWinner } from "../api/raffles-api";

/** Winners from the list, or the legacy single winner stored on the raffle. */
export function winnersOf(raffle: PublicRaffle): PublicWinner[] {
  if (raffle.winners.length > 0) return raffle.winners;
  if (!raffle.winnerName || !raffle.winningTicketNumber) return [];
  return [
    {
      winnerName: raffle.winnerName,
      ticketNumber: raffle.winningTicketNumber,
      prizeLevel: 1,
      prizeDescription: DEFAULT_PRIZE_LABEL,
      source: raffle.announcementType,
      announcedAt: raffle.drawnAt ?? raffle.endDate ?? raffle.createdAt,
      prize: null,
    },
  ];
}

export function WinnerList({ raffle }: { raffle: PublicRaffle }) {
  const winners = winnersOf(raffle);
  if (winners.length === 0) {
    return <p className="text-sm text-muted">Los ganadores se publicarán muy pronto.</p>;
  }
  return (
    <ul className="space-y-3">
      {winners.map((winner) => (
        <li
          key={`${winner.prizeLevel}-${winner.ticketNumber}`}
          className="flex items-start gap-3 rounded-control border border-line bg-canvas p-3"
        >
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-accent-300 text-lg text-brand-950">
            <TrophyIcon />
          </span>
          <div className="min-w-0 space-y-0.5">
            <p className="text-xs font-bold tracking-wide text-brand-700 uppercase">
              <WinnerPlace level={winner.prizeLevel} source={winner.source} />
            </p>
            <p className="font-bold text-ink">{winner.winnerName}</p>
            <p className="text-sm text-muted">{winner.prizeDescription}</p>
            <p className="flex items-center gap-1.5 text-sm font-semibold text-ink">
              <TicketIcon className="text-brand-700" /> Boleto{" "}
              <span className="font-mono tracking-widest">{winner.ticketNumber}</span>
            </p>
            <p className="text-xs text-muted">Anunciado el {formatDate(winner.announcedAt)}</p>
            {/* Decision 0035: what happened to the prize after the draw. */}
            <PublicPrizeStatusLine prize={winner.prize} className="pt-1" />
          </div>
        </li>
      ))}
    </ul>
  );
}
