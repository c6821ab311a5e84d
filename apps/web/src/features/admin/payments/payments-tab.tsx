import {
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
  PROOF_STATUS_LABELS,
  type ProofStatus,
} from "@rifazo/shared/constants";
import { ADMIN_MESSAGES } from "@rifazo/shared/schemas/admin";
import { GENERAL_PROOF_ID, GENERAL_PROOF_LABEL } from "@rifazo/shared/schemas/proofs";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Badge } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog";
import { Field } from "../../../components/ui/field";
import { AlertTriangleIcon } from "../../../components/ui/icons";
import { inputClasses } from "../../../components/ui/input";
import { SearchField } from "../../../components/ui/search-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDateTime, formatMoney, formatNumber } from "../../../lib/format";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import {
  type AdminProof,
  adminKeys,
  approveProof,
  deleteProof,
  EXPORTS,
  fetchProofs,
  type ProofFilters,
  rejectProof,
} from "../api/admin-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { ExportMenu } from "../shared/export-menu";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { Pagination } from "../shared/pagination";
import { ProofStatusBadge } from "../shared/proof-status";
import { SectionCard } from "../shared/section-card";
import { SelectFilter } from "../shared/select-filter";
import { TicketPreview } from "../shared/ticket-preview";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { ProofFilePreview } from "./proof-file-preview";

const APPROVED_TOAST_MS = 8_000;
const NOTES_MAX = 500;

const STATUS_OPTIONS = [
  { value: "all", label: "Todos los estados" },
  ...(["pending", "approved", "verified", "rejected"] as ProofStatus[]).map((status) => ({
    value: status,
    label: status === "verified" ? "Verificado" : PROOF_STATUS_LABELS[status],
  })),
];

/** Spec 2 §2 "Payment proofs tab": newest first, filters, the proof inline, approve / reject / delete. */
export function PaymentsTab() {
  const queryClient = useQueryClient();
  const raffles = useAdminRaffles();
  const [status, setStatus] = useState<ProofFilters["status"]>("all");
  const [raffleId, setRaffleId] = useState("all");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 350);
  const filters: ProofFilters = { status, raffleId, q, page };

  const proofs = useQuery({
    queryKey: adminKeys.proofs(filters),
    queryFn: ({ signal }) => fetchProofs(filters, signal),
    placeholderData: keepPreviousData,
  });

  const [rejecting, setRejecting] = useState<AdminProof | null>(null);
  const [deleting, setDeleting] = useState<AdminProof | null>(null);

  const afterChange = () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.proofsAll() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.raffles() });
    void queryClient.invalidateQueries({ queryKey: ["admin", "stats"] });
  };

  const approve = useMutation({
    mutationFn: (proof: AdminProof) => approveProof(proof.id),
    onSuccess: (result, proof) => {
      afterChange();
      const tickets = result.tickets ?? [];
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
    },
    onError: (error) =>
      toast({ title: approveErrorTitle(error), description: errorMessage(error), variant: "error" }),
  });

  const reject = useMutation({
    mutationFn: ({ proof, notes }: { proof: AdminProof; notes: string }) => rejectProof(proof.id, notes),
    onSuccess: (_data, { proof }) => {
      afterChange();
      setRejecting(null);
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
    onSuccess: () => {
      afterChange();
      toast({
        title: "Comprobante Eliminado",
        description: "Se eliminó el comprobante y su participación.",
        variant: "success",
      });
    },
    onError: (error) =>
      toast({ title: "Error al Eliminar", description: errorMessage(error), variant: "error" }),
  });

  const raffleOptions = [
    { value: "all", label: "Todas las rifas" },
    { value: GENERAL_PROOF_ID, label: GENERAL_PROOF_LABEL },
    ...(raffles.data ?? []).map((raffle) => ({ value: raffle.id, label: raffle.title })),
  ];
  const data = proofs.data;

  return (
    <SectionCard
      title="Comprobantes de Pago"
      description="Del más reciente al más antiguo. Aprueba o rechaza los pagos en revisión."
      actions={<ExportMenu files={EXPORTS.proofs} noun="comprobantes" />}
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-3">
        <SelectFilter
          id="proofs-status"
          label="Estado"
          options={STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            setStatus(value as ProofFilters["status"]);
            setPage(1);
          }}
        />
        <SelectFilter
          id="proofs-raffle"
          label="Rifa"
          options={raffleOptions}
          value={raffleId}
          onChange={(value) => {
            setRaffleId(value);
            setPage(1);
          }}
        />
        <SearchField
          id="proofs-search"
          label="Buscar"
          visibleLabel
          placeholder="Referencia, nombre o correo"
          value={search}
          onChange={(value) => {
            setSearch(value);
            setPage(1);
          }}
        />
      </div>

      {proofs.isPending ? (
        <LoadingList label="Cargando comprobantes..." count={2} className="space-y-3" itemClassName="h-56" />
      ) : proofs.isError && !data ? (
        <LoadError onRetry={() => proofs.refetch()}>{errorMessage(proofs.error)}</LoadError>
      ) : data && data.items.length === 0 ? (
        <EmptyState>
          {status === "all" && raffleId === "all" && !q
            ? "Aún no se han recibido comprobantes de pago."
            : status === "pending" && raffleId === "all" && !q
              ? "No hay comprobantes en revisión. ¡Todo al día!"
              : "No hay comprobantes con estos filtros."}
        </EmptyState>
      ) : data ? (
        <>
          <ul
            aria-label="Comprobantes"
            aria-busy={proofs.isFetching}
            className={cn("space-y-4", proofs.isFetching && "opacity-70 transition-opacity")}
          >
            {data.items.map((proof) => (
              <ProofRow
                key={proof.id}
                proof={proof}
                busy={
                  (approve.isPending && approve.variables?.id === proof.id) ||
                  (remove.isPending && remove.variables?.id === proof.id)
                }
                onApprove={() => approve.mutate(proof)}
                onReject={() => setRejecting(proof)}
                onDelete={() => setDeleting(proof)}
                onShowSameReference={() => {
                  // Both proofs of the pair, whatever their state, raffle or method.
                  setStatus("all");
                  setRaffleId("all");
                  setSearch(proof.transactionRef);
                  setPage(1);
                }}
              />
            ))}
          </ul>
          <Pagination data={data} onPageChange={setPage} noun="comprobantes" disabled={proofs.isFetching} />
        </>
      ) : null}

      <RejectDialog
        proof={rejecting}
        busy={reject.isPending}
        onCancel={() => setRejecting(null)}
        onReject={(notes) => rejecting && reject.mutate({ proof: rejecting, notes })}
      />

      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="¿Eliminar este comprobante?"
        description={
          <>
            <p>
              Comprobante de <strong className="text-ink">{deleting?.buyerName}</strong>, referencia{" "}
              <strong className="text-ink">{deleting?.transactionRef}</strong>.
            </p>
            <p className="font-semibold text-danger-700">
              Se eliminará también la participación del usuario en la rifa. Esta acción no se puede deshacer.
            </p>
          </>
        }
        confirmLabel="Eliminar Comprobante"
        busy={remove.isPending}
        onConfirm={() => (deleting ? remove.mutateAsync(deleting) : undefined)}
      />
    </SectionCard>
  );
}

