import { countText, pluralWord } from "@rifazo/shared/domain/plural";
import { PURCHASE_LIMIT_MESSAGES } from "@rifazo/shared/domain/purchase-limits";
import { formatTicketNumber } from "@rifazo/shared/domain/tickets";
import { RESERVATION_MESSAGES } from "@rifazo/shared/schemas/reservation-messages";
import { useEffect, useMemo, useRef, useState } from "react";
import { toast } from "../../../../components/ui/toast";
import { newIdempotencyKey } from "../../api/purchase-api";
import type { RaffleDetail } from "../../api/raffles-api";
import { pickRandomAvailable } from "../../lib/number-selection";
import { readStoredSelection, storeSelection } from "./selection-storage";

function selectionCountText(count: number): string {
  if (count === 0) return "Ningún número seleccionado.";
  return `${countText(count, "número seleccionado", "números seleccionados")}.`;
}

/**
 * The buyer's chosen numbers: restored after a sign-in, stored on each change, capped per buyer (decision
 * 0008), and cleared of numbers someone else takes meanwhile. A new selection gets a new idempotency key.
 */
export function useNumberSelection(
  raffle: RaffleDetail,
  takenFn: (n: number) => boolean,
  bitmap: Uint8Array | null,
) {
  const total = raffle.totalTickets;
  const cap = raffle.maxTicketsPerBuyer;
  const [selected, setSelected] = useState<number[]>([]);
  /** Said politely after each change of the selection; empty until the first one (nothing to say on load). */
  const [countMessage, setCountMessage] = useState("");
  const idempotencyKey = useRef(newIdempotencyKey());
  const selectedSet = useMemo(() => new Set(selected), [selected]);

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

  const addRandom = (randomCount: string) => {
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

  return { selected, selectedSet, countMessage, idempotencyKey, change, toggle, addRandom };
}
