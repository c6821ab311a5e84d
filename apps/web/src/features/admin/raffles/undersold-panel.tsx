import { countText } from "@rifazo/shared/domain/plural";
import { stateAllows } from "@rifazo/shared/domain/raffle-lifecycle";
import { CANCEL_MESSAGES, CANCEL_REASON_MAX, CANCEL_REASON_MIN } from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { formatDateTime, formatNumber, sentence } from "../../../lib/format";
import { type AdminRaffle, adminKeys, cancelRaffle } from "../api/admin-api";
import { archiveRaffle, extendRaffle, unarchiveRaffle } from "../api/refunds-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { SectionCard } from "../shared/section-card";
import { isoToCaracasInput } from "./raffle-form-values";

/** Below the minimum this close to the end date, the organiser is warned before the raffle stops. */
const WARN_BEFORE_END_MS = 48 * 3_600_000;
const VENEZUELA_OFFSET = "-04:00";

/** The minimum is not reached and the end date is near or past (or the raffle already waits for a decision). */
export function needsDecision(raffle: AdminRaffle, now: number = Date.now()): boolean {
  if (raffle.lifecycle.awaitingDecision) return true;
  if (raffle.minTickets === null || raffle.soldTickets >= raffle.minTickets) return false;
  if (raffle.lifecycle.state !== "active" || !raffle.endDate) return false;
  return Date.parse(raffle.endDate) - now <= WARN_BEFORE_END_MS;
}

export const CANCEL_REFUNDS_TEXT =
  "Cada compra aprobada tendrá un reembolso pendiente (en la moneda pagada; en Bs a la tasa de la compra) en la pestaña Reembolsos, y se descontarán los RifaPuntos de esas compras. Los pagos en revisión se rechazan con el motivo. Se avisa a cada comprador por notificación y correo.";

