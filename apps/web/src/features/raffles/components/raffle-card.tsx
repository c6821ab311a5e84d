import { drawTrustText } from "@rifazo/shared/domain/draw-trust";
import { countText } from "@rifazo/shared/domain/plural";
import { raffleCardState } from "@rifazo/shared/domain/raffle-card-state";
import { Link } from "react-router";
import { DrawTrustLine } from "../../../components/draw/draw-trust-notice";
import { LotteryTerms } from "../../../components/draw/lottery-terms";
import { formatPercent, ProgressBar } from "../../../components/ui/progress-bar";
import { formatNumber } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useNow } from "../../../lib/use-now";
import { PriceWithEquivalent } from "../../exchange-rate";
import type { PublicRaffle } from "../api/raffles-api";
import { toCardInput } from "../lib/card-input";
import { drawInfo } from "../lib/draw-info";
import { CARD_IMAGE_SIZES } from "../lib/raffle-image";
import { ComboBadges } from "./combo-badges";
import { DrawResultLink } from "./draw-result-link";
import { RaffleAction } from "./raffle-action";
import { RaffleBadge } from "./raffle-badge";
import { RaffleImage } from "./raffle-image";
import { RaffleImageActions } from "./raffle-image-actions";

interface RaffleCardProps {
  raffle: PublicRaffle;
  /** Cards visible without scrolling load their image at once; the rest wait until they come near. */
  priority?: boolean;
}

/** A raffle in a grid (home, /rifas, favourites): image, price, progress, badge and the next step. */
export function RaffleCard({ raffle, priority = false }: RaffleCardProps) {
  const state = raffleCardState(toCardInput(raffle), useNow());
  const draw = drawInfo(raffle, state);
  const detail = paths.raffle(raffle.id);

  return (
    <article className="flex w-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-shadow hover:shadow-pop">
      <div className="relative">
        {/* The title link is the card's accessible way in; the image repeats it for pointers only. */}
        <Link to={detail} tabIndex={-1} aria-hidden="true">
          <RaffleImage
            src={raffle.prizeImage}
            alt={raffle.imageAlt ?? raffle.title}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
          />
        </Link>
        {state.badge ? <RaffleBadge badge={state.badge} className="absolute top-3 left-3" /> : null}
        <RaffleImageActions raffle={raffle} />
      </div>

      <div className="flex flex-1 flex-col gap-3 p-4 sm:p-5">
        <h3 className="text-lg leading-snug font-bold text-ink">
          <Link to={detail} className="hover:text-brand-700 hover:underline underline-offset-4">
            {raffle.title}
          </Link>
        </h3>
        <PriceWithEquivalent price={raffle.price} currency={raffle.currency} suffix="por boleto" />
        <ComboBadges combos={raffle.combos} currency={raffle.currency} />
        <div className="space-y-1.5">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="font-semibold text-ink">{formatPercent(state.soldPercent)} vendido</span>
            <span className="text-muted">
              {formatNumber(raffle.soldTickets)} / {countText(raffle.totalTickets, "boleto", "boletos")}
            </span>
          </div>
          <ProgressBar value={state.soldPercent} label={`Boletos vendidos de ${raffle.title}`} />
        </div>
        {draw ? (
          <p className="text-sm text-muted">
            {draw.label}: <span className="font-semibold text-ink">{draw.value}</span>
          </p>
        ) : null}
        {/* Only what needs saying on a card: a draw announced by the organiser, or not on the League of Entropy. */}
        {drawTrustText(raffle.drawTrust).warning ? <DrawTrustLine level={raffle.drawTrust} /> : null}
        {/* Decision 0024: which lottery decides, when, and by what rule, before buying. */}
        {raffle.lottery && raffle.drawTrust === "lottery" ? (
          <LotteryTerms lottery={raffle.lottery} compact />
        ) : null}
        <div className="mt-auto space-y-2 pt-1">
          <RaffleAction raffle={raffle} state={state} />
          {state.canViewDrawAnimation && drawTrustText(raffle.drawTrust).verifiable ? (
            <DrawResultLink raffleId={raffle.id} />
          ) : null}
        </div>
      </div>
    </article>
  );
}
