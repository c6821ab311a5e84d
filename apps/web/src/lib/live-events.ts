import { useEffect, useRef } from "react";

// The realtime stream's events handed on inside the page: the notification bell owns the user's
// connection (features/notifications), and other screens (Mis Pagos, the payment page) hear the same
// events here instead of opening a second connection to GET /api/events.

export interface LiveEvent {
  /** The SSE event name (`notification`). */
  name: string;
  /** Its JSON data, parsed; null when it was not JSON. */
  data: Record<string, unknown> | null;
}

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();

function parse(text: unknown): Record<string, unknown> | null {
  if (typeof text !== "string") return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** Called by the stream's owner for each event it receives. */
export function publishLiveEvent(name: string, event: MessageEvent): void {
  const live: LiveEvent = { name, data: parse(event.data) };
  for (const listener of listeners) listener(live);
}

/** Runs `listener` for every live event while the calling component is mounted. */
export function useLiveEvents(listener: Listener): void {
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    const relay: Listener = (event) => latest.current(event);
    listeners.add(relay);
    return () => {
      listeners.delete(relay);
    };
  }, []);
}
