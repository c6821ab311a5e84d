import type { BroadcastPlatform } from "@rifazo/shared/schemas/content";
import type { ReactNode } from "react";
import { Badge } from "../../components/ui/badge";
import { buttonClasses } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import {
  ClockIcon,
  ExternalLinkIcon,
  FacebookIcon,
  InstagramIcon,
  RadioIcon,
  TvIcon,
  YoutubeIcon,
} from "../../components/ui/icons";
import { formatDateTime } from "../../lib/format";
import type { LiveBroadcast } from "./api";

const PLATFORM_ICONS: Record<BroadcastPlatform, ReactNode> = {
  instagram: <InstagramIcon />,
  facebook: <FacebookIcon />,
  youtube: <YoutubeIcon />,
  tv: <TvIcon />,
  radio: <RadioIcon />,
};

const PLATFORM_COLORS: Record<BroadcastPlatform, string> = {
  instagram: "bg-pink-100 text-pink-700",
  facebook: "bg-blue-100 text-blue-700",
  youtube: "bg-red-100 text-red-700",
  tv: "bg-brand-100 text-brand-800",
  radio: "bg-accent-100 text-accent-700",
};

/**
 * The server decides the state from the draws announced on the platform (status): "EN VIVO" only while
 * one is on the air, "Próximamente" with the next one's date, "Finalizado" once its last draw is over.
 */
function StatusPill({ broadcast }: { broadcast: LiveBroadcast }) {
  switch (broadcast.status) {
    case "live":
      return (
        <Badge variant="danger">
          {/* Only the dot pulses: a pulsing pill dims its text to half its contrast (WCAG 1.4.3). */}
          <span aria-hidden="true" className="size-2 motion-safe:animate-pulse rounded-full bg-danger-600" />
          EN VIVO
        </Badge>
      );
    case "upcoming":
      return <Badge variant="info">Próximamente</Badge>;
    case "finished":
      return <Badge variant="neutral">Finalizado</Badge>;
    default:
      return null;
  }
}

export function BroadcastCard({ broadcast }: { broadcast: LiveBroadcast }) {
  const platform = broadcast.platform;
  const live = broadcast.status === "live";
  return (
    <Card className="flex h-full flex-col">
      <CardContent className="flex flex-1 flex-col gap-4">
        <div className="flex items-center justify-between gap-3">
          <span className="flex items-center gap-2.5">
            <span
              className={`flex size-10 items-center justify-center rounded-full text-xl ${PLATFORM_COLORS[platform] ?? PLATFORM_COLORS.tv}`}
            >
              {PLATFORM_ICONS[platform] ?? <TvIcon />}
            </span>
            <span className="text-sm font-semibold text-muted">{broadcast.platformLabel}</span>
          </span>
          <StatusPill broadcast={broadcast} />
        </div>
        <div className="flex-1 space-y-2">
          <h2 className="text-lg font-bold text-ink">{broadcast.title}</h2>
          {broadcast.description ? <p className="text-sm text-muted">{broadcast.description}</p> : null}
          {broadcast.status === "upcoming" && broadcast.nextDrawAt ? (
            <p className="text-sm font-semibold text-info-700">
              Próximo sorteo: {formatDateTime(broadcast.nextDrawAt)}
            </p>
          ) : null}
          {broadcast.schedule ? (
            <p className="flex items-start gap-2 text-sm font-medium text-ink">
              <ClockIcon className="mt-0.5 text-brand-700" />
              <span>
                <span className="sr-only">Horario: </span>
                {broadcast.schedule}
              </span>
            </p>
          ) : null}
        </div>
        {broadcast.url ? (
          <a
            href={broadcast.url}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({
              variant: live ? "primary" : "outline",
              className: "w-full",
            })}
          >
            {live ? "Ver en vivo" : "Ir a la transmisión"}
            <ExternalLinkIcon />
            <span className="sr-only">: {broadcast.title} (se abre en una pestaña nueva)</span>
          </a>
        ) : null}
      </CardContent>
    </Card>
  );
}
