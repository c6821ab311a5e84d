import { MIN_TICKETS_PER_PURCHASE } from "@rifazo/shared/constants";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { purchaseTotal } from "@rifazo/shared/domain/tickets";
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "../../../components/ui/button";
import { TicketIcon } from "../../../components/ui/icons";
import { Input } from "../../../components/ui/input";
import { Label } from "../../../components/ui/label";
import { toast } from "../../../components/ui/toast";
import { formatMoney, formatNumber } from "../../../lib/format";
import { paths } from "../../../lib/paths";
import { useHydrated } from "../../../lib/use-hydrated";
import { useValueBeforeHydration } from "../../../lib/use-value-before-hydration";
import { type RedirectState, useSession } from "../../auth";
import { priceEquivalent, useExchangeRate } from "../../exchange-rate";
import type { RaffleDetail } from "../api/raffles-api";
import { purchaseTarget } from "../lib/purchase";
import { commitQuantity, parseQuantity, type QuantityUpdate, typeQuantity } from "../lib/quantity";

/**
 * Ticket quantity and total (spec 1 §5): minimum 2, at most what is left, total = quantity × price with 2
 * decimals. "Comprar Boletos" continues to the proof upload; visitors sign in first and come back there.
 */
export function TicketPurchase({ raffle }: { raffle: RaffleDetail }) {
  const remaining = raffle.remaining;
  // Most tickets one person may hold in this raffle (decision 0008); the server enforces it on upload.
  const cap = raffle.maxTicketsPerBuyer;
  const [quantity, setQuantity] = useState(MIN_TICKETS_PER_PURCHASE);
  const [draft, setDraft] = useState(String(quantity));
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Server-rendered: the buttons wait for the code (a native submit would only reload the page).
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const { user } = useSession();
  const rate = useExchangeRate();

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

  const total = purchaseTotal(quantity, raffle.price);
  const equivalent = priceEquivalent(total, raffle.currency, rate);

  const buy = () => {
    const { quantity: final, notice } = commit(parseQuantity(draft));
    if (notice) return;
    const target = purchaseTarget(raffle, final);
    if (!user) {
      const state: RedirectState = { from: { pathname: target.pathname, search: target.search } };
      navigate(paths.login, { state });
      return;
    }
    navigate({ pathname: target.pathname, search: target.search }, { state: target.state });
  };

  return (
    <form
      className="space-y-4 rounded-card border border-brand-200 bg-brand-50/60 p-4 sm:p-5"
      onSubmit={(event) => {
        event.preventDefault();
        buy();
      }}
      aria-label="Comprar boletos"
    >
      <div className="space-y-1.5">
        <Label htmlFor={inputId}>Cantidad de boletos</Label>
        <div className="flex items-stretch gap-2">
          <Button
            variant="outline"
            size="icon"
            className="size-12! text-2xl!"
            aria-label="Quitar un boleto"
            disabled={!hydrated}
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
            disabled={!hydrated}
            onClick={() => commit(quantity + 1)}
          >
            +
          </Button>
        </div>
        <p className="text-xs text-muted">
          Mínimo {MIN_TICKETS_PER_PURCHASE} boletos · Quedan {formatNumber(remaining)} disponibles
        </p>
        <p className="text-xs font-semibold text-brand-800" data-testid="ticket-cap">
          {PURCHASE_LIMIT_MESSAGES.capLabel(cap)}
        </p>
      </div>

      <div className="flex items-end justify-between gap-3 border-t border-brand-200 pt-4">
        <span className="text-sm font-semibold text-muted">Total a pagar</span>
        <div className="text-right" aria-live="polite">
          <p className="text-2xl font-black text-brand-800" data-testid="purchase-total">
            {formatMoney(total, raffle.currency)}
          </p>
          {equivalent ? <p className="text-xs text-muted">{equivalent.amount}</p> : null}
        </div>
      </div>

      <Button type="submit" variant="accent" size="lg" className="w-full" disabled={!hydrated}>
        <TicketIcon />
        Comprar Boletos
      </Button>
      {user ? null : (
        <p className="text-center text-xs text-muted">
          Te pediremos iniciar sesión y después podrás subir tu comprobante de pago.
        </p>
      )}
    </form>
  );
}
