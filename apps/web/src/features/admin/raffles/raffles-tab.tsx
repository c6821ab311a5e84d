import { countText } from "@rifazo/shared/domain/plural";
import { canCloseEarly, stateAllows } from "@rifazo/shared/domain/raffle-lifecycle";
import { CANCEL_MESSAGES, CANCEL_REASON_MAX, CANCEL_REASON_MIN } from "@rifazo/shared/schemas/admin";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Badge } from "../../../components/ui/badge";
import { Button, buttonClasses } from "../../../components/ui/button";
import { inputClasses } from "../../../components/ui/input";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { Spinner } from "../../../components/ui/spinner";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatMoney, formatNumber, percentText, soldText } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useRaffleEvents } from "../../../lib/use-raffle-events";
import {
  type AdminRaffle,
  adminKeys,
  cancelRaffle,
  closeRaffle,
  deleteRaffle,
  EXPORTS,
  openRaffle,
} from "../api/admin-api";
import { fetchRafflesWithArchived, refundKeys } from "../api/refunds-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { ExportMenu } from "../shared/export-menu";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { RaffleStatusBadge } from "../shared/raffle-status";
import { SectionCard } from "../shared/section-card";
import { totalTicketsOf, useAdminRaffles } from "../shared/use-admin-raffles";
import type { EditRaffleState } from "./admin-raffle-detail";
import { imageVariant } from "./image-file";
import { RaffleFormDialog } from "./raffle-form-dialog";
import { drawSummary } from "./raffle-text";
import { CANCEL_REFUNDS_TEXT } from "./undersold-panel";

type FormState = { mode: "create" } | { mode: "edit"; raffle: AdminRaffle } | null;
type LifecycleAction = { kind: "open" | "close" | "cancel"; raffle: AdminRaffle } | null;

const ACTION_TEXT = {
  open: {
    title: "¿Abrir las ventas?",
    confirm: "Abrir ventas",
    done: "Ventas abiertas",
    error: "Error al abrir las ventas",
  },
  close: {
    title: "¿Cerrar las ventas antes de tiempo?",
    confirm: "Cerrar ventas",
    done: "Ventas cerradas",
    error: "Error al cerrar las ventas",
  },
  cancel: {
    title: "¿Cancelar esta rifa?",
    confirm: "Cancelar rifa",
    done: "Rifa cancelada",
    error: "Error al cancelar la rifa",
  },
} as const;

function actionDescription(action: NonNullable<LifecycleAction>) {
  const title = <strong className="text-ink">{action.raffle.title}</strong>;
  if (action.kind === "open") {
    return <p>La rifa {title} pasará a estar a la venta y se avisará a quienes pidieron aviso.</p>;
  }
  if (action.kind === "close") {
    return (
      <p>
        Las ventas de {title} se detienen ahora. Los pagos en revisión se siguen revisando durante{" "}
        {countText(action.raffle.lifecycle.reviewWindowHours, "hora", "horas")}; sin pendientes, la lista de
        boletos se congela.
      </p>
    );
  }
  return (
    <>
      <p>
        La rifa {title} no tendrá sorteo. El motivo se mostrará en la página de la rifa. Esta acción no se
        puede deshacer.
      </p>
      <p>{CANCEL_REFUNDS_TEXT}</p>
    </>
  );
}

/** A raffle that had buyers is kept (archived), never deleted: the server refuses it too (RAFFLE_HAS_SALES). */
export function hadBuyers(
  raffle: Pick<AdminRaffle, "hasSales" | "paymentProofCount" | "soldTickets">,
): boolean {
  return raffle.hasSales || raffle.paymentProofCount > 0 || raffle.soldTickets > 0;
}
export const DELETE_REFUSED_TEXT = "Esta rifa tiene ventas: archívala en lugar de eliminarla.";

