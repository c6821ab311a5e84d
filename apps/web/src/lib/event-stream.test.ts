import {
  REALTIME_BACKOFF_MAX_SECONDS,
  REALTIME_REPLAY_WINDOW_SECONDS,
  REALTIME_RETRY_AFTER_SECONDS,
} from "@rifazo/shared/constants";
import { describe, expect, it } from "vitest";
import { EVENTS_URL, ONLINE_RETRY_MS, openEventStream, reconnectDelayMs } from "./event-stream";

const FLOOR = REALTIME_RETRY_AFTER_SECONDS * 1000;
const MAX = REALTIME_BACKOFF_MAX_SECONDS * 1000;

describe("reconnectDelayMs", () => {
  it("never retries sooner than the server's Retry-After, nor later than the ceiling", () => {
    for (let attempt = 0; attempt < 30; attempt++) {
      for (const r of [0, 0.25, 0.5, 0.999999, 1]) {
        const delay = reconnectDelayMs(attempt, () => r);
        expect(delay).toBeGreaterThanOrEqual(FLOOR);
        expect(delay).toBeLessThanOrEqual(MAX);
      }
    }
  });

  it("doubles the window with each refusal in a row, up to the ceiling", () => {
    const top = (attempt: number) => reconnectDelayMs(attempt, () => 1);
    expect(top(0)).toBe(2 * FLOOR);
    expect(top(1)).toBe(4 * FLOOR);
    expect(top(2)).toBe(8 * FLOOR);
    expect(top(20)).toBe(MAX);
    expect(reconnectDelayMs(5, () => 0)).toBe(FLOOR);
  });

  it("spreads clients out (jitter) instead of bringing them back together", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const delays = Array.from({ length: 200 }, () => reconnectDelayMs(3, random));
    expect(new Set(delays).size).toBeGreaterThan(150);
    const spread = Math.max(...delays) - Math.min(...delays);
    expect(spread).toBeGreaterThan(FLOOR * 8);
  });
});

