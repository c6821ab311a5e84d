import { useEffect, useRef } from "react";
import { openEventStream } from "../../../lib/event-stream";

/**
 * Calls `onEvent` for every `raffle` event of the realtime stream (GET /api/events, SSE). Bursts (a
 * generation job touching many rows) are coalesced into one call per `throttleMs`. A dropped connection
 * is reopened by the browser; a refused one by lib/event-stream with backoff.
 */
export function useRaffleEvents(onEvent: () => void, throttleMs = 750): void {
  const callback = useRef(onEvent);
  callback.current = onEvent;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const handle = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        callback.current();
      }, throttleMs);
    };
    const stream = openEventStream({ on: { raffle: handle } });
    return () => {
      stream?.close();
      if (timer) clearTimeout(timer);
    };
  }, [throttleMs]);
}
