import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import { useMutation } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { Link, useNavigate } from "react-router";
import { Button, buttonClasses } from "../../../components/ui/button";
import { TicketIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { errorMessage } from "../../../lib/api-client";
import { formatNumber } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useHydrated } from "../../../lib/use-hydrated";
import { isOffline } from "../../../lib/use-online";
import { useValueBeforeHydration } from "../../../lib/use-value-before-hydration";
import { type RedirectState, useSession } from "../../auth";
import { isOfflineError, OfflineActionAlert } from "../../offline";
import { BuyerPhonePrompt, isPhoneRequired } from "../../profile";
import { activeReservationOf, createReservation, newIdempotencyKey } from "../api/purchase-api";
import type { RaffleDetail } from "../api/raffles-api";
import { comboText, sortedCombos } from "../lib/combo-text";
import { quoteFor, reservationPath } from "../lib/price-quote";
import { commitQuantity, parseQuantity, type QuantityUpdate, typeQuantity } from "../lib/quantity";
import { PurchaseSummary } from "./purchase-summary";

/**
 * Ticket quantity and total (spec 1 §5): minimum 2, at most what is left; the raffle's combos as quick
 * picks; the total with the better of combo and club level discount. "Reservar boletos" holds that many
 * tickets (numbers assigned at random on approval) and opens the payment page; visitors sign in first.
 */
