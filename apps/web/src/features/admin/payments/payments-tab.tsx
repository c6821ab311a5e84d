import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { type AdminProof, adminKeys, EXPORTS, fetchProofs, type ProofFilters } from "../api/admin-api";
import { useLiveProofs } from "../api/inbox-api";
import { ExportMenu } from "../shared/export-menu";
import { EmptyState, LoadError, LoadingList, RefetchingList } from "../shared/load-states";
import { Pagination } from "../shared/pagination";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { INITIAL_PROOF_FILTERS, PaymentsFilters, type ProofFilterState } from "./payments-filters";
import { ApproveProofDialog, DeleteProofDialog } from "./proof-dialogs";
import { ProofRow } from "./proof-row";
import { RejectDialog } from "./reject-dialog";
import { ShortcutsHelp, useInboxShortcuts } from "./shortcuts";
import { useProofDecisions } from "./use-proof-decisions";

/**
 * The approvals inbox (spec 2 §2 "Payment proofs tab"): pending proofs oldest first, filters by raffle,
 * method and flags, the proof large beside what the buyer typed, what is expected and what OCR read;
 * approving asks first, rejecting picks a reason from templates; j/k, a, r and ? on the keyboard.
 */
export function PaymentsTab() {
  const raffles = useAdminRaffles();
  const [searchParams, setSearchParams] = useSearchParams();
  const proofId = searchParams.get("proof") ?? undefined;
  const [filter, setFilter] = useState<ProofFilterState>(INITIAL_PROOF_FILTERS);
  const { status, raffleId, method, flag } = filter;
  const [page, setPage] = useState(1);
  const { proofs, q } = useProofs(filter, page, proofId);
  const items = proofs.data?.items ?? [];
  const inbox = useInboxSelection(items);
  const { setSelectedId } = inbox;
  const decisions = useProofDecisions({
    items,
    pendingOnly: status === "pending",
    setSelectedId,
    onRejected: () => inbox.setRejecting(null),
  });

  const data = proofs.data;
  const unfiltered = raffleId === "all" && !q && method === "all" && flag === "all";

  return (
    <SectionCard
      title="Comprobantes de Pago"
      description="Los pendientes primero, del más antiguo al más nuevo. Aprueba o rechaza los pagos en revisión."
      actions={
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => inbox.setHelp(true)} aria-keyshortcuts="?">
            Atajos de teclado (?)
          </Button>
          <ExportMenu files={EXPORTS.proofs} noun="comprobantes" />
        </div>
      }
    >
      {proofId ? (
        <SingleProofBanner
          onBack={() => {
            const next = new URLSearchParams(searchParams);
            next.delete("proof");
            setSearchParams(next);
          }}
        />
      ) : (
        <PaymentsFilters
          value={filter}
          raffles={raffles.data}
          onChange={(patch) => {
            setFilter((current) => ({ ...current, ...patch }));
            setPage(1);
            setSelectedId(null);
          }}
        />
      )}

      {proofs.isPending ? (
        <LoadingList label="Cargando comprobantes..." count={2} className="space-y-3" itemClassName="h-56" />
      ) : proofs.isError && !data ? (
        <LoadError onRetry={() => proofs.refetch()}>{errorMessage(proofs.error)}</LoadError>
      ) : data && data.items.length === 0 ? (
        <EmptyState>{emptyText(proofId, status, unfiltered)}</EmptyState>
      ) : data ? (
        <>
          <ProofList proofs={data.items} fetching={proofs.isFetching} inbox={inbox} decisions={decisions} />
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

      <InboxDialogs inbox={inbox} decisions={decisions} />
    </SectionCard>
  );
}

/** The proofs of the filters, or the one proof a link names (?proof=): then no filter applies. */
function useProofs(filter: ProofFilterState, page: number, proofId: string | undefined) {
  const { status, raffleId, method, flag, sort } = filter;
  const q = useDebouncedValue(filter.search.trim(), 350);
  const filters: ProofFilters = proofId
    ? { status: "all", raffleId: "all", q: "", page: 1, proofId }
    : { status, raffleId, q, page, method, flag, sort };
  useLiveProofs();
  const proofs = useQuery({
    queryKey: adminKeys.proofs(filters),
    queryFn: ({ signal }) => fetchProofs(filters, signal),
    placeholderData: keepPreviousData,
  });
  return { proofs, q };
}

type Inbox = ReturnType<typeof useInboxSelection>;
type Decisions = ReturnType<typeof useProofDecisions>;

function ProofList({
  proofs,
  fetching,
  inbox,
  decisions: { approve, remove },
}: {
  proofs: AdminProof[];
  fetching: boolean;
  inbox: Inbox;
  decisions: Decisions;
}) {
  return (
    <RefetchingList label="Comprobantes" busy={fetching} className="space-y-4">
      {proofs.map((proof) => (
        <ProofRow
          key={proof.id}
          proof={proof}
          selected={proof.id === inbox.selected?.id}
          busy={
            (approve.isPending && approve.variables?.id === proof.id) ||
            (remove.isPending && remove.variables?.id === proof.id)
          }
          onSelect={() => inbox.setSelectedId(proof.id)}
          onApprove={() => inbox.open(proof, "approve")}
          onReject={() => inbox.open(proof, "reject")}
          onDelete={() => inbox.setDeleting(proof)}
        />
      ))}
    </RefetchingList>
  );
}

function InboxDialogs({ inbox, decisions }: { inbox: Inbox; decisions: Decisions }) {
  const { approve, reject, remove } = decisions;
  return (
    <>
      <ApproveProofDialog
        proof={inbox.approving}
        busy={approve.isPending}
        onClose={() => inbox.setApproving(null)}
        onConfirm={(proof) => approve.mutateAsync(proof)}
      />
      <RejectDialog
        proof={inbox.rejecting}
        busy={reject.isPending}
        onCancel={() => inbox.setRejecting(null)}
        onReject={(notes) => inbox.rejecting && reject.mutate({ proof: inbox.rejecting, notes })}
      />
      <DeleteProofDialog
        proof={inbox.deleting}
        busy={remove.isPending}
        onClose={() => inbox.setDeleting(null)}
        onConfirm={(proof) => remove.mutateAsync(proof)}
      />
      <ShortcutsHelp open={inbox.help} onOpenChange={inbox.setHelp} />
    </>
  );
}

function emptyText(proofId: string | undefined, status: ProofFilters["status"], unfiltered: boolean): string {
  if (proofId) return "Ese comprobante ya no existe.";
  if (unfiltered && status === "all") return "Aún no se han recibido comprobantes de pago.";
  if (unfiltered && status === "pending") return "No hay comprobantes en revisión. ¡Todo al día!";
  return "No hay comprobantes con estos filtros.";
}

function SingleProofBanner({ onBack }: { onBack: () => void }) {
  return (
    <div className="mb-4 flex flex-wrap items-center gap-3 rounded-control bg-brand-50 p-3 text-sm">
      <span className="text-ink">Mostrando un solo comprobante.</span>
      <Button size="sm" variant="outline" onClick={onBack}>
        Volver a la bandeja
      </Button>
    </div>
  );
}

/**
 * The selected proof (j/k move it, a and r decide it, ? shows the keys) and the dialogs open on a proof.
 * The keys wait while a dialog is open; the selected proof scrolls into view when the keyboard moves to it.
 */
function useInboxSelection(items: readonly AdminProof[]) {
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

  const selectedRowId = selected?.id;
  useEffect(() => {
    if (!selectedRowId || selectedId === null) return;
    document.getElementById(`proof-row-${selectedRowId}`)?.scrollIntoView?.({ block: "nearest" });
  }, [selectedRowId, selectedId]);

  /** A row's button selects its proof and opens the decision's dialog. */
  const open = (proof: AdminProof, decision: "approve" | "reject") => {
    setSelectedId(proof.id);
    (decision === "approve" ? setApproving : setRejecting)(proof);
  };

  return {
    selected,
    setSelectedId,
    approving,
    setApproving,
    rejecting,
    setRejecting,
    deleting,
    setDeleting,
    help,
    setHelp,
    open,
  };
}
