import { type DBSchema, type IDBPDatabase, openDB } from "idb";
import { SELLER_SESSION_DB } from "../../lib/offline-snapshot";
import { openSellerQueue } from "../../lib/seller-sale-queue-db";
import { type AreaSnapshot, byRecordedAt, type QueuedSale, type SellerOfflineStorage } from "./offline-types";

// The vendedor's offline storage in IndexedDB (offline-storage.ts), in two databases: the session's copy of
// the area (deleted with the session by lib/offline-snapshot.ts), and the queue of unsent sales, which
// outlives a sign-out so no sale disappears without the vendedor seeing it (each is shown to its own user).

const AREA_KEY = "last";

interface SessionSchema extends DBSchema {
  area: { key: string; value: AreaSnapshot };
}

/**
 * Opens a database once and keeps it open; when another tab or the sign-out wants to upgrade or delete
 * it, this connection steps aside and the next use opens it again.
 */
function lazyDb<T>(open: (onBlocking: () => void) => Promise<IDBPDatabase<T>>) {
  let db: Promise<IDBPDatabase<T>> | null = null;
  return () => {
    db ??= open(() => {
      const closing = db;
      db = null;
      void closing?.then((d) => d.close());
    });
    return db;
  };
}

// The queue's database is the one the service worker sends from (lib/seller-sale-queue).
const queueDb = lazyDb((blocking) => openSellerQueue<QueuedSale>(blocking));

const sessionDb = lazyDb<SessionSchema>((blocking) =>
  openDB<SessionSchema>(SELLER_SESSION_DB, 1, {
    upgrade(db) {
      db.createObjectStore("area");
    },
    blocking,
  }),
);

export function createIdbStorage(): SellerOfflineStorage {
  return {
    listSales: async (userId) =>
      (await (await queueDb()).getAllFromIndex("sales", "byUser", userId)).sort(byRecordedAt),
    putSale: async (sale) => void (await (await queueDb()).put("sales", sale)),
    deleteSale: async (saleId) => (await queueDb()).delete("sales", saleId),
    readArea: async () => (await (await sessionDb()).get("area", AREA_KEY)) ?? null,
    writeArea: async (snapshot) => void (await (await sessionDb()).put("area", snapshot, AREA_KEY)),
  };
}
