import {
  INSTANT_FAIRNESS_TEXT,
  instantKindDetail,
  instantPrizesLeftText,
} from "@rifazo/shared/domain/instant-texts";
import type { RaffleInstantPrizes } from "@rifazo/shared/schemas/instant";
import { ShieldIcon, SparklesIcon, TicketIcon } from "../../../components/ui/icons";
import { formatDateTime } from "../../../lib/format";

// The raffle's instant prizes on its page (docs/decisions/0035-prizes-on-the-record.md, "Instant wins
// nobody can aim"): the kinds as sold, how many are left, why nobody can aim them, and the wins so far.
// Plain markup and the shared texts only: the raffle page has a JS budget.

/** Wins listed on the page: the newest; the record holds them all. */
export const INSTANT_RECENT_WINS = 5;

export function InstantPrizes({ prizes }: { prizes: RaffleInstantPrizes }) {
  const recent = prizes.wins.slice(0, INSTANT_RECENT_WINS);
  return (
    <div className="space-y-4">
      <p className="flex items-center gap-2 font-bold text-ink">
        <SparklesIcon className="shrink-0 text-accent-600" />
        {instantPrizesLeftText(prizes)}
      </p>
      <ul className="space-y-2">
        {prizes.kinds.map((kind) => (
          <li
            key={`${kind.description}-${kind.count}-${kind.prizeValue}`}
            className="rounded-control border border-line bg-canvas px-3 py-2"
          >
            <p className="font-semibold text-ink">{kind.description}</p>
            <p className="text-sm text-muted">{instantKindDetail(kind)}</p>
          </li>
        ))}
      </ul>
      <p className="flex items-start gap-2 text-sm text-muted">
        <ShieldIcon className="mt-0.5 shrink-0 text-brand-700" />
        <span>{INSTANT_FAIRNESS_TEXT}</span>
      </p>
      {recent.length > 0 ? (
        <div className="space-y-2">
          <h3 className="text-sm font-bold text-ink">Últimos premios instantáneos ganados</h3>
          <ul className="space-y-1.5">
            {recent.map((win) => (
              <li
                key={`${win.ticketNumber}-${win.at}`}
                className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm"
              >
                <span className="inline-flex items-center gap-1 font-semibold text-ink">
                  <TicketIcon className="text-brand-700" /> Boleto{" "}
                  <span className="font-mono tracking-widest">{win.ticketNumber}</span>
                </span>
                <span className="text-ink">{win.description}</span>
                <time dateTime={win.at} className="text-xs text-muted">
                  {formatDateTime(win.at, "short")}
                </time>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
