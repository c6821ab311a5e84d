import { pluralWord } from "@rifazo/shared/domain/plural";
import {
  MATCH_STATUS_LABELS,
  MATCH_STATUSES,
  type MatchStatus,
} from "@rifazo/shared/schemas/admin/reconciliation";
import type { Dispatch, SetStateAction } from "react";
import { Button } from "../../../components/ui/button";
import { cn } from "../../../lib/cn";
import { formatNumber } from "../../../lib/format";
import type { Reconciliation, ReconciliationRow } from "../api/reconciliation-api";
import { EmptyState, RefetchingList } from "../shared/load-states";
import { MatchRow } from "./match-row";
import { bs, plural } from "./recon-format";

/** Rows shown at a time: a thousand pending proofs would make a slow page on a phone. */
export const PAGE_ROWS = 100;

export type StatusFilter = MatchStatus | "all";

interface MatchResultsProps {
  rows: ReconciliationRow[];
  counts: Reconciliation["counts"];
  filter: StatusFilter;
  onFilter: (filter: StatusFilter) => void;
  shown: number;
  onMore: () => void;
  busy: boolean;
  selected: ReadonlySet<string>;
  setSelected: Dispatch<SetStateAction<ReadonlySet<string>>>;
  /** The clean matches of the current answer (the ones that can be selected). */
  matchedIds: ReadonlySet<string>;
  chosen: number;
  onApprove: () => void;
}

/** The filters by result, the selection and the compared proofs. */
export function MatchResults({
  rows,
  counts,
  filter,
  onFilter,
  shown,
  onMore,
  busy,
  selected,
  setSelected,
  matchedIds,
  chosen,
  onApprove,
}: MatchResultsProps) {
  const filtered = filter === "all" ? rows : rows.filter((r) => r.status === filter);
  return (
    <>
      <StatusFilters filter={filter} total={rows.length} counts={counts} onChange={onFilter} />
      <SelectionBar
        matched={matchedIds.size}
        chosen={chosen}
        onSelectAll={(on) => setSelected(on ? new Set(matchedIds) : new Set())}
        onApprove={onApprove}
      />
      <MatchList
        rows={rows}
        filtered={filtered}
        shown={shown}
        busy={busy}
        selected={selected}
        onCheck={(proofId, on) =>
          setSelected((current) => {
            const next = new Set(current);
            if (on) next.add(proofId);
            else next.delete(proofId);
            return next;
          })
        }
        onMore={onMore}
      />
    </>
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
        <RefetchingList label="Comprobantes comparados" busy={busy} className="space-y-3">
          {visible.map((row) => (
            <MatchRow
              key={row.proofId}
              row={row}
              checked={selected.has(row.proofId)}
              onCheck={(on) => onCheck(row.proofId, on)}
            />
          ))}
        </RefetchingList>
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

export function ApproveWarning({ chosen }: { chosen: ReconciliationRow[] }) {
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
