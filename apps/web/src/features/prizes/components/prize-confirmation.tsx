import { zodResolver } from "@hookform/resolvers/zod";
import {
  PRIZE_LIMITS,
  type PrizeConfirmationInput,
  prizeConfirmationInputSchema,
} from "@rifazo/shared/schemas/prizes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { CheckCircleIcon } from "../../../components/ui/icons";
import { inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { confirmPrize, type MyPrize, prizeKeys } from "../api";

type ConfirmationOutput = { outcome: "received" | "disputed"; message: string | null };

const CONFIRM_ERROR = "No pudimos guardar tu respuesta";

/** POST …/confirmation, then the prize as the server has it now, everywhere it is shown. */
function useConfirmation(winnerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PrizeConfirmationInput) => confirmPrize(winnerId, input),
    onSuccess: async (updated, input) => {
      toast(
        input.outcome === "received"
          ? {
              title: "¡Gracias por confirmar!",
              description: "Quedó en el acta pública del sorteo que recibiste tu premio.",
              variant: "success",
            }
          : {
              title: "Disputa enviada",
              description: "El organizador la revisará; te avisaremos cuando se resuelva.",
              variant: "success",
            },
      );
      queryClient.setQueryData(prizeKeys.one(winnerId), updated);
      await queryClient.invalidateQueries({ queryKey: prizeKeys.all });
    },
    onError: (error) => {
      toast({
        id: "prize-confirm-error",
        title: CONFIRM_ERROR,
        description: errorMessage(error),
        variant: "error",
      });
    },
  });
}

function DisputeForm({
  onSend,
  onCancel,
  sending,
}: {
  onSend: (input: ConfirmationOutput) => Promise<unknown>;
  onCancel: () => void;
  sending: boolean;
}) {
  const form = useForm<PrizeConfirmationInput, unknown, ConfirmationOutput>({
    resolver: zodResolver<PrizeConfirmationInput, unknown, ConfirmationOutput>(prizeConfirmationInputSchema),
    defaultValues: { outcome: "disputed", message: "" },
  });
  const error = form.formState.errors.message?.message;
  // Opened from «Abrir una disputa»: the keyboard lands where the message is written.
  useEffect(() => form.setFocus("message"), [form]);
  const send = async (input: ConfirmationOutput) => {
    try {
      await onSend(input);
    } catch (failure) {
      const message = isApiError(failure) ? failure.fields?.message : undefined;
      if (message) form.setError("message", { message });
    }
  };
  return (
    <form onSubmit={form.handleSubmit(send)} noValidate className="space-y-3" aria-label="Abrir una disputa">
      <FormField
        id="prize-dispute-message"
        label="¿Qué pasó con tu premio?"
        error={error}
        hint={`Entre 10 y ${PRIZE_LIMITS.message} caracteres. Solo lo leen el organizador y el equipo de Rifazo.`}
      >
        {(control) => (
          <textarea
            rows={4}
            maxLength={PRIZE_LIMITS.message}
            disabled={sending}
            {...control}
            className={cn(inputClasses, "h-auto min-h-28 resize-y py-2.5")}
            {...form.register("message")}
          />
        )}
      </FormField>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" variant="danger" loading={sending} loadingText="Enviando disputa...">
          Enviar disputa
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel} disabled={sending}>
          Cancelar
        </Button>
      </div>
    </form>
  );
}

/**
 * The winner's word after a delivery (docs/decisions/0035-prizes-on-the-record.md): «Recibí mi premio» or
 * a dispute with its message; either goes on the raffle's public record (the message stays private).
 */
export function PrizeConfirmation({ prize }: { prize: MyPrize }) {
  const confirmation = useConfirmation(prize.winnerId);
  const [disputing, setDisputing] = useState(false);
  const disputeButton = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  // Cancelling the dispute gives the focus back to the button that opened it.
  useEffect(() => {
    if (!disputing && cancelled.current) {
      cancelled.current = false;
      disputeButton.current?.focus();
    }
  }, [disputing]);
  const received = confirmation.isPending && confirmation.variables?.outcome === "received";
  return (
    <div className="space-y-4">
      <p className="text-sm text-ink">
        ¿Ya tienes tu premio? Confírmalo para que quede en el acta pública del sorteo. Si algo no está bien,
        abre una disputa y el organizador la revisará.
      </p>
      {confirmation.isError ? (
        <Alert variant="danger" title={CONFIRM_ERROR}>
          {errorMessage(confirmation.error)}
        </Alert>
      ) : null}
      {disputing ? (
        <DisputeForm
          sending={confirmation.isPending}
          onSend={(input) => confirmation.mutateAsync(input)}
          onCancel={() => {
            cancelled.current = true;
            setDisputing(false);
          }}
        />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            loading={received}
            loadingText="Confirmando..."
            disabled={confirmation.isPending}
            onClick={() => confirmation.mutate({ outcome: "received" })}
          >
            <CheckCircleIcon aria-hidden="true" />
            Recibí mi premio
          </Button>
          <Button
            ref={disputeButton}
            variant="outline"
            disabled={confirmation.isPending}
            onClick={() => setDisputing(true)}
          >
            Abrir una disputa
          </Button>
        </div>
      )}
    </div>
  );
}
