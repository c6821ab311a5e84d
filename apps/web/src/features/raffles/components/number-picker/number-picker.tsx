import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import { useQueryClient } from "@tanstack/react-query";
import { type RefObject, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../../components/ui/alert";
import { Skeleton } from "../../../../components/ui/skeleton";
import { toast } from "../../../../components/ui/toast";
import { errorMessage } from "../../../../lib/api-client";
import { type FormReturn, useFormReturn } from "../../../../lib/form-return";
import { formatNumber } from "../../../../lib/format";
import { useHydrated } from "../../../../lib/use-hydrated";
import { useSession } from "../../../auth";
import { PhonePrompt } from "../../../profile/lazy";
import {
  createReservation,
  type NumbersAvailability,
  numbersKey,
  reservationAction,
  takenNumbersOf,
} from "../../api/purchase-api";
import type { RaffleDetail } from "../../api/raffles-api";
import { useReserve } from "../../hooks/use-reserve";
import { comboText, sortedCombos } from "../../lib/combo-text";
import { parseTakenNumbers } from "../../lib/number-selection";
import { quoteFor } from "../../lib/price-quote";
import { type ReserveChoice, reservationBody } from "../abono-choice";
import { PurchaseSummary } from "../purchase-summary";
import { SellerLinkField } from "../seller-link-field";
import { NativeNumberGrid, sentNumbers } from "./native-number-grid";
import { type FocusRequest, NumberGrid } from "./number-grid";
import { PickerLegend } from "./picker-legend";
import { PickerTools } from "./picker-tools";
import { ReserveFooter } from "./reserve-footer";
import { SelectionList } from "./selection-list";
import { storeSelection } from "./selection-storage";
import { useNumberAvailability } from "./use-number-availability";
import { useNumberSelection } from "./use-number-selection";

/** The title, the minimum, what is left, the per-buyer cap and the combos. */
function PickerHeader({ raffle, available }: { raffle: RaffleDetail; available: number | null }) {
  const combos = sortedCombos(raffle.combos);
  return (
    <div className="space-y-1">
      <h2 id="number-picker-title" className="text-lg font-bold text-ink">
        Elige tus números
      </h2>
      <p className="text-xs text-muted">
        Mínimo {countText(MIN_TICKETS_PER_PURCHASE, "número", "números")}
        {available !== null ? ` · Quedan ${formatNumber(available)} disponibles` : ""} ·{" "}
        {PURCHASE_LIMIT_MESSAGES.capLabel(raffle.maxTicketsPerBuyer)}
      </p>
      {combos.length ? (
        <p className="text-xs font-semibold text-brand-800">
          Combos: {combos.map((c) => comboText(c, raffle.currency)).join(" · ")}
        </p>
      ) : null}
    </div>
  );
}

/** The grid once the numbers arrive: a placeholder while loading, an alert with «Reintentar» on failure. */
function GridLoader({
  numbers,
  children,
}: {
  numbers: {
    isPending: boolean;
    isError: boolean;
    data?: NumbersAvailability;
    error: unknown;
    refetch: () => unknown;
  };
  children: React.ReactNode;
}) {
  if (numbers.isPending) {
    return (
      <div role="status" aria-label="Cargando números...">
        <Skeleton className="h-84 w-full rounded-control!" />
      </div>
    );
  }
  if (numbers.isError && !numbers.data) {
    return (
      <Alert variant="danger">
        No pudimos cargar los números disponibles. {errorMessage(numbers.error)}{" "}
        <button type="button" className="font-semibold underline" onClick={() => void numbers.refetch()}>
          Reintentar
        </button>
      </Alert>
    );
  }
  return children;
}

/** "Reservar" for the chosen numbers; numbers the server refuses as taken leave the selection at once. */
function useNumbersReserve(
  raffle: RaffleDetail,
  { selected, change, idempotencyKey }: ReturnType<typeof useNumberSelection>,
  markLost: (gone: ReadonlySet<number>) => void,
) {
  const queryClient = useQueryClient();
  return useReserve({
    raffleId: raffle.id,
    create: (choice: ReserveChoice<number[]>) =>
      createReservation(raffle.id, reservationBody("numbers", choice), idempotencyKey.current),
    onReserved: () => storeSelection(raffle.id, []),
    onRefused: (error) => {
      const taken = takenNumbersOf(error);
      if (!taken) return false;
      const gone = new Set(parseTakenNumbers(taken));
      markLost(gone);
      change(selected.filter((n) => !gone.has(n)));
      toast({
        title: "Números ya tomados",
        description: RESERVATION_MESSAGES.numbersTaken(taken),
        variant: "warning",
      });
      void queryClient.invalidateQueries({ queryKey: numbersKey(raffle.id) });
      return true;
    },
  });
}

/**
 * The grid: before the code runs (and while hydrating) checkboxes in the form, then the usual grid of
 * toggle buttons (decision 0029).
 */
/** The numbers chosen on the app's grid, for the form to post itself while the session is unknown. */
function PostedSelection({ selected }: { selected: readonly number[] }) {
  const hydrated = useHydrated();
  // Before hydration the native grid's checkboxes carry the choice.
  if (!hydrated) return null;
  return selected.map((n) => <input key={n} type="hidden" name="numeros" value={n} />);
}

function PickerGrid({
  raffle,
  availability: { numbers, takenFn, ownOf },
  selection,
  focusRequest,
  busy,
  refused,
}: {
  raffle: RaffleDetail;
  availability: ReturnType<typeof useNumberAvailability>;
  selection: ReturnType<typeof useNumberSelection>;
  focusRequest: FocusRequest | null;
  busy: boolean;
  refused: FormReturn | null;
}) {
  const hydrated = useHydrated();
  const gridHelpId = useId();
  const total = raffle.totalTickets;
  return (
    <>
      <GridLoader numbers={numbers}>
        {hydrated ? (
          <NumberGrid
            total={total}
            isTaken={takenFn}
            ownOf={ownOf}
            selected={selection.selectedSet}
            onToggle={selection.toggle}
            focusRequest={focusRequest}
            disabled={busy}
            describedBy={gridHelpId}
          />
        ) : (
          <NativeNumberGrid
            total={total}
            isTaken={takenFn}
            checked={new Set(sentNumbers(refused?.values.numeros))}
          />
        )}
      </GridLoader>
      <p id={gridHelpId} className="sr-only">
        Usa las flechas para moverte entre los números, Espacio o Enter para elegir o quitar uno, y escribe un
        número para ir a él.
      </p>
      <p role="status" className="sr-only">
        {selection.countMessage}
      </p>
    </>
  );
}

/**
 * The selection and its total. Before the code runs the boxes ticked are not counted here: a line says
 * what to do instead of a "0 números, $0,00" that would not follow the ticks (decision 0029).
 */
function SelectionSummary({
  raffle,
  selected,
  onChange,
  level,
}: {
  raffle: RaffleDetail;
  selected: number[];
  onChange: (next: number[]) => void;
  level: Parameters<typeof quoteFor>[2];
}) {
  const hydrated = useHydrated();
  if (!hydrated) {
    return (
      <p className="text-sm text-muted">
        Marca al menos {countText(MIN_TICKETS_PER_PURCHASE, "número", "números")} y pulsa «Reservar»: verás el
        total en la página de pago.
      </p>
    );
  }
  return (
    <>
      <SelectionList selected={selected} total={raffle.totalTickets} onChange={onChange} />
      <PurchaseSummary
        quote={quoteFor(raffle, selected.length, level)}
        showRule={sortedCombos(raffle.combos).length > 0}
      />
    </>
  );
}

/** The numbers a refused form sent, and those ticked before the code ran, become the selection. */
function useAdoptedNumbers(
  formRef: RefObject<HTMLFormElement | null>,
  change: (next: number[]) => void,
  total: number,
) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, right after hydration.
  useEffect(() => {
    const fields = formRef.current?.querySelectorAll<HTMLInputElement>('input[name="numeros"]') ?? [];
    const values = [...fields].filter((f) => f.type !== "checkbox" || f.checked).map((f) => f.value);
    const adopted = [...new Set(sentNumbers(values))].filter((n) => n < total);
    if (adopted.length > 0) change(adopted);
  }, []);
}

