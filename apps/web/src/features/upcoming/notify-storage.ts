import { UPCOMING_NOTIFY_KEY } from "@rifazo/shared/constants";
import { useSyncExternalStore } from "react";
import { createStore, type Store } from "../../lib/store";

// A visitor's 'Notificarme' choices (spec 1 §2, §3): raffle ids kept in this browser only.

/** Parses the stored list, ignoring anything that is not an array of non-empty strings. */
export function parseNotifyIds(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [...new Set(value.filter((id): id is string => typeof id === "string" && id.length > 0))];
  } catch {
    return [];
  }
}

function readStorage(): string[] {
  try {
    return parseNotifyIds(window.localStorage.getItem(UPCOMING_NOTIFY_KEY));
  } catch {
    // Storage blocked (private mode, disabled cookies): the choice lasts for this visit only.
    return [];
  }
}

function writeStorage(ids: string[]): void {
  try {
    if (ids.length) window.localStorage.setItem(UPCOMING_NOTIFY_KEY, JSON.stringify(ids));
    else window.localStorage.removeItem(UPCOMING_NOTIFY_KEY);
  } catch {
    // See readStorage.
  }
}

let store: Store<string[]> | undefined;

/** The visitor's list, read once and kept in sync with other tabs. */
export function localNotifyStore(): Store<string[]> {
  if (store) return store;
  const created = createStore<string[]>(readStorage());
  window.addEventListener("storage", (event) => {
    if (event.key === UPCOMING_NOTIFY_KEY || event.key === null) created.set(readStorage());
  });
  store = created;
  return created;
}

const NONE: string[] = [];
const subscribeLocal = (listener: () => void) => localNotifyStore().subscribe(listener);
const getLocal = () => localNotifyStore().get();

/**
 * The visitor's list for rendering. The server cannot read this browser's storage, so a server-rendered
 * page shows none chosen and hydrates that way; the stored choices appear right after hydration.
 */
export function useLocalNotifyIds(): string[] {
  return useSyncExternalStore(subscribeLocal, getLocal, () => NONE);
}

export function setLocalNotify(raffleId: string, on: boolean): void {
  const target = localNotifyStore();
  const current = target.get();
  const next = on ? [...new Set([...current, raffleId])] : current.filter((id) => id !== raffleId);
  writeStorage(next);
  target.set(next);
}

export function removeLocalNotify(raffleIds: readonly string[]): void {
  const target = localNotifyStore();
  const next = target.get().filter((id) => !raffleIds.includes(id));
  writeStorage(next);
  target.set(next);
}
