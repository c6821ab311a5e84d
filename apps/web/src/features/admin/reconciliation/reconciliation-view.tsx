import { parseEsNumber } from "@rifazo/shared/domain/money";
import { pluralWord } from "@rifazo/shared/domain/plural";
import {
  MATCH_STATUS_LABELS,
  MATCH_STATUSES,
  type MatchStatus,
} from "@rifazo/shared/schemas/admin/reconciliation";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { MoneyInput } from "../../../components/ui/money-input";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import { useDebouncedValue } from "../../../lib/use-debounced-value";
import { pendingCountKey } from "../../inbox-count";
import { adminKeys } from "../api/admin-api";
import {
  approveMatches,
  type BulkApproveResult,
  fetchReconciliation,
  type Reconciliation,
  type ReconciliationRow,
  reconciliationKeys,
} from "../api/reconciliation-api";
import { ConfirmDialog } from "../shared/confirm-dialog";
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { RafflePicker } from "../shared/raffle-picker";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { type ApprovedSummary, ApproveSummary } from "./approve-summary";
import { MatchRow } from "./match-row";
import { bs, plural } from "./recon-format";

const TOLERANCE_DEBOUNCE_MS = 400;
/** Rows shown at a time: a thousand pending proofs would make a slow page on a phone. */
const PAGE_ROWS = 100;

type StatusFilter = MatchStatus | "all";

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

/** Each pending proof against the imported movements; the clean matches are approved in one action. */
export function ReconciliationView() {
  const ids = useId();
  const raffles = useAdminRaffles();
  const [raffleId, setRaffleId] = useState("all");
  const tolerance = useTolerance();
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [summary, setSummary] = useState<ApprovedSummary | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const recon = useQuery({
    queryKey: reconciliationKeys.matches(raffleId, tolerance.value),
    queryFn: ({ signal }) => fetchReconciliation(raffleId, tolerance.value, signal),
    placeholderData: keepPreviousData,
  });
  const rows = recon.data?.rows ?? [];
  const matchedIds = new Set(rows.filter((r) => r.status === "matched").map((r) => r.proofId));
  // Only rows still matched in the current answer stay selected (a new tolerance or raffle may change them).
  const chosen = rows.filter((r) => selected.has(r.proofId) && matchedIds.has(r.proofId));

  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);

  const approve = useApproveMatches(tolerance.value, (result) => {
    setSummary({ result, rows: new Map(rows.map((r) => [r.proofId, r])) });
    setSelected(new Set());
  });

  const [shown, setShown] = useState(PAGE_ROWS);
  const filtered = filter === "all" ? rows : rows.filter((r) => r.status === filter);
  const toleranceId = `${ids}-tolerance`;
  const raffleFilterId = `${ids}-raffle`;

  return (
    <SectionCard
      title="Conciliación"
      description="Los comprobantes en revisión pagados en bolívares, comparados con los movimientos importados por referencia, monto y fecha."
    >
      <div className="mb-4 grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <Label htmlFor={raffleFilterId}>Rifa</Label>
          <RafflePicker
            id={raffleFilterId}
            raffles={raffles.data}
            value={raffleId}
            onChange={setRaffleId}
            allLabel="Todas las rifas"
          />
        </div>
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

      {summary ? (
        <div ref={summaryRef} tabIndex={-1} className="mb-4 outline-none">
          <ApproveSummary summary={summary} onClose={() => setSummary(null)} />
        </div>
      ) : null}

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
        <>
          <StatusFilters
            filter={filter}
            total={rows.length}
            counts={recon.data.counts}
            onChange={(next) => {
              setFilter(next);
              setShown(PAGE_ROWS);
            }}
          />
          <SelectionBar
            matched={matchedIds.size}
            chosen={chosen.length}
            onSelectAll={(on) => setSelected(on ? new Set(matchedIds) : new Set())}
            onApprove={() => {
              approve.reset();
              setConfirming(true);
            }}
          />
          <MatchList
            rows={rows}
            filtered={filtered}
            shown={shown}
            busy={recon.isFetching}
            selected={selected}
            onCheck={(proofId, on) =>
              setSelected((current) => {
                const next = new Set(current);
                if (on) next.add(proofId);
                else next.delete(proofId);
                return next;
              })
            }
            onMore={() => setShown((n) => n + PAGE_ROWS)}
          />
        </>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
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
    </SectionCard>
  );
}

interface StatusFiltersProps {
  filter: StatusFilter;
  total: number;
  counts: Reconciliation["counts"];
  onChange: (filter: StatusFilter) => void;
}

