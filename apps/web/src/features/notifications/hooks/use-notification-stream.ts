import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { openEventStream } from "../../../lib/event-stream";
import { publishLiveEvent } from "../../../lib/live-events";
import { clearPrivateOfflineData } from "../../../lib/offline-snapshot";
import { sessionQueryKey } from "../../auth";
import { notificationKeys } from "../api/notifications-api";

// Live notifications (spec 1 §4: "refresh on any realtime change to the user's rows"): GET /api/events
// sends a `notification` event to the signed-in user whenever one of their notifications is created or
// changes, and the list is fetched again. EventSource reconnects by itself and replays what it missed
// (Last-Event-ID); a refused connection is reopened with backoff (lib/event-stream). While it is down,
// the bell shows a warning that retries on click.

/** Several events in a row (mark all read in another tab) cause one refetch. */
const COALESCE_MS = 250;
/** A reconnect that has not succeeded after this long is reported as a connection problem. */
const PROBLEM_AFTER_MS = 6_000;

export type StreamStatus = "connecting" | "open" | "problem";

export function useNotificationStream(): { status: StreamStatus; retry: () => void } {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<StreamStatus>("connecting");
  const [generation, setGeneration] = useState(0);
  const hadError = useRef(false);

  useEffect(() => {
    // generation only forces a fresh connection when the user asks to retry.
    void generation;
    let refetchTimer: ReturnType<typeof setTimeout> | undefined;
    let problemTimer: ReturnType<typeof setTimeout> | undefined;

    const refetch = () => {
      clearTimeout(refetchTimer);
      refetchTimer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
        COALESCE_MS,
      );
    };
    const stream = openEventStream({
      on: {
        notification: (event) => {
          refetch();
          // Screens that follow a notification's subject (Mis Pagos on an approval) hear it too.
          publishLiveEvent("notification", event);
        },
        // Administrators' streams also carry `admin` events (a proof changed): the inbox listens for them.
        admin: (event) => publishLiveEvent("admin", event),
        // This session was ended elsewhere (sign out everywhere, a new password, a suspension): the device
        // forgets its offline copy at once, and asks who it is now (the guards and the header follow).
        session: () => {
          clearPrivateOfflineData();
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        },
      },
      onOpen() {
        clearTimeout(problemTimer);
        problemTimer = undefined;
        setStatus("open");
        // Back after a drop: the replay covers most of it, a fresh list covers the rest.
        if (hadError.current) refetch();
        hadError.current = false;
      },
      onError(closed) {
        hadError.current = true;
        if (closed) {
          setStatus("problem");
          return;
        }
        problemTimer ??= setTimeout(() => setStatus("problem"), PROBLEM_AFTER_MS);
      },
    });
    return () => {
      clearTimeout(refetchTimer);
      clearTimeout(problemTimer);
      stream?.close();
    };
  }, [queryClient, generation]);

  const retry = useCallback(() => {
    hadError.current = true;
    setStatus("connecting");
    setGeneration((n) => n + 1);
    void queryClient.invalidateQueries({ queryKey: notificationKeys.all });
  }, [queryClient]);

  return { status, retry };
}
