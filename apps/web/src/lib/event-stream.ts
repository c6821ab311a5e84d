import {
  REALTIME_BACKOFF_MAX_SECONDS,
  REALTIME_REPLAY_WINDOW_SECONDS,
  REALTIME_RETRY_AFTER_SECONDS,
} from "@rifazo/shared/constants";
import { reportStreamDown, reportStreamUp } from "./live-connection";

// The one way the web opens the realtime stream (GET /api/events, SSE). EventSource reconnects by itself
// after a dropped connection, but gives up for good when the server refuses it (429/503 over a cap, or
// any error status), and it cannot read the Retry-After header. So a closed source is reopened here after
// at least the server's REALTIME_RETRY_AFTER_SECONDS, doubling the window with full jitter up to
// REALTIME_BACKOFF_MAX_SECONDS (docs/decisions/0006-realtime-stream-limits.md): thousands of refused
// browsers neither hammer the server nor come back at the same instant.
// The browser's offline event closes the stream at once (a dead connection can look open for minutes)
// and its online event reopens it without waiting for the backoff; if that first try fails too (the
// network is often not quite back when the event fires), it tries again after ONLINE_RETRY_MS before the
// backoff, which is meant for a busy server, takes over. While a stream is down, the root layout says
// "Reconectando…" (lib/live-connection).

export const EVENTS_URL = "/api/events";

/** Quick retries after the browser's online event, before the server's backoff applies. */
export const ONLINE_RETRY_MS = [1_000, 3_000] as const;

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
  /**
   * Open again after a drop. `replayed`: the server could replay what was missed (the stream knew where
   * it was and was away less than the replay window); otherwise data on screen may be stale.
   */
  onReconnect?: (info: { replayed: boolean }) => void;
  /** For tests: the EventSource constructor, timers, randomness, the clock and online/offline events. */
  deps?: {
    EventSource: { new (url: string): Source; readonly CLOSED: number };
    setTimeout: (run: () => void, ms: number) => unknown;
    clearTimeout: (timer: unknown) => void;
    random: () => number;
    now?: () => number;
    network?: Pick<EventTarget, "addEventListener" | "removeEventListener">;
  };
}

export interface EventStream {
  close(): void;
}

type Deps = NonNullable<EventStreamOptions["deps"]>;

function browserDeps(): Omit<Deps, "EventSource"> & { EventSource: Deps["EventSource"] | undefined } {
  return {
    EventSource: typeof EventSource === "undefined" ? undefined : EventSource,
    setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
    clearTimeout: (timer: unknown) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    random: Math.random,
    now: Date.now,
    network: typeof window === "undefined" ? undefined : window,
  };
}

/** Each listener, after `track` has seen the event (for the id a reconnection resumes from). */
function trackingListeners(on: EventStreamOptions["on"], track: (event: MessageEvent) => void): Handler[] {
  return Object.entries(on).map(
    ([name, listener]) =>
      [
        name,
        (event: MessageEvent) => {
          track(event);
          listener(event);
        },
      ] as const,
  );
}

/** The reopen timer: the quick retries after an online event first, then the server's backoff. */
function createRetryTimer(deps: Pick<Deps, "setTimeout" | "clearTimeout" | "random">, run: () => void) {
  let timer: unknown;
  let attempt = 0;
  /** Quick retries left since the last online event. */
  let onlineRetries = 0;
  const cancel = () => {
    if (timer !== undefined) deps.clearTimeout(timer);
    timer = undefined;
  };
  return {
    schedule(): void {
      const quick = onlineRetries > 0;
      const delay = quick
        ? ONLINE_RETRY_MS[ONLINE_RETRY_MS.length - onlineRetries]
        : reconnectDelayMs(attempt, deps.random);
      timer = deps.setTimeout(() => {
        timer = undefined;
        run();
      }, delay as number);
      if (quick) onlineRetries -= 1;
      else attempt += 1;
    },
    cancel,
    /** Connected: a later refusal starts the backoff over. */
    reset(): void {
      attempt = 0;
      onlineRetries = 0;
    },
    /** Back on the network: no pending wait, and the quick retries come first. */
    online(): void {
      cancel();
      attempt = 0;
      onlineRetries = ONLINE_RETRY_MS.length;
    },
  };
}

type Handler = readonly [string, (event: MessageEvent) => void];

/** The open EventSource, if any, with the handlers attached for as long as it is in use. */
function createSourceSlot(Constructor: Deps["EventSource"], handlers: readonly Handler[]) {
  let source: Source | null = null;
  return {
    get current(): Source | null {
      return source;
    },
    open(url: string): void {
      source = new Constructor(url);
      for (const [name, handler] of handlers)
        source.addEventListener(name, handler as (event: Event) => void);
    },
    detach(): void {
      if (!source) return;
      for (const [name, handler] of handlers)
        source.removeEventListener(name, handler as (event: Event) => void);
      source.close();
      source = null;
    },
  };
}

export function openEventStream(options: EventStreamOptions): EventStream | null {
  const deps = options.deps ?? browserDeps();
  if (!deps.EventSource) return null;
  const Constructor = deps.EventSource;
  const now = deps.now ?? Date.now;
  const handle: EventStream = { close };
  const retry = createRetryTimer(deps, () => {
    if (!stopped) connect();
  });

  let stopped = false;
  let lastEventId = options.lastEventId ?? null;
  /** When the connection was lost; null while connected (or before the first connection). */
  let downSince: number | null = null;
  let offline = false;

  const markDown = () => {
    downSince ??= now();
    reportStreamDown(handle);
  };

  const listeners = trackingListeners(options.on, (event) => {
    if (/^\d+$/.test(event.lastEventId)) lastEventId = Number(event.lastEventId);
  });
  const onOpen = () => {
    retry.reset();
    const lostAt = downSince;
    downSince = null;
    reportStreamUp(handle);
    options.onOpen?.();
    if (lostAt !== null) {
      const replayed = lastEventId !== null && now() - lostAt < REALTIME_REPLAY_WINDOW_SECONDS * 1000;
      options.onReconnect?.({ replayed });
    }
  };
  const onError = () => {
    const closed = source.current?.readyState === Constructor.CLOSED;
    markDown();
    if (closed) {
      source.detach();
      // Offline, the online event reopens it; a timer would only fail again.
      if (!offline) retry.schedule();
    }
    options.onError?.(closed);
  };
  const source = createSourceSlot(Constructor, [...listeners, ["open", onOpen], ["error", onError]]);
  const onOffline = () => {
    offline = true;
    if (stopped) return;
    markDown();
    retry.cancel();
    source.detach();
  };
  const onOnline = () => {
    offline = false;
    if (stopped || source.current) return;
    // Back on the network: reconnect now rather than at the end of a backoff meant for a busy server.
    retry.online();
    connect();
  };

  function connect(): void {
    // A new EventSource does not send Last-Event-ID: the query parameter resumes where the last one was.
    source.open(lastEventId === null ? EVENTS_URL : `${EVENTS_URL}?lastEventId=${lastEventId}`);
  }

  function close(): void {
    stopped = true;
    retry.cancel();
    source.detach();
    deps.network?.removeEventListener("offline", onOffline);
    deps.network?.removeEventListener("online", onOnline);
    reportStreamUp(handle);
  }

  deps.network?.addEventListener("offline", onOffline);
  deps.network?.addEventListener("online", onOnline);
  connect();
  return handle;
}
