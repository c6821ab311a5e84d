import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False while rendering on the server and during hydration, true afterwards (and always in a page that
 * was not server-rendered). What depends on this browser (its storage, its clock to the second) renders
 * only once this is true, so hydration sees exactly what the server sent.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
