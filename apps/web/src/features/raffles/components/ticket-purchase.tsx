import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { countText } from "@rifazo/shared/domain/plural";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TicketIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { formValue, useFormReturn } from "../../../lib/form-return";
import { formatNumber } from "../../../lib/format";
import { useValueBeforeHydration } from "../../../lib/use-value-before-hydration";
import { OfflineActionAlert } from "../../offline";
import { PhonePrompt } from "../../profile/lazy";
import { createReservation, newIdempotencyKey, reservationAction } from "../api/purchase-api";
import type { RaffleDetail } from "../api/raffles-api";
import { useReserve } from "../hooks/use-reserve";
import { comboText, sortedCombos } from "../lib/combo-text";
import { quoteFor } from "../lib/price-quote";
import { commitQuantity, parseQuantity, type QuantityUpdate, typeQuantity } from "../lib/quantity";
import { AbonoChoice, type ReserveChoice, reservationBody } from "./abono-choice";
import { PurchaseSummary } from "./purchase-summary";
import { SellerLinkField } from "./seller-link-field";

/** Fewer tickets left than the minimum purchase: nothing to buy, and why. */
function TooFewLeft({ remaining, pendingTickets }: { remaining: number; pendingTickets: number }) {
  return (
    <div className="rounded-card border border-line bg-canvas p-5 text-center">
      <p className="font-bold text-ink">{remaining === 0 ? "¡Boletos agotados!" : "Casi agotada"}</p>
      <p className="mt-1 text-sm text-muted">
        {remaining === 0
          ? "Ya no quedan boletos disponibles para esta rifa."
          : `Solo queda ${remaining} boleto y la compra mínima es de ${MIN_TICKETS_PER_PURCHASE}.`}
        {pendingTickets > 0
          ? " Hay pagos en revisión: si alguno se rechaza, sus boletos volverán a estar disponibles."
          : null}
      </p>
    </div>
  );
}

