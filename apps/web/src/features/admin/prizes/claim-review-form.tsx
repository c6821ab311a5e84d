import { PRIZE_LIMITS, prizeClaimReviewInputSchema } from "@rifazo/shared/schemas/prizes";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { inputClasses } from "../../../components/ui/input";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { type AdminPrize, reviewPrizeClaim } from "../api/prizes-api";
import { usePrizeUpdate } from "./use-prize-update";

type Decision = "accepted" | "rejected";

/** POST …/review; the API's answer replaces the prize on the page. */
function useReview(prize: AdminPrize, setError: (message: string | undefined) => void) {
  const update = usePrizeUpdate();
  return useMutation({
    mutationFn: (body: { decision: Decision; note: string | null }) => reviewPrizeClaim(prize.winnerId, body),
    onSuccess: (updated, body) => {
      update(updated);
      toast({
        title: body.decision === "accepted" ? "Reclamo aceptado" : "Reclamo rechazado",
        description:
          body.decision === "accepted"
            ? `Ya puedes registrar la entrega a ${prize.winnerName}.`
            : `${prize.winnerName} verá tu nota y podrá enviar el reclamo de nuevo.`,
        variant: "success",
      });
    },
    onError: (failure) => setError((isApiError(failure) && failure.fields?.note) || errorMessage(failure)),
  });
}

/**
 * Accept or reject a pending claim (docs/decisions/0035-prizes-on-the-record.md). Rejecting needs a note
 * the winner reads (an unreadable cédula, a missing account) before sending the claim again.
 */
export function ClaimReviewForm({ prize }: { prize: AdminPrize }) {
  const [note, setNote] = useState("");
  const [error, setError] = useState<string>();
  const review = useReview(prize, setError);

  function send(decision: Decision) {
    const parsed = prizeClaimReviewInputSchema.safeParse({ decision, note });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    review.mutate(parsed.data);
  }

  const fieldId = `prize-${prize.winnerId}-review-note`;
  return (
    <form
      noValidate
      aria-label={`Revisar el reclamo de ${prize.winnerName}`}
      className="space-y-3 rounded-control border border-warning-700/25 bg-warning-50/60 p-3"
      onSubmit={(event) => {
        event.preventDefault();
        send("accepted");
      }}
    >
      <FormField
        id={fieldId}
        label="Nota para el ganador"
        hint="Obligatoria al rechazar: dile qué corregir (por ejemplo, una foto de la cédula que se lea)."
        error={error}
      >
        {(control) => (
          <textarea
            rows={2}
            maxLength={PRIZE_LIMITS.note}
            value={note}
            onChange={(event) => {
              setNote(event.target.value);
              setError(undefined);
            }}
            {...control}
            className={cn(inputClasses, "h-auto py-2")}
          />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          size="sm"
          loading={review.isPending && review.variables?.decision === "accepted"}
          disabled={review.isPending}
        >
          Aceptar reclamo
        </Button>
        <Button
          type="button"
          size="sm"
          variant="outline"
          loading={review.isPending && review.variables?.decision === "rejected"}
          disabled={review.isPending}
          onClick={() => send("rejected")}
        >
          Rechazar reclamo
        </Button>
      </div>
    </form>
  );
}
