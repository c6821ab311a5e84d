import { PAGE_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { api } from "../../lib/api-client";
import { cn } from "../../lib/cn";
import { useLiveConnection } from "../../lib/live-connection";
import { clearUnshownNotice, useNetworkErrorVisible, useUnshownNotice } from "../../lib/network-status";
import { useHydrated } from "../../lib/use-hydrated";
import { useOnline } from "../../lib/use-online";
import { OfflineIcon } from "../ui/icons";
import { Spinner } from "../ui/spinner";

/** A live-data blip shorter than this (a server restart, a hand-over between networks) is not worth a word. */
export const RECONNECTING_AFTER_MS = 2_000;
/** How long "Conectado de nuevo" stays once everything is back. */
export const BACK_FOR_MS = 3_000;

export const CONNECTION_TEXT = {
  offline: "Sin conexión. Ves lo último que se cargó; se actualiza solo al volver la conexión.",
  unreachable: PAGE_ERROR_MESSAGES.NETWORK,
  reconnecting: "Reconectando…",
  back: "Conectado de nuevo",
} as const;

type Problem = "offline" | "unreachable" | "reconnecting";
type Shown = Problem | "back" | null;

/** What is wrong now, the worst first: the browser offline, then a request that got no answer, then live data. */
export function connectionProblem(state: {
  online: boolean;
  unreachable: boolean;
  liveDown: boolean;
}): Problem | null {
  if (!state.online) return "offline";
  if (state.unreachable) return "unreachable";
  return state.liveDown ? "reconnecting" : null;
}

const STYLES: Record<Exclude<Shown, null>, string> = {
  offline: "bg-ink text-white on-dark",
  unreachable: "bg-danger-600 text-white on-dark",
  reconnecting: "bg-warning-50 text-warning-700",
  back: "bg-success-50 text-success-700",
};

/**
 * What the bar shows now: the worst problem, or "back" for a moment after one ends; nothing before
 * hydration.
 */
function useShownConnection(): Shown {
  const online = useOnline();
  const unreachable = useNetworkErrorVisible();
  const live = useLiveConnection();
  const [liveDownLong, setLiveDownLong] = useState(false);
  const [back, setBack] = useState(false);
  // The server's HTML has no indicator (it cannot know this browser's network): it waits for hydration
  // like everything else this browser knows (decision 0005).
  const hydrated = useHydrated();

  useEffect(() => {
    if (live !== "reconnecting") {
      setLiveDownLong(false);
      return undefined;
    }
    const timer = setTimeout(() => setLiveDownLong(true), RECONNECTING_AFTER_MS);
    return () => clearTimeout(timer);
  }, [live]);

  const [lastProblem, setLastProblem] = useState<Problem | null>(null);
  // The two-second grace is for a blip of the live data alone. Back from an outage, the stream still
  // reconnecting is the outage not yet over: "Conectado de nuevo" waits until it really is.
  const liveDown = liveDownLong || (live === "reconnecting" && lastProblem !== null);
  const problem = connectionProblem({ online, unreachable, liveDown });
  if (problem !== lastProblem) {
    // A problem just ended: say it is back for a moment.
    setBack(problem === null && lastProblem !== null);
    setLastProblem(problem);
  }

  useEffect(() => {
    if (!back) return undefined;
    const timer = setTimeout(() => setBack(false), BACK_FOR_MS);
    return () => clearTimeout(timer);
  }, [back]);

  return hydrated ? (problem ?? (back ? "back" : null)) : null;
}

function RetryButton() {
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);

  const retry = async () => {
    setRetrying(true);
    // Refetch what is on screen; the ping answers quickly so the bar reacts even when queries back off.
    void queryClient.refetchQueries({ type: "active" });
    await api.get("/api/health").catch(() => undefined);
    setRetrying(false);
  };

  return (
    <button
      type="button"
      onClick={retry}
      disabled={retrying}
      className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-control bg-white px-3 text-sm font-bold text-danger-700 hover:bg-danger-50 disabled:opacity-80"
    >
      {retrying ? <Spinner label={null} /> : null}
      Reintentar
    </button>
  );
}

/**
 * The app's one connection indicator, a thin bar under the header: the browser offline, the server
 * unreachable, the live data (raffle sales, notifications) reconnecting, and a short "back" afterwards.
 * Before there were three (a red banner, a "Reconectando…" pill and the bell's icon) saying the same
 * thing at once. The region is always there, empty, so screen readers announce politely what appears.
 */
export function ConnectionStatus() {
  const shown = useShownConnection();
  // What a toast would have said, had its code been on the device (an action that failed offline).
  const notice = useUnshownNotice();

  const noticeShown = notice && (shown === "offline" || shown === "unreachable") ? notice : null;
  const action = noticeShown?.action;

  return (
    <div className={cn(shown ? STYLES[shown] : null)} data-testid="connection-status">
      <div
        className={cn(
          "mx-auto flex w-full max-w-page items-center gap-2 sm:gap-3 sm:px-6 lg:px-8",
          shown ? "min-h-9 px-4 py-1.5" : null,
        )}
      >
        {shown === "offline" || shown === "unreachable" ? (
          <OfflineIcon className="shrink-0 text-base" aria-hidden="true" />
        ) : null}
        <div role="status" aria-live="polite" className="min-w-0 flex-1">
          {shown ? (
            <p className="text-[13px] leading-snug font-medium sm:text-sm">
              {noticeShown ? noticeShown.text : CONNECTION_TEXT[shown]}
            </p>
          ) : null}
        </div>
        {action ? (
          <button
            type="button"
            onClick={() => {
              clearUnshownNotice();
              action.onClick();
            }}
            className="inline-flex h-8 shrink-0 items-center rounded-control bg-white px-3 text-sm font-bold text-ink hover:bg-brand-50"
          >
            {action.label}
          </button>
        ) : shown === "unreachable" ? (
          <RetryButton />
        ) : null}
      </div>
    </div>
  );
}
