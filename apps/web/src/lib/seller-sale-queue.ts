import { type ApiError, isApiError, isRetryableError, takenNumbersOf } from "./api-error";

// The vendedor's queue of sales saved without signal (docs/decisions/0034-vendedores.md, "Offline sales"),
// as both the page (features/sellers) and the service worker (Background Sync) read and send it: one
// database, one order, one way to send a sale and one reading of the server's answer. The database itself
// is in ./seller-sale-queue-db (idb): loaded only by the worker and the page's lazy storage.

export const SELLER_QUEUE_DB = "rifazo-vendedor-cola";
/** The Background Sync tag of a user's queue: `rifazo-ventas:<userId>` (only their sales go under it). */
export const SELLER_SALE_SYNC_TAG = "rifazo-ventas";
/** What the service worker tells open pages after it sent or marked sales of the queue. */
export const SELLER_QUEUE_CHANGED = "SELLER_QUEUE_CHANGED";

/** Where a queued sale stands: waiting to go, or refused by the server and waiting for the vendedor. */
export type QueuedSaleState = "pending" | "conflict" | "refused";

/** What the queue keeps of the server's refusal: its code, its Spanish message, the numbers lost. */
export interface QueuedRefusal {
  code: string;
  message: string;
  taken: string[];
}

/** The fields of a queued sale this module needs (features/sellers' QueuedSale has them all). */
export interface StoredSale {
  saleId: string;
  userId: string;
  recordedAt: string;
  body: unknown;
  state: QueuedSaleState;
  refusal: QueuedRefusal | null;
}

/** The queue's order: when each sale was recorded, then its id (two in the same millisecond). */
export function byRecordedAt(a: StoredSale, b: StoredSale): number {
  if (a.recordedAt !== b.recordedAt) return a.recordedAt < b.recordedAt ? -1 : 1;
  return a.saleId < b.saleId ? -1 : a.saleId > b.saleId ? 1 : 0;
}

/** The server's refusal as the queue keeps it: a conflict over numbers, or any other refusal. */
export function queuedRefusal(error: ApiError): { state: QueuedSaleState; refusal: QueuedRefusal } {
  const taken = takenNumbersOf(error);
  const detail = Object.values(error.fields ?? {})[0];
  const message = detail && detail !== error.message ? `${error.message} ${detail}` : error.message;
  return {
    state: taken ? "conflict" : "refused",
    refusal: { code: error.serverCode ?? error.code, message, taken: taken ?? [] },
  };
}

/** Try again later: no answer (no signal, a server error) or no session to send it under now. */
export function isLater(error: unknown): boolean {
  return !isApiError(error) || isRetryableError(error) || error.status === 401 || error.status === 429;
}

/**
 * Asks the browser to send the user's queue when signal returns, even with the area closed (Background
 * Sync, where the browser has it: Chromium). Elsewhere the page sends it on reopen and on `online`.
 */
export async function requestQueueSync(userId: string): Promise<boolean> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return false;
  const registration = (await navigator.serviceWorker.getRegistration()) as
    | (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } })
    | undefined;
  if (!registration?.sync) return false;
  await registration.sync.register(`${SELLER_SALE_SYNC_TAG}:${userId}`);
  return true;
}
