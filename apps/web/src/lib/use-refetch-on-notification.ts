import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useLiveEvents } from "./live-events";

/** A burst of notifications (an approval and a level up, a review and a delivery) causes one refetch. */
const COALESCE_MS = 250;

/**
 * Refetches `keys` when the signed-in person gets a notification: the notification says something about
 * them changed (a proof reviewed, a prize delivered); the lists say what.
 */
export function useRefetchOnNotification(keys: readonly QueryKey[]): void {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => () => clearTimeout(timer.current), []);
  useLiveEvents((event) => {
    if (event.name !== "notification" || event.data?.type !== "notification.created") return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      for (const queryKey of latest.current) void queryClient.invalidateQueries({ queryKey });
    }, COALESCE_MS);
  });
}
