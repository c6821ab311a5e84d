import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { bitmapFromBase64, isTaken } from "@rifazo/shared/domain/number-bitmap";
import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { formatTicketNumber, ticketDigits } from "@rifazo/shared/domain/tickets";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservations";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Alert } from "../../../../components/ui/alert";
import { Button } from "../../../../components/ui/button";
import { TicketIcon } from "../../../../components/ui/icons";
import { Input } from "../../../../components/ui/input";
import { Label } from "../../../../components/ui/label";
import { Skeleton } from "../../../../components/ui/skeleton";
import { toast } from "../../../../components/ui/toast";
import { errorMessage } from "../../../../lib/api-client";
import { formatNumber } from "../../../../lib/format";
import { paths } from "../../../../lib/paths";
import { useHydrated } from "../../../../lib/use-hydrated";
import { isOffline } from "../../../../lib/use-online";
import { type RedirectState, useSession } from "../../../auth";
import { isOfflineError, OfflineActionAlert } from "../../../offline";
import { BuyerPhonePrompt, isPhoneRequired } from "../../../profile";
import {
  activeReservationOf,
  createReservation,
  myRaffleNumbersQuery,
  newIdempotencyKey,
  numbersKey,
  raffleNumbersQuery,
  takenNumbersOf,
} from "../../api/purchase-api";
import type { RaffleDetail } from "../../api/raffles-api";
import { comboText, sortedCombos } from "../../lib/combo-text";
import { parseNumberQuery, parseTakenNumbers, pickRandomAvailable } from "../../lib/number-selection";
import { quoteFor, reservationPath } from "../../lib/price-quote";
import { PurchaseSummary } from "../purchase-summary";
import { type FocusRequest, NumberGrid, type OwnNumber } from "./number-grid";

/** The selection survives a sign-in round trip (the login page sends the buyer back here). */
const storageKey = (raffleId: string) => `rifazo:numeros:${raffleId}`;

