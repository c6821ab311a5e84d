import type { QueryClient } from "@tanstack/react-query";
import type { ApiError } from "../../lib/api-client";
import { isLater, queuedRefusal, requestQueueSync } from "../../lib/seller-sale-queue";
import { createStore } from "../../lib/store";
import { isOffline } from "../../lib/use-online";
import { numbersKey } from "../raffles";
import { recordSellerSale, type SellerSale, type SellerSaleInput, sellerKeys } from "./api";
import { type QueuedSale, sellerStorage } from "./offline-storage";
import { signSale, withoutSignature } from "./sale-signature";

// The queue of sales saved without signal (docs/decisions/0034-vendedores.md, "Offline sales"): kept on the
// phone, sent one at a time in the order they were recorded, each with its own id (the server answers a
// repeated id with its first answer). A refusal stays in the queue, marked, until the vendedor acts on it.

export interface QueueState {
  /** Whose queue is loaded (null until the area knows who is signed in). */
  userId: string | null;
  sales: QueuedSale[];
  /** The sale on its way now. */
  sending: string | null;
}

/** What became of a sale the vendedor sent: the server's record, or saved on the phone to send later. */
export type SaleOutcome = { kind: "sent"; sale: SellerSale } | { kind: "queued"; queued: QueuedSale };

export const queueStore = createStore<QueueState>({ userId: null, sales: [], sending: null });

async function reload(userId: string): Promise<void> {
  const sales = await (await sellerStorage()).listSales(userId);
  // A sign-in of someone else meanwhile: their queue, not this one.
  if (queueStore.get().userId === userId) queueStore.set((state) => ({ ...state, sales }));
}

/** The service worker sent or marked sales of the queue: read it again, and what the sent ones changed. */
export async function queueChangedElsewhere(client: QueryClient): Promise<void> {
  const { userId } = queueStore.get();
  if (!userId) return;
  await reload(userId);
  void client.invalidateQueries({ queryKey: sellerKeys.sales });
  void client.invalidateQueries({ queryKey: sellerKeys.area });
}

/** The signed-in vendedor's queue, read from the phone. */
export async function loadQueue(userId: string): Promise<void> {
  if (queueStore.get().userId !== userId) queueStore.set({ userId, sales: [], sending: null });
  await reload(userId);
}

/** The server's answer as the queue keeps it: a conflict over numbers, or any other refusal. */
function refused(sale: QueuedSale, body: SellerSaleInput, error: ApiError): QueuedSale {
  return { ...sale, body, ...queuedRefusal(error) };
}

function afterSent(client: QueryClient, sale: QueuedSale): void {
  void client.invalidateQueries({ queryKey: sellerKeys.sales });
  void client.invalidateQueries({ queryKey: sellerKeys.area });
  void client.invalidateQueries({ queryKey: numbersKey(sale.body.raffleId) });
}

/** Saves a sale made without signal, signed with the session's sale key, at the end of the queue. */
export async function queueSale(input: {
  userId: string;
  saleKey: string;
  body: SellerSaleInput;
  raffleTitle: string;
  totalTickets: number;
}): Promise<QueuedSale> {
  const recordedAt = new Date().toISOString();
  const sale: QueuedSale = {
    saleId: input.body.saleId,
    userId: input.userId,
    recordedAt,
    body: await signSale(input.body, input.saleKey, recordedAt),
    raffleTitle: input.raffleTitle,
    totalTickets: input.totalTickets,
    state: "pending",
    refusal: null,
  };
  await (await sellerStorage()).putSale(sale);
  await reload(input.userId);
  // Sent by the service worker when signal returns, even if the area is closed by then.
  void requestQueueSync(input.userId).catch(() => false);
  return sale;
}

type Outcome = "sent" | "refused" | "later";

async function send(client: QueryClient, sale: QueuedSale, body: SellerSaleInput): Promise<Outcome> {
  const storage = await sellerStorage();
  queueStore.set((state) => ({ ...state, sending: sale.saleId }));
  try {
    await recordSellerSale(body);
    await storage.deleteSale(sale.saleId);
    afterSent(client, sale);
    return "sent";
  } catch (error) {
    if (isLater(error)) return "later";
    await storage.putSale(refused(sale, body, error as ApiError));
    return "refused";
  } finally {
    queueStore.set((state) => ({ ...state, sending: null }));
    await reload(sale.userId);
  }
}

let running: Promise<void> | null = null;

/**
 * Sends the sales waiting to go, oldest first, one at a time; stops at the first one without an answer
 * (it goes again on the next `online`, on reopening the area, or with «Enviar ahora»).
 */
export function syncQueue(client: QueryClient): Promise<void> {
  running ??= (async () => {
    const { userId } = queueStore.get();
    if (!userId || isOffline()) return;
    await reload(userId);
    for (const sale of queueStore.get().sales) {
      if (sale.state !== "pending") continue;
      if ((await send(client, sale, sale.body)) === "later") break;
    }
  })().finally(() => {
    running = null;
  });
  return running;
}

/**
 * A refused sale sent again now, with its same id and without the offline fields (the vendedor is here,
 * online): its answer, or back in the queue, signed anew, when there was none. A refusal is kept on the
 * sale and thrown.
 */
export async function resendSale(
  client: QueryClient,
  sale: QueuedSale,
  changes: Partial<SellerSaleInput>,
  saleKey: string | null,
): Promise<SaleOutcome> {
  const body = withoutSignature({ ...sale.body, ...changes, saleId: sale.saleId });
  const storage = await sellerStorage();
  queueStore.set((state) => ({ ...state, sending: sale.saleId }));
  try {
    const saved = await recordSellerSale(body);
    await storage.deleteSale(sale.saleId);
    afterSent(client, sale);
    return { kind: "sent", sale: saved };
  } catch (error) {
    if (!isLater(error)) {
      await storage.putSale(refused(sale, body, error as ApiError));
      throw error;
    }
    if (!saleKey) throw error;
    const recordedAt = new Date().toISOString();
    const queued: QueuedSale = {
      ...sale,
      recordedAt,
      body: await signSale(body, saleKey, recordedAt),
      state: "pending",
      refusal: null,
    };
    await storage.putSale(queued);
    void requestQueueSync(sale.userId).catch(() => false);
    return { kind: "queued", queued };
  } finally {
    queueStore.set((state) => ({ ...state, sending: null }));
    await reload(sale.userId);
  }
}

/** The vendedor gives up a refused sale: it leaves the phone. */
export async function discardSale(sale: QueuedSale): Promise<void> {
  await (await sellerStorage()).deleteSale(sale.saleId);
  await reload(sale.userId);
}
