import type { WINNER_SOURCES } from "@rifazo/shared/constants";
import { isInstantWinner, winnerPlaceName } from "@rifazo/shared/domain/instant-texts";
import { Badge } from "../../components/ui/badge";
import { SparklesIcon } from "../../components/ui/icons";

/**
 * A winner's place where winners are listed: «Primer premio» and so on for the draw's, and the badge
 * «Premio instantáneo» for an instant win (docs/decisions/0035-prizes-on-the-record.md), which has no place
 * in the draw. The draw page's result carries no source: its level 0 says the same.
 */
export function WinnerPlace({ level, source }: { level: number; source?: (typeof WINNER_SOURCES)[number] }) {
  if (!isInstantWinner(level, source)) return <>{winnerPlaceName(level, source)}</>;
  return (
    <Badge variant="accent" className="normal-case tracking-normal">
      <SparklesIcon />
      {winnerPlaceName(level, source)}
    </Badge>
  );
}