function readStoredSelection(raffleId: string): number[] {
  try {
    const raw = sessionStorage.getItem(storageKey(raffleId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((n): n is number => Number.isInteger(n)) : [];
  } catch {
    return [];
  }
}

function storeSelection(raffleId: string, numbers: readonly number[]): void {
  try {
    if (numbers.length) sessionStorage.setItem(storageKey(raffleId), JSON.stringify(numbers));
    else sessionStorage.removeItem(storageKey(raffleId));
  } catch {
    // Private mode without storage: the selection just does not survive a sign-in.
  }
}

function selectionCountText(count: number): string {
  if (count === 0) return "Ningún número seleccionado.";
  return `${countText(count, "número seleccionado", "números seleccionados")}.`;
}

/**
 * Chosen-number raffles (buyer picks numbers): the grid of every number with taken ones marked, search,
 * "Al azar", the selection with its total, and "Reservar", which holds the numbers for the raffle's
 * reservation time and opens the payment page.
 */
export function NumberPicker({ raffle }: { raffle: RaffleDetail }) {
  const total = raffle.totalTickets;
  const queryClient = useQueryClient();
  const numbers = useQuery(raffleNumbersQuery(raffle.id));
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { user } = useSession();
  const mine = useQuery(myRaffleNumbersQuery(raffle.id, user?.id));
  const searchId = useId();
  const randomId = useId();
  const gridHelpId = useId();

  const [selected, setSelected] = useState<number[]>([]);
  /** Numbers the server just refused as taken, marked before the new bitmap arrives. */
  const [lost, setLost] = useState<ReadonlySet<number>>(new Set());
  const [search, setSearch] = useState("");
  const [searchError, setSearchError] = useState<string>();
  const [randomCount, setRandomCount] = useState(String(MIN_TICKETS_PER_PURCHASE));
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  /** Said politely after each change of the selection; empty until the first one (nothing to say on load). */
  const [countMessage, setCountMessage] = useState("");
  const idempotencyKey = useRef(newIdempotencyKey());

  const bitmap = useMemo(
    () => (numbers.data ? bitmapFromBase64(numbers.data.bitmap, total) : null),
    [numbers.data, total],
  );
  const takenFn = useMemo(
    () => (n: number) => (bitmap ? isTaken(bitmap, n) : false) || lost.has(n),
    [bitmap, lost],
  );
  const selectedSet = useMemo(() => new Set(selected), [selected]);
  const ownOf = useMemo(() => {
    const own = new Map<number, OwnNumber>();
    if (user && mine.data) {
      for (const n of mine.data.held) own.set(n, "held");
      for (const n of mine.data.owned) own.set(n, "owned");
    }
    return (n: number) => own.get(n) ?? null;
  }, [user, mine.data]);
  const cap = raffle.maxTicketsPerBuyer;

  // A new bitmap already includes what the server refused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on each new bitmap only.
  useEffect(() => setLost(new Set()), [bitmap]);

  // After sign-in the buyer comes back with the numbers chosen before.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per raffle.
  useEffect(() => {
    const stored = readStoredSelection(raffle.id).filter((n) => n < total);
    if (stored.length) setSelected(stored);
  }, [raffle.id]);

  // Someone else took a number of the selection (live update): drop it and say so.
  useEffect(() => {
    if (!bitmap) return;
    const gone = selected.filter((n) => takenFn(n));
    if (gone.length === 0) return;
    setSelected((current) => current.filter((n) => !takenFn(n)));
    toast({
      title: "Números no disponibles",
      description: RESERVATION_MESSAGES.numbersTaken(gone.map((n) => formatTicketNumber(n, total))),
      variant: "warning",
    });
  }, [bitmap, takenFn, selected, total]);

  const change = (next: number[]) => {
    setSelected(next);
    setCountMessage(selectionCountText(next.length));
    storeSelection(raffle.id, next);
    idempotencyKey.current = newIdempotencyKey();
  };

  const toggle = (n: number) => {
    if (selectedSet.has(n)) return change(selected.filter((s) => s !== n));
    if (selected.length >= cap) {
      toast({
        title: PURCHASE_LIMIT_MESSAGES.capTitle,
        description: PURCHASE_LIMIT_MESSAGES.capLabel(cap),
        variant: "warning",
      });
      return;
    }
    change([...selected, n]);
  };

  const addRandom = () => {
    const wanted = Math.floor(Number(randomCount));
    if (!Number.isFinite(wanted) || wanted < 1) {
      toast({ title: "Al azar", description: "Indica cuántos números quieres.", variant: "warning" });
      return;
    }
    const room = Math.max(0, cap - selected.length);
    const picks = pickRandomAvailable(total, takenFn, selectedSet, Math.min(wanted, room));
    if (picks.length < wanted) {
      toast({
        title: room < wanted ? PURCHASE_LIMIT_MESSAGES.capTitle : "Al azar",
        description:
          room < wanted
            ? PURCHASE_LIMIT_MESSAGES.capLeft(room)
            : `${pluralWord(picks.length, "Solo quedaba", "Solo quedaban")} ${countText(picks.length, "número disponible", "números disponibles")}.`,
        variant: "warning",
      });
    }
    if (picks.length) change([...selected, ...picks]);
  };

  const jump = () => {
    const result = parseNumberQuery(search, total);
    if (!result.ok) {
      setSearchError(result.message);
      return;
    }
    setSearchError(undefined);
    setFocusRequest((previous) => ({ number: result.number, seq: (previous?.seq ?? 0) + 1 }));
  };

  // The numbers whose reservation waits for the buyer's mobile (422 PHONE_REQUIRED), asked inline.
  const [awaitingPhone, setAwaitingPhone] = useState<number[] | null>(null);
  // The last tap could not reach the server: said under the button, with «Reintentar».
  const [offlineFailed, setOfflineFailed] = useState(false);
  const reserve = useMutation({
    mutationFn: (chosen: number[]) =>
      createReservation(raffle.id, { numbers: chosen }, idempotencyKey.current),
    onSuccess: (reservation) => {
      storeSelection(raffle.id, []);
      navigate(reservationPath(raffle.id, reservation.id));
    },
    onError: (error, chosen) => {
      if (isOfflineError(error)) {
        setOfflineFailed(true);
        return;
      }
      if (isPhoneRequired(error)) {
        setAwaitingPhone(chosen);
        return;
      }
      const taken = takenNumbersOf(error);
      if (taken) {
        const gone = new Set(parseTakenNumbers(taken));
        setLost((current) => new Set([...current, ...gone]));
        change(selected.filter((n) => !gone.has(n)));
        toast({
          title: "Números ya tomados",
          description: RESERVATION_MESSAGES.numbersTaken(taken),
          variant: "warning",
        });
        void queryClient.invalidateQueries({ queryKey: numbersKey(raffle.id) });
        return;
      }
      const active = activeReservationOf(error);
      if (active) {
        toast({
          title: "Reserva activa",
          description: RESERVATION_MESSAGES.activeExists,
          variant: "info",
          survivesRedirect: true,
        });
        navigate(reservationPath(raffle.id, active));
        return;
      }
      toast({ title: "No se pudo reservar", description: errorMessage(error), variant: "error" });
    },
  });

  const submit = () => {
    if (selected.length < MIN_TICKETS_PER_PURCHASE) {
      toast({
        title: "Compra Mínima",
        description: `Elige al menos ${countText(MIN_TICKETS_PER_PURCHASE, "número", "números")}.`,
        variant: "warning",
      });
      return;
    }
    // Offline, say so at once: the sign-in page may not be on this device, and a reservation cannot be made.
    setOfflineFailed(isOffline());
    if (isOffline()) return;
    if (!user) {
      const state: RedirectState = { from: { pathname: paths.raffle(raffle.id), search: "" } };
      navigate(paths.login, { state });
      return;
    }
    reserve.mutate([...selected].sort((a, b) => a - b));
  };

  const quote = quoteFor(raffle, selected.length, user?.level);
  const combos = sortedCombos(raffle.combos);
  const sortedSelection = [...selected].sort((a, b) => a - b);
  const available = numbers.data ? Math.max(0, numbers.data.totalTickets - numbers.data.taken) : null;

  return (
    <section
      aria-labelledby="number-picker-title"
      className="space-y-4 rounded-card border border-brand-200 bg-brand-50/60 p-4 sm:p-5"
    >
      <div className="space-y-1">
        <h2 id="number-picker-title" className="text-lg font-bold text-ink">
          Elige tus números
        </h2>
        <p className="text-xs text-muted">
          Mínimo {countText(MIN_TICKETS_PER_PURCHASE, "número", "números")}
          {available !== null ? ` · Quedan ${formatNumber(available)} disponibles` : ""} ·{" "}
          {PURCHASE_LIMIT_MESSAGES.capLabel(cap)}
        </p>
        {combos.length ? (
          <p className="text-xs font-semibold text-brand-800">
            Combos: {combos.map((c) => comboText(c, raffle.currency)).join(" · ")}
          </p>
        ) : null}
      </div>

      <div className="grid gap-3 sm:grid-cols-2">
        <form
          className="space-y-1"
          onSubmit={(event) => {
            event.preventDefault();
            jump();
          }}
        >
          <Label htmlFor={searchId}>Buscar número</Label>
          <div className="flex gap-2">
            <Input
              id={searchId}
              inputMode="numeric"
              autoComplete="off"
              placeholder={formatTicketNumber(0, total)}
              value={search}
              maxLength={ticketDigits(total)}
              aria-invalid={searchError ? true : undefined}
              aria-describedby={searchError ? `${searchId}-error` : undefined}
              onChange={(event) => setSearch(event.target.value.replace(/\D/g, ""))}
            />
            <Button type="submit" variant="outline" waitsForCode>
              Ir
            </Button>
          </div>
          {searchError ? (
            <p id={`${searchId}-error`} className="text-xs font-semibold text-danger-700">
              {searchError}
            </p>
          ) : null}
        </form>
        <form
          className="space-y-1"
          onSubmit={(event) => {
            event.preventDefault();
            addRandom();
          }}
        >
          <Label htmlFor={randomId}>Números al azar</Label>
          <div className="flex gap-2">
            <Input
              id={randomId}
              type="number"
              inputMode="numeric"
              min={1}
              max={cap}
              value={randomCount}
              onChange={(event) => setRandomCount(event.target.value)}
            />
            <Button type="submit" variant="outline" waitsForCode disabled={!bitmap}>
              Al azar
            </Button>
          </div>
        </form>
      </div>

      <ul className="flex flex-wrap gap-3 text-xs text-muted" aria-label="Leyenda">
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm border border-line bg-surface" /> Disponible
        </li>
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-brand-700" /> Seleccionado
        </li>
        <li className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-canvas ring-1 ring-line" /> Ocupado
        </li>
        {user ? (
          <>
            <li className="flex items-center gap-1">
              <span className="size-3 rounded-sm border-2 border-dashed border-accent-600 bg-accent-50" />{" "}
              Apartado por ti
            </li>
            <li className="flex items-center gap-1">
              <span className="size-3 rounded-sm bg-success-700" /> Tuyo
            </li>
          </>
        ) : null}
      </ul>

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
          ownOf={ownOf}
          selected={selectedSet}
          onToggle={toggle}
          focusRequest={focusRequest}
          disabled={!hydrated || reserve.isPending}
          describedBy={gridHelpId}
        />
      )}
      <p id={gridHelpId} className="sr-only">
        Usa las flechas para moverte entre los números, Espacio o Enter para elegir o quitar uno, y escribe un
        número para ir a él.
      </p>
      <p role="status" className="sr-only">
        {countMessage}
      </p>

      <div className="space-y-2">
        <h3 className="text-sm font-bold text-ink">
          Tu selección ({countText(selected.length, "número", "números")})
        </h3>
        {sortedSelection.length ? (
          <ul className="flex max-h-40 flex-wrap gap-2 overflow-y-auto" aria-label="Números elegidos">
            {sortedSelection.map((n) => (
              <li
                key={n}
                className="flex items-center gap-1 rounded-pill bg-brand-700 py-1 pr-1 pl-3 font-mono text-sm font-bold text-white"
              >
                {formatTicketNumber(n, total)}
                <button
                  type="button"
                  aria-label={`Quitar ${formatTicketNumber(n, total)}`}
                  onClick={() => change(selected.filter((s) => s !== n))}
                  className="flex size-7 items-center justify-center rounded-full hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white"
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted">Toca los números que quieras o usa "Al azar".</p>
        )}
        {selected.length > 1 ? (
          <button
            type="button"
            className="text-xs font-semibold text-brand-700 hover:underline"
            onClick={() => change([])}
          >
            Quitar todos
          </button>
        ) : null}
      </div>

      <PurchaseSummary quote={quote} showRule={combos.length > 0} />

      <Button
        variant="accent"
        size="lg"
        className="w-full"
        waitsForCode
        loading={reserve.isPending}
        loadingText="Reservando..."
        onClick={submit}
      >
        <TicketIcon />
        Reservar {selected.length ? countText(selected.length, "número", "números") : "números"}
      </Button>
      {offlineFailed ? <OfflineActionAlert action="reservar" onRetry={submit} /> : null}
      <p className="text-center text-xs text-muted">
        {user
          ? `Tus números quedan apartados ${countText(raffle.reservationMinutes, "minuto", "minutos")} mientras pagas y subes el comprobante.`
          : "Te pediremos iniciar sesión; tu selección se guarda mientras tanto."}
      </p>
      {awaitingPhone ? (
        <BuyerPhonePrompt
          onSaved={() => {
            const chosen = awaitingPhone;
            setAwaitingPhone(null);
            reserve.mutate(chosen);
          }}
        />
      ) : null}
    </section>
  );
}

export default NumberPicker;
