import { ADMIN_MESSAGES } from "@rifazo/shared/schemas/admin";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { pendingCountKey } from "../../inbox-count";
import { type AdminProof, adminKeys, approveProof, deleteProof, rejectProof } from "../api/admin-api";

const APPROVED_TOAST_MS = 8_000;

/** Spec 2 §8: session, permission and data problems have their own titles; the rest is "Error al Aprobar". */
function approveErrorTitle(error: unknown): string {
  if (!isApiError(error)) return "Error al Aprobar";
  if (error.status === 401) return "Error de Sesión";
  if (error.status === 403) return "Error de Autorización";
  if (error.status === 400 || error.status === 422) return "Error de Datos";
  return "Error al Aprobar";
}

function approvedToast(proof: AdminProof, tickets: readonly (string | number)[]) {
  if (tickets.length > 0) {
    toast({
      title: "¡Pago Aprobado!",
      description: `Boletos asignados a ${proof.buyerName}: ${tickets.join(", ")}.`,
      variant: "success",
      duration: APPROVED_TOAST_MS,
    });
  } else if (proof.raffleId === null) {
    toast({ title: "¡Pago Aprobado!", description: "Pago general aprobado.", variant: "success" });
  } else {
    toast({
      title: "Pago Aprobado",
      description: ADMIN_MESSAGES.noTicketsReturned,
      variant: "warning",
      duration: APPROVED_TOAST_MS,
    });
  }
}

/** Approving, rejecting and deleting a proof, and what follows each: fresh lists and the next proof selected. */
export function useProofDecisions({
  items,
  pendingOnly,
  setSelectedId,
  onRejected,
}: {
  items: readonly AdminProof[];
  /** The list shows pending proofs only, so a decided one leaves it. */
  pendingOnly: boolean;
  setSelectedId: (id: string | null) => void;
  onRejected: () => void;
}) {
  const queryClient = useQueryClient();
  const afterChange = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.proofsAll() });
    void queryClient.invalidateQueries({ queryKey: pendingCountKey() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.raffles() });
    void queryClient.invalidateQueries({ queryKey: ["admin", "stats"] });
  };

  /** After a decision the next proof of the list is the one selected (an inbox works top to bottom). */
  const selectAfter = (proof: AdminProof) => {
    const index = items.findIndex((p) => p.id === proof.id);
    const next = items[index + 1] ?? items[index - 1];
    setSelectedId(next ? next.id : null);
  };

  const approve = useMutation({
    mutationFn: (proof: AdminProof) => approveProof(proof.id),
    onSuccess: (result, proof) => {
      afterChange();
      if (pendingOnly) selectAfter(proof);
      approvedToast(proof, result.tickets ?? []);
    },
    onError: (error) =>
      toast({ title: approveErrorTitle(error), description: errorMessage(error), variant: "error" }),
  });

  const reject = useMutation({
    mutationFn: ({ proof, notes }: { proof: AdminProof; notes: string }) => rejectProof(proof.id, notes),
    onSuccess: (_data, { proof }) => {
      afterChange();
      if (pendingOnly) selectAfter(proof);
      onRejected();
      toast({
        title: "Pago Rechazado",
        description: `Se notificó a ${proof.buyerName} el motivo del rechazo.`,
        variant: "success",
      });
    },
    onError: (error) =>
      toast({ title: "Error al Rechazar", description: errorMessage(error), variant: "error" }),
  });

  const remove = useMutation({
    mutationFn: (proof: AdminProof) => deleteProof(proof.id),
    onSuccess: (_data, proof) => {
      afterChange();
      selectAfter(proof);
      toast({
        title: "Comprobante Eliminado",
        description: "Se eliminó el comprobante y su participación.",
        variant: "success",
      });
    },
    onError: (error) =>
      toast({ title: "Error al Eliminar", description: errorMessage(error), variant: "error" }),
  });

  return { approve, reject, remove };
}
