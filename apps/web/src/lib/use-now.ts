import { createContext, useContext, useMemo, useSyncExternalStore } from "react";

// One clock per refresh interval for everything on screen: cards re-evaluate each minute (a 24 h window
// closing, an end date passing), countdowns each second, without each one running its own timer. A
// clock's timer runs only while something on screen reads it.

const MINUTE_MS = 60_000;

interface Clock {
  now: Date;
  subscribe: (listener: () => void) => () => void;
  getNow: () => Date;
}

const clocks = new Map<number, Clock>();

function clockEvery(intervalMs: number): Clock {
  const existing = clocks.get(intervalMs);
  if (existing) return existing;
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const clock: Clock = {
    now: new Date(),
    subscribe(listener) {
      listeners.add(listener);
      if (!timer) {
        // The first screen after a quiet period starts from the current time, not the last tick.
        clock.now = new Date();
        timer = setInterval(() => {
          clock.now = new Date();
          for (const notify of listeners) notify();
        }, intervalMs);
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) {
          clearInterval(timer);
          timer = undefined;
        }
      };
    },
    getNow: () => clock.now,
  };
  clocks.set(intervalMs, clock);
  return clock;
}

const RenderClock = createContext<number | null>(null);

/**
 * The time (epoch ms) a server-rendered page was rendered at: used on the server and while hydrating, so
 * hydration reproduces the server's markup (card states, countdowns); afterwards the browser's clock.
 */
export const RenderClockProvider = RenderClock.Provider;

/** The current time, refreshed every `intervalMs` (shared by all callers with the same interval). */
export function useNow(intervalMs = MINUTE_MS): Date {
  const renderClock = useContext(RenderClock);
  const rendered = useMemo(() => (renderClock === null ? null : new Date(renderClock)), [renderClock]);
  const clock = clockEvery(intervalMs);
  return useSyncExternalStore(clock.subscribe, clock.getNow, () => rendered ?? clock.now);
}
