import {
  PAYMENT_METHOD_LABELS,
  PAYMENT_METHODS,
  PROOF_STATUS_LABELS,
  type ProofStatus,
} from "@rifazo/shared/constants";
import { PROOF_FLAG_LABELS, PROOF_FLAGS, type ProofFlag } from "@rifazo/shared/schemas/admin";
import { GENERAL_PROOF_ID, GENERAL_PROOF_LABEL } from "@rifazo/shared/schemas/proofs";
import { SearchField } from "../../../components/ui/search-field";
import type { SelectOption } from "../../../components/ui/select";
import { cn } from "../../../lib/cn";
import type { ProofFilters } from "../api/admin-api";
import { SelectFilter } from "../shared/select-filter";

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

export interface ProofFilterState {
  status: ProofFilters["status"];
  raffleId: string;
  method: string;
  flag: ProofFlag | "all";
  sort: string;
  search: string;
}

/** The inbox opens on the pending proofs, oldest first. */
export const INITIAL_PROOF_FILTERS: ProofFilterState = {
  status: "pending",
  raffleId: "all",
  method: "all",
  flag: "all",
  sort: "all",
  search: "",
};

type SelectKey = "status" | "raffleId" | "method" | "sort";

/** The inbox's filters: state, raffle, method, order, a search and the alert chips. */
export function PaymentsFilters({
  value,
  raffles,
  onChange,
}: {
  value: ProofFilterState;
  raffles: ReadonlyArray<{ id: string; title: string }> | undefined;
  onChange: (patch: Partial<ProofFilterState>) => void;
}) {
  const raffleOptions = [
    { value: "all", label: "Todas las rifas" },
    { value: GENERAL_PROOF_ID, label: GENERAL_PROOF_LABEL },
    ...(raffles ?? []).map((raffle) => ({ value: raffle.id, label: raffle.title })),
  ];
  const selects: Array<{ id: string; label: string; options: readonly SelectOption[]; key: SelectKey }> = [
    { id: "proofs-status", label: "Estado", options: STATUS_OPTIONS, key: "status" },
    { id: "proofs-raffle", label: "Rifa", options: raffleOptions, key: "raffleId" },
    { id: "proofs-method", label: "Método", options: METHOD_OPTIONS, key: "method" },
    { id: "proofs-sort", label: "Orden", options: SORT_OPTIONS, key: "sort" },
  ];
  return (
    <>
      <div className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {selects.map((select) => (
          <SelectFilter
            key={select.id}
            id={select.id}
            label={select.label}
            options={select.options}
            value={value[select.key]}
            onChange={(next) => onChange({ [select.key]: next } as Partial<ProofFilterState>)}
          />
        ))}
        <SearchField
          id="proofs-search"
          label="Buscar"
          visibleLabel
          placeholder="Referencia, nombre o correo"
          value={value.search}
          onChange={(search) => onChange({ search })}
        />
      </div>
      <fieldset className="mb-4">
        <legend className="mb-1.5 text-sm font-semibold text-ink">Alertas</legend>
        <div className="flex flex-wrap gap-2">
          {(["all", ...PROOF_FLAGS] as const).map((flag) => (
            <button
              key={flag}
              type="button"
              aria-pressed={value.flag === flag}
              onClick={() => onChange({ flag })}
              className={cn(
                "rounded-pill border px-3 py-1 text-sm font-semibold",
                value.flag === flag
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-line bg-surface text-ink hover:bg-brand-50",
              )}
            >
              {flag === "all" ? "Todas" : PROOF_FLAG_LABELS[flag]}
            </button>
          ))}
        </div>
      </fieldset>
    </>
  );
}
