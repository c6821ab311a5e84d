import { useEffect, useState, useSyncExternalStore } from "react";
import { useHydrated } from "../../lib/use-hydrated";
import { useNow as useCardClock } from "../raffles/hooks/use-now";

// Countdowns and the teaser reveal depend on the time to the second. On a server-rendered page the
// server and the hydrating browser must compute them from the same instant, so until hydration is over
// they read the render's clock (RenderClockProvider, via the card clock, which already answers with it
// there); afterwards they follow this browser's clock.

/** The current time, refreshed every `intervalMs` (the caller re-renders each time). */
export function useNow(intervalMs = 1_000): number {
  const rendered = useCardClock().getTime();
  const hydrated = useHydrated();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // From the moment of hydration, not from whenever this state was first created.
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return hydrated ? now : rendered;
}

// One shared one-second clock for every countdown on the page: a single timer, running only while some
// countdown is mounted, and only the countdowns themselves re-render each second.
const listeners = new Set<() => void>();
let secondNow = Date.now();
let secondTimer: number | undefined;

function subscribeSeconds(listener: () => void): () => void {
  listeners.add(listener);
  if (secondTimer === undefined) {
    secondNow = Date.now();
    secondTimer = window.setInterval(() => {
      secondNow = Date.now();
      for (const notify of listeners) notify();
    }, 1_000);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && secondTimer !== undefined) {
      window.clearInterval(secondTimer);
      secondTimer = undefined;
    }
  };
}

const getSecondNow = () => secondNow;

/** The current time, ticking every second (shared by all callers); the render's time while hydrating. */
export function useSecondClock(): number {
  const rendered = useCardClock().getTime();
  return useSyncExternalStore(subscribeSeconds, getSecondNow, () => rendered);
}
