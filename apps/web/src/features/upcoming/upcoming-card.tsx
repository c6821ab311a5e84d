import { DEFAULT_ACTIVATION_PERCENTAGE } from "@rifazo/shared/constants";
import { variantSrcSet } from "@rifazo/shared/domain/image-variants";
import { Link } from "react-router";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { Card } from "../../components/ui/card";
import { CalendarIcon, LockIcon, TicketIcon, TrophyIcon } from "../../components/ui/icons";
import { formatDateTime, formatDrawMoment, formatMoney, formatNumber } from "../../lib/format";
import { paths } from "../../lib/paths";
import type { PublicRaffle } from "./api";
import { CountdownDisplay } from "./countdown-display";
import { NotifyMeButton } from "./notify-me-button";
import { revealPercent, revealText, teaserBlur, teaserReveal } from "./teaser";

/** From this share of the reveal on the image is sharp enough to deserve the larger variants. */
const SHARP_FROM = 0.6;

interface UpcomingCardProps {
  raffle: PublicRaffle;
  /** Refreshed every few seconds: enough for the reveal and for noticing the start. */
  now: number;
  /** The first card's image is likely on screen at load: fetch it eagerly. */
  eager?: boolean;
}

function drawRule(raffle: PublicRaffle): string {
  if (raffle.activationType === "percentage") {
    return `Al vender el ${raffle.activationPercentage ?? DEFAULT_ACTIVATION_PERCENTAGE}% de los boletos`;
  }
  return raffle.endDate ? `Cierre de ventas: ${formatDrawMoment(raffle.endDate)}` : "En la fecha de cierre";
}

/** The prize image, blurred less as the launch nears, with the teaser badges over it. */
function TeaserImage({
  raffle,
  reveal,
  percent,
  eager,
}: {
  raffle: PublicRaffle;
  reveal: number;
  percent: number;
  eager: boolean;
}) {
  const revealed = percent >= 100;
  const src = raffle.prizeImage;
  return (
    <div className="relative aspect-[4/3] overflow-hidden bg-brand-900">
      {src ? (
        <img
          // While it is blurred, detail is invisible anyway: the smallest variant is enough.
          src={`${src}?w=${reveal < SHARP_FROM ? 320 : 640}`}
          srcSet={reveal < SHARP_FROM ? undefined : variantSrcSet(src)}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
          alt={revealed ? (raffle.imageAlt ?? "") : "Vista previa difuminada del premio"}
          width={640}
          height={480}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          className="size-full scale-110 object-cover"
          style={{ filter: revealed ? undefined : `blur(${teaserBlur(reveal)}px)` }}
        />
      ) : null}
      <div className="absolute inset-x-3 top-3 flex items-start justify-between gap-2">
        <Badge variant="accent">PRÓXIMAMENTE</Badge>
        {!revealed ? (
          <span className="flex items-center gap-1 rounded-pill bg-brand-950/80 px-2.5 py-0.5 text-xs font-bold text-white">
            <LockIcon />
            {percent}% revelado
          </span>
        ) : null}
      </div>
    </div>
  );
}

function UpcomingFacts({ raffle, hasStart }: { raffle: PublicRaffle; hasStart: boolean }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 gap-y-1.5 text-sm">
      <dt className="flex items-center gap-1.5 text-muted">
        <CalendarIcon className="text-brand-700" />
        Inicio
      </dt>
      <dd className="font-medium text-ink">
        {hasStart ? `${formatDateTime(raffle.startDate)} (hora de Venezuela)` : "Fecha por anunciar"}
      </dd>
      <dt className="flex items-center gap-1.5 text-muted">
        <TicketIcon className="text-brand-700" />
        Boleto
      </dt>
      <dd className="font-medium text-ink">
        {formatMoney(raffle.price, raffle.currency)} · {formatNumber(raffle.totalTickets)} en total
      </dd>
      <dt className="flex items-center gap-1.5 text-muted">
        <TrophyIcon className="text-brand-700" />
        Sorteo
      </dt>
      <dd className="font-medium text-ink">{drawRule(raffle)}</dd>
    </dl>
  );
}

export function UpcomingCard({ raffle, now, eager = false }: UpcomingCardProps) {
  const start = raffle.startDate ? Date.parse(raffle.startDate) : Number.NaN;
  const hasStart = !Number.isNaN(start);
  const started = hasStart && start <= now;
  const reveal = teaserReveal(raffle.startDate, raffle.daysUntilActivationTeaser, now);
  const percent = revealPercent(reveal);
  const revealed = percent >= 100;
  const description = revealText(raffle.description, reveal);
  const titleId = `upcoming-${raffle.id}-title`;

  return (
    <Card className="flex h-full flex-col overflow-hidden">
      <TeaserImage raffle={raffle} reveal={reveal} percent={percent} eager={eager} />

      <div className="flex flex-1 flex-col gap-4 p-5">
        <div className="space-y-2">
          <h2 id={titleId} className="text-lg leading-snug font-bold text-ink">
            {raffle.title}
          </h2>
          <p className="text-sm text-muted">
            {description.visible}
            {description.hidden ? (
              <span className="text-muted">
                {" "}
                …{" "}
                <span className="font-semibold text-brand-700">(se revela al acercarse el lanzamiento)</span>
              </span>
            ) : null}
          </p>
          {!revealed ? (
            <div
              role="progressbar"
              aria-label={`Avance de la revelación de ${raffle.title}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              aria-valuetext={`${percent}% revelado`}
              className="h-1.5 overflow-hidden rounded-pill bg-brand-100"
            >
              <div className="h-full rounded-pill bg-brand-600" style={{ width: `${percent}%` }} />
            </div>
          ) : null}
        </div>

        <UpcomingFacts raffle={raffle} hasStart={hasStart} />

        <div className="mt-auto space-y-3">
          {hasStart && !started ? <CountdownDisplay target={start} /> : null}
          {started ? (
            <div className="space-y-2 rounded-control bg-success-50 p-3 text-center">
              <p className="font-bold text-success-700">¡Ya está activa!</p>
              <Link to={paths.raffle(raffle.id)} className={buttonClasses({ className: "w-full" })}>
                Participar Ahora
              </Link>
            </div>
          ) : (
            <NotifyMeButton raffle={raffle} className="w-full" describedBy={titleId} />
          )}
        </div>
      </div>
    </Card>
  );
}