/** A stand-in for the browser's EventSource that the test drives. */
class FakeSource extends EventTarget {
  static readonly CLOSED = 2;
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  constructor(readonly url: string) {
    super();
    FakeSource.made.push(this);
  }
  close() {
    this.closed = true;
    this.readyState = FakeSource.CLOSED;
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  /** What the browser does on a 429/503: error with the source closed, and no reconnect of its own. */
  refuse() {
    this.readyState = FakeSource.CLOSED;
    this.dispatchEvent(new Event("error"));
  }
  /** A dropped connection: error while the browser reconnects by itself. */
  drop() {
    this.readyState = 0;
    this.dispatchEvent(new Event("error"));
  }
  emit(type: string, id: string) {
    this.dispatchEvent(new MessageEvent(type, { data: "{}", lastEventId: id }));
  }
}

/** The stream's EventSource and timers, faked: the test runs each scheduled reopen itself, from `timers`. */
function fakeScheduler() {
  const timers: Array<{ run: () => void; ms: number; cleared: boolean }> = [];
  return {
    timers,
    deps: {
      EventSource: FakeSource,
      setTimeout: (run: () => void, ms: number) => {
        const timer = { run, ms, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimeout: (timer: unknown) => {
        (timer as { cleared: boolean }).cleared = true;
      },
    },
  };
}

function harness() {
  FakeSource.made = [];
  const scheduler = fakeScheduler();
  const { timers } = scheduler;
  const errors: boolean[] = [];
  const received: string[] = [];
  let opens = 0;
  const stream = openEventStream({
    lastEventId: 7,
    on: { raffle: (event) => received.push(event.lastEventId) },
    onOpen: () => {
      opens += 1;
    },
    onError: (closed) => errors.push(closed),
    deps: {
      ...scheduler.deps,
      random: () => 0.5,
    },
  });
  const current = () => FakeSource.made.at(-1) as FakeSource;
  const fire = () => {
    const timer = timers.shift();
    if (!timer) throw new Error("no hay reconexión programada");
    timer.run();
    return timer.ms;
  };
  return { stream, timers, errors, received, current, fire, opens: () => opens };
}

describe("openEventStream", () => {
  it("reopens a refused stream after a growing, jittered wait, resuming after the last event", () => {
    const h = harness();
    expect(h.current().url).toBe(`${EVENTS_URL}?lastEventId=7`);
    h.current().open();
    h.current().emit("raffle", "12");
    expect(h.received).toEqual(["12"]);

    // Refused three times in a row: each wait is longer, none sooner than Retry-After.
    const waits: number[] = [];
    for (let i = 0; i < 3; i++) {
      const refused = h.current();
      refused.refuse();
      expect(refused.closed).toBe(true);
      expect(h.timers).toHaveLength(1);
      waits.push(h.fire());
      expect(h.current()).not.toBe(refused);
      // A new EventSource sends no Last-Event-ID: the query carries the last id seen.
      expect(h.current().url).toBe(`${EVENTS_URL}?lastEventId=12`);
    }
    expect(waits).toEqual([0, 1, 2].map((attempt) => reconnectDelayMs(attempt, () => 0.5)));
    expect(waits[0]).toBeGreaterThanOrEqual(FLOOR);
    expect(waits[1]).toBeGreaterThan(waits[0] as number);
    expect(waits[2]).toBeGreaterThan(waits[1] as number);
    expect(h.errors).toEqual([true, true, true]);

    // Once a stream opens, the next refusal starts from the shortest wait again.
    h.current().open();
    h.current().refuse();
    expect(h.fire()).toBe(waits[0]);
    expect(h.opens()).toBe(2);
  });

  it("leaves a dropped connection to the browser's own reconnect", () => {
    const h = harness();
    h.current().open();
    h.current().drop();
    expect(h.timers).toHaveLength(0);
    expect(FakeSource.made).toHaveLength(1);
    expect(h.errors).toEqual([false]);
  });

  it("stops for good when closed, including a pending reopen", () => {
    const h = harness();
    h.current().refuse();
    const pending = h.timers[0];
    h.stream?.close();
    expect(pending?.cleared).toBe(true);
    pending?.run();
    expect(FakeSource.made).toHaveLength(1);
  });
});

describe("openEventStream after a network drop", () => {
  function networked(lastEventId: number | null) {
    FakeSource.made = [];
    const network = new EventTarget();
    const scheduler = fakeScheduler();
    const { timers } = scheduler;
    const reconnects: boolean[] = [];
    let clock = 0;
    const stream = openEventStream({
      lastEventId,
      on: { raffle: () => undefined },
      onReconnect: ({ replayed }) => reconnects.push(replayed),
      deps: {
        ...scheduler.deps,
        random: () => 0.5,
        now: () => clock,
        network,
      },
    });
    const current = () => FakeSource.made.at(-1) as FakeSource;
    const wait = (ms: number) => {
      clock += ms;
    };
    /** Runs the one pending reopen and says how long it waited. */
    const fire = () => {
      const pending = timers.filter((timer) => !timer.cleared);
      const timer = pending[0];
      if (pending.length !== 1 || !timer) throw new Error("se esperaba una sola reconexión programada");
      timer.cleared = true;
      timer.run();
      return timer.ms;
    };
    return { stream, network, timers, reconnects, current, wait, fire };
  }

  it("says whether the server could replay what was missed", () => {
    const h = networked(3);
    h.current().open();
    expect(h.reconnects).toEqual([]);
    h.current().drop();
    h.wait(5_000);
    h.current().open();
    h.current().refuse();
    h.wait(REALTIME_REPLAY_WINDOW_SECONDS * 1000);
    h.timers.shift()?.run();
    h.current().open();
    expect(h.reconnects).toEqual([true, false]);

    // A stream that never knew where it was cannot be replayed, however short the drop.
    const blind = networked(null);
    blind.current().open();
    blind.current().drop();
    blind.current().open();
    expect(blind.reconnects).toEqual([false]);
  });

  it("closes when the browser goes offline and reopens at once, resuming, when it is back", () => {
    const h = networked(9);
    h.current().open();
    h.current().emit("raffle", "15");
    h.current().refuse();
    const pending = h.timers[0];
    h.network.dispatchEvent(new Event("offline"));
    expect(pending?.cleared).toBe(true);
    // Offline: a refusal schedules nothing, the online event is what reopens.
    expect(FakeSource.made).toHaveLength(1);
    h.network.dispatchEvent(new Event("online"));
    expect(FakeSource.made).toHaveLength(2);
    expect(h.current().url).toBe(`${EVENTS_URL}?lastEventId=15`);

    // The network is often not quite back when the event fires: a failure then is retried soon, and only
    // after the quick retries does the busy server's backoff apply.
    h.current().refuse();
    expect(h.fire()).toBe(ONLINE_RETRY_MS[0]);
    h.current().refuse();
    expect(h.fire()).toBe(ONLINE_RETRY_MS[1]);
    h.current().refuse();
    expect(h.fire()).toBeGreaterThanOrEqual(REALTIME_RETRY_AFTER_SECONDS * 1000);
    h.current().open();
    expect(FakeSource.made).toHaveLength(5);

    // Online while connected changes nothing; after close() the events are no longer heard.
    h.network.dispatchEvent(new Event("online"));
    expect(FakeSource.made).toHaveLength(5);
    h.stream?.close();
    h.network.dispatchEvent(new Event("online"));
    expect(FakeSource.made).toHaveLength(5);
  });
});