/** The refusal of a form sent before the code ran: its message, and its numbers still free. */
function RefusedNotice({ refused }: { refused: FormReturn | null }) {
  if (!refused) return null;
  return (
    <Alert variant="danger" title="No se pudo reservar">
      {refused.message}
    </Alert>
  );
}

/**
 * Chosen-number raffles (buyer picks numbers): the grid of every number with taken ones marked, search,
 * "Al azar", the selection with its total, and "Reservar", which holds the numbers for the raffle's
 * reservation time and opens the payment page.
 */
export function NumberPicker({ raffle }: { raffle: RaffleDetail }) {
  const total = raffle.totalTickets;
  const { user } = useSession();
  const availability = useNumberAvailability(raffle, user?.id);
  const { numbers, bitmap, takenFn, markLost } = availability;
  const selection = useNumberSelection(raffle, takenFn, bitmap);
  const { selected, change } = selection;
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const refused = useFormReturn(reservationAction(raffle.id));
  useAdoptedNumbers(formRef, change, total);

  const reserve = useNumbersReserve(raffle, selection, markLost);

  const submit = (abono = false) => {
    if (selected.length < MIN_TICKETS_PER_PURCHASE) {
      toast({
        title: "Compra Mínima",
        description: `Elige al menos ${countText(MIN_TICKETS_PER_PURCHASE, "número", "números")}.`,
        variant: "warning",
      });
      return;
    }
    reserve.start({ value: [...selected].sort((a, b) => a - b), abono });
  };

  const available = numbers.data ? Math.max(0, numbers.data.totalTickets - numbers.data.taken) : null;

  return (
    <section
      aria-labelledby="number-picker-title"
      className="space-y-4 rounded-card border border-brand-200 bg-brand-50/60 p-4 sm:p-5"
    >
      <PickerHeader raffle={raffle} available={available} />
      <PickerTools
        total={total}
        cap={raffle.maxTicketsPerBuyer}
        ready={Boolean(bitmap)}
        onJump={(number) => setFocusRequest((previous) => ({ number, seq: (previous?.seq ?? 0) + 1 }))}
        onRandom={selection.addRandom}
      />
      <PickerLegend signedIn={Boolean(user)} />
      <form
        ref={formRef}
        method="post"
        // The page's inline script keys each native submission: the answer is then the payment page itself.
        data-form-key=""
        action={reservationAction(raffle.id)}
        className="space-y-4"
        aria-label="Reservar números"
        onSubmit={(event) => {
          if (reserve.postsNatively()) return;
          event.preventDefault();
          submit();
        }}
      >
        <RefusedNotice refused={refused} />
        <PostedSelection selected={selected} />
        <PickerGrid
          raffle={raffle}
          availability={availability}
          selection={selection}
          focusRequest={focusRequest}
          busy={reserve.isPending}
          refused={refused}
        />
        <SelectionSummary raffle={raffle} selected={selected} onChange={change} level={user?.level} />
        <SellerLinkField raffleId={raffle.id} />
        <ReserveFooter
          raffle={raffle}
          count={selected.length}
          signedIn={Boolean(user)}
          reserve={reserve}
          onSubmit={submit}
        />
      </form>
      {reserve.awaitingPhone ? <PhonePrompt onSaved={reserve.resumeAfterPhone} /> : null}
    </section>
  );
}

export default NumberPicker;
