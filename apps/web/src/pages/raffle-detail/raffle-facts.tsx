import { drawTrustText } from "@rifazo/shared/domain/draw-trust";
import { NUMBER_MODE_WORDS } from "@rifazo/shared/domain/number-mode-words";
import { countText } from "@rifazo/shared/domain/plural";
import type { RaffleCardState } from "@rifazo/shared/domain/raffle-card-state";
import { LIFECYCLE_MESSAGES } from "@rifazo/shared/domain/raffle-lifecycle";
import type { ReactNode } from "react";
import { DrawTrustLine, DrawTrustNotice } from "../../components/draw/draw-trust-notice";
import { LotteryTerms } from "../../components/draw/lottery-terms";
import { ClockIcon, ShieldIcon, TicketIcon } from "../../components/ui/icons";
import { formatPercent, ProgressBar } from "../../components/ui/progress-bar";
import { PriceWithEquivalent } from "../../features/exchange-rate";
import { abonoRuleText, ComboBadges, drawInfo, RaffleBadge, type RaffleDetail } from "../../features/raffles";
import { formatNumber } from "../../lib/format";

/** One fact of the raffle with its icon (the icon's element carries its own classes). */
function FactLine({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-sm text-muted">
      {icon}
      <span>{children}</span>
    </p>
  );
}

/** How many tickets are sold, in words and as a bar. */
function SoldProgress({ raffle, soldPercent }: { raffle: RaffleDetail; soldPercent: number }) {
  return (
    <div className="space-y-2">
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="font-semibold text-ink">
          {formatNumber(raffle.soldTickets)} de {countText(raffle.totalTickets, "boleto", "boletos")} vendidos
        </span>
        <span className="font-bold text-brand-800">{formatPercent(soldPercent)}</span>
      </div>
      <ProgressBar value={soldPercent} label="Boletos vendidos" className="h-3!" />
    </div>
  );
}

/**
 * The head of the raffle detail beside its gallery: badge, title, price, combos, tickets sold, the draw date,
 * the minimum, how numbers are given, the abonos' minimum, the review window and how the winner is decided.
 */
export function RaffleFacts({ raffle, state }: { raffle: RaffleDetail; state: RaffleCardState }) {
  const draw = drawInfo(raffle, state, true);
  const trust = drawTrustText(raffle.drawTrust);
  const icon = "mt-0.5 shrink-0 text-brand-700";
  return (
    <>
      <div className="space-y-3">
        {state.badge ? <RaffleBadge badge={state.badge} /> : null}
        <h1 className="text-3xl font-black tracking-tight text-balance text-ink sm:text-4xl">
          {raffle.title}
        </h1>
      </div>
      <PriceWithEquivalent price={raffle.price} currency={raffle.currency} suffix="por boleto" size="lg" />
      <ComboBadges combos={raffle.combos} currency={raffle.currency} />
      <SoldProgress raffle={raffle} soldPercent={state.soldPercent} />
      {draw ? (
        <FactLine icon={<ClockIcon className={icon} />}>
          {draw.label}: <span className="font-semibold text-ink">{draw.value}</span>
        </FactLine>
      ) : null}
      {raffle.minTickets !== null ? (
        <FactLine icon={<TicketIcon className={icon} />}>
          {LIFECYCLE_MESSAGES.belowMinimum(raffle.minTickets)} Si no se alcanza, el organizador puede
          prorrogar la fecha o cancelarla con reembolso.
        </FactLine>
      ) : null}
      <FactLine icon={<TicketIcon className={icon} />}>
        <span className="font-semibold text-ink">{NUMBER_MODE_WORDS[raffle.numberMode].label}</span>:{" "}
        {NUMBER_MODE_WORDS[raffle.numberMode].detail}
      </FactLine>
      {raffle.installmentMinimum !== null ? (
        <FactLine icon={<TicketIcon className={icon} />}>
          {abonoRuleText(raffle.installmentMinimum, raffle.currency)}
        </FactLine>
      ) : null}
      <FactLine icon={<ShieldIcon className={icon} />}>
        {LIFECYCLE_MESSAGES.reviewWindowText(raffle.lifecycle.reviewWindowHours)}
      </FactLine>
      {/* How the winner is decided, before buying: a warning in full, otherwise one line. */}
      {raffle.lottery && raffle.drawTrust === "lottery" ? (
        <LotteryTerms lottery={raffle.lottery} />
      ) : trust.warning ? (
        <DrawTrustNotice level={raffle.drawTrust} />
      ) : (
        <DrawTrustLine level={raffle.drawTrust} />
      )}
    </>
  );
}
