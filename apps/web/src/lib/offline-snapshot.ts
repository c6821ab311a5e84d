import { type DehydratedState, hydrate, type QueryClient, type QueryKey } from "@tanstack/react-query";
import { CACHE_NAMES } from "./service-worker-caches";
import { isOffline } from "./use-online";

// "Mis boletos" offline (decision 0017): the signed-in buyer's tickets and payments as last fetched, with
// the session they belong to, kept in this browser's localStorage, put back into the query cache when
// the browser is offline. Phones are shared: deleted on sign-out and whenever the device learns its
// session ended some other way (lib/api-client on any 401, the session answering nobody or someone else,
// the realtime stream's `session` event). Written by the payments list.

const STORAGE_KEY = "rifazo:mis-boletos";

/**
 * The vendedor area's copy for working offline (features/sellers, decision 0034): the last GET
 * /api/seller/me with its session's sale key, and the session it belongs to. Deleted with the rest; the
 * queue of unsent sales lives in a database of its own, kept per user so a sale is never lost in silence.
 */
export const SELLER_SESSION_DB = "rifazo-vendedor-sesion";

/**
 * Fields that grant access, never written to the device: a receipt's token is its private link, and the
 * receipt secret is what it reveals. Offline the receipt cannot open anyway (its page is never cached).
 */
const SECRET_FIELDS = new Set(["receiptToken", "receiptSecret"]);

export interface OfflineSnapshot {
  /** The user the data belongs to: never shown to someone else signed in on this browser. */
  userId: string;
  state: DehydratedState;
}

export function readOfflineSnapshot(): OfflineSnapshot | null {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEY);
    const snapshot = raw ? (JSON.parse(raw) as Partial<OfflineSnapshot>) : null;
    return snapshot?.userId && snapshot.state ? (snapshot as OfflineSnapshot) : null;
  } catch {
    return null;
  }
}

export function writeOfflineSnapshot(snapshot: OfflineSnapshot): void {
  try {
    const text = JSON.stringify(snapshot, (key, value: unknown) => (SECRET_FIELDS.has(key) ? null : value));
    window.localStorage.setItem(STORAGE_KEY, text);
  } catch {
    // Storage full or disabled (private mode): the page simply is not readable offline.
  }
}

/** On sign-out, or a session ended elsewhere: the buyer's snapshot, and the worker's API copies with it. */
export function clearPrivateOfflineData(): void {
  // The server render has no device to clear.
  if (typeof window === "undefined") return;
  try {
    window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage disabled: nothing was written either.
  }
  if (typeof caches !== "undefined") void caches.delete(CACHE_NAMES.api).catch(() => undefined);
  try {
    if (typeof indexedDB !== "undefined") indexedDB.deleteDatabase(SELLER_SESSION_DB);
  } catch {
    // IndexedDB disabled: nothing was written either.
  }
}

/** The server says this browser's session is `userId`'s: a copy of anyone else's goes. */
export function keepOfflineDataOnlyFor(userId: string): void {
  const snapshot = readOfflineSnapshot();
  if (snapshot && snapshot.userId !== userId) clearPrivateOfflineData();
}

/**
 * While the browser is offline (now, or whenever it goes offline), the snapshot fills the query cache.
 * It only fills what is missing or older (hydrate keeps newer data), and only for its own user.
 */
export function restoreOfflineSnapshot(queryClient: QueryClient, sessionKey: QueryKey): void {
  const restore = () => {
    if (!isOffline()) return;
    const snapshot = readOfflineSnapshot();
    if (!snapshot) return;
    const current = queryClient.getQueryData<{ id: string } | null>(sessionKey);
    if (current && current.id !== snapshot.userId) return;
    hydrate(queryClient, snapshot.state);
  };
  restore();
  window.addEventListener("offline", restore);
}
