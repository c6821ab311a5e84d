import { LOTTERY_MESSAGES } from "@rifazo/shared/domain/lottery-binding";
import { externalResultInputSchema } from "@rifazo/shared/schemas/admin";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import type { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { type ExternalResultInput, submitExternalResult } from "../api/admin-api";
import { FileField } from "../shared/file-field";
import {
  errorsFrom,
  type FieldErrors,
  fieldErrors,
  fileToBase64,
  useAfterDrawChange,
} from "./draw-admin-form-helpers";

/** The result form's fields, their errors and its submission (a result, or a correction of one). */
function useExternalResultForm(raffleId: string, correcting: boolean) {
  const after = useAfterDrawChange(raffleId);
  const [result, setResult] = useState("");
  const [sourceUrl, setSourceUrl] = useState("");
  const [reason, setReason] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (body: ExternalResultInput) => submitExternalResult(raffleId, body),
    onSuccess: async () => {
      setErrors({});
      setResult("");
      setSourceUrl("");
      setReason("");
      setFile(null);
      toast({
        title: correcting ? "Corrección propuesta" : "Resultado registrado",
        description: correcting
          ? "Otro administrador debe confirmarla para que llegue al acta."
          : "Quedó publicado en el acta de la rifa.",
        variant: "success",
      });
      await after();
    },
    onError: (error: ApiError | Error) => setErrors(errorsFrom(error, "result")),
  });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Decision 0024: the official publication (photo or PDF) goes with the result; the server checks its type.
    const publication = file
      ? { contentType: file.type || "application/octet-stream", dataBase64: await fileToBase64(file) }
      : undefined;
    const parsed = externalResultInputSchema.safeParse({
      result,
      sourceUrl,
      ...(correcting ? { reason } : {}),
      ...(publication ? { publication } : {}),
    });
    const next = parsed.success ? {} : fieldErrors(parsed.error);
    // The server requires a correction's reason and the publication; said here before asking it.
    if (correcting && !reason.trim()) next.reason = "Explica por qué se corrige el resultado.";
    if (!file) next.publication = LOTTERY_MESSAGES.publicationRequired;
    setErrors(next);
    if (parsed.success && Object.keys(next).length === 0) mutation.mutate(parsed.data);
  }

  return {
    values: { result, sourceUrl, reason },
    setters: { setResult, setSourceUrl, setReason, setFile },
    errors,
    pending: mutation.isPending,
    onSubmit,
  };
}

/** "Registrar resultado oficial", or its correction (a new visible entry with a reason) once one exists. */
export function ExternalResultForm({ raffleId, correcting }: { raffleId: string; correcting: boolean }) {
  const { values, setters, errors, pending, onSubmit } = useExternalResultForm(raffleId, correcting);
  const id = correcting ? "external-correction" : "external-result";
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="space-y-3">
      <h3 id={`${id}-title`} className="font-bold text-ink">
        {correcting ? "Proponer una corrección del resultado" : "Registrar resultado oficial"}
      </h3>
      <p className="text-sm text-muted">
        {correcting
          ? "Una corrección la confirma otro administrador dentro del plazo de las reglas; entonces queda en el acta como una entrada nueva, visible para todos, con su motivo. El resultado anterior no se borra."
          : "Se publica de inmediato en el acta y los ganadores salen de la regla fijada antes de la venta."}
      </p>
      <FormField id={`${id}-value`} label="Resultado oficial" error={errors.result} className="max-w-xs">
        {(control) => (
          <Input
            value={values.result}
            onChange={(e) => setters.setResult(e.target.value)}
            {...control}
            className="font-mono"
          />
        )}
      </FormField>
      <FormField id={`${id}-url`} label="Enlace a la publicación oficial" error={errors.sourceUrl}>
        {(control) => (
          <Input
            type="url"
            value={values.sourceUrl}
            onChange={(e) => setters.setSourceUrl(e.target.value)}
            {...control}
          />
        )}
      </FormField>
      <FileField
        id={`${id}-publication`}
        label="Publicación oficial (foto o PDF, hasta 700 KB)"
        hint="Se publica junto al resultado y su huella SHA-256 queda en el acta."
        error={errors.publication}
        accept="application/pdf,image/jpeg,image/png,image/webp"
        className="text-sm"
        onFile={setters.setFile}
      />
      {correcting ? (
        <FormField id={`${id}-reason`} label="Motivo de la corrección" error={errors.reason}>
          {(control) => (
            <textarea
              rows={2}
              value={values.reason}
              onChange={(e) => setters.setReason(e.target.value)}
              {...control}
              className={cn(inputClasses, "h-auto py-2")}
            />
          )}
        </FormField>
      ) : null}
      <Button type="submit" variant={correcting ? "outline" : "primary"} loading={pending}>
        {correcting ? "Proponer corrección" : "Registrar resultado"}
      </Button>
    </form>
  );
}
