import { countText } from "@rifazo/shared/domain/plural";
import { CANCEL_MESSAGES, CANCEL_REASON_MAX, CANCEL_REASON_MIN } from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { type AdminRaffle, adminKeys, cancelRaffle, closeRaffle, openRaffle } from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { CANCEL_REFUNDS_TEXT, CancelReasonField } from "./cancel-raffle-dialog";

// The list's lifecycle actions (open sales, close early, cancel with a reason), each confirmed first.

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

/** The action being confirmed, the cancel reason and what confirming does. */
export function useLifecycleAction() {
  const queryClient = useQueryClient();
  const [action, setAction] = useState<LifecycleAction>(null);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);

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

  const confirm = () => {
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
  };

  const start = (kind: NonNullable<LifecycleAction>["kind"], raffle: AdminRaffle) => {
    setReason("");
    setReasonError(null);
    setAction({ kind, raffle });
  };

  return { action, setAction, reason, setReason, reasonError, setReasonError, transition, confirm, start };
}

export function LifecycleActionDialog({ lifecycle }: { lifecycle: ReturnType<typeof useLifecycleAction> }) {
  const { action, setAction, reason, setReason, reasonError, setReasonError, transition, confirm } =
    lifecycle;
  return (
    <ConfirmDialog
      open={action !== null}
      onOpenChange={(open) => (open ? undefined : setAction(null))}
      title={action ? ACTION_TEXT[action.kind].title : ""}
      description={action ? actionDescription(action) : null}
      confirmLabel={action ? ACTION_TEXT[action.kind].confirm : ""}
      variant={action?.kind === "open" ? "primary" : "danger"}
      cancelLabel="Volver"
      busy={transition.isPending}
      onConfirm={confirm}
    >
      {action?.kind === "cancel" ? (
        <CancelReasonField
          id="cancel-reason"
          reason={reason}
          error={reasonError}
          onChange={(value) => {
            setReason(value);
            setReasonError(null);
          }}
        />
      ) : null}
    </ConfirmDialog>
  );
}
