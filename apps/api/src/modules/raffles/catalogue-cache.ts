// Public catalogue answers (lists, featured, upcoming, detail) kept in memory, already serialized, until
// the next raffle event. Every change to what they show (raffle edits, uploads, approvals, rejections,
// deletions, draws, winners, ticket pools) publishes a `raffle` event in its transaction, and the event bus
// hands every instance every event. Before answering from memory, a request waits for bus.sync(): every
// event committed before the request arrived has then been seen here, so a change made on any instance
// is visible on all of them at once, exactly as if the database had been asked.

import { weakEtag } from "../../lib/http-cache";
import type { EventBus } from "../events";

export interface CachedAnswer {
  /** The JSON body, exactly as the route's serializer would write it. */
  json: string;
  /** Weak ETag of the handler's body (same value sendCached computes). */
  etag: string;
}

export interface CatalogueCache {
  /**
   * The answer for `key`: from memory when nothing changed since it was stored, else from `load`
   * (serialized with `serialize`) and stored if no raffle event arrived meanwhile.
   */
  get<T>(key: string, load: () => Promise<T>, serialize: (body: T) => string): Promise<CachedAnswer>;
  /** Counters, for tests and diagnostics. */
  stats(): { hits: number; misses: number; entries: number };
  close(): void;
}

/** The body loaded, serialized once, with the ETag of what it says. */
async function loadAnswer<T>(load: () => Promise<T>, serialize: (body: T) => string): Promise<CachedAnswer> {
  const body = await load();
  return { json: serialize(body), etag: weakEtag(body) };
}

/** Searches make arbitrary keys: beyond this many entries, or this many bytes of JSON, the oldest go. */
const MAX_ENTRIES = 500;
const MAX_BYTES = 16 * 1024 * 1024;

export function createCatalogueCache(
  bus: Pick<EventBus, "subscribe" | "sync" | "listenEpoch">,
): CatalogueCache {
  /** Bumped by every raffle event: an entry is only good for the generation it was loaded in. */
  let generation = 0;
  /** The bus's listen epoch the entries belong to: a re-established LISTEN empties the cache. */
  let epoch = bus.listenEpoch();
  const entries = new Map<string, { generation: number; answer: CachedAnswer }>();
  const loading = new Map<string, { generation: number; answer: Promise<CachedAnswer> }>();
  /** JSON characters held in `entries` (about their size in bytes: the catalogue is mostly ASCII). */
  let size = 0;

  function forget(key: string): void {
    const entry = entries.get(key);
    if (!entry) return;
    size -= entry.answer.json.length;
    entries.delete(key);
  }

  function clear(): void {
    entries.clear();
    loading.clear();
    size = 0;
  }
  let hits = 0;
  let misses = 0;

  const unsubscribe = bus.subscribe((event) => {
    if (event.topic !== "raffle") return;
    generation += 1;
    clear();
  });

  return {
    async get(key, load, serialize) {
      const current = await bus.sync();
      if (bus.listenEpoch() !== epoch) {
        epoch = bus.listenEpoch();
        generation += 1;
        clear();
      }
      if (current) {
        const entry = entries.get(key);
        if (entry && entry.generation === generation) {
          hits += 1;
          return entry.answer;
        }
      }
      misses += 1;
      // Requests that miss together share one load, as long as no raffle event arrived since it began
      // (after a sync, an unchanged generation means nothing committed in between that it could miss).
      const shared = loading.get(key);
      if (current && shared && shared.generation === generation) return shared.answer;
      const loadedIn = generation;
      const answer = loadAnswer(load, serialize);
      const flight = { generation: loadedIn, answer };
      if (current) loading.set(key, flight);
      try {
        const result = await answer;
        // An event that arrived while loading may or may not be in it: answer it, but do not keep it.
        if (current && generation === loadedIn) {
          forget(key);
          entries.set(key, { generation, answer: result });
          size += result.json.length;
          while (entries.size > MAX_ENTRIES || (size > MAX_BYTES && entries.size > 1)) {
            const oldest = entries.keys().next().value;
            if (oldest === undefined) break;
            forget(oldest);
          }
        }
        return result;
      } finally {
        if (loading.get(key) === flight) loading.delete(key);
      }
    },
    stats: () => ({ hits, misses, entries: entries.size }),
    close: unsubscribe,
  };
}
