import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { type ApiError, networkError, toApiError } from "./api-error";
import { byRecordedAt, isLater, queuedRefusal, SELLER_QUEUE_DB, type StoredSale } from "./seller-sale-queue";

// The vendedor's queue in IndexedDB (lib/seller-sale-queue says what it holds): opened by the page's
// storage (features/sellers/offline-idb) and sent from by the service worker's Background Sync.

interface QueueSchema<T extends StoredSale> extends DBSchema {
  sales: { key: string; value: T; indexes: { byUser: string } };
}

export function openSellerQueue<T extends StoredSale>(
  blocking?: () => void,
): Promise<IDBPDatabase<QueueSchema<T>>> {
  return openDB<QueueSchema<T>>(SELLER_QUEUE_DB, 1, {
    upgrade(db) {
      const store = db.createObjectStore("sales", { keyPath: "saleId" });
      store.createIndex("byUser", "userId");
    },
    ...(blocking ? { blocking } : {}),
  });
}

/**
 * Sends the user's sales waiting to go, oldest first, one at a time, from the service worker: a recorded
 * sale leaves the queue, a refused one stays marked; the first without an answer stops the pass (`later`:
 * the service worker then fails the sync so the browser tries it again). Says how many sales changed.
 */
export async function sendQueuedSales(
  userId: string,
  send: typeof fetch = fetch,
): Promise<{ changed: number; later: boolean }> {
  const db = await openSellerQueue();
  try {
    const waiting = (await db.getAllFromIndex("sales", "byUser", userId))
      .filter((sale) => sale.state === "pending")
      .sort(byRecordedAt);
    let changed = 0;
    for (const sale of waiting) {
      let error: ApiError | null = null;
      try {
        const response = await send("/api/seller/sales", {
          method: "POST",
          credentials: "same-origin",
          headers: { accept: "application/json", "content-type": "application/json" },
          body: JSON.stringify(sale.body),
        });
        if (!response.ok) error = toApiError(response.status, await response.json().catch(() => undefined));
      } catch {
        error = networkError();
      }
      if (error && isLater(error)) return { changed, later: true };
      if (error) await db.put("sales", { ...sale, ...queuedRefusal(error) });
      else await db.delete("sales", sale.saleId);
      changed += 1;
    }
    return { changed, later: false };
  } finally {
    db.close();
  }
}
