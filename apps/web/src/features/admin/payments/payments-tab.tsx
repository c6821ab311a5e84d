import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PROOF_STATUS_LABELS,
  type ProofStatus,
} from "@rifazo/shared/constants";
import { ADMIN_MESSAGES, PROOF_FLAG_LABELS, PROOF_FLAGS, type ProofFlag } from "@rifazo/shared/schemas/admin";
import { GENERAL_PROOF_ID, GENERAL_PROOF_LABEL } from "@rifazo/shared/schemas/proofs";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { SearchField } from "../../../components/ui/search-field";
import { toast } from "../../../components/ui/toast";
import { errorMessage, isApiError } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatMoney, formatNumber } from "../../../lib/format";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { pendingCountKey } from "../../inbox-count";
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
import { useLiveProofs } from "../api/inbox-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { ExportMenu } from "../shared/export-menu";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { Pagination } from "../shared/pagination";
import { SectionCard } from "../shared/section-card";
import { SelectFilter } from "../shared/select-filter";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { ProofRow } from "./proof-row";
import { RejectDialog } from "./reject-dialog";
import { ShortcutsHelp, useInboxShortcuts } from "./shortcuts";

const APPROVED_TOAST_MS = 8_000;

const STATUS_OPTIONS = [
  { value: "all", label: "Todos los estados" },
  ...(["pending", "approved", "verified", "rejected"] as ProofStatus[]).map((status) => ({
    value: status,
    label: status === "verified" ? "Verificado" : PROOF_STATUS_LABELS[status],
  })),
];

const METHOD_OPTIONS = [
  { value: "all", label: "Todos los métodos" },
  ...PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] })),
];

const SORT_OPTIONS = [
  { value: "all", label: "Según el estado (pendientes: antiguos primero)" },
  { value: "oldest", label: "Más antiguos primero" },
  { value: "newest", label: "Más recientes primero" },
];

/**
 * The approvals inbox (spec 2 §2 "Payment proofs tab"): pending proofs oldest first, filters by raffle,
 * method and flags, the proof large beside what the buyer typed, what is expected and what OCR read;
 * approving asks first, rejecting picks a reason from templates; j/k, a, r and ? on the keyboard.
 */
