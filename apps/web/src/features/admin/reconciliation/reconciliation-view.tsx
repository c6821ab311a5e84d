import { PAYMENT_METHOD_LABELS } from "@rifazo/shared/constants";
import { parseEsNumber } from "@rifazo/shared/domain/money";
import { pluralWord } from "@rifazo/shared/domain/plural";
import {
  MATCH_STATUS_LABELS,
  MATCH_STATUSES,
  type MatchStatus,
} from "@rifazo/shared/schemas/admin/reconciliation";
import { GENERAL_PROOF_LABEL } from "@rifazo/shared/schemas/proofs";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { Badge, type BadgeVariant } from "../../../components/ui/badge";
import { Button } from "../../../components/ui/button";
import { FormField } from "../../../components/ui/field";
import { Label } from "../../../components/ui/label";
import { MoneyInput } from "../../../components/ui/money-input";
import { errorMessage } from "../../../lib/api-client";
import { cn } from "../../../lib/cn";
import { formatDate, formatNumber } from "../../../lib/format";
import { paths } from "../../../lib/paths";
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
import { EmptyState, LoadError, LoadingList } from "../shared/load-states";
import { RafflePicker } from "../shared/raffle-picker";
import { SectionCard } from "../shared/section-card";
import { useAdminRaffles } from "../shared/use-admin-raffles";
import { bs, plural, statementDate } from "./recon-format";

const TOLERANCE_DEBOUNCE_MS = 400;
/** Rows shown at a time: a thousand pending proofs would make a slow page on a phone. */
const PAGE_ROWS = 100;

const STATUS_BADGES: Record<MatchStatus, BadgeVariant> = {
  matched: "success",
  amount_differs: "warning",
  no_movement: "neutral",
  movement_used: "danger",
};

type StatusFilter = MatchStatus | "all";

interface ApprovedSummary {
  result: BulkApproveResult;
  /** The rows as they were, for the buyers' names in the summary. */
  rows: Map<string, ReconciliationRow>;
}

