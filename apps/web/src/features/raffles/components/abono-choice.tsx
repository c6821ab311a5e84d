import { useId } from "react";
import { Button } from "../../../components/ui/button";
import type { RaffleDetail } from "../api/raffles-api";
import { abonoOfferText } from "../lib/abono-text";

/** What the buyer reserves: the numbers or quantity, paid whole or apartados with an abono. */
export interface ReserveChoice<T> {
  value: T;
  abono: boolean;
}

/** The reservation's body for a choice: `abono` only when asked for, so a whole purchase sends what it did. */
export function reservationBody<K extends "numbers" | "quantity", T>(key: K, choice: ReserveChoice<T>) {
  return { [key]: choice.value, ...(choice.abono ? { abono: true } : {}) } as Record<K, T> & { abono?: true };
}

/**
 * «Apartar con abono» beside the reserve button of a raffle that takes abonos (decision 0034), with the
 * line that says what it means. A plain button, not the form's submit: the browser's own form (decision
 * 0029) posts no abono, so this one waits for the page's code, and for the session to be known.
 */
export function AbonoChoice({
  raffle,
  pending,
  disabled,
  onChoose,
}: {
  raffle: RaffleDetail;
  /** This choice is being reserved. */
  pending: boolean;
  /** The other button is reserving, or the session is not known yet. */
  disabled: boolean;
  onChoose: () => void;
}) {
  const lineId = useId();
  if (raffle.installmentMinimum === null) return null;
  return (
    <div className="space-y-1.5">
      <Button
        variant="outline"
        size="lg"
        className="w-full"
        waitsForCode
        loading={pending}
        loadingText="Apartando..."
        disabled={disabled}
        aria-describedby={lineId}
        onClick={onChoose}
      >
        Apartar con abono
      </Button>
      <p id={lineId} className="text-xs text-muted" data-testid="abono-offer">
        {abonoOfferText(raffle.installmentMinimum, raffle.currency, raffle.endDate)}
      </p>
    </div>
  );
}
