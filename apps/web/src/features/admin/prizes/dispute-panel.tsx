import { PRIZE_LIMITS, prizeDisputeResolveInputSchema } from "@rifazo/shared/schemas/prizes";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDateTime } from "../../../lib/format";
import { type AdminPrize, resolvePrizeDispute } from "../api/prizes-api";
import { usePrizeUpdate } from "./use-prize-update";

type Dispute = NonNullable<AdminPrize["dispute"]>;

/**
 * The winner's dispute (docs/decisions/0035-prizes-on-the-record.md): their message, and until it is
 * resolved the form that records how (it shows on Hoy until then).
 */
export function DisputePanel({ prize, dispute }: { prize: AdminPrize; dispute: Dispute }) {
  const open = dispute.resolvedAt === null;
  return (
    <section
      aria-labelledby={`prize-${prize.winnerId}-dispute`}
      className={cn(
        "space-y-3 rounded-control border p-3 text-sm",
        open ? "border-danger-600/25 bg-danger-50" : "border-line bg-canvas",
      )}
    >
      <h4 id={`prize-${prize.winnerId}-dispute`} className={cn("font-bold", open && "text-danger-700")}>
        {open ? "Disputa abierta" : "Disputa resuelta"}
      </h4>
      <p className="text-ink">
        {prize.winnerName} la abrió el {formatDateTime(dispute.openedAt)}:
      </p>
      <blockquote className="border-l-4 border-line pl-3 break-words whitespace-pre-line text-ink">
        {dispute.message}
      </blockquote>
      {open ? (
        <ResolveForm prize={prize} />
      ) : (
        <p className="text-ink">
          Resuelta el {formatDateTime(dispute.resolvedAt ?? "")}
          {dispute.resolution ? `: ${dispute.resolution}` : "."}
        </p>
      )}
    </section>
  );
}

function ResolveForm({ prize }: { prize: AdminPrize }) {
  const [resolution, setResolution] = useState("");
  const [error, setError] = useState<string>();
  const update = usePrizeUpdate();
  const resolve = useMutation({
    mutationFn: (text: string) => resolvePrizeDispute(prize.winnerId, text),
    onSuccess: (updated) => {
      update(updated);
      toast({
        title: "Disputa resuelta",
        description: "Quedó anotada en el acta de la rifa.",
        variant: "success",
      });
    },
    onError: (failure) =>
      setError((isApiError(failure) && failure.fields?.resolution) || errorMessage(failure)),
  });
  const id = `prize-${prize.winnerId}-resolution`;
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = prizeDisputeResolveInputSchema.safeParse({ resolution });
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message);
          return;
        }
        setError(undefined);
        resolve.mutate(parsed.data.resolution);
      }}
    >
      <FormField
        id={id}
        label="Cómo se resolvió *"
        hint={`Entre 10 y ${PRIZE_LIMITS.resolution} caracteres: qué se acordó con el ganador y qué se hizo.`}
        error={error}
      >
        {(control) => (
          <textarea
            rows={3}
            maxLength={PRIZE_LIMITS.resolution}
            value={resolution}
            onChange={(event) => {
              setResolution(event.target.value);
              setError(undefined);
            }}
            {...control}
            className={cn(inputClasses, "h-auto py-2")}
          />
        )}
      </FormField>
      <Button type="submit" size="sm" loading={resolve.isPending} loadingText="Guardando...">
        Marcar la disputa como resuelta
      </Button>
    </form>
  );
}
