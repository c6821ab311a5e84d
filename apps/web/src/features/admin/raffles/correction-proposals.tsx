import { useMutation, useQuery } from "@tanstack/react-query";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatDateTime } from "../../../lib/format";
import { confirmCorrection, correctionProposalsQuery, discardCorrection } from "../api/admin-api";
import { useAfterDrawChange } from "./draw-admin-form-helpers";

/**
 * Corrections waiting for a second administrator (decision 0024): the proposer sees it waiting; any
 * other administrator can confirm it (then it reaches the record) or discard it.
 */
export function CorrectionProposals({ raffleId }: { raffleId: string }) {
  const after = useAfterDrawChange(raffleId);
  const query = useQuery(correctionProposalsQuery(raffleId));
  const confirm = useMutation({
    mutationFn: (proposalId: string) => confirmCorrection(raffleId, proposalId),
    onSuccess: async () => {
      toast({ title: "Corrección confirmada", description: "Quedó en el acta.", variant: "success" });
      await Promise.all([after(), query.refetch()]);
    },
    onError: (error) =>
      toast({ title: "No se confirmó", description: errorMessage(error), variant: "error" }),
  });
  const discard = useMutation({
    mutationFn: (proposalId: string) => discardCorrection(raffleId, proposalId),
    onSuccess: async () => {
      await query.refetch();
    },
    onError: (error) =>
      toast({ title: "No se descartó", description: errorMessage(error), variant: "error" }),
  });
  const list = query.data ?? [];
  if (list.length === 0) return null;
  return (
    <section aria-labelledby="correction-proposals" className="space-y-2">
      <h3 id="correction-proposals" className="font-bold text-ink">
        Corrección pendiente de confirmación
      </h3>
      {list.map((p) => (
        <div key={p.id} className="space-y-1 rounded-control border border-line bg-canvas p-3 text-sm">
          <p className="text-ink">
            Nuevo resultado: <strong className="font-mono">{p.result}</strong> · Motivo: {p.reason}
          </p>
          <p className="text-xs text-muted">
            Propuesta por <span className="font-mono">{p.proposedBy}</span> el {formatDateTime(p.proposedAt)}
            {p.windowEndsAt ? `; el plazo vence el ${formatDateTime(p.windowEndsAt)}` : ""}.
          </p>
          {p.mine ? (
            <p className="text-sm text-muted">La propusiste tú: debe confirmarla otro administrador.</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {p.mine ? null : (
              <Button size="sm" loading={confirm.isPending} onClick={() => confirm.mutate(p.id)}>
                Confirmar corrección
              </Button>
            )}
            <Button
              size="sm"
              variant="outline"
              loading={discard.isPending}
              onClick={() => discard.mutate(p.id)}
            >
              Descartar
            </Button>
          </div>
        </div>
      ))}
    </section>
  );
}