/** Spec 2 §2 "Raffles tab": every raffle, live; create, edit, view and delete. */
export function RafflesTab() {
  const queryClient = useQueryClient();
  const [showArchived, setShowArchived] = useState(false);
  const active = useAdminRaffles({ refetchWhileGenerating: true });
  const withArchived = useQuery({
    queryKey: refundKeys.rafflesWithArchived(),
    queryFn: ({ signal }) => fetchRafflesWithArchived(signal),
    select: (data) => [...data.items].sort((a, b) => (a.createdAt < b.createdAt ? 1 : -1)),
    enabled: showArchived,
  });
  const raffles = showArchived ? withArchived : active;
  const [form, setForm] = useState<FormState>(null);
  const [toDelete, setToDelete] = useState<AdminRaffle | null>(null);
  const [action, setAction] = useState<LifecycleAction>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();

  // "Editar" on the detail page lands here with the raffle to open; the state is consumed once.
  const editRaffleId = (location.state as Partial<EditRaffleState> | null)?.editRaffleId;
  useEffect(() => {
    if (!editRaffleId || !raffles.data) return;
    const target = raffles.data.find((r) => r.id === editRaffleId);
    if (target) setForm({ mode: "edit", raffle: target });
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [editRaffleId, raffles.data, navigate, location.pathname, location.search]);

  // Raffle changes (sales, ticket generation, edits by another admin) arrive over SSE.
  useRaffleEvents(adminKeys.raffles());

  const remove = useMutation({
    mutationFn: (raffle: AdminRaffle) => deleteRaffle(raffle.id),
    onSuccess: (_data, raffle) => {
      toast({ title: "Rifa Eliminada", description: `Se eliminó "${raffle.title}".`, variant: "success" });
      queryClient.setQueryData<{ items: AdminRaffle[] }>(adminKeys.raffles(), (old) =>
        old ? { items: old.items.filter((r) => r.id !== raffle.id) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error) => {
      toast({ title: "Error al Eliminar Rifa", description: errorMessage(error), variant: "error" });
    },
  });

  const transition = useMutation({
    mutationFn: (next: NonNullable<LifecycleAction>) =>
      next.kind === "open"
        ? openRaffle(next.raffle.id)
        : next.kind === "close"
          ? closeRaffle(next.raffle.id)
          : cancelRaffle(next.raffle.id, reason.trim()),
    onSuccess: (updated, next) => {
      toast({
        title: ACTION_TEXT[next.kind].done,
        description: `"${updated.title}": ${updated.lifecycle.label}.`,
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
    },
    onError: (error, next) => {
      toast({ title: ACTION_TEXT[next.kind].error, description: errorMessage(error), variant: "error" });
    },
  });

  function confirmAction() {
    if (!action) return undefined;
    if (action.kind === "cancel") {
      const trimmed = reason.trim();
      if (trimmed.length < CANCEL_REASON_MIN || trimmed.length > CANCEL_REASON_MAX) {
        setReasonError(
          trimmed.length > CANCEL_REASON_MAX ? CANCEL_MESSAGES.reasonTooLong : CANCEL_MESSAGES.reasonRequired,
        );
        return Promise.reject(new Error("motivo"));
      }
    }
    return transition.mutateAsync(action);
  }

  function startAction(kind: NonNullable<LifecycleAction>["kind"], raffle: AdminRaffle) {
    setReason("");
    setReasonError(null);
    setAction({ kind, raffle });
  }

  return (
    <SectionCard
      title="Rifas"
      description="Todas las rifas, de la más nueva a la más antigua. Se actualizan en tiempo real."
      actions={
        <>
          <label className="inline-flex items-center gap-2 text-sm font-semibold text-ink">
            <input
              type="checkbox"
              checked={showArchived}
              onChange={(event) => setShowArchived(event.target.checked)}
              className="size-4 accent-brand-700"
            />
            Ver archivadas
          </label>
          <ExportMenu files={EXPORTS.raffles} noun="rifas" />
          <Button size="sm" onClick={() => setForm({ mode: "create" })}>
            Crear Rifa
          </Button>
        </>
      }
    >
      {raffles.isPending ? (
        <LoadingList label="Cargando rifas..." count={3} className="space-y-3" itemClassName="h-24" />
      ) : raffles.isError ? (
        <LoadError onRetry={() => raffles.refetch()}>{errorMessage(raffles.error)}</LoadError>
      ) : raffles.data.length === 0 ? (
        <EmptyState>Aún no hay rifas. Crea la primera con «Crear Rifa».</EmptyState>
      ) : (
        <ul aria-label="Lista de rifas" className="divide-y divide-line">
          {raffles.data.map((raffle) => (
            <RaffleRow
              key={raffle.id}
              raffle={raffle}
              onEdit={() => setForm({ mode: "edit", raffle })}
              onDelete={() => setToDelete(raffle)}
              onAction={(kind) => startAction(kind, raffle)}
            />
          ))}
        </ul>
      )}

      {form ? (
        <RaffleFormDialog
          open
          onOpenChange={(open) => (open ? undefined : setForm(null))}
          raffle={form.mode === "edit" ? form.raffle : null}
        />
      ) : null}

      <ConfirmDialog
        open={action !== null}
        onOpenChange={(open) => (open ? undefined : setAction(null))}
        title={action ? ACTION_TEXT[action.kind].title : ""}
        description={action ? actionDescription(action) : null}
        confirmLabel={action ? ACTION_TEXT[action.kind].confirm : ""}
        variant={action?.kind === "open" ? "primary" : "danger"}
        cancelLabel="Volver"
        busy={transition.isPending}
        onConfirm={confirmAction}
      >
        {action?.kind === "cancel" ? (
          <div className="mt-4 space-y-1">
            <label htmlFor="cancel-reason" className="block text-sm font-semibold text-ink">
              Motivo de la cancelación
            </label>
            <textarea
              id="cancel-reason"
              value={reason}
              maxLength={CANCEL_REASON_MAX}
              rows={3}
              aria-invalid={reasonError !== null}
              aria-describedby={reasonError ? "cancel-reason-error" : undefined}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(null);
              }}
              className={`${inputClasses} h-auto py-2`}
            />
            {reasonError ? (
              <p id="cancel-reason-error" role="alert" className="text-sm text-danger-700">
                {reasonError}
              </p>
            ) : null}
          </div>
        ) : null}
      </ConfirmDialog>

      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title="¿Eliminar esta rifa?"
        description={
          <>
            <p>
              Vas a eliminar <strong className="text-ink">{toDelete?.title}</strong>.
            </p>
            <p className="font-semibold text-danger-700">
              Se eliminarán también todos los boletos de la rifa. Esta acción no se puede deshacer.
            </p>
          </>
        }
        confirmLabel="Eliminar Rifa"
        busy={remove.isPending}
        onConfirm={() => (toDelete ? remove.mutateAsync(toDelete) : undefined)}
      />
    </SectionCard>
  );
}

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

function RaffleRow({ raffle, onEdit, onDelete, onAction }: RaffleRowProps) {
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
          {raffle.prizeImage ? (
            <img
              src={imageVariant(raffle.prizeImage, 320)}
              alt={raffle.imageAlt || raffle.title}
              loading="lazy"
              className="size-full object-cover"
            />
          ) : (
            <span className="flex size-full items-center justify-center text-xs text-muted">Sin imagen</span>
          )}
        </div>
        <div className="min-w-0 flex-1 space-y-1.5">
          <h3 id={headingId} className="font-bold break-words text-ink">
            {raffle.title}
          </h3>
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
              <Badge
                variant="danger"
                title="Los boletos no se han generado. El servidor reintenta al reiniciarse."
              >
                Error en Generación de Boletos
              </Badge>
            ) : (
              <span className="inline-flex items-center gap-1.5 text-xs font-semibold text-brand-800">
                <Spinner label={null} />
                <span role="status">Generando boletos...</span>
              </span>
            )}
          </div>
          <p className="text-sm text-muted">
            {formatMoney(raffle.price, raffle.currency)} por boleto · {drawSummary(raffle)}
          </p>
        </div>
      </div>
      <div className="w-full space-y-1 md:w-56">
        <p className="flex justify-between text-sm">
          <span className="text-muted">Vendidos</span>
          <span className="font-semibold tabular-nums">
            {formatNumber(raffle.soldTickets)} / {formatNumber(total)} ·{" "}
            {percentText(raffle.soldTickets, total)}
          </span>
        </p>
        <ProgressBar
          value={raffle.soldTickets}
          max={total}
          label={`Boletos vendidos de ${raffle.title}`}
          valueText={soldText(raffle.soldTickets, total)}
        />
      </div>
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
    </li>
  );
}
