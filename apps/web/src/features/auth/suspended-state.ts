import { createStore, useStore } from "../../lib/store";

// The server answers ACCOUNT_SUSPENDED when a session was ended by a suspension (and at sign-in). The
// session is then cleared like any lost session, and this remembers why, so the sign-in page the guards
// send the user to explains it and how to appeal instead of a bare form.

const suspendedStore = createStore(false);

export function markSuspended(): void {
  suspendedStore.set(true);
}

export function clearSuspended(): void {
  suspendedStore.set(false);
}

export function useSuspendedSession(): boolean {
  return useStore(suspendedStore);
}

export const isSuspendedError = (error: unknown): boolean =>
  typeof error === "object" && error !== null && (error as { code?: unknown }).code === "ACCOUNT_SUSPENDED";