export function TicketPurchase({ raffle }: { raffle: RaffleDetail }) {
  const remaining = raffle.remaining;
  // Most tickets one person may hold in this raffle (decision 0008); the server enforces it on upload.
  const cap = raffle.maxTicketsPerBuyer;
  const [quantity, setQuantity] = useState(MIN_TICKETS_PER_PURCHASE);
  const [draft, setDraft] = useState(String(quantity));
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const { user } = useSession();
  const hydrated = useHydrated();
  // The quantity whose reservation waits for the buyer's mobile (422 PHONE_REQUIRED), asked inline.
  const [awaitingPhone, setAwaitingPhone] = useState<number | null>(null);
  // The last tap could not reach the server: said under the button, with «Reintentar».
  const [offlineFailed, setOfflineFailed] = useState(false);
  const reserve = useMutation({
    mutationFn: (count: number) => createReservation(raffle.id, { quantity: count }, newIdempotencyKey()),
    onSuccess: (reservation) => navigate(reservationPath(raffle.id, reservation.id)),
    onError: (error, count) => {
      if (isOfflineError(error)) {
        setOfflineFailed(true);
        return;
      }
      if (isPhoneRequired(error)) {
        setAwaitingPhone(count);
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

  const apply = (update: QuantityUpdate) => {
    setQuantity(update.quantity);
    setDraft(update.draft);
    if (update.notice)
      toast({ title: update.notice.title, description: update.notice.message, variant: "warning" });
  };
  const commit = (requested: number) => {
    const update = commitQuantity(requested, remaining, cap);
    apply(update);
    return update;
  };

  // A quantity typed on the server-rendered page before its code ran: the rules apply to it as on blur.
  useValueBeforeHydration(inputRef, draft, (value) => commit(parseQuantity(value)));

  // Live updates can lower what is left below the chosen quantity: correct it (and say so).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when the remaining count changes.
  useEffect(() => {
    if (quantity > remaining && remaining >= MIN_TICKETS_PER_PURCHASE) commit(quantity);
  }, [remaining]);

  if (remaining < MIN_TICKETS_PER_PURCHASE) {
    return (
      <div className="rounded-card border border-line bg-canvas p-5 text-center">
        <p className="font-bold text-ink">{remaining === 0 ? "¡Boletos agotados!" : "Casi agotada"}</p>
        <p className="mt-1 text-sm text-muted">
          {remaining === 0
            ? "Ya no quedan boletos disponibles para esta rifa."
            : `Solo queda ${remaining} boleto y la compra mínima es de ${MIN_TICKETS_PER_PURCHASE}.`}
          {raffle.pendingTickets > 0
            ? " Hay pagos en revisión: si alguno se rechaza, sus boletos volverán a estar disponibles."
            : null}
        </p>
      </div>
    );
  }

  const quote = quoteFor(raffle, quantity, user?.level);
  const combos = sortedCombos(raffle.combos).filter((c) => c.quantity <= Math.min(remaining, cap));

  const buy = () => {
    const { quantity: final, notice } = commit(parseQuantity(draft));
    if (notice) return;
    // Offline, say so at once: the sign-in page may not be on this device, and a reservation cannot be made.
    setOfflineFailed(isOffline());
    if (isOffline()) return;
    if (!user) {
      const state: RedirectState = { from: { pathname: paths.raffle(raffle.id), search: "" } };
      navigate(paths.login, { state });
      return;
    }
    reserve.mutate(final);
  };

  return (
    <>
      <form
        className="space-y-4 rounded-card border border-brand-200 bg-brand-50/60 p-4 sm:p-5"
        onSubmit={(event) => {
          event.preventDefault();
          buy();
        }}
        aria-label="Comprar boletos"
      >
        {combos.length ? (
          <fieldset className="space-y-1.5">
            <legend className="text-sm font-semibold text-ink">Combos</legend>
            <div className="flex flex-wrap gap-2">
              {combos.map((combo) => (
                <Button
                  key={combo.quantity}
                  variant="outline"
                  size="sm"
                  aria-pressed={quantity === combo.quantity}
                  waitsForCode
                  onClick={() => commit(combo.quantity)}
                  className={quantity === combo.quantity ? "border-brand-700! bg-brand-100!" : undefined}
                >
                  {comboText(combo, raffle.currency)}
                </Button>
              ))}
            </div>
          </fieldset>
        ) : null}

        <div className="space-y-1.5">
          <Label htmlFor={inputId}>Cantidad de boletos</Label>
          <div className="flex items-stretch gap-2">
            <Button
              variant="outline"
              size="icon"
              className="size-12! text-2xl!"
              aria-label="Quitar un boleto"
              waitsForCode
              onClick={() => commit(quantity - 1)}
            >
              −
            </Button>
            <Input
              ref={inputRef}
              id={inputId}
              type="number"
              inputMode="numeric"
              min={MIN_TICKETS_PER_PURCHASE}
              max={Math.min(remaining, cap)}
              step={1}
              value={draft}
              onChange={(event) => apply(typeQuantity(event.target.value, quantity, remaining, cap))}
              onBlur={() => commit(parseQuantity(draft))}
              className="h-12! text-center text-xl! font-bold"
            />
            <Button
              variant="outline"
              size="icon"
              className="size-12! text-2xl!"
              aria-label="Añadir un boleto"
              waitsForCode
              onClick={() => commit(quantity + 1)}
            >
              +
            </Button>
          </div>
          <p className="text-xs text-muted">
            Mínimo {countText(MIN_TICKETS_PER_PURCHASE, "boleto", "boletos")} · Quedan{" "}
            {formatNumber(remaining)} disponibles
          </p>
          <p className="text-xs font-semibold text-brand-800" data-testid="ticket-cap">
            {PURCHASE_LIMIT_MESSAGES.capLabel(cap)}
          </p>
        </div>

        <PurchaseSummary quote={quote} showRule={raffle.combos.length > 0} />

        {hydrated ? (
          <Button
            type="submit"
            variant="accent"
            size="lg"
            className="w-full"
            loading={reserve.isPending}
            loadingText="Reservando..."
          >
            <TicketIcon />
            Reservar boletos
          </Button>
        ) : (
          // Before the code runs (the server renders as a visitor, decision 0005): a link to sign in that
          // comes back here, so the main action works on a slow phone at once (decision 0018).
          <Link
            to={paths.loginReturningTo(paths.raffle(raffle.id))}
            className={buttonClasses({ variant: "accent", size: "lg", className: "w-full" })}
          >
            <TicketIcon />
            Reservar boletos
          </Link>
        )}
        {offlineFailed ? <OfflineActionAlert action="reservar" onRetry={buy} /> : null}
        <p className="text-center text-xs text-muted">
          {user
            ? `Tus boletos quedan apartados ${countText(raffle.reservationMinutes, "minuto", "minutos")} mientras pagas y subes el comprobante.`
            : "Te pediremos iniciar sesión y después podrás reservar y pagar."}
        </p>
      </form>
      {awaitingPhone !== null ? (
        <div className="mt-4">
          <BuyerPhonePrompt
            onSaved={() => {
              const count = awaitingPhone;
              setAwaitingPhone(null);
              reserve.mutate(count);
            }}
          />
        </div>
      ) : null}
    </>
  );
}
