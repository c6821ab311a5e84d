import { useEffect, useRef } from "react";
import { type EventStream, openEventStream } from "./event-stream";

// The API sends a `raffle` event on GET /api/events whenever a raffle changes (sales, status, winners,
// ticket generation). Every screen showing raffles listens through this hook; they share one connection,
// opened by the first and closed when the last one unmounts. EventSource reconnects by itself (with
// Last-Event-ID); a refused connection is reopened by lib/event-stream with backoff.

/** Several changes in a row (an approval touches tickets, counts and status; a generation job many rows)
 * cause one call per listener per window: at most this late, and never starved by a long burst. */
const COALESCE_MS = 400;

let source: EventStream | null = null;
/** Where the first connection resumes: the event id a server-rendered page's data was read at. */
let resumeAfter: number | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();

/** Called once with the server-rendered page's state (main.tsx). */
export function resumeRaffleEventsAfter(eventId: number | null): void {
  resumeAfter = eventId;
}

function onRaffleEvent(): void {
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    for (const listener of listeners) listener();
  }, COALESCE_MS);
}

function connect(): void {
  if (source) return;
  // Later connections resume by themselves (Last-Event-ID, or the id the stream tracked).
  source = openEventStream({ lastEventId: resumeAfter, on: { raffle: onRaffleEvent } });
  resumeAfter = null;
}

function disconnect(): void {
  clearTimeout(timer);
  timer = undefined;
  source?.close();
  source = null;
}

/** Calls `onChange` (the latest one passed) after raffle changes, coalesced. */
export function useRaffleEvents(onChange: () => void): void {
  const callback = useRef(onChange);
  callback.current = onChange;
  useEffect(() => {
    const listener = () => callback.current();
    listeners.add(listener);
    connect();
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0) disconnect();
    };
  }, []);
}
