import { type AreaSnapshot, byRecordedAt, type QueuedSale, type SellerOfflineStorage } from "./offline-types";

export type { AreaSnapshot, QueuedSale, QueuedSaleState, SellerOfflineStorage } from "./offline-types";

// What the vendedor area keeps on the phone to sell without signal (docs/decisions/0034-vendedores.md,
// "Offline sales"): the last area (with its session's sale key) and the queue of sales not sent yet.
// IndexedDB (offline-idb.ts, loaded only when needed) where the browser has it; else memory.

/** Kept in memory only (a browser without IndexedDB, and the tests): lost when the page closes. */
export function createMemoryStorage(): SellerOfflineStorage {
  const sales = new Map<string, QueuedSale>();
  let area: AreaSnapshot | null = null;
  const copy = <T>(value: T): T => structuredClone(value);
  return {
    listSales: async (userId) =>
      [...sales.values()]
        .filter((s) => s.userId === userId)
        .map(copy)
        .sort(byRecordedAt),
    putSale: async (sale) => void sales.set(sale.saleId, copy(sale)),
    deleteSale: async (saleId) => void sales.delete(saleId),
    readArea: async () => (area ? copy(area) : null),
    writeArea: async (snapshot) => {
      area = copy(snapshot);
    },
  };
}

let storage: Promise<SellerOfflineStorage> | null = null;

/** The phone's storage: IndexedDB when the browser has it (its code loaded on first use), else memory. */
export function sellerStorage(): Promise<SellerOfflineStorage> {
  storage ??=
    typeof indexedDB === "undefined"
      ? Promise.resolve(createMemoryStorage())
      : import("./offline-idb").then((m) => m.createIdbStorage()).catch(() => createMemoryStorage());
  return storage;
}

/** Tests: start from an empty storage of their choice. */
export function replaceSellerStorage(next: SellerOfflineStorage): void {
  storage = Promise.resolve(next);
}
