import { createContext, useContext, useMemo, useSyncExternalStore } from "react";

// One clock for every card on screen: the card state depends on the time (a 24 h window closing, an end
// date passing), so cards re-evaluate each minute without each one running its own timer.

const TICK_MS = 60_000;
let now = new Date();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function tick(): void {
  now = new Date();
  for (const notify of listeners) notify();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    // The first screen after a quiet period starts from the current time, not the last tick.
    now = new Date();
    timer = setInterval(tick, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

const getNow = () => now;

const RenderClock = createContext<number | null>(null);

/**
 * The time (epoch ms) a server-rendered page was rendered at: used on the server and while hydrating, so
 * hydration reproduces the server's markup; afterwards cards follow the browser's clock.
 */
export const RenderClockProvider = RenderClock.Provider;

export function useNow(): Date {
  const renderClock = useContext(RenderClock);
  const rendered = useMemo(() => (renderClock === null ? null : new Date(renderClock)), [renderClock]);
  return useSyncExternalStore(subscribe, getNow, () => rendered ?? now);
}
