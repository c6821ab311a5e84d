import { countText } from "@rifazo/shared/domain/plural";
import { SELLER_SALE_LIMITS, SELLER_SALE_MESSAGES } from "@rifazo/shared/schemas/seller-sales";
import { useId, useMemo, useState } from "react";
import { Alert } from "../../components/ui/alert";
import { Skeleton } from "../../components/ui/skeleton";
import { toast } from "../../components/ui/toast";
import { errorMessage } from "../../lib/api-client";
import {
  type FocusRequest,
  NumberGrid,
  PickerTools,
  pickRandomAvailable,
  SelectionList,
  useNumberAvailability,
} from "../raffles";
import type { SellerAreaRaffle } from "./api";

interface SaleNumbersProps {
  raffle: SellerAreaRaffle;
  selected: number[];
  onChange: (next: number[]) => void;
  /** The error of the numbers (the form's check or the server's), said under the selection. */
  error: string | undefined;
  errorId: string;
  disabled: boolean;
}

/** The numbers chosen by the buyer, with "Al azar" and the search; no more than a sale may carry. */
function useSaleSelection(
  { selected, onChange }: Pick<SaleNumbersProps, "selected" | "onChange">,
  total: number,
  takenFn: (n: number) => boolean,
) {
  const cap = SELLER_SALE_LIMITS.maxNumbers;
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const toggle = (n: number) => {
    if (selectedSet.has(n)) return onChange(selected.filter((s) => s !== n));
    if (selected.length >= cap) {
      toast({ title: "Demasiados números", description: SELLER_SALE_MESSAGES.numbers, variant: "warning" });
      return;
    }
    onChange([...selected, n]);
  };
  const addRandom = (text: string) => {
    const wanted = Math.min(Math.floor(Number(text)), cap - selected.length);
    if (!Number.isFinite(wanted) || wanted < 1) {
      toast({ title: "Al azar", description: SELLER_SALE_MESSAGES.numbers, variant: "warning" });
      return;
    }
    const picks = pickRandomAvailable(total, takenFn, selectedSet, wanted);
    if (picks.length < wanted)
      toast({
        title: "Al azar",
        description: `Solo había ${countText(picks.length, "número disponible", "números disponibles")}.`,
        variant: "warning",
      });
    if (picks.length) onChange([...selected, ...picks]);
  };
  return { cap, selectedSet, toggle, addRandom };
}

/**
 * The raffle's grid for a sale of chosen numbers: the same grid, search and "Al azar" as the raffle page,
 * with the numbers already taken (sold or held by anyone) marked and not selectable.
 */
export function SaleNumbers(props: SaleNumbersProps) {
  const { raffle, selected, onChange, error, errorId, disabled } = props;
  const total = raffle.totalTickets;
  const { numbers, bitmap, takenFn } = useNumberAvailability(
    { id: raffle.raffleId, totalTickets: total },
    undefined,
  );
  const selection = useSaleSelection(props, total, takenFn);
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const helpId = useId();
  return (
    <section aria-labelledby={`${errorId}-title`} className="space-y-3">
      <h3 id={`${errorId}-title`} className="text-base font-bold text-ink">
        Números del comprador
      </h3>
      <PickerTools
        total={total}
        cap={selection.cap}
        ready={Boolean(bitmap)}
        onJump={(number) => setFocusRequest((previous) => ({ number, seq: (previous?.seq ?? 0) + 1 }))}
        onRandom={selection.addRandom}
      />
      {numbers.isPending ? (
        <div role="status" aria-label="Cargando números...">
          <Skeleton className="h-84 w-full rounded-control!" />
        </div>
      ) : numbers.isError && !numbers.data ? (
        <Alert variant="danger">
          No pudimos cargar los números disponibles. {errorMessage(numbers.error)}{" "}
          <button type="button" className="font-semibold underline" onClick={() => void numbers.refetch()}>
            Reintentar
          </button>
        </Alert>
      ) : (
        <NumberGrid
          total={total}
          isTaken={takenFn}
          selected={selection.selectedSet}
          onToggle={selection.toggle}
          focusRequest={focusRequest}
          disabled={disabled}
          describedBy={helpId}
        />
      )}
      <p id={helpId} className="sr-only">
        Usa las flechas para moverte entre los números, Espacio o Enter para elegir o quitar uno, y escribe un
        número para ir a él.
      </p>
      <SelectionList selected={selected} total={total} onChange={onChange} />
      {error ? (
        <p id={errorId} className="text-sm font-medium text-danger-700">
          {error}
        </p>
      ) : null}
    </section>
  );
}
