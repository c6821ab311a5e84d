import { parseEsNumber } from "@rifazo/shared/domain/money";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentProps, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { FormField } from "../../../components/ui/field";
import { MoneyInput } from "../../../components/ui/money-input";
import { errorMessage } from "../../../lib/api-client";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { pendingCountKey } from "../../inbox-count";
import { adminKeys } from "../api/admin-api";
import {
  approveMatches,
  type BulkApproveResult,
  fetchReconciliation,
  type ReconciliationRow,
  reconciliationKeys,
} from "../api/reconciliation-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { LoadError, LoadingList } from "../shared/load-states";
import { RaffleFilter, type RafflePicker } from "../shared/raffle-picker";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { type ApprovedSummary, ApproveSummary } from "./approve-summary";
import { ApproveWarning, MatchResults, PAGE_ROWS, type StatusFilter } from "./match-results";
import { plural } from "./recon-format";

const TOLERANCE_DEBOUNCE_MS = 400;

/** The tolerance as typed, and the one the list is compared with (debounced, the last readable one). */
function useTolerance() {
  const [text, setText] = useState("0,00");
  const parsed = parseEsNumber(text, { decimals: 2, max: 1_000_000 });
  // While the text cannot be read (the field says why), the list keeps the last tolerance that could.
  const [lastTolerance, setLastTolerance] = useState(0);
  const typedTolerance = parsed.ok ? parsed.value : null;
  useEffect(() => {
    if (typedTolerance !== null) setLastTolerance(typedTolerance);
  }, [typedTolerance]);
  const value = useDebouncedValue(typedTolerance ?? lastTolerance, TOLERANCE_DEBOUNCE_MS);
  return { text, setText, error: parsed.ok ? undefined : parsed.error, value };
}

/** Approves the chosen proofs and refreshes everything an approval changes. */
function useApproveMatches(tolerance: number, onApproved: (result: BulkApproveResult) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proofIds: string[]) => approveMatches(proofIds, tolerance),
    onSuccess: (result) => {
      onApproved(result);
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
      // The proofs list, its pending count and everything an approval changes (raffles, users, stats).
      void queryClient.invalidateQueries({ queryKey: adminKeys.proofsAll() });
      void queryClient.invalidateQueries({ queryKey: pendingCountKey() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.raffles() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
      void queryClient.invalidateQueries({ queryKey: ["admin", "stats"] });
    },
  });
}

/** The raffle and the amount tolerance the proofs are compared with. */
function ReconciliationFilters({
  ids,
  raffles,
  raffleId,
  onRaffle,
  tolerance,
}: {
  ids: string;
  raffles: ComponentProps<typeof RafflePicker>["raffles"];
  raffleId: string;
  onRaffle: (raffleId: string) => void;
  tolerance: ReturnType<typeof useTolerance>;
}) {
  const toleranceId = `${ids}-tolerance`;
  const raffleFilterId = `${ids}-raffle`;
  return (
    <div className="mb-4 grid gap-3 sm:grid-cols-2">
      <RaffleFilter
        id={raffleFilterId}
        label="Rifa"
        className="space-y-1.5"
        raffles={raffles}
        value={raffleId}
        onChange={onRaffle}
      />
      <FormField
        id={toleranceId}
        label="Tolerancia (Bs)"
        hint="Diferencia aceptada entre el monto del comprobante y el del movimiento."
        error={tolerance.error}
      >
        {(control) => (
          <MoneyInput
            value={tolerance.text}
            onChange={(event) => tolerance.setText(event.target.value)}
            {...control}
          />
        )}
      </FormField>
    </div>
  );
}

/** The approval's summary, focused when it appears so a screen reader reads it. */
function FocusedSummary({ summary, onClose }: { summary: ApprovedSummary; onClose: () => void }) {
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);
  return (
    <div ref={summaryRef} tabIndex={-1} className="mb-4 outline-none">
      <ApproveSummary summary={summary} onClose={onClose} />
    </div>
  );
}

