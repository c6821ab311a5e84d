import { hashKey, type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type EventStream, openEventStream } from "./event-stream";
import { takeResumeId } from "./raffle-events-resume";

// The API sends a `raffle` event on GET /api/events whenever a raffle changes (sales, status, winners,
// ticket generation). Every screen showing raffles listens through this hook; they share one connection,
// opened by the first and closed when the last one unmounts. EventSource reconnects by itself (with
// Last-Event-ID); a refused connection is reopened by lib/event-stream with backoff.

/** Several changes in a row (an approval touches tickets, counts and status; a generation job many rows)
 * cause one refetch per window: at most this late, and never starved by a long burst. */
const COALESCE_MS = 400;

let source: EventStream | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
/** What the screens on show want refetched; the same key asked twice is refetched once. */
const watched = new Set<{ client: QueryClient; queryKey: QueryKey }>();

function onRaffleEvent(): void {
  if (timer) return;
  timer = setTimeout(() => {
    timer = undefined;
    const done = new Map<QueryClient, Set<string>>();
    for (const { client, queryKey } of watched) {
      const hash = hashKey(queryKey);
      const keys = done.get(client) ?? new Set<string>();
      done.set(client, keys);
      if (keys.has(hash)) continue;
      keys.add(hash);
      void client.invalidateQueries({ queryKey });
    }
  }, COALESCE_MS);
}

function connect(): void {
  if (source) return;
  // Later connections resume by themselves (Last-Event-ID, or the id the stream tracked).
  source = openEventStream({
    lastEventId: takeResumeId(),
    on: { raffle: onRaffleEvent },
    // Away longer than the server replays (or from before the first event): what is on screen is
    // refetched, since the changes it missed will not come as events.
    onReconnect: ({ replayed }) => {
      if (!replayed) onRaffleEvent();
    },
  });
}

function disconnect(): void {
  clearTimeout(timer);
  timer = undefined;
  source?.close();
  source = null;
}

/** Refetches the queries under `queryKey` after raffle changes, coalesced. */
export function useRaffleEvents(queryKey: QueryKey): void {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key is compared by its hash, not identity.
  useEffect(() => {
    const entry = { client, queryKey };
    watched.add(entry);
    connect();
    return () => {
      watched.delete(entry);
      if (watched.size === 0) disconnect();
    };
  }, [client, hash]);
}
