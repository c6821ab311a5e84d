import { useSyncExternalStore } from "react";

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

export function useNow(): Date {
  return useSyncExternalStore(subscribe, getNow, getNow);
}
