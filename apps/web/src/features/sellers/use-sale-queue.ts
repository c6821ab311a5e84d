import { bitmapFromBase64, isTaken } from "@rifazo/shared/domain/number-bitmap";
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { SELLER_QUEUE_CHANGED } from "../../lib/seller-sale-queue";
import { useStore } from "../../lib/store";
import { isOffline } from "../../lib/use-online";
import { sessionQueryKey } from "../auth";
import { parseTakenNumbers, pickRandomAvailable, raffleNumbersQuery } from "../raffles";
import type { SellerAreaRaffle } from "./api";
import { type QueuedSale, sellerStorage } from "./offline-storage";
import {
  loadQueue,
  queueChangedElsewhere,
  queueStore,
  resendSale,
  type SaleOutcome,
  syncQueue,
} from "./sale-queue";

/** The signed-in vendedor's queue, as it changes. */
export function useSaleQueue() {
  return useStore(queueStore);
}

/**
 * Loads the vendedor's queue and sends what waits in it: when the area opens, on each `online`, and with
 * the returned function («Enviar ahora»).
 */
export function useQueueSync(userId: string | undefined): () => Promise<void> {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let live = true;
    const sync = () => void syncQueue(client).catch(() => undefined);
    void loadQueue(userId)
      .then(() => {
        if (live) sync();
      })
      .catch(() => undefined);
    window.addEventListener("online", sync);
    // The service worker's Background Sync sent sales while the page was open (lib/seller-sale-queue).
    const worker = typeof navigator === "undefined" ? undefined : navigator.serviceWorker;
    const onMessage = (event: MessageEvent) => {
      if ((event.data as { type?: string } | null)?.type === SELLER_QUEUE_CHANGED)
        void queueChangedElsewhere(client).catch(() => undefined);
    };
    worker?.addEventListener("message", onMessage);
    return () => {
      live = false;
      window.removeEventListener("online", sync);
      worker?.removeEventListener("message", onMessage);
    };
  }, [client, userId]);
  return () => syncQueue(client);
}

/**
 * The area reopened without signal: the session kept with its last copy stands in until the server can be
 * asked, so the area (and its sale form) opens from the phone. Deleted on sign-out (lib/offline-snapshot).
 */
export function useOfflineSessionRestore(): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!isOffline() || client.getQueryData(sessionQueryKey) !== undefined) return;
    void sellerStorage()
      .then((storage) => storage.readArea())
      .then((snapshot) => {
        if (snapshot && client.getQueryData(sessionQueryKey) === undefined)
          client.setQueryData(sessionQueryKey, snapshot.user);
      })
      .catch(() => undefined);
  }, [client]);
}

export const NOT_ENOUGH_NUMBERS =
  "No quedan suficientes números libres en esta rifa para completar la venta.";

/**
 * «Asignar al azar» for a sale that lost numbers: the numbers it kept (still free now), plus as many free
 * ones drawn from the raffle's fresh availability as it lost, sent again with its same id.
 */
export async function assignRandomNumbers(
  client: QueryClient,
  sale: QueuedSale,
  raffle: SellerAreaRaffle,
  saleKey: string | null,
): Promise<SaleOutcome> {
  const total = raffle.totalTickets;
  const availability = await client.fetchQuery({ ...raffleNumbersQuery(raffle.raffleId), staleTime: 0 });
  const bitmap = bitmapFromBase64(availability.bitmap, total);
  const lost = new Set(parseTakenNumbers(sale.refusal?.taken ?? []));
  const taken = (n: number) => lost.has(n) || isTaken(bitmap, n);
  const original = sale.body.numbers ?? [];
  const kept = original.filter((n) => !taken(n));
  const wanted = original.length - kept.length;
  const picks = pickRandomAvailable(total, taken, new Set(kept), wanted);
  if (picks.length < wanted) throw new Error(NOT_ENOUGH_NUMBERS);
  const numbers = [...kept, ...picks].sort((a, b) => a - b);
  return resendSale(client, sale, { numbers }, saleKey);
}
