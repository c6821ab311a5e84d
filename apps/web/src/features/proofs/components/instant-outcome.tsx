import { instantOutcomeText, instantWinHeadline, instantWinText } from "@rifazo/shared/domain/instant-texts";
import type { InstantOutcome } from "@rifazo/shared/schemas/instant";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import { SparklesIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { paths } from "../../../lib/paths";

// The instant draw of an approved purchase, to its buyer (docs/decisions/0035-prizes-on-the-record.md,
// "Instant wins nobody can aim"): waiting on its drand round, then the reveal or the plain sentence.

/**
 * The reveal's entrance, a short scale and fade as the card appears (CSS @starting-style): only where
 * motion is welcome, so under prefers-reduced-motion the card is simply there.
 */
export const REVEAL_MOTION =
  "motion-safe:transition motion-safe:duration-500 motion-safe:ease-out motion-safe:starting:scale-90 motion-safe:starting:opacity-0";

/** Waiting on the round: the line and a calm dot (still under prefers-reduced-motion). */
function Pending({ instant }: { instant: InstantOutcome }) {
  return (
    <p className="flex items-start gap-2 rounded-control bg-info-50 px-3 py-2 text-sm text-info-700">
      <span
        aria-hidden="true"
        data-testid="instant-waiting"
        className="mt-1.5 size-2 shrink-0 rounded-full bg-info-700 motion-safe:animate-pulse"
      />
      <span>{instantOutcomeText(instant)}</span>
    </p>
  );
}

type Win = Extract<InstantOutcome, { status: "decided" }>["wins"][number];

/** «¡Ganaste …!», each winning ticket with its prize and, for its owner, the way to claim it. */
function Reveal({ wins }: { wins: Win[] }) {
  return (
    <div
      data-testid="instant-reveal"
      className={cn("space-y-2 rounded-control border border-accent-300 bg-accent-50 p-4", REVEAL_MOTION)}
    >
      <p className="flex items-center gap-2 text-lg font-black text-brand-950">
        <SparklesIcon className="shrink-0 text-accent-600" />
        {instantWinHeadline(wins.length)}
      </p>
      <ul className="space-y-2">
        {wins.map((win) => (
          <li
            key={win.ticketNumber}
            className="flex flex-wrap items-center justify-between gap-2 text-sm text-ink"
          >
            <span className="font-semibold">{instantWinText(win)}</span>
            {win.winnerId ? (
              <Link
                to={paths.profilePrize(win.winnerId)}
                className={buttonClasses({ variant: "primary", size: "sm" })}
                aria-label={wins.length > 1 ? `Reclamar mi premio: boleto ${win.ticketNumber}` : undefined}
              >
                Reclamar mi premio
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The purchase's instant draw, or nothing when the raffle has no instant prizes. The status region stays
 * in place from the wait to the result, so a screen reader hears the change when the list refreshes.
 */
export function InstantOutcomeNotice({
  instant,
  className,
}: {
  instant: InstantOutcome | null;
  className?: string;
}) {
  if (!instant) return null;
  return (
    <div role="status" className={className}>
      {instant.status === "pending" ? (
        <Pending instant={instant} />
      ) : instant.wins.length > 0 ? (
        <Reveal wins={instant.wins} />
      ) : (
        <p className="text-sm text-muted">{instantOutcomeText(instant)}</p>
      )}
    </div>
  );
}
