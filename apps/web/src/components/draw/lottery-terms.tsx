import { drawTrustText } from "@rifazo/shared/domain/draw-trust";
import type { RaffleLottery } from "@rifazo/shared/schemas/raffles";
import { cn } from "../../lib/cn";
import { formatDateTime } from "../../lib/format";
import { ShieldIcon } from "../ui/icons";

/**
 * The lottery that decides a raffle, as sold (decision 0024): which lottery and draw, when, the rule
 * that turns its result into a ticket, what happens if the list is not fixed in time, and the trust
 * this gives, in the words of domain/draw-trust.ts. Shown on the raffle page; `compact` on the card.
 */
export function LotteryTerms({
  lottery,
  compact = false,
  className,
}: {
  lottery: RaffleLottery;
  compact?: boolean;
  className?: string;
}) {
  const trust = drawTrustText("lottery");
  if (compact) {
    return (
      <div className={cn("space-y-1 text-sm", className)} data-lottery-terms="compact">
        <p className="flex items-center gap-1.5 font-semibold text-brand-700">
          <ShieldIcon aria-hidden="true" />
          {trust.label}
        </p>
        <p className="text-muted">
          <span className="font-semibold text-ink">{lottery.name}</span>, {formatDateTime(lottery.drawAt)}
        </p>
        <p className="text-xs text-muted">{lottery.ruleText}</p>
      </div>
    );
  }
  return (
    <section
      className={cn("space-y-3 rounded-control border border-line bg-canvas p-4 text-sm", className)}
      aria-labelledby="lottery-terms-title"
      data-lottery-terms="full"
    >
      <div className="flex items-start gap-3">
        <ShieldIcon className="mt-0.5 shrink-0 text-brand-700" />
        <div className="min-w-0 space-y-1">
          <h2 id="lottery-terms-title" className="font-bold text-ink">
            {trust.label}
          </h2>
          <p className="text-muted">{trust.summary}</p>
        </div>
      </div>
      <dl className="grid gap-2">
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Lotería y sorteo</dt>
          <dd className="font-semibold text-ink">{lottery.name}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
            Fecha y hora (Venezuela)
          </dt>
          <dd className="font-semibold text-ink">{formatDateTime(lottery.drawAt)}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
            Cómo se elige el ganador
          </dt>
          <dd className="text-ink">{lottery.ruleText}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">
            Si la lista no está fija a tiempo
          </dt>
          <dd className="text-ink">{lottery.fallbackText}</dd>
        </div>
        <div>
          <dt className="text-xs font-semibold uppercase tracking-wide text-muted">Correcciones</dt>
          <dd className="text-ink">
            Una corrección del resultado la propone un administrador y la confirma otro distinto, dentro de
            las {lottery.correctionWindowHours} h siguientes al registro del resultado; el resultado anterior
            queda visible en el acta.
          </dd>
        </div>
      </dl>
    </section>
  );
}
