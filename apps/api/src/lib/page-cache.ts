// Server-rendered pages kept in memory for a few seconds (PAGE_CACHE_SECONDS). A page is the same for every visitor (what
// depends on who is asking fills in after hydration), and rendering one costs a React render and a few
// in-process API calls: during a flash sale, rendering / for every request took more CPU than the rest of
// the traffic together. An entry is dropped at the first raffle event (sales, edits, draws) and after
// `ttlMs` in any case (settings and content changes publish no event). Before answering from memory it
// waits for bus.sync(), as the catalogue cache does, so a sale on another instance is never served stale;
// when that cannot be known (LISTEN down) it renders. A page from memory also carries the event id it was
// rendered at, and the browser's live updates replay everything after it.

/** What the cache needs of the event bus (modules/events' EventBus); lib sits below the modules (decision 0026). */
export interface PageCacheBus {
  subscribe(listener: (event: { topic: string }) => void): () => void;
  listenEpoch(): number;
  sync(): Promise<boolean>;
}

export interface PageCache<T> {
  /** The page for `key` from memory, or from `render` (one render at a time per key). */
  get(key: string, render: () => Promise<T>): Promise<T>;
  stats(): { hits: number; misses: number; entries: number };
  close(): void;
}

/** Search pages make arbitrary keys: beyond this many, the oldest go. */
const MAX_ENTRIES = 200;

export function createPageCache<T>(
  bus: PageCacheBus,
  { ttlMs = 5_000, now = () => Date.now() }: { ttlMs?: number; now?: () => number } = {},
): PageCache<T> {
  let generation = 0;
  let epoch = bus.listenEpoch();
  const entries = new Map<string, { generation: number; at: number; html: T }>();
  const rendering = new Map<string, { generation: number; html: Promise<T> }>();
  let hits = 0;
  let misses = 0;

  const unsubscribe = bus.subscribe((event) => {
    if (event.topic !== "raffle") return;
    generation += 1;
    entries.clear();
    rendering.clear();
  });

  function current(): void {
    // LISTEN was re-established: events may have been missed meanwhile.
    const latest = bus.listenEpoch();
    if (latest === epoch) return;
    epoch = latest;
    generation += 1;
    entries.clear();
    rendering.clear();
  }

  return {
    async get(key, render) {
      if (ttlMs <= 0 || !(await bus.sync())) {
        misses += 1;
        return render();
      }
      current();
      const entry = entries.get(key);
      if (entry && entry.generation === generation && now() - entry.at < ttlMs) {
        hits += 1;
        return entry.html;
      }
      const inFlight = rendering.get(key);
      if (inFlight && inFlight.generation === generation) {
        hits += 1;
        return inFlight.html;
      }
      misses += 1;
      const started = generation;
      const at = now();
      const html = render();
      rendering.set(key, { generation: started, html });
      try {
        const result = await html;
        // Rendered before a change arrived: good for this request, not for the next ones.
        if (generation === started) {
          entries.delete(key);
          entries.set(key, { generation: started, at, html: result });
          while (entries.size > MAX_ENTRIES) {
            const oldest = entries.keys().next().value;
            if (oldest === undefined) break;
            entries.delete(oldest);
          }
        }
        return result;
      } finally {
        if (rendering.get(key)?.html === html) rendering.delete(key);
      }
    },
    stats: () => ({ hits, misses, entries: entries.size }),
    close: unsubscribe,
  };
}
