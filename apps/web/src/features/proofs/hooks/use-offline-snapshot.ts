import { dehydrate, hashKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { writeOfflineSnapshot } from "../../../lib/offline-snapshot";
import { isOffline } from "../../../lib/use-online";
import { type SessionUser, sessionQueryKey } from "../../auth";
import { proofKeys } from "../api/proofs-api";
import { reservationKeys } from "../api/reservations-api";

/** What "Mis boletos" shows first: the session, the first page of payments (no search) and reservations. */
const KEPT = new Set([
  hashKey(sessionQueryKey),
  hashKey(proofKeys.mine("", 1)),
  hashKey(reservationKeys.mine()),
]);

/**
 * Keeps the last fetched "Mis boletos" for reading offline (lib/offline-snapshot.ts, decision 0017): each
 * time the first page of payments arrives from the server, the snapshot is replaced.
 */
export function useOfflineSnapshot(firstPageUpdatedAt: number | undefined): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    // Mis Pagos is behind the profile guard: the session is in the cache whenever the list is.
    const userId = queryClient.getQueryData<SessionUser | null>(sessionQueryKey)?.id;
    // Offline, the list on screen is the snapshot itself (or older): nothing new to keep.
    if (!userId || !firstPageUpdatedAt || isOffline()) return;
    const state = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.data !== undefined && KEPT.has(query.queryHash),
    });
    writeOfflineSnapshot({ userId, state });
  }, [queryClient, firstPageUpdatedAt]);
}