/** The organiser's decisions on a raffle that does not sell: extend, cancel (refunds), archive. */
export function UndersoldPanel({ raffle }: { raffle: AdminRaffle }) {
  const queryClient = useQueryClient();
  const [extending, setExtending] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const state = raffle.lifecycle.state;
  const remaining = Math.max(0, raffle.maxExtensions - raffle.extensionsUsed);
  const extendable =
    raffle.activationType === "date" && (state === "active" || raffle.lifecycle.awaitingDecision);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminKeys.all });

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
  const archive = useMutation({
    mutationFn: () => (raffle.archivedAt ? unarchiveRaffle(raffle.id) : archiveRaffle(raffle.id)),
    onSuccess: (updated) => {
      toast({
        title: updated.archivedAt ? "Rifa archivada" : "Rifa desarchivada",
        description: updated.archivedAt
          ? "Ya no aparece en las listas; su página sigue accesible por enlace."
          : "Vuelve a aparecer en las listas.",
        variant: "success",
      });
      refresh();
    },
    onError: (error) => {
      toast({ title: "No se pudo archivar", description: errorMessage(error), variant: "error" });
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

  const decision = needsDecision(raffle);
  return (
    <SectionCard title="Mínimo, prórrogas y archivo">
      <div className="space-y-4">
        {decision && raffle.minTickets !== null ? (
          <Alert
            variant="warning"
            title={
              raffle.lifecycle.awaitingDecision
                ? "No alcanzó el mínimo: decide si prorrogar o cancelar"
                : "Va por debajo del mínimo y cierra pronto"
            }
            action={
              <div className="flex flex-wrap gap-2">
                {extendable ? (
                  <Button size="sm" onClick={() => setExtending(true)} disabled={remaining === 0}>
                    Extender fecha
                  </Button>
                ) : null}
                {stateAllows(state, "cancel") ? (
                  <Button size="sm" variant="danger" onClick={() => setCancelling(true)}>
                    Cancelar rifa
                  </Button>
                ) : null}
              </div>
            }
          >
            {formatNumber(raffle.soldTickets)} de {countText(raffle.minTickets, "boleto", "boletos")} vendidos
            necesarios para sortear
            {sentence(raffle.endDate ? `; cierre: ${formatDateTime(raffle.endDate)}` : "")} La rifa no se
            sortea por debajo del mínimo. Prórrogas disponibles: {remaining} de {raffle.maxExtensions}.
          </Alert>
        ) : null}
        <dl className="grid gap-2 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-semibold text-muted">Mínimo para sortear</dt>
            <dd className="text-ink">
              {raffle.minTickets === null ? "Sin mínimo" : countText(raffle.minTickets, "boleto", "boletos")}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-muted">Prórrogas usadas</dt>
            <dd className="text-ink">
              {raffle.extensionsUsed} de {raffle.maxExtensions}
            </dd>
          </div>
          <div>
            <dt className="font-semibold text-muted">Archivo</dt>
            <dd className="text-ink">
              {raffle.archivedAt ? `Archivada el ${formatDateTime(raffle.archivedAt)}` : "En las listas"}
            </dd>
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          {extendable && !decision ? (
            <Button size="sm" variant="outline" onClick={() => setExtending(true)} disabled={remaining === 0}>
              Extender fecha
            </Button>
          ) : null}
          <Button size="sm" variant="outline" loading={archive.isPending} onClick={() => archive.mutate()}>
            {raffle.archivedAt ? "Desarchivar" : "Archivar"}
          </Button>
        </div>
      </div>

      <ExtendDialog raffle={raffle} open={extending} onOpenChange={setExtending} remaining={remaining} />

      <ConfirmDialog
        open={cancelling}
        onOpenChange={(open) => {
          setCancelling(open);
          if (open) return;
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
        <div className="mt-4 space-y-1">
          <label htmlFor="detail-cancel-reason" className="block text-sm font-semibold text-ink">
            Motivo de la cancelación
          </label>
          <textarea
            id="detail-cancel-reason"
            value={reason}
            maxLength={CANCEL_REASON_MAX}
            rows={3}
            aria-invalid={reasonError !== null}
            aria-describedby={reasonError ? "detail-cancel-reason-error" : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setReasonError(null);
            }}
            className={`${inputClasses} h-auto py-2`}
          />
          {reasonError ? (
            <p id="detail-cancel-reason-error" role="alert" className="text-sm text-danger-700">
              {reasonError}
            </p>
          ) : null}
        </div>
      </ConfirmDialog>
    </SectionCard>
  );
}

interface ExtendDialogProps {
  raffle: AdminRaffle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  remaining: number;
}

/** "Extender fecha": a later end date (Venezuelan time) and an optional message every buyer receives. */
function ExtendDialog({ raffle, open, onOpenChange, remaining }: ExtendDialogProps) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState("");
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | null>(null);
  const extend = useMutation({
    mutationFn: () => extendRaffle(raffle.id, { endDate: `${date}:00${VENEZUELA_OFFSET}`, message }),
    onSuccess: (result) => {
      toast({
        title: "Fecha extendida",
        description: `${sentence(`Nuevo cierre: ${formatDateTime(result.endDate)}`)} Se avisó a ${countText(result.notified, "comprador", "compradores")}.`,
        variant: "success",
      });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onOpenChange(false);
      setDate("");
      setMessage("");
    },
    onError: (failure) => {
      setError(isApiError(failure) ? (failure.fields?.endDate ?? failure.message) : errorMessage(failure));
    },
  });
  const minimum = isoToCaracasInput(
    new Date(Math.max(Date.now(), raffle.endDate ? Date.parse(raffle.endDate) : 0) + 60_000).toISOString(),
  );
  return (
    <Dialog open={open} onOpenChange={(next) => (extend.isPending ? undefined : onOpenChange(next))}>
      <DialogContent>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!date) {
              setError("Indica la nueva fecha de cierre.");
              return;
            }
            setError(null);
            extend.mutate();
          }}
        >
          <DialogHeader>
            <DialogTitle>Extender la fecha de cierre</DialogTitle>
            <DialogDescription>
              Prórrogas disponibles: {remaining} de {raffle.maxExtensions}. Cada comprador recibe la nueva
              fecha por notificación y correo.
            </DialogDescription>
          </DialogHeader>
          <div className="space-y-4">
            <FormField
              id="extend-date"
              label="Nueva fecha de cierre (hora de Venezuela) *"
              error={error ?? undefined}
              hint={raffle.endDate ? `Cierre actual: ${formatDateTime(raffle.endDate)}` : undefined}
            >
              {(control) => (
                <Input
                  type="datetime-local"
                  min={minimum}
                  value={date}
                  {...control}
                  onChange={(event) => {
                    setDate(event.target.value);
                    setError(null);
                  }}
                />
              )}
            </FormField>
            <FormField id="extend-message" label="Mensaje para los compradores (opcional)">
              {(control) => (
                <textarea
                  value={message}
                  maxLength={500}
                  rows={3}
                  {...control}
                  onChange={(event) => setMessage(event.target.value)}
                  className={`${inputClasses} h-auto py-2`}
                />
              )}
            </FormField>
          </div>
          <DialogFooter>
            <Button
              type="button"
              variant="outline"
              onClick={() => onOpenChange(false)}
              disabled={extend.isPending}
            >
              Volver
            </Button>
            <Button type="submit" loading={extend.isPending} disabled={remaining === 0}>
              Extender fecha
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
