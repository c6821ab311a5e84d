import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { type EventStream, openEventStream } from "../../../lib/event-stream";
import { raffleKeys } from "../api/raffles-api";

// Live catalogue: the API sends a `raffle` event on GET /api/events whenever a raffle changes (sales,
// status, winners). Every screen showing raffles uses this hook; they share one connection, opened by
// the first and closed when the last one unmounts. EventSource reconnects by itself (with Last-Event-ID);
// a refused connection is reopened by lib/event-stream with backoff.

/** Several changes in a row (an approval touches tickets, counts and status) cause one refetch. */
const COALESCE_MS = 400;

let source: EventStream | null = null;
/** Where the first connection resumes: the event id a server-rendered page's data was read at. */
let resumeAfter: number | null = null;

/** Called once with the server-rendered page's state (main.tsx). */
export function resumeRaffleEventsAfter(eventId: number | null): void {
  resumeAfter = eventId;
}
let users = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const clients = new Set<QueryClient>();

function refreshRaffles(): void {
  clearTimeout(timer);
  timer = setTimeout(() => {
    for (const client of clients) void client.invalidateQueries({ queryKey: raffleKeys.all });
  }, COALESCE_MS);
}

function connect(): void {
  if (source) return;
  // Later connections resume by themselves (Last-Event-ID, or the id the stream tracked).
  source = openEventStream({ lastEventId: resumeAfter, on: { raffle: refreshRaffles } });
  resumeAfter = null;
}

function disconnect(): void {
  clearTimeout(timer);
  source?.close();
  source = null;
}

export function useRaffleEvents(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    users += 1;
    clients.add(queryClient);
    connect();
    return () => {
      users -= 1;
      if (users === 0) {
        clients.clear();
        disconnect();
      }
    };
  }, [queryClient]);
}
