import { useEffect, useRef } from "react";

/**
 * Calls `onEvent` for every `raffle` event of the realtime stream (GET /api/events, SSE). Bursts (a
 * generation job touching many rows) are coalesced into one call per `throttleMs`. EventSource
 * reconnects by itself (the server sends `retry:`), so a dropped connection needs nothing here.
 */
export function useRaffleEvents(onEvent: () => void, throttleMs = 750): void {
  const callback = useRef(onEvent);
  callback.current = onEvent;

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource("/api/events");
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handle = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        callback.current();
      }, throttleMs);
    };
    source.addEventListener("raffle", handle);
    return () => {
      source.removeEventListener("raffle", handle);
      source.close();
      if (timer) clearTimeout(timer);
    };
  }, [throttleMs]);
}