/** Spec 2 §8: session, permission and data problems have their own titles; the rest is "Error al Aprobar". */
function approveErrorTitle(error: unknown): string {
  if (!isApiError(error)) return "Error al Aprobar";
  if (error.status === 401) return "Error de Sesión";
  if (error.status === 403) return "Error de Autorización";
  if (error.status === 400 || error.status === 422) return "Error de Datos";
  return "Error al Aprobar";
}

interface ProofRowProps {
  proof: AdminProof;
  busy: boolean;
  onApprove: () => void;
  onReject: () => void;
  onDelete: () => void;
  onShowSameReference: () => void;
}

function ProofRow({ proof, busy, onApprove, onReject, onDelete, onShowSameReference }: ProofRowProps) {
  const headingId = `proof-${proof.id}`;
  const method = PAYMENT_METHOD_LABELS[proof.paymentMethod as PaymentMethod] ?? proof.paymentMethod;
  return (
    <li
      aria-labelledby={headingId}
      // Phones: details, the proof, then the buttons (look before approving). Wider: the proof on the right.
      className="grid grid-cols-1 gap-4 rounded-card border border-line p-4 md:grid-cols-[minmax(0,1fr)_16rem] md:grid-rows-[auto_1fr] lg:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <div className="min-w-0 space-y-3 md:col-start-1 md:row-start-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-bold break-words text-ink">
              {proof.raffleTitle ?? GENERAL_PROOF_LABEL}
            </h3>
            <p className="text-sm text-muted">{formatDateTime(proof.createdAt)}</p>
            {proof.reviewBefore ? (
              <p className="mt-1">
                <Badge
                  variant="warning"
                  title="La rifa cerró: este pago se rechaza solo si no se revisa a tiempo"
                >
                  Rifa cerrada · revisar antes del {formatDateTime(proof.reviewBefore)}
                </Badge>
              </p>
            ) : null}
          </div>
          <ProofStatusBadge status={proof.status} />
        </div>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-muted">Comprador</dt>
            <dd className="font-semibold break-words text-ink">{proof.buyerName}</dd>
            <dd className="break-all text-muted">{proof.buyerEmail}</dd>
          </div>
          <div>
            <dt className="text-muted">Monto</dt>
            <dd className="font-semibold text-ink">
              {formatMoney(proof.amount, proof.currency)} · {method}
            </dd>
            <dd className="text-muted">
              {formatNumber(proof.quantityOfTickets)} {proof.quantityOfTickets === 1 ? "boleto" : "boletos"}
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted">Referencia</dt>
            <dd className="flex flex-wrap items-center gap-2">
              <span className="font-mono font-semibold break-all text-ink">{proof.transactionRef}</span>
              {proof.duplicateReference ? (
                <>
                  <Badge variant="danger" title="Otro comprobante tiene la misma referencia">
                    <AlertTriangleIcon aria-hidden="true" /> Referencia duplicada
                  </Badge>
                  <button
                    type="button"
                    onClick={onShowSameReference}
                    className="text-xs font-semibold text-brand-700 underline-offset-4 hover:underline"
                  >
                    Ver el otro comprobante
                  </button>
                </>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Boletos asignados</dt>
            <dd>
              <TicketPreview
                tickets={proof.tickets}
                empty={proof.status === "pending" ? "Se asignan al aprobar" : "Sin boletos"}
              />
            </dd>
          </div>
          {proof.userNotes ? (
            <div className="sm:col-span-2">
              <dt className="text-muted">Notas del usuario</dt>
              <dd className="break-words whitespace-pre-line text-ink">{proof.userNotes}</dd>
            </div>
          ) : null}
          {proof.adminNotes ? (
            <div className="sm:col-span-2">
              <dt className="text-muted">Notas del administrador</dt>
              <dd className="break-words whitespace-pre-line text-ink">{proof.adminNotes}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="md:col-start-2 md:row-span-2 md:row-start-1">
        <ProofFilePreview proof={proof} />
      </div>
      <div className="flex flex-wrap items-start gap-2 md:col-start-1 md:row-start-2">
        {proof.status === "pending" ? (
          <>
            <Button
              size="sm"
              onClick={onApprove}
              loading={busy}
              aria-label={`Aprobar pago de ${proof.buyerName}`}
            >
              Aprobar
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={onReject}
              disabled={busy}
              aria-label={`Rechazar pago de ${proof.buyerName}`}
            >
              Rechazar
            </Button>
          </>
        ) : null}
        <Button
          size="sm"
          variant="ghost"
          onClick={onDelete}
          disabled={busy}
          aria-label={`Eliminar comprobante de ${proof.buyerName}`}
        >
          <span className="text-danger-700">Eliminar</span>
        </Button>
      </div>
    </li>
  );
}

interface RejectDialogProps {
  proof: AdminProof | null;
  busy: boolean;
  onCancel: () => void;
  onReject: (notes: string) => void;
}

function RejectDialog({ proof, busy, onCancel, onReject }: RejectDialogProps) {
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string>();
  const proofId = proof?.id;
  // A new proof starts with an empty note; a failed rejection keeps what was typed.
  useEffect(() => {
    if (proofId === undefined) return;
    setNotes("");
    setError(undefined);
  }, [proofId]);
  const close = () => onCancel();
  return (
    <Dialog open={proof !== null} onOpenChange={(open) => (open || busy ? undefined : close())}>
      <DialogContent size="md">
        <DialogHeader>
          <DialogTitle>Rechazar pago</DialogTitle>
          <DialogDescription>
            {proof
              ? `Comprobante de ${proof.buyerName} (${formatMoney(proof.amount, proof.currency)}, referencia ${proof.transactionRef}). El usuario verá el motivo en Mis Pagos.`
              : null}
          </DialogDescription>
        </DialogHeader>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            const text = notes.trim();
            if (!text) {
              setError("Escribe el motivo del rechazo.");
              return;
            }
            if (text.length > NOTES_MAX) {
              setError(ADMIN_MESSAGES.adminNotesTooLong);
              return;
            }
            setError(undefined);
            onReject(text);
          }}
        >
          <Field
            id="reject-notes"
            label="Motivo del rechazo (notas del administrador)"
            error={error}
            hint={`${notes.length}/${NOTES_MAX}`}
          >
            {(describedBy) => (
              <textarea
                id="reject-notes"
                rows={4}
                maxLength={NOTES_MAX}
                className={cn(inputClasses, "h-auto py-2")}
                value={notes}
                onChange={(event) => setNotes(event.target.value)}
                aria-invalid={Boolean(error)}
                aria-describedby={describedBy}
              />
            )}
          </Field>
          <DialogFooter>
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancelar
            </Button>
            <Button type="submit" variant="danger" loading={busy} loadingText="Rechazando...">
              Rechazar Pago
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
