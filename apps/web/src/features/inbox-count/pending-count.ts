import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { api } from "../../lib/api-client";
import { useLiveEvents } from "../../lib/live-events";

// The approvals inbox's pending count: beside the Comprobantes tab, on the account menu's admin link and
// in the panel's title. A feature of its own so the app shell's menu loads it without the admin panel.

export const pendingCountKey = () => ["admin", "proofs-pending-count"] as const;

export const fetchPendingCount = (signal?: AbortSignal) =>
  api.get<{ pending: number }>("/api/admin/proofs/pending-count", { signal });

/** A backstop for a stream that is down: the count is also fetched again this often. */
const PENDING_REFRESH_MS = 60_000;
/** Several proofs changing at once (a bulk approval) cause one refetch. */
const COALESCE_MS = 300;

/**
 * Proofs waiting for review, refreshed when the realtime stream says a proof changed (an `admin` event,
 * which the server sends to administrators only) and after the inbox's own actions.
 */
export function usePendingCount(enabled = true): number | undefined {
  const queryClient = useQueryClient();
  const count = useQuery({
    queryKey: pendingCountKey(),
    queryFn: ({ signal }) => fetchPendingCount(signal),
    enabled,
    refetchInterval: PENDING_REFRESH_MS,
    staleTime: 5_000,
  });
  useProofEvents(() => {
    void queryClient.invalidateQueries({ queryKey: pendingCountKey() });
  }, enabled);
  return count.data?.pending;
}

/** Runs `run` (coalesced) whenever the stream says a proof was created, reviewed or deleted. */
export function useProofEvents(run: () => void, enabled = true): void {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useLiveEvents((event) => {
    if (!enabled || event.name !== "admin" || event.data?.type !== "proofs.changed") return;
    clearTimeout(timer.current);
    timer.current = setTimeout(run, COALESCE_MS);
  });
  useEffect(() => () => clearTimeout(timer.current), []);
}