function StatusFilters({ filter, total, counts, onChange }: StatusFiltersProps) {
  return (
    <fieldset className="mb-4">
      <legend className="sr-only">Filtrar por resultado</legend>
      <div className="flex flex-wrap gap-2">
        <FilterChip active={filter === "all"} onClick={() => onChange("all")}>
          Todos ({formatNumber(total)})
        </FilterChip>
        {MATCH_STATUSES.map((status) => (
          <FilterChip key={status} active={filter === status} onClick={() => onChange(status)}>
            {MATCH_STATUS_LABELS[status]} ({formatNumber(counts[status])})
          </FilterChip>
        ))}
      </div>
    </fieldset>
  );
}

interface SelectionBarProps {
  /** How many rows are clean matches (the ones that can be selected). */
  matched: number;
  chosen: number;
  onSelectAll: (on: boolean) => void;
  onApprove: () => void;
}

function SelectionBar({ matched, chosen, onSelectAll, onApprove }: SelectionBarProps) {
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 rounded-card border border-line bg-canvas p-3 sm:flex-row sm:items-center sm:justify-between">
        <label className="flex items-center gap-2 text-sm font-semibold text-ink">
          <input
            type="checkbox"
            className="size-4 accent-brand-700"
            checked={matched > 0 && chosen === matched}
            disabled={matched === 0}
            onChange={(event) => onSelectAll(event.target.checked)}
          />
          Seleccionar todas las coincidencias ({formatNumber(matched)})
        </label>
        <Button disabled={chosen === 0} onClick={onApprove}>
          Aprobar {plural(chosen, "pago", "pagos")}
        </Button>
      </div>
      <p aria-live="polite" className="sr-only">
        {chosen > 0 ? `${plural(chosen, "pago seleccionado", "pagos seleccionados")}` : ""}
      </p>
    </>
  );
}

interface MatchListProps {
  rows: ReconciliationRow[];
  /** The rows that pass the filter; the first `shown` of them are listed. */
  filtered: ReconciliationRow[];
  shown: number;
  busy: boolean;
  selected: ReadonlySet<string>;
  onCheck: (proofId: string, on: boolean) => void;
  onMore: () => void;
}

function MatchList({ rows, filtered, shown, busy, selected, onCheck, onMore }: MatchListProps) {
  const visible = filtered.slice(0, shown);
  return (
    <>
      {visible.length === 0 ? (
        <EmptyState>
          {rows.length === 0
            ? "No hay comprobantes en bolívares esperando revisión."
            : "No hay comprobantes con este resultado."}
        </EmptyState>
      ) : (
        <ul
          aria-label="Comprobantes comparados"
          aria-busy={busy}
          className={cn("space-y-3", busy && "opacity-70 transition-opacity")}
        >
          {visible.map((row) => (
            <MatchRow
              key={row.proofId}
              row={row}
              checked={selected.has(row.proofId)}
              onCheck={(on) => onCheck(row.proofId, on)}
            />
          ))}
        </ul>
      )}
      {filtered.length > visible.length ? (
        <div className="mt-4 flex flex-col items-center gap-2 text-sm text-muted">
          <p>
            Se muestran {formatNumber(visible.length)} de {formatNumber(filtered.length)}.
          </p>
          <Button variant="outline" size="sm" onClick={onMore}>
            Mostrar {formatNumber(Math.min(PAGE_ROWS, filtered.length - visible.length))} más
          </Button>
        </div>
      ) : null}
    </>
  );
}

function ApproveWarning({ chosen }: { chosen: ReconciliationRow[] }) {
  const total = chosen.reduce((sum, r) => sum + r.amountVes, 0);
  return (
    <>
      <p>
        {pluralWord(chosen.length, "Se aprobará", "Se aprobarán")}{" "}
        <strong className="text-ink">{plural(chosen.length, "comprobante", "comprobantes")}</strong> por un
        total de <strong className="text-ink">{bs(total)}</strong>, y se asignarán sus boletos.
      </p>
      <p>
        Cada uno se vuelve a comparar con su movimiento antes de aprobarlo; los que ya no coincidan se omiten.
      </p>
    </>
  );
}

function FilterChip({
  active,
  onClick,
  children,
}: {
  active: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        "rounded-pill border px-3 py-1.5 text-sm font-semibold transition-colors",
        active
          ? "border-brand-700 bg-brand-700 text-white"
          : "border-line bg-surface text-ink hover:bg-brand-50",
      )}
    >
      {children}
    </button>
  );
}