/** The raffle's combos as quick picks of the quantity. */
function ComboPicks({
  raffle,
  max,
  quantity,
  onPick,
}: {
  raffle: RaffleDetail;
  max: number;
  quantity: number;
  onPick: (quantity: number) => void;
}) {
  const combos = sortedCombos(raffle.combos).filter((c) => c.quantity <= max);
  if (!combos.length) return null;
  return (
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
            onClick={() => onPick(combo.quantity)}
            className={quantity === combo.quantity ? "border-brand-700! bg-brand-100!" : undefined}
          >
            {comboText(combo, raffle.currency)}
          </Button>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * "Reservar boletos": a submit button, so before the code runs the browser posts the form itself and the
 * server reserves (or sends a visitor to sign in and back here) (decision 0029).
 */
function ReserveButton({ pending, disabled }: { pending: boolean; disabled: boolean }) {
  return (
    <Button
      type="submit"
      variant="accent"
      size="lg"
      className="w-full"
      loading={pending}
      loadingText="Reservando..."
      disabled={disabled}
    >
      <TicketIcon />
      Reservar boletos
    </Button>
  );
}

/** The quantity the buyer wants and the draft typed in its field, kept within the rules (spec 1 §5). */
function useQuantity(remaining: number, cap: number, sent: number | null) {
  // A refused form's quantity comes back as it was sent (the field shows it; the rules apply on submit).
  const [quantity, setQuantity] = useState(sent ?? MIN_TICKETS_PER_PURCHASE);
  const [draft, setDraft] = useState(String(quantity));
  const inputRef = useRef<HTMLInputElement>(null);

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

  return { quantity, draft, inputRef, apply, commit };
}

/** The quantity field with its − and + buttons, and what may be bought. */
function QuantityField({
  quantityState: { quantity, draft, inputRef, apply, commit },
  remaining,
  cap,
}: {
  quantityState: ReturnType<typeof useQuantity>;
  remaining: number;
  cap: number;
}) {
  const inputId = useId();
  return (
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
          name="cantidad"
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
        Mínimo {countText(MIN_TICKETS_PER_PURCHASE, "boleto", "boletos")} · Quedan {formatNumber(remaining)}{" "}
        disponibles
      </p>
      <p className="text-xs font-semibold text-brand-800" data-testid="ticket-cap">
        {PURCHASE_LIMIT_MESSAGES.capLabel(cap)}
      </p>
    </div>
  );
}

/**
 * Ticket quantity and total (spec 1 §5): minimum 2, at most what is left; the raffle's combos as quick
 * picks; the total with the better of combo and club level discount. "Reservar boletos" holds that many
 * tickets (numbers assigned at random on approval) and opens the payment page; visitors sign in first.
 */
export function TicketPurchase({ raffle }: { raffle: RaffleDetail }) {
  const remaining = raffle.remaining;
  // Most tickets one person may hold in this raffle (decision 0008); the server enforces it on upload.
  const cap = raffle.maxTicketsPerBuyer;
  const refused = useFormReturn(reservationAction(raffle.id));
  const sent = Number.parseInt(formValue(refused, "cantidad"), 10);
  const quantityState = useQuantity(remaining, cap, Number.isFinite(sent) ? sent : null);
  const { quantity, draft, commit } = quantityState;
  // «Reintentar» after a failed attempt repeats the same choice (whole or with an abono).
  const lastAbono = useRef(false);
  const reserve = useReserve({
    raffleId: raffle.id,
    create: (choice: ReserveChoice<number>) =>
      createReservation(raffle.id, reservationBody("quantity", choice), newIdempotencyKey()),
  });

  if (remaining < MIN_TICKETS_PER_PURCHASE) {
    return <TooFewLeft remaining={remaining} pendingTickets={raffle.pendingTickets} />;
  }

  const quote = quoteFor(raffle, quantity, reserve.user?.level);
  const buy = (abono = false) => {
    lastAbono.current = abono;
    const { quantity: final, notice } = commit(parseQuantity(draft));
    if (notice) return;
    reserve.start({ value: final, abono });
  };
  const abonoPending = reserve.pendingValue?.abono === true;

  return (
    <>
      <form
        method="post"
        // The page's inline script keys each native submission: the answer is then the payment page itself.
        data-form-key=""
        action={reservationAction(raffle.id)}
        className="space-y-4 rounded-card border border-brand-200 bg-brand-50/60 p-4 sm:p-5"
        onSubmit={(event) => {
          if (reserve.postsNatively()) return;
          event.preventDefault();
          buy();
        }}
        aria-label="Comprar boletos"
      >
        {refused ? (
          <Alert variant="danger" title="No se pudo reservar">
            {refused.message}
          </Alert>
        ) : null}
        <ComboPicks raffle={raffle} max={Math.min(remaining, cap)} quantity={quantity} onPick={commit} />
        <QuantityField quantityState={quantityState} remaining={remaining} cap={cap} />
        <PurchaseSummary quote={quote} showRule={raffle.combos.length > 0} />
        <SellerLinkField raffleId={raffle.id} />
        <ReserveButton pending={reserve.isPending && !abonoPending} disabled={abonoPending} />
        <AbonoChoice
          raffle={raffle}
          pending={abonoPending}
          disabled={(reserve.isPending && !abonoPending) || reserve.sessionLoading}
          onChoose={() => buy(true)}
        />
        {reserve.offlineFailed ? (
          <OfflineActionAlert action="reservar" onRetry={() => buy(lastAbono.current)} />
        ) : null}
        <p className="text-center text-xs text-muted">
          {reserve.user
            ? `Tus boletos quedan apartados ${countText(raffle.reservationMinutes, "minuto", "minutos")} mientras pagas y subes el comprobante.`
            : "Te pediremos iniciar sesión y después podrás reservar y pagar."}
        </p>
      </form>
      {reserve.awaitingPhone ? (
        <div className="mt-4">
          <PhonePrompt onSaved={reserve.resumeAfterPhone} />
        </div>
      ) : null}
    </>
  );
}