/** The selected proofs, and which of them count: the clean matches of the current answer. */
function useMatchSelection(rows: ReconciliationRow[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const matchedIds = new Set(rows.filter((r) => r.status === "matched").map((r) => r.proofId));
  // Only rows still matched in the current answer stay selected (a new tolerance or raffle may change them).
  const chosen = rows.filter((r) => selected.has(r.proofId) && matchedIds.has(r.proofId));
  return { selected, setSelected, matchedIds, chosen };
}

/** "¿Aprobar n pagos?", with the server's refusal when none was approved. */
function ApproveDialog({
  open,
  onOpenChange,
  chosen,
  approve,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  chosen: ReconciliationRow[];
  approve: ReturnType<typeof useApproveMatches>;
}) {
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={`¿Aprobar ${plural(chosen.length, "pago", "pagos")}?`}
      description={<ApproveWarning chosen={chosen} />}
      confirmLabel="Aprobar pagos"
      variant="primary"
      busy={approve.isPending}
      onConfirm={() => approve.mutateAsync(chosen.map((r) => r.proofId))}
    >
      {approve.isError ? (
        <Alert variant="danger" title="No se aprobó ningún pago" className="mt-4">
          {errorMessage(approve.error)}
        </Alert>
      ) : null}
    </ConfirmDialog>
  );
}

/** Each pending proof against the imported movements; the clean matches are approved in one action. */
export function ReconciliationView() {
  const ids = useId();
  const raffles = useAdminRaffles();
  const [raffleId, setRaffleId] = useState("all");
  const tolerance = useTolerance();
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [confirming, setConfirming] = useState(false);
  const [summary, setSummary] = useState<ApprovedSummary | null>(null);

  const recon = useQuery({
    queryKey: reconciliationKeys.matches(raffleId, tolerance.value),
    queryFn: ({ signal }) => fetchReconciliation(raffleId, tolerance.value, signal),
    placeholderData: keepPreviousData,
  });
  const rows = recon.data?.rows ?? [];
  const { selected, setSelected, matchedIds, chosen } = useMatchSelection(rows);

  const approve = useApproveMatches(tolerance.value, (result) => {
    setSummary({ result, rows: new Map(rows.map((r) => [r.proofId, r])) });
    setSelected(new Set());
  });

  const [shown, setShown] = useState(PAGE_ROWS);

  return (
    <SectionCard
      title="Conciliación"
      description="Los comprobantes en revisión pagados en bolívares, comparados con los movimientos importados por referencia, monto y fecha."
    >
      <ReconciliationFilters
        ids={ids}
        raffles={raffles.data}
        raffleId={raffleId}
        onRaffle={setRaffleId}
        tolerance={tolerance}
      />

      {summary ? <FocusedSummary summary={summary} onClose={() => setSummary(null)} /> : null}

      {recon.isPending ? (
        <LoadingList
          label="Comparando con el extracto..."
          count={3}
          className="space-y-3"
          itemClassName="h-24"
        />
      ) : recon.isError && !recon.data ? (
        <LoadError onRetry={() => recon.refetch()}>{errorMessage(recon.error)}</LoadError>
      ) : recon.data ? (
        <MatchResults
          rows={rows}
          counts={recon.data.counts}
          filter={filter}
          onFilter={(next) => {
            setFilter(next);
            setShown(PAGE_ROWS);
          }}
          shown={shown}
          onMore={() => setShown((n) => n + PAGE_ROWS)}
          busy={recon.isFetching}
          selected={selected}
          setSelected={setSelected}
          matchedIds={matchedIds}
          chosen={chosen.length}
          onApprove={() => {
            approve.reset();
            setConfirming(true);
          }}
        />
      ) : null}

      <ApproveDialog open={confirming} onOpenChange={setConfirming} chosen={chosen} approve={approve} />
    </SectionCard>
  );
}