/** Each pending proof against the imported movements; the clean matches are approved in one action. */
export function ReconciliationView() {
  const ids = useId();
  const queryClient = useQueryClient();
  const raffles = useAdminRaffles();
  const [raffleId, setRaffleId] = useState("all");
  const [toleranceText, setToleranceText] = useState("0,00");
  const parsedTolerance = parseEsNumber(toleranceText, { decimals: 2, max: 1_000_000 });
  // While the text cannot be read (the field says why), the list keeps the last tolerance that could.
  const [lastTolerance, setLastTolerance] = useState(0);
  const typedTolerance = parsedTolerance.ok ? parsedTolerance.value : null;
  useEffect(() => {
    if (typedTolerance !== null) setLastTolerance(typedTolerance);
  }, [typedTolerance]);
  const toleranceNow = typedTolerance ?? lastTolerance;
  const tolerance = useDebouncedValue(toleranceNow, TOLERANCE_DEBOUNCE_MS);
  const [filter, setFilter] = useState<StatusFilter>("all");
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [summary, setSummary] = useState<ApprovedSummary | null>(null);
  const summaryRef = useRef<HTMLDivElement>(null);

  const recon = useQuery({
    queryKey: reconciliationKeys.matches(raffleId, tolerance),
    queryFn: ({ signal }) => fetchReconciliation(raffleId, tolerance, signal),
    placeholderData: keepPreviousData,
  });
  const rows = recon.data?.rows ?? [];
  const matchedIds = new Set(rows.filter((r) => r.status === "matched").map((r) => r.proofId));
  // Only rows still matched in the current answer stay selected (a new tolerance or raffle may change them).
  const chosen = rows.filter((r) => selected.has(r.proofId) && matchedIds.has(r.proofId));
  const chosenTotal = chosen.reduce((sum, r) => sum + r.amountVes, 0);
  const allMatchedSelected = matchedIds.size > 0 && chosen.length === matchedIds.size;

  useEffect(() => {
    if (summary) summaryRef.current?.focus();
  }, [summary]);

  const approve = useMutation({
    mutationFn: (proofIds: string[]) => approveMatches(proofIds, tolerance),
    onSuccess: (result) => {
      setSummary({ result, rows: new Map(rows.map((r) => [r.proofId, r])) });
      setSelected(new Set());
      void queryClient.invalidateQueries({ queryKey: reconciliationKeys.all });
      // The proofs list, its pending count and everything an approval changes (raffles, users, stats).
      void queryClient.invalidateQueries({ queryKey: adminKeys.proofsAll() });
      void queryClient.invalidateQueries({ queryKey: pendingCountKey() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.raffles() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.usersAll() });
      void queryClient.invalidateQueries({ queryKey: ["admin", "stats"] });
    },
  });

  const toggle = (proofId: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(proofId);
      else next.delete(proofId);
      return next;
    });

  const [shown, setShown] = useState(PAGE_ROWS);
  const filtered = filter === "all" ? rows : rows.filter((r) => r.status === filter);
  const visible = filtered.slice(0, shown);
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
          error={parsedTolerance.ok ? undefined : parsedTolerance.error}
        >
          {(control) => (
            <MoneyInput
              value={toleranceText}
              onChange={(event) => setToleranceText(event.target.value)}
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
          <fieldset className="mb-4">
            <legend className="sr-only">Filtrar por resultado</legend>
            <div className="flex flex-wrap gap-2">
              <FilterChip
                active={filter === "all"}
                onClick={() => {
                  setFilter("all");
                  setShown(PAGE_ROWS);
                }}
              >
                Todos ({formatNumber(rows.length)})
              </FilterChip>
              {MATCH_STATUSES.map((status) => (
                <FilterChip
                  key={status}
                  active={filter === status}
                  onClick={() => {
                    setFilter(status);
                    setShown(PAGE_ROWS);
                  }}
                >
                  {MATCH_STATUS_LABELS[status]} ({formatNumber(recon.data.counts[status])})
                </FilterChip>
              ))}
            </div>
          </fieldset>

          <div className="mb-4 flex flex-col gap-3 rounded-card border border-line bg-canvas p-3 sm:flex-row sm:items-center sm:justify-between">
            <label className="flex items-center gap-2 text-sm font-semibold text-ink">
              <input
                type="checkbox"
                className="size-4 accent-brand-700"
                checked={allMatchedSelected}
                disabled={matchedIds.size === 0}
                onChange={(event) => setSelected(event.target.checked ? new Set(matchedIds) : new Set())}
              />
              Seleccionar todas las coincidencias ({formatNumber(matchedIds.size)})
            </label>
            <Button
              disabled={chosen.length === 0}
              onClick={() => {
                approve.reset();
                setConfirming(true);
              }}
            >
              Aprobar {plural(chosen.length, "pago", "pagos")}
            </Button>
          </div>
          <p aria-live="polite" className="sr-only">
            {chosen.length > 0 ? `${plural(chosen.length, "pago seleccionado", "pagos seleccionados")}` : ""}
          </p>

          {visible.length === 0 ? (
            <EmptyState>
              {rows.length === 0
                ? "No hay comprobantes en bolívares esperando revisión."
                : "No hay comprobantes con este resultado."}
            </EmptyState>
          ) : (
            <ul
              aria-label="Comprobantes comparados"
              aria-busy={recon.isFetching}
              className={cn("space-y-3", recon.isFetching && "opacity-70 transition-opacity")}
            >
              {visible.map((row) => (
                <MatchRow
                  key={row.proofId}
                  row={row}
                  checked={selected.has(row.proofId)}
                  onCheck={(on) => toggle(row.proofId, on)}
                />
              ))}
            </ul>
          )}
          {filtered.length > visible.length ? (
            <div className="mt-4 flex flex-col items-center gap-2 text-sm text-muted">
              <p>
                Se muestran {formatNumber(visible.length)} de {formatNumber(filtered.length)}.
              </p>
              <Button variant="outline" size="sm" onClick={() => setShown((n) => n + PAGE_ROWS)}>
                Mostrar {formatNumber(Math.min(PAGE_ROWS, filtered.length - visible.length))} más
              </Button>
            </div>
          ) : null}
        </>
      ) : null}

      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`¿Aprobar ${plural(chosen.length, "pago", "pagos")}?`}
        description={
          <>
            <p>
              {pluralWord(chosen.length, "Se aprobará", "Se aprobarán")}{" "}
              <strong className="text-ink">{plural(chosen.length, "comprobante", "comprobantes")}</strong> por
              un total de <strong className="text-ink">{bs(chosenTotal)}</strong>, y se asignarán sus boletos.
            </p>
            <p>
              Cada uno se vuelve a comparar con su movimiento antes de aprobarlo; los que ya no coincidan se
              omiten.
            </p>
          </>
        }
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

