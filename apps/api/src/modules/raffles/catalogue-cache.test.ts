import { describe, expect, it } from "vitest";
import { weakEtag } from "../../lib/http-cache";
import type { EventBus, RealtimeEvent } from "../events/service";
import { createCatalogueCache } from "./catalogue-cache";

/** A bus the test drives: `emit` hands an event to the subscribers, `current` is what sync() answers. */
function fakeBus() {
  const listeners = new Set<(event: RealtimeEvent) => void>();
  const state = { current: true, epoch: 0, syncs: 0 };
  let id = 0;
  const bus: Pick<EventBus, "subscribe" | "sync" | "listenEpoch"> = {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async sync() {
      state.syncs += 1;
      return state.current;
    },
    listenEpoch: () => state.epoch,
  };
  const emit = (topic: RealtimeEvent["topic"]) => {
    id += 1;
    for (const listener of listeners) {
      listener({ id, topic, userId: topic === "notification" ? "u" : null, payload: {}, createdAt: "" });
    }
  };
  return { bus, state, emit, listeners };
}

describe("catalogue cache", () => {
  it("answers from memory until a raffle event, with the body and ETag a fresh load gives", async () => {
    const { bus, emit } = fakeBus();
    const cache = createCatalogueCache(bus);
    let version = 1;
    let loads = 0;
    const load = async () => {
      loads += 1;
      return { items: [{ title: `v${version}` }] };
    };
    const first = await cache.get("list", load, JSON.stringify);
    expect(first).toEqual({
      json: '{"items":[{"title":"v1"}]}',
      etag: weakEtag({ items: [{ title: "v1" }] }),
    });
    expect(await cache.get("list", load, JSON.stringify)).toBe(first);
    expect(loads).toBe(1);

    // A notification for someone is not a catalogue change.
    emit("notification");
    expect(await cache.get("list", load, JSON.stringify)).toBe(first);

    version = 2;
    emit("raffle");
    const second = await cache.get("list", load, JSON.stringify);
    expect(second.json).toBe('{"items":[{"title":"v2"}]}');
    expect(loads).toBe(2);
    expect(cache.stats()).toEqual({ hits: 2, misses: 2, entries: 1 });
    cache.close();
  });

  it("does not keep an answer loaded while a raffle event arrived", async () => {
    const { bus, emit } = fakeBus();
    const cache = createCatalogueCache(bus);
    let loads = 0;
    const racing = async () => {
      loads += 1;
      // The change commits while this load runs: its result may or may not include it.
      if (loads === 1) emit("raffle");
      return { loads };
    };
    expect((await cache.get("detail:x", racing, JSON.stringify)).json).toBe('{"loads":1}');
    expect((await cache.get("detail:x", racing, JSON.stringify)).json).toBe('{"loads":2}');
    expect((await cache.get("detail:x", racing, JSON.stringify)).json).toBe('{"loads":2}');
    expect(loads).toBe(2);
    cache.close();
  });

  it("lets requests that miss together share one load, unless a raffle event came in between", async () => {
    const { bus, emit } = fakeBus();
    const cache = createCatalogueCache(bus);
    let loads = 0;
    const releases: Array<() => void> = [];
    const slow = () =>
      new Promise<{ n: number }>((resolve) => {
        const n = ++loads;
        releases.push(() => resolve({ n }));
      });
    const first = cache.get("list", slow, JSON.stringify);
    const second = cache.get("list", slow, JSON.stringify);
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(1);
    // A change committed after the shared load began: a later request must not take that answer.
    emit("raffle");
    const third = cache.get("list", slow, JSON.stringify);
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(2);
    for (const release of releases) release();
    expect((await first).json).toBe('{"n":1}');
    expect((await second).json).toBe('{"n":1}');
    expect((await third).json).toBe('{"n":2}');
    cache.close();
  });

  it("neither answers from nor fills memory while the bus cannot vouch for being current", async () => {
    const { bus, state } = fakeBus();
    const cache = createCatalogueCache(bus);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.get("featured", load, JSON.stringify);
    state.current = false; // LISTEN lost: events may be missing
    expect((await cache.get("featured", load, JSON.stringify)).json).toBe('{"n":2}');
    expect((await cache.get("featured", load, JSON.stringify)).json).toBe('{"n":3}');
    expect(cache.stats().hits).toBe(0);
    cache.close();
  });

  it("forgets everything when LISTEN was re-established (the catch-up may not reach back far enough)", async () => {
    const { bus, state } = fakeBus();
    const cache = createCatalogueCache(bus);
    let loads = 0;
    const load = async () => ({ n: ++loads });
    await cache.get("upcoming", load, JSON.stringify);
    state.epoch += 1;
    expect((await cache.get("upcoming", load, JSON.stringify)).json).toBe('{"n":2}');
    expect((await cache.get("upcoming", load, JSON.stringify)).json).toBe('{"n":2}');
    cache.close();
  });

  it("keeps a bounded number of answers, dropping the oldest", async () => {
    const { bus } = fakeBus();
    const cache = createCatalogueCache(bus);
    for (let i = 0; i < 600; i++) await cache.get(`list:q${i}`, async () => ({ i }), JSON.stringify);
    expect(cache.stats().entries).toBe(500);
    let reloaded = false;
    await cache.get(
      "list:q0",
      async () => {
        reloaded = true;
        return { i: 0 };
      },
      JSON.stringify,
    );
    expect(reloaded).toBe(true);
    cache.close();
  });

  it("stops listening when closed", () => {
    const { bus, listeners } = fakeBus();
    const cache = createCatalogueCache(bus);
    expect(listeners.size).toBe(1);
    cache.close();
    expect(listeners.size).toBe(0);
  });
});