export function PaymentsTab() {
  const queryClient = useQueryClient();
  const raffles = useAdminRaffles();
  const [searchParams, setSearchParams] = useSearchParams();
  const proofId = searchParams.get("proof") ?? undefined;
  const [status, setStatus] = useState<ProofFilters["status"]>("pending");
  const [raffleId, setRaffleId] = useState("all");
  const [method, setMethod] = useState("all");
  const [flag, setFlag] = useState<ProofFlag | "all">("all");
  const [sort, setSort] = useState("all");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const q = useDebouncedValue(search.trim(), 350);
  const filters: ProofFilters = proofId
    ? { status: "all", raffleId: "all", q: "", page: 1, proofId }
    : { status, raffleId, q, page, method, flag, sort };
  useLiveProofs();

  const proofs = useQuery({
    queryKey: adminKeys.proofs(filters),
    queryFn: ({ signal }) => fetchProofs(filters, signal),
    placeholderData: keepPreviousData,
  });
  const items = proofs.data?.items ?? [];

  const [selectedId, setSelectedId] = useState<string | null>(null);
  const selectedIndex = Math.max(
    0,
    items.findIndex((proof) => proof.id === selectedId),
  );
  const selected = items[selectedIndex];
  const [approving, setApproving] = useState<AdminProof | null>(null);
  const [rejecting, setRejecting] = useState<AdminProof | null>(null);
  const [deleting, setDeleting] = useState<AdminProof | null>(null);
  const [help, setHelp] = useState(false);

  const resetPage = () => {
    setPage(1);
    setSelectedId(null);
  };

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
      if (status === "pending") selectAfter(proof);
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
      if (status === "pending") selectAfter(proof);
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

  const dialogOpen = approving !== null || rejecting !== null || deleting !== null || help;
  useInboxShortcuts({
    enabled: !dialogOpen,
    onMove: (step) => {
      if (items.length === 0) return;
      const next = items[Math.min(items.length - 1, Math.max(0, selectedIndex + step))];
      if (next) setSelectedId(next.id);
    },
    onApprove: () => {
      if (selected?.status === "pending") setApproving(selected);
    },
    onReject: () => {
      if (selected?.status === "pending") setRejecting(selected);
    },
    onHelp: () => setHelp(true),
  });

  // The selected proof scrolls into view when the keyboard moves to it.
  const selectedRowId = selected?.id;
  useEffect(() => {
    if (!selectedRowId || selectedId === null) return;
    document.getElementById(`proof-row-${selectedRowId}`)?.scrollIntoView?.({ block: "nearest" });
  }, [selectedRowId, selectedId]);

  const raffleOptions = [
    { value: "all", label: "Todas las rifas" },
    { value: GENERAL_PROOF_ID, label: GENERAL_PROOF_LABEL },
    ...(raffles.data ?? []).map((raffle) => ({ value: raffle.id, label: raffle.title })),
  ];
  const data = proofs.data;
  const unfiltered = status === "all" && raffleId === "all" && !q && method === "all" && flag === "all";

  return (
    <SectionCard
      title="Comprobantes de Pago"
      description="Los pendientes primero, del más antiguo al más nuevo. Aprueba o rechaza los pagos en revisión."
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setHelp(true)} aria-keyshortcuts="?">
            Atajos de teclado (?)
          </Button>
          <ExportMenu files={EXPORTS.proofs} noun="comprobantes" />
        </div>
      }
    >
      {proofId ? (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-control bg-brand-50 p-3 text-sm">
          <span className="text-ink">Mostrando un solo comprobante.</span>
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              const next = new URLSearchParams(searchParams);
              next.delete("proof");
              setSearchParams(next);
            }}
          >
            Volver a la bandeja
          </Button>
        </div>
      ) : (
        <>
          <div className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
            <SelectFilter
              id="proofs-status"
              label="Estado"
              options={STATUS_OPTIONS}
              value={status}
              onChange={(value) => {
                setStatus(value as ProofFilters["status"]);
                resetPage();
              }}
            />
            <SelectFilter
              id="proofs-raffle"
              label="Rifa"
              options={raffleOptions}
              value={raffleId}
              onChange={(value) => {
                setRaffleId(value);
                resetPage();
              }}
            />
            <SelectFilter
              id="proofs-method"
              label="Método"
              options={METHOD_OPTIONS}
              value={method}
              onChange={(value) => {
                setMethod(value);
                resetPage();
              }}
            />
            <SelectFilter
              id="proofs-sort"
              label="Orden"
              options={SORT_OPTIONS}
              value={sort}
              onChange={(value) => {
                setSort(value);
                resetPage();
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
                resetPage();
              }}
            />
          </div>
          <fieldset className="mb-4">
            <legend className="mb-1.5 text-sm font-semibold text-ink">Alertas</legend>
            <div className="flex flex-wrap gap-2">
              {(["all", ...PROOF_FLAGS] as const).map((value) => (
                <button
                  key={value}
                  type="button"
                  aria-pressed={flag === value}
                  onClick={() => {
                    setFlag(value);
                    resetPage();
                  }}
                  className={cn(
                    "rounded-pill border px-3 py-1 text-sm font-semibold",
                    flag === value
                      ? "border-brand-700 bg-brand-700 text-white"
                      : "border-line bg-surface text-ink hover:bg-brand-50",
                  )}
                >
                  {value === "all" ? "Todas" : PROOF_FLAG_LABELS[value]}
                </button>
              ))}
            </div>
          </fieldset>
        </>
      )}

      {proofs.isPending ? (
        <LoadingList label="Cargando comprobantes..." count={2} className="space-y-3" itemClassName="h-56" />
      ) : proofs.isError && !data ? (
        <LoadError onRetry={() => proofs.refetch()}>{errorMessage(proofs.error)}</LoadError>
      ) : data && data.items.length === 0 ? (
        <EmptyState>
          {proofId
            ? "Ese comprobante ya no existe."
            : unfiltered
              ? "Aún no se han recibido comprobantes de pago."
              : status === "pending" && raffleId === "all" && !q && method === "all" && flag === "all"
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
                selected={proof.id === selected?.id}
                busy={
                  (approve.isPending && approve.variables?.id === proof.id) ||
                  (remove.isPending && remove.variables?.id === proof.id)
                }
                onSelect={() => setSelectedId(proof.id)}
                onApprove={() => {
                  setSelectedId(proof.id);
                  setApproving(proof);
                }}
                onReject={() => {
                  setSelectedId(proof.id);
                  setRejecting(proof);
                }}
                onDelete={() => setDeleting(proof)}
              />
            ))}
          </ul>
          <Pagination
            data={data}
            onPageChange={(next) => {
              setPage(next);
              setSelectedId(null);
            }}
            noun="comprobantes"
            disabled={proofs.isFetching}
          />
        </>
      ) : null}

      <ConfirmDialog
        open={approving !== null}
        onOpenChange={(open) => (open ? undefined : setApproving(null))}
        title="¿Aprobar este pago?"
        variant="primary"
        description={
          approving ? (
            <>
              <p>
                Comprador: <strong className="text-ink">{approving.buyerName}</strong>
              </p>
              <p>
                Monto:{" "}
                <strong className="text-ink">{formatMoney(approving.amount, approving.currency)}</strong> ·
                Referencia <strong className="text-ink">{approving.transactionRef}</strong>
              </p>
              <p>
                Boletos:{" "}
                <strong className="text-ink">
                  {formatNumber(approving.quantityOfTickets)}
                  {approving.raffleTitle ? ` de "${approving.raffleTitle}"` : ""}
                </strong>
              </p>
              {approving.flags.length > 0 ? (
                <p className="font-semibold text-danger-700">
                  Atención: {approving.flags.map((f) => PROOF_FLAG_LABELS[f]).join(" · ")}.
                </p>
              ) : null}
            </>
          ) : null
        }
        confirmLabel="Aprobar pago"
        busy={approve.isPending}
        onConfirm={() => (approving ? approve.mutateAsync(approving) : undefined)}
      />

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

      <ShortcutsHelp open={help} onOpenChange={setHelp} />
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
