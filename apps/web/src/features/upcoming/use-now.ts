import { useEffect, useState, useSyncExternalStore } from "react";

/** The current time, refreshed every `intervalMs` (the caller re-renders each time). */
export function useNow(intervalMs = 1_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
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

/** The current time, ticking every second (shared by all callers). */
export function useSecondClock(): number {
  return useSyncExternalStore(subscribeSeconds, getSecondNow, getSecondNow);
}
