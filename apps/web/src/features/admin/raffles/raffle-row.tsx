import { countText } from "@rifazo/shared/domain/plural";
import { canCloseEarly, stateAllows } from "@rifazo/shared/domain/raffle-lifecycle";
import { Link } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonClasses } from "../../../components/ui/button";
import { Spinner } from "../../../components/ui/spinner";
import { formatMoney } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import type { AdminRaffle } from "../api/admin-api";
import { RaffleStatusBadge } from "../shared/raffle-status";
import { totalTicketsOf } from "../shared/use-admin-raffles";
import { PrizeImage } from "./prize-image";
import { drawSummary } from "./raffle-text";
import { SoldProgress } from "./sold-progress";

/** A raffle that had buyers is kept (archived), never deleted: the server refuses it too (RAFFLE_HAS_SALES). */
export function hadBuyers(
  raffle: Pick<AdminRaffle, "hasSales" | "paymentProofCount" | "soldTickets">,
): boolean {
  return raffle.hasSales || raffle.paymentProofCount > 0 || raffle.soldTickets > 0;
}
export const DELETE_REFUSED_TEXT = "Esta rifa tiene ventas: archívala en lugar de eliminarla.";

/** Generation takes seconds; a raffle still without tickets minutes after its creation needs attention. */
const GENERATION_STUCK_MS = 3 * 60_000;
function generationStuck(raffle: AdminRaffle): boolean {
  const created = Date.parse(raffle.createdAt);
  return Number.isFinite(created) && Date.now() - created > GENERATION_STUCK_MS;
}

interface RaffleRowProps {
  raffle: AdminRaffle;
  onEdit: () => void;
  onDelete: () => void;
  onAction: (kind: "open" | "close" | "cancel") => void;
}

export function RaffleRow({ raffle, onEdit, onDelete, onAction }: RaffleRowProps) {
  const state = raffle.lifecycle.state;
  const closable = canCloseEarly({
    state,
    activationType: raffle.activationType,
    activationPercentage: raffle.activationPercentage,
    soldTickets: raffle.soldTickets,
    totalTickets: raffle.totalTickets,
  });
  const total = totalTicketsOf(raffle);
  const headingId = `raffle-${raffle.id}-title`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 py-4 md:flex-row md:items-center">
      <div className="flex min-w-0 flex-1 gap-4">
        <div className="size-16 shrink-0 overflow-hidden rounded-control bg-brand-50 sm:size-20">
          <PrizeImage
            raffle={raffle}
            width={320}
            loading="lazy"
            className="size-full object-cover"
            fallback={
              <span className="flex size-full items-center justify-center text-xs text-muted">
                Sin imagen
              </span>
            }
          />
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <h3 id={headingId} className="font-bold break-words text-ink">
            {raffle.title}
          </h3>
          <RaffleBadges raffle={raffle} />
          <p className="text-sm text-muted">
            {formatMoney(raffle.price, raffle.currency)} por boleto · {drawSummary(raffle)}
          </p>
        </div>
      </div>
      <SoldProgress
        sold={raffle.soldTickets}
        total={total}
        separator="/"
        label={`Boletos vendidos de ${raffle.title}`}
        className="w-full space-y-1 md:w-56"
      />
      <RaffleActions
        raffle={raffle}
        closable={closable}
        onEdit={onEdit}
        onDelete={onDelete}
        onAction={onAction}
      />
    </li>
  );
}

/** Status, review, decision, archive, featured, announcement and ticket generation at a glance. */
function RaffleBadges({ raffle }: { raffle: AdminRaffle }) {
  const state = raffle.lifecycle.state;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <RaffleStatusBadge status={raffle.status} />
      {state === "closed" ? (
        <Badge variant="warning">
          {raffle.lifecycle.pendingProofs === 1
            ? "1 pago en revisión"
            : `${countText(raffle.lifecycle.pendingProofs, "pago", "pagos")} en revisión`}
        </Badge>
      ) : null}
      {raffle.lifecycle.awaitingDecision ? (
        <Badge variant="danger">No alcanzó el mínimo: decide</Badge>
      ) : null}
      {raffle.archivedAt ? <Badge variant="neutral">Archivada</Badge> : null}
      {raffle.isFeatured ? <Badge variant="accent">Destacada</Badge> : null}
      {raffle.announcementType === "external" ? <Badge variant="neutral">Anuncio externo</Badge> : null}
      {raffle.ticketsGenerated ? null : generationStuck(raffle) ? (
        <Badge variant="danger" title="Los boletos no se han generado. El servidor reintenta al reiniciarse.">
          Error en Generación de Boletos
        </Badge>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-brand-800">
          <Spinner label={null} />
          <span role="status">Generando boletos...</span>
        </span>
      )}
    </div>
  );
}

function RaffleActions({
  raffle,
  closable,
  onEdit,
  onDelete,
  onAction,
}: RaffleRowProps & { closable: boolean }) {
  const state = raffle.lifecycle.state;
  return (
    <div className="flex flex-wrap gap-2 md:flex-nowrap">
      <Link
        to={paths.adminRaffle(raffle.id)}
        className={buttonClasses({ variant: "outline", size: "sm" })}
        aria-label={`Ver ${raffle.title}`}
      >
        Ver
      </Link>
      {state !== "cancelled" ? (
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={`Editar ${raffle.title}`}>
          Editar
        </Button>
      ) : null}
      {state === "upcoming" ? (
        <Button size="sm" onClick={() => onAction("open")} aria-label={`Abrir ventas de ${raffle.title}`}>
          Abrir ventas
        </Button>
      ) : null}
      {closable ? (
        <Button
          variant="outline"
          size="sm"
          onClick={() => onAction("close")}
          aria-label={`Cerrar antes de tiempo ${raffle.title}`}
        >
          Cerrar antes de tiempo
        </Button>
      ) : null}
      {stateAllows(state, "cancel") ? (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => onAction("cancel")}
          aria-label={`Cancelar ${raffle.title}`}
        >
          <span className="text-danger-700">Cancelar</span>
        </Button>
      ) : null}
      {hadBuyers(raffle) ? (
        <span className="flex flex-col">
          <Button
            variant="ghost"
            size="sm"
            disabled
            aria-label={`Eliminar ${raffle.title}`}
            aria-describedby={`raffle-${raffle.id}-delete-note`}
          >
            Eliminar
          </Button>
          <span id={`raffle-${raffle.id}-delete-note`} className="max-w-48 text-xs text-muted">
            {DELETE_REFUSED_TEXT} (en su detalle)
          </span>
        </span>
      ) : (
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Eliminar ${raffle.title}`}>
          <span className="text-danger-700">Eliminar</span>
        </Button>
      )}
    </div>
  );
}
