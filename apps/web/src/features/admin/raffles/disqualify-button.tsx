import { DISQUALIFICATION_REASONS_V3 } from "@rifazo/shared/domain/disqualification-reasons";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { claimText } from "@rifazo/shared/fairness-texts";
import { DRAW_ADMIN_MESSAGES, disqualifyInputSchema } from "@rifazo/shared/schemas/admin";
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import type { ShownWinner } from "../../draws";
import { type DisqualifyInput, disqualifyWinner } from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { fileToBase64, useAfterDrawChange } from "./draw-admin-form-helpers";

/** The closed list of reasons published in the rules (decision 0021): a code, never free text. */
const DISQUALIFICATION_REASONS = DISQUALIFICATION_REASONS_V3;

/** The dialog's reason, evidence and error, and the disqualification it confirms. */
function useDisqualify(raffleId: string, winner: ShownWinner, ticket: string) {
  const after = useAfterDrawChange(raffleId);
  const [reason, setReason] = useState<string>("");
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>();
  const mutation = useMutation({
    mutationFn: (body: DisqualifyInput) => disqualifyWinner(raffleId, body),
  });

  async function confirm() {
    const evidence =
      reason === "fraud" && file
        ? { contentType: file.type || "application/octet-stream", dataBase64: await fileToBase64(file) }
        : undefined;
    const parsed = disqualifyInputSchema.safeParse({
      level: winner.level,
      index: winner.index,
      reason,
      ...(evidence ? { evidence } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? DRAW_ADMIN_MESSAGES.reason);
      throw parsed.error;
    }
    try {
      await mutation.mutateAsync(parsed.data);
    } catch (failure) {
      setError(errorMessage(failure));
      throw failure;
    }
    setError(undefined);
    setReason("");
    setFile(null);
    toast({
      title: "Ganador descalificado",
      description: `Boleto ${ticket}. El reemplazo saldrá de una ronda futura de drand.`,
      variant: "success",
    });
    await after();
  }

  return { reason, setReason, setFile, error, setError, pending: mutation.isPending, confirm };
}

/** The reason of the rules' closed list, the evidence a fraud needs, and what the server refused. */
function DisqualifyFields({
  reasonId,
  reason,
  onReason,
  onFile,
  error,
}: {
  reasonId: string;
  reason: string;
  onReason: (code: string) => void;
  onFile: (file: File | null) => void;
  error: string | undefined;
}) {
  return (
    <>
      <fieldset className="mt-4 space-y-2" aria-describedby={error ? `${reasonId}-error` : undefined}>
        <legend className="text-sm font-semibold text-ink">
          Motivo (de la lista publicada en las reglas)
        </legend>
        {DISQUALIFICATION_REASONS.map((r) => (
          <label key={r.code} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name={reasonId}
              value={r.code}
              checked={reason === r.code}
              onChange={() => onReason(r.code)}
              className="mt-1"
            />
            <span>{r.text}</span>
          </label>
        ))}
      </fieldset>
      {reason === "fraud" ? (
        <FormField
          id={`${reasonId}-evidence`}
          label="Documento de prueba (obligatorio para fraude)"
          className="mt-3"
        >
          {(control) => (
            <input
              type="file"
              accept="application/pdf,image/*"
              {...control}
              onChange={(e) => onFile(e.target.files?.[0] ?? null)}
              className="text-sm"
            />
          )}
        </FormField>
      ) : null}
      {error ? (
        <p id={`${reasonId}-error`} role="alert" className="mt-2 text-sm text-danger-700">
          {error}
        </p>
      ) : null}
    </>
  );
}

/**
 * "Descalificar ganador": a reason of the rules' closed list (with the evidence for fraud) and a
 * confirmation that says the replacement will come from a future drand round nobody knows yet.
 */
export function DisqualifyButton({
  raffleId,
  totalTickets,
  winner,
}: {
  raffleId: string;
  totalTickets: number;
  winner: ShownWinner;
}) {
  const [open, setOpen] = useState(false);
  const ticket = formatTicketNumber(winner.ticketNumber, totalTickets);
  const reasonId = `disqualify-${winner.level}-${winner.index}`;
  const { reason, setReason, setFile, error, setError, pending, confirm } = useDisqualify(
    raffleId,
    winner,
    ticket,
  );

  return (
    <>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        Descalificar ganador
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(undefined);
        }}
        title={`Descalificar el boleto ${ticket}`}
        description={
          <>
            <p>{claimText("adminReplacementBlind")}</p>
            <p>
              El ganador original, el motivo, la ronda y la hora quedan publicados en el acta y en el sorteo.
            </p>
          </>
        }
        confirmLabel="Descalificar"
        busy={pending}
        onConfirm={confirm}
      >
        <DisqualifyFields
          reasonId={reasonId}
          reason={reason}
          onReason={setReason}
          onFile={setFile}
          error={error}
        />
      </ConfirmDialog>
    </>
  );
}
