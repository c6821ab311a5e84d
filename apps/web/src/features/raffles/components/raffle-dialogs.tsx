import { isDrawWinner } from "@rifazo/shared/constants";
import { DRAW_RESULT_LINK_TEXT } from "@rifazo/shared/domain/glossary";
import { Link } from "react-router";
import { buttonClasses } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { ArrowRightIcon } from "../../../components/ui/icons";
import { formatDrawMoment } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import type { PublicRaffle } from "../api/raffles-api";
import { safeExternalUrl } from "../lib/external-url";
import { WinnerList, winnersOf } from "./winner-list";

// The card's dialogs. This module is loaded on first use (it brings Radix Dialog), never with the home page.

interface RaffleDialogProps {
  raffle: PublicRaffle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function WinnersDialog({ raffle, open, onOpenChange }: RaffleDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>¡Tenemos ganador!</DialogTitle>
          <DialogDescription>{raffle.title}</DialogDescription>
        </DialogHeader>
        <WinnerList raffle={raffle} />
        <DialogFooter>
          {raffle.announcementType === "internal" ? (
            <Link to={paths.draw(raffle.id)} className={buttonClasses({ variant: "outline" })}>
              {DRAW_RESULT_LINK_TEXT}
            </Link>
          ) : null}
          <Link to={paths.winners} className={buttonClasses()}>
            Ver todos los ganadores
          </Link>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function Detail({ label, children }: { label: string; children: string }) {
  return (
    <div className="rounded-control border border-line bg-canvas p-3">
      <dt className="text-xs font-bold tracking-wide text-muted uppercase">{label}</dt>
      <dd className="mt-0.5 font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** Externally announced raffles: where and when the winner is announced (spec 1 §2 "Raffle card"). */
export function ExternalAnnouncementDialog({ raffle, open, onOpenChange }: RaffleDialogProps) {
  const url = safeExternalUrl(raffle.externalAnnouncementUrl);
  const hasWinners = winnersOf(raffle).some(isDrawWinner);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Anuncio del Ganador</DialogTitle>
          <DialogDescription>
            El ganador de «{raffle.title}» se anuncia fuera de Rifazo, en vivo. Estos son los detalles:
          </DialogDescription>
        </DialogHeader>
        <dl className="space-y-2">
          <Detail label="Plataforma">{raffle.externalAnnouncementPlatform ?? "Por confirmar"}</Detail>
          <Detail label="Fecha y hora">{raffle.externalAnnouncementDetails ?? "Por confirmar"}</Detail>
          {raffle.activationType === "date" && raffle.endDate ? (
            <Detail label="Cierre de ventas">{formatDrawMoment(raffle.endDate)}</Detail>
          ) : null}
        </dl>
        {hasWinners ? (
          <div className="mt-5 space-y-3">
            <h3 className="font-bold text-ink">Ganadores</h3>
            <WinnerList raffle={raffle} />
          </div>
        ) : null}
        <p className="mt-5 rounded-control bg-accent-100 p-3 text-center text-sm font-semibold text-brand-950">
          🍀 ¡Mucha suerte a todos los participantes!
        </p>
        <DialogFooter>
          {url ? (
            <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses()}>
              Ir al Anuncio
              <ArrowRightIcon />
            </a>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
