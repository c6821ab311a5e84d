import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { useRaffleEvents } from "../../../lib/use-raffle-events";
import { type AdminRaffle, adminKeys, deleteRaffle, EXPORTS } from "../api/admin-api";
import { fetchRafflesWithArchived, refundKeys } from "../api/refunds-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { ExportMenu } from "../shared/export-menu";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import type { EditRaffleState } from "./admin-raffle-detail";
import { RaffleFormDialog } from "./raffle-form-dialog";
import { LifecycleActionDialog, useLifecycleAction } from "./raffle-lifecycle-action";
import { RaffleRow } from "./raffle-row";

type FormState = { mode: "create" } | { mode: "edit"; raffle: AdminRaffle } | null;

/** Spec 2 §2 "Raffles tab": every raffle, live; create, edit, view and delete. */
export function RafflesTab() {
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
  const lifecycle = useLifecycleAction();

  useEditFromDetail(raffles.data, setForm);

  // Raffle changes (sales, ticket generation, edits by another admin) arrive over SSE.
  useRaffleEvents(adminKeys.raffles());

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
              onAction={(kind) => lifecycle.start(kind, raffle)}
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

      <LifecycleActionDialog lifecycle={lifecycle} />

      <DeleteRaffleDialog raffle={toDelete} onClose={() => setToDelete(null)} />
    </SectionCard>
  );
}

/** "Editar" on the detail page lands here with the raffle to open; the state is consumed once. */
function useEditFromDetail(raffles: AdminRaffle[] | undefined, setForm: (form: FormState) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const editRaffleId = (location.state as Partial<EditRaffleState> | null)?.editRaffleId;
  useEffect(() => {
    if (!editRaffleId || !raffles) return;
    const target = raffles.find((r) => r.id === editRaffleId);
    if (target) setForm({ mode: "edit", raffle: target });
    navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [editRaffleId, raffles, navigate, location.pathname, location.search, setForm]);
}

/** Deleting a raffle without buyers (and its tickets), after confirming. */
function DeleteRaffleDialog({ raffle, onClose }: { raffle: AdminRaffle | null; onClose: () => void }) {
  const queryClient = useQueryClient();
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
  const toDelete = raffle;
  return (
    <ConfirmDialog
      open={toDelete !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
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
  );
}
