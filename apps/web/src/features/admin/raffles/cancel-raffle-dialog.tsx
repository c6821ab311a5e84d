import { CANCEL_MESSAGES, CANCEL_REASON_MAX, CANCEL_REASON_MIN } from "@rifazo/shared/schemas/admin";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { type AdminRaffle, cancelRaffle } from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";

export const CANCEL_REFUNDS_TEXT =
  "Cada compra aprobada tendrá un reembolso pendiente (en la moneda pagada; en Bs a la tasa de la compra) en la pestaña Reembolsos, y se descontarán los RifaPuntos de esas compras. Los pagos en revisión se rechazan con el motivo. Se avisa a cada comprador por notificación y correo.";

/** The cancellation's reason, with what was refused in it (the raffle's page and the raffles list ask it). */
export function CancelReasonField({
  id,
  reason,
  error,
  onChange,
}: {
  id: string;
  reason: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  return (
    <div className="mt-4 space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        Motivo de la cancelación
      </label>
      <textarea
        id={id}
        value={reason}
        maxLength={CANCEL_REASON_MAX}
        rows={3}
        aria-invalid={error !== null}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClasses} h-auto py-2`}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** "Cancelar rifa": a required reason, shown on the raffle's page, and what happens to each purchase. */
export function CancelRaffleDialog({
  raffle,
  open,
  onOpenChange,
  refresh,
}: {
  raffle: AdminRaffle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  refresh: () => void;
}) {
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: () => cancelRaffle(raffle.id, reason.trim()),
    onSuccess: () => {
      toast({
        title: "Rifa cancelada",
        description: "Los reembolsos están en la pestaña Reembolsos.",
        variant: "success",
      });
      refresh();
    },
    onError: (error) => {
      toast({ title: "Error al cancelar la rifa", description: errorMessage(error), variant: "error" });
    },
  });
  function confirmCancel() {
    const trimmed = reason.trim();
    if (trimmed.length < CANCEL_REASON_MIN || trimmed.length > CANCEL_REASON_MAX) {
      setReasonError(
        trimmed.length > CANCEL_REASON_MAX ? CANCEL_MESSAGES.reasonTooLong : CANCEL_MESSAGES.reasonRequired,
      );
      return Promise.reject(new Error("motivo"));
    }
    return cancel.mutateAsync();
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        onOpenChange(next);
        if (next) return;
        setReason("");
        setReasonError(null);
      }}
      title="¿Cancelar esta rifa?"
      description={
        <>
          <p>
            La rifa <strong className="text-ink">{raffle.title}</strong> no tendrá sorteo. El motivo se
            mostrará en su página. Esta acción no se puede deshacer.
          </p>
          <p>{CANCEL_REFUNDS_TEXT}</p>
        </>
      }
      confirmLabel="Cancelar rifa"
      cancelLabel="Volver"
      busy={cancel.isPending}
      onConfirm={confirmCancel}
    >
      <CancelReasonField
        id="detail-cancel-reason"
        reason={reason}
        error={reasonError}
        onChange={(value) => {
          setReason(value);
          setReasonError(null);
        }}
      />
    </ConfirmDialog>
  );
}
