import { beaconInputSchema } from "@rifazo/shared/schemas/admin";
import { useMutation } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Input, inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import type { ApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { type BeaconInput, submitBeacon } from "../api/admin-api";
import { errorsFrom, type FieldErrors, fieldErrors, useAfterDrawChange } from "./draw-admin-form-helpers";

/** "Pegar beacon": round + signature, verified by the server against the chain's key before drawing. */
export function BeaconForm({ raffleId, round }: { raffleId: string; round: number }) {
  const after = useAfterDrawChange(raffleId);
  const [roundText, setRoundText] = useState(String(round));
  const [signature, setSignature] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const mutation = useMutation({
    mutationFn: (body: BeaconInput) => submitBeacon(raffleId, body),
    onSuccess: async () => {
      setErrors({});
      toast({
        title: "Beacon verificado",
        description: "El sorteo se realizó con esa ronda.",
        variant: "success",
      });
      await after();
    },
    onError: (error: ApiError | Error) => setErrors(errorsFrom(error, "signature")),
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = beaconInputSchema.safeParse({ round: roundText.trim(), signature });
    setErrors(parsed.success ? {} : fieldErrors(parsed.error));
    if (parsed.success) mutation.mutate(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="beacon-title" className="space-y-3">
      <h3 id="beacon-title" className="font-bold text-ink">
        Pegar beacon
      </h3>
      <p className="text-sm text-muted">
        Si el servidor no puede consultar drand, copia la ronda y su firma de un relay público (por ejemplo{" "}
        <span className="font-mono break-all">https://api.drand.sh/…/public/{round}</span>). Se verifican
        igual que si llegaran solas: una firma falsa o de otra ronda se rechaza.
      </p>
      <FormField id="beacon-round" label="Ronda" error={errors.round} className="max-w-48">
        {(control) => (
          <Input
            inputMode="numeric"
            value={roundText}
            onChange={(e) => setRoundText(e.target.value)}
            {...control}
            className="font-mono"
          />
        )}
      </FormField>
      <FormField id="beacon-signature" label="Firma (signature)" error={errors.signature}>
        {(control) => (
          <textarea
            rows={3}
            spellCheck={false}
            value={signature}
            onChange={(e) => setSignature(e.target.value)}
            {...control}
            className={cn(inputClasses, "h-auto py-2 font-mono text-xs break-all")}
          />
        )}
      </FormField>
      <Button type="submit" loading={mutation.isPending} loadingText="Verificando...">
        Verificar y sortear
      </Button>
    </form>
  );
}
