import { useEffect } from "react";
import { useLocation } from "react-router";
import { createStore, useStore } from "../../lib/store";

// Sign-out spans a navigation: leave the protected page, then clear the session. Router updates are
// transitions, so "navigate() resolved" does not mean the old page is gone; if the session were cleared
// while a guard is still mounted, it would redirect to a sign-in page with an "access denied" toast.
// The state stays active until the destination page is actually on screen, and guards stand still
// meanwhile. It lives in the main bundle (the root layout shows "Cerrando sesión..." from it).

type Phase = "idle" | "pending" | "cleared";

interface SignOutState {
  phase: Phase;
  target: string | null;
}

const IDLE: SignOutState = { phase: "idle", target: null };
const signOutStore = createStore<SignOutState>(IDLE);
const SAFETY_TIMEOUT_MS = 4_000;

export function isSigningOut(): boolean {
  return signOutStore.get().phase !== "idle";
}

export function beginSignOut(target: string): void {
  signOutStore.set({ phase: "pending", target });
}

/** The session is cleared; the overlay lifts once the destination page has rendered. */
export function markSessionCleared(): void {
  signOutStore.set((state) => (state.phase === "idle" ? state : { ...state, phase: "cleared" }));
}

export function useSigningOut(): boolean {
  return useStore(signOutStore).phase !== "idle";
}

/** Mounted once, in the root layout: ends the sign-out when its destination is the current page. */
export function useSignOutCompletion(): void {
  const state = useStore(signOutStore);
  const { pathname } = useLocation();

  useEffect(() => {
    if (state.phase === "cleared" && pathname === state.target) signOutStore.set(IDLE);
  }, [state, pathname]);

  useEffect(() => {
    if (state.phase === "idle") return;
    // Never leave the overlay up if the visitor ended somewhere else (a link clicked meanwhile).
    const timer = window.setTimeout(() => signOutStore.set(IDLE), SAFETY_TIMEOUT_MS);
    return () => window.clearTimeout(timer);
  }, [state.phase]);
}
