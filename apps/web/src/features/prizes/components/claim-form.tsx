import { PRIZE_LIMITS } from "@rifazo/shared/schemas/prizes";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { Controller, type UseFormReturn, useForm } from "react-hook-form";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { inputClasses } from "../../../components/ui/input";
import { PhoneInput } from "../../../components/ui/phone-input";
import { ProgressBar } from "../../../components/ui/progress-bar";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError, type UploadProgress } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { claimPrize, type MyPrize, type PrizeClaimFields, prizeKeys } from "../api";
import { type ClaimFormValues, claimResolver, EMPTY_CLAIM } from "../claim-form-schema";
import { WHAT_TO_SEND } from "../prize-text";
import { CedulaFileInput } from "./cedula-file-input";

const FIELD_NAMES = new Set<string>(Object.keys(EMPTY_CLAIM));
const SEND_ERROR = "No pudimos enviar tu reclamo";

function percentOf(progress: UploadProgress): number {
  return progress.total > 0 ? Math.min(100, Math.floor((progress.loaded / progress.total) * 100)) : 0;
}

function useClaim(prize: MyPrize) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: (fields: PrizeClaimFields) => claimPrize(prize.winnerId, fields, setProgress),
    onSuccess: async (updated) => {
      toast({
        title: "Reclamo enviado",
        description: "El organizador revisará tus datos y te avisará por aquí y por correo.",
        variant: "success",
      });
      queryClient.setQueryData(prizeKeys.one(prize.winnerId), updated);
      await queryClient.invalidateQueries({ queryKey: prizeKeys.all });
    },
    onError: (error) => {
      toast({
        id: "prize-claim-error",
        title: SEND_ERROR,
        description: errorMessage(error),
        variant: "error",
      });
    },
    onSettled: () => setProgress(null),
  });
  return { mutation, progress };
}

function textareaClasses(minHeight: string) {
  return cn(inputClasses, "h-auto resize-y py-2.5", minHeight);
}

/** The upload's real progress in bytes, while it lasts (decision 0030). */
function UploadState({ progress }: { progress: UploadProgress | null }) {
  if (!progress) return null;
  const percent = percentOf(progress);
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-semibold text-ink">Enviando… {percent} %</p>
      <ProgressBar value={percent} label="Envío del reclamo" valueText={`${percent} %`} />
    </div>
  );
}

/** The account to pay (a cash prize only), the phone and the note, with the shared schema's limits. */
function ClaimTextFields({
  form,
  cash,
  disabled,
}: {
  form: UseFormReturn<ClaimFormValues, unknown, PrizeClaimFields>;
  cash: boolean;
  disabled: boolean;
}) {
  return (
    <>
      {cash ? (
        <FormField
          id="prize-claim-payout"
          label={WHAT_TO_SEND.payout}
          error={form.formState.errors.payoutDetails?.message}
          hint="Banco, cédula del titular y teléfono del Pago Móvil, o el número de cuenta. Solo lo ve el organizador."
        >
          {(control) => (
            <textarea
              rows={3}
              maxLength={PRIZE_LIMITS.payout}
              disabled={disabled}
              {...control}
              className={textareaClasses("min-h-24")}
              {...form.register("payoutDetails")}
            />
          )}
        </FormField>
      ) : null}
      <FormField
        id="prize-claim-phone"
        label="Teléfono de contacto (opcional)"
        error={form.formState.errors.contactPhone?.message}
      >
        {(control) => (
          <PhoneInput
            maxLength={PRIZE_LIMITS.phone}
            disabled={disabled}
            {...control}
            {...form.register("contactPhone")}
          />
        )}
      </FormField>
      <FormField
        id="prize-claim-note"
        label="Nota para el organizador (opcional)"
        error={form.formState.errors.note?.message}
      >
        {(control) => (
          <textarea
            rows={3}
            maxLength={PRIZE_LIMITS.note}
            disabled={disabled}
            {...control}
            className={textareaClasses("min-h-24")}
            {...form.register("note")}
          />
        )}
      </FormField>
    </>
  );
}

/**
 * The claim (docs/decisions/0035-prizes-on-the-record.md): the photo of the cédula, for a cash prize the
 * account or Pago Móvil to pay, a phone and a note; sent as multipart with its upload progress.
 */
export function ClaimForm({ prize }: { prize: MyPrize }) {
  const cash = prize.cash !== null;
  const resolver = useMemo(() => claimResolver(cash), [cash]);
  const form = useForm<ClaimFormValues, unknown, PrizeClaimFields>({ resolver, defaultValues: EMPTY_CLAIM });
  const { mutation, progress } = useClaim(prize);
  const { errors, isSubmitting } = form.formState;
  const sending = isSubmitting || mutation.isPending;

  const onValid = async (fields: PrizeClaimFields) => {
    try {
      await mutation.mutateAsync(fields);
      form.reset(EMPTY_CLAIM);
    } catch (error) {
      // The server's field messages go under their fields; the toast and the alert say the rest.
      if (!isApiError(error)) return;
      for (const [name, message] of Object.entries(error.fields ?? {})) {
        if (FIELD_NAMES.has(name)) form.setError(name as keyof ClaimFormValues, { message });
      }
    }
  };

  return (
    <form
      onSubmit={form.handleSubmit(onValid)}
      noValidate
      className="space-y-5"
      aria-label="Reclamar mi premio"
    >
      <Controller
        control={form.control}
        name="file"
        render={({ field }) => (
          <CedulaFileInput
            id="prize-claim-file"
            file={field.value}
            onChange={field.onChange}
            error={errors.file?.message}
            disabled={sending}
          />
        )}
      />
      <ClaimTextFields form={form} cash={cash} disabled={sending} />
      <UploadState progress={mutation.isPending ? progress : null} />
      {mutation.isError ? (
        <Alert variant="danger" title={SEND_ERROR}>
          {errorMessage(mutation.error)}
        </Alert>
      ) : null}

      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto"
        waitsForCode
        loading={sending}
        loadingText="Enviando reclamo..."
      >
        Enviar reclamo
      </Button>
    </form>
  );
}