function MatchRow({
  row,
  checked,
  onCheck,
}: {
  row: ReconciliationRow;
  checked: boolean;
  onCheck: (on: boolean) => void;
}) {
  const headingId = `match-${row.proofId}`;
  const movement = row.movement;
  const amountDiffers = movement !== null && Math.abs(movement.amount - row.amountVes) >= 0.005;
  return (
    <li aria-labelledby={headingId} className="flex gap-3 rounded-card border border-line p-4">
      {row.status === "matched" ? (
        <input
          type="checkbox"
          className="mt-1 size-4 shrink-0 accent-brand-700"
          checked={checked}
          aria-label={`Seleccionar pago de ${row.buyerName}`}
          onChange={(event) => onCheck(event.target.checked)}
        />
      ) : (
        <span className="size-4 shrink-0" aria-hidden="true" />
      )}
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={headingId} className="font-bold break-words text-ink">
              {row.buyerName}
            </h3>
            <p className="text-sm break-words text-muted">
              {row.raffleTitle ?? GENERAL_PROOF_LABEL} · {PAYMENT_METHOD_LABELS[row.paymentMethod]}
            </p>
          </div>
          <Badge variant={STATUS_BADGES[row.status]}>{MATCH_STATUS_LABELS[row.status]}</Badge>
        </div>
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <div className="min-w-0">
            <dt className="text-muted">Referencia</dt>
            <dd className="font-mono break-all text-ink">
              {row.transactionRef}
              {movement ? (
                <span className="block text-muted">
                  <span className="font-sans">Banco:</span> {movement.reference}
                </span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Monto</dt>
            <dd className="text-ink">
              {bs(row.amountVes)}
              {movement ? (
                <span
                  className={cn("block", amountDiffers ? "font-semibold text-warning-700" : "text-muted")}
                >
                  Banco: {bs(movement.amount)}
                </span>
              ) : null}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Fecha</dt>
            <dd className="text-ink">
              {formatDate(row.createdAt, "short")}
              {movement ? (
                <span className="block text-muted">
                  Banco: {statementDate(movement.date)} ({movement.bankName})
                </span>
              ) : null}
            </dd>
          </div>
        </dl>
        {row.note ? <p className="text-sm text-ink">{row.note}</p> : null}
        {row.status === "movement_used" && row.usedByProofId ? (
          <p className="text-sm">
            <Link
              to={paths.adminProof(row.usedByProofId)}
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              Ver el comprobante que ya usó este movimiento
            </Link>
          </p>
        ) : null}
      </div>
    </li>
  );
}

function ApproveSummary({ summary, onClose }: { summary: ApprovedSummary; onClose: () => void }) {
  const { approved, skipped } = summary.result;
  const name = (proofId: string) => summary.rows.get(proofId)?.buyerName ?? proofId;
  return (
    <Alert
      variant={skipped.length > 0 ? "warning" : "success"}
      title={`${plural(approved.length, "pago aprobado", "pagos aprobados")}${
        skipped.length > 0 ? `, ${plural(skipped.length, "omitido", "omitidos")}` : ""
      }`}
      action={
        <Button size="sm" variant="outline" onClick={onClose}>
          Cerrar resumen
        </Button>
      }
    >
      {approved.length > 0 ? (
        <ul aria-label="Pagos aprobados" className="space-y-0.5">
          {approved.map((item) => (
            <li key={item.proofId}>
              <strong>{name(item.proofId)}</strong>:{" "}
              {item.tickets.length > 0 ? `boletos ${item.tickets.join(", ")}` : "pago aprobado sin boletos"}
            </li>
          ))}
        </ul>
      ) : null}
      {skipped.length > 0 ? (
        <ul aria-label="Pagos omitidos" className="mt-2 space-y-0.5">
          {skipped.map((item) => (
            <li key={item.proofId}>
              <strong>{name(item.proofId)}</strong>: {item.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}
