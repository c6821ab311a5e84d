import { countText } from "@rifazo/shared/domain/plural";
import { useQuery } from "@tanstack/react-query";
import { TrophyIcon } from "../../../components/ui/icons";
import { sellerLeaderboardQuery } from "../api/raffles-api";

// «Vendedores destacados» on the raffle page (docs/decisions/0034-vendedores.md): shown when the organiser
// makes the leaderboard public, loaded as a chunk of its own once the page is up (features/raffles/lazy.ts),
// so the page's own code does not grow. First name and initial, place and tickets: nothing else is sent.

const MEDALS = ["text-accent-600", "text-muted", "text-brand-700"];

export default function SellerLeaderboard({ raffleId }: { raffleId: string }) {
  const query = useQuery(sellerLeaderboardQuery(raffleId));
  // Hidden again, not there yet, or nobody with tickets: the page simply goes without it.
  if (!query.data || query.data.items.length === 0) return null;
  return (
    <section
      aria-labelledby="sellers-leaderboard-title"
      className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-6"
    >
      <h2 id="sellers-leaderboard-title" className="mb-1 text-lg font-bold text-ink">
        Vendedores destacados
      </h2>
      <p className="mb-4 text-sm text-muted">Quienes más boletos han vendido de esta rifa.</p>
      <ol className="space-y-2">
        {query.data.items.map((row) => (
          <li
            key={row.position}
            className="flex items-center gap-3 rounded-control border border-line bg-canvas px-3 py-2"
          >
            <span className="flex w-9 shrink-0 items-center gap-1 text-sm font-black text-ink tabular-nums">
              {row.position <= MEDALS.length ? <TrophyIcon className={MEDALS[row.position - 1]} /> : null}
              {row.position}.º
            </span>
            <span className="min-w-0 flex-1 font-semibold text-ink [overflow-wrap:anywhere]">{row.name}</span>
            <span className="text-sm text-muted tabular-nums">
              {countText(row.tickets, "boleto", "boletos")}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
