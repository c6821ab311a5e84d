import { REALTIME_BACKOFF_MAX_SECONDS, REALTIME_RETRY_AFTER_SECONDS } from "@rifazo/shared/constants";

// The one way the web opens the realtime stream (GET /api/events, SSE). EventSource reconnects by itself
// after a dropped connection, but gives up for good when the server refuses it (429/503 over a cap, or
// any error status), and it cannot read the Retry-After header. So a closed source is reopened here after
// at least the server's REALTIME_RETRY_AFTER_SECONDS, doubling the window with full jitter up to
// REALTIME_BACKOFF_MAX_SECONDS (docs/decisions/0006-realtime-stream-limits.md): thousands of refused
// browsers neither hammer the server nor come back at the same instant.

export const EVENTS_URL = "/api/events";

/** Wait before the reopen that follows `attempt` refusals in a row (0 for the first), in ms. */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const floor = REALTIME_RETRY_AFTER_SECONDS * 1000;
  const ceiling = Math.min(REALTIME_BACKOFF_MAX_SECONDS * 1000, floor * 2 ** (Math.max(0, attempt) + 1));
  return Math.round(floor + random() * (ceiling - floor));
}

/** The part of EventSource used here (a test hands in its own). */
interface Source {
  readonly readyState: number;
  close(): void;
  addEventListener(type: string, listener: (event: Event) => void): void;
  removeEventListener(type: string, listener: (event: Event) => void): void;
}

export interface EventStreamOptions {
  /** Listeners by event name (`raffle`, `notification`). */
  on: Record<string, (event: MessageEvent) => void>;
  /** Where the first connection resumes (a server-rendered page's event id); later ones track it. */
  lastEventId?: number | null;
  onOpen?: () => void;
  /** `closed`: the browser gave up on this connection and a reopen is scheduled. */
  onError?: (closed: boolean) => void;
  /** For tests: the EventSource constructor, timers and randomness. */
  deps?: {
    EventSource: { new (url: string): Source; readonly CLOSED: number };
    setTimeout: (run: () => void, ms: number) => unknown;
    clearTimeout: (timer: unknown) => void;
    random: () => number;
  };
}

export interface EventStream {
  close(): void;
}

export function openEventStream(options: EventStreamOptions): EventStream | null {
  const deps = options.deps ?? {
    EventSource: typeof EventSource === "undefined" ? undefined : EventSource,
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    random: Math.random,
  };
  if (!deps.EventSource) return null;
  const Constructor = deps.EventSource;

  let source: Source | null = null;
  let timer: unknown;
  let attempt = 0;
  let stopped = false;
  let lastEventId = options.lastEventId ?? null;

  const track = (event: MessageEvent) => {
    if (/^\d+$/.test(event.lastEventId)) lastEventId = Number(event.lastEventId);
  };
  const listeners = Object.entries(options.on).map(
    ([name, listener]) =>
      [
        name,
        (event: MessageEvent) => {
          track(event);
          listener(event);
        },
      ] as const,
  );
  const onOpen = () => {
    attempt = 0;
    options.onOpen?.();
  };
  const onError = () => {
    const closed = source?.readyState === Constructor.CLOSED;
    if (closed) {
      detach();
      timer = deps.setTimeout(
        () => {
          timer = undefined;
          if (!stopped) connect();
        },
        reconnectDelayMs(attempt, deps.random),
      );
      attempt += 1;
    }
    options.onError?.(closed);
  };

  function detach(): void {
    if (!source) return;
    for (const [name, listener] of listeners)
      source.removeEventListener(name, listener as (event: Event) => void);
    source.removeEventListener("open", onOpen);
    source.removeEventListener("error", onError);
    source.close();
    source = null;
  }

  function connect(): void {
    // A new EventSource does not send Last-Event-ID: the query parameter resumes where the last one was.
    source = new Constructor(lastEventId === null ? EVENTS_URL : `${EVENTS_URL}?lastEventId=${lastEventId}`);
    for (const [name, listener] of listeners)
      source.addEventListener(name, listener as (event: Event) => void);
    source.addEventListener("open", onOpen);
    source.addEventListener("error", onError);
  }

  connect();
  return {
    close() {
      stopped = true;
      if (timer !== undefined) deps.clearTimeout(timer);
      detach();
    },
  };
}
