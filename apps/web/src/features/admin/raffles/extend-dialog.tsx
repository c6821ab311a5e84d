import { countText } from "@rifazo/shared/domain/plural";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
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
import { formatDateTime, sentence } from "../../../lib/format";
import { type AdminRaffle, adminKeys } from "../api/admin-api";
import { extendRaffle } from "../api/refunds-api";
import { isoToCaracasInput } from "./raffle-form-values";

const VENEZUELA_OFFSET = "-04:00";

/** The new end date (no earlier than `minimum`) and the optional message to the buyers. */
function ExtendFields({
  raffle,
  minimum,
  date,
  message,
  error,
  onDate,
  onMessage,
}: {
  raffle: AdminRaffle;
  minimum: string;
  date: string;
  message: string;
  error: string | null;
  onDate: (value: string) => void;
  onMessage: (value: string) => void;
}) {
  return (
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
            onChange={(event) => onDate(event.target.value)}
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
            onChange={(event) => onMessage(event.target.value)}
            className={`${inputClasses} h-auto py-2`}
          />
        )}
      </FormField>
    </div>
  );
}

interface ExtendDialogProps {
  raffle: AdminRaffle;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  remaining: number;
}

/** "Extender fecha": a later end date (Venezuelan time) and an optional message every buyer receives. */
export function ExtendDialog({ raffle, open, onOpenChange, remaining }: ExtendDialogProps) {
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
          <ExtendFields
            raffle={raffle}
            minimum={minimum}
            date={date}
            message={message}
            error={error}
            onDate={(value) => {
              setDate(value);
              setError(null);
            }}
            onMessage={setMessage}
          />
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
