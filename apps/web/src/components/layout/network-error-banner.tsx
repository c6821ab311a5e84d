import { ERROR_MESSAGES } from "@rifazo/shared/errors";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../lib/api-client";
import { dismissNetworkError, useNetworkErrorVisible } from "../../lib/network-status";
import { useHydrated } from "../../lib/use-hydrated";
import { AlertTriangleIcon, CloseIcon } from "../ui/icons";
import { Spinner } from "../ui/spinner";

/** The global red banner shown when a request could not reach the server (spec 1 §2). */
export function NetworkErrorBanner() {
  const visible = useNetworkErrorVisible();
  const queryClient = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  // A request can fail before hydration is over (offline, a page opened from the service worker's copy):
  // the server's HTML has no banner, so it waits for hydration like everything else this browser knows
  // (decision 0005).
  const hydrated = useHydrated();
  if (!visible || !hydrated) return null;

  const retry = async () => {
    setRetrying(true);
    // Refetch what is on screen; the ping answers quickly so the banner reacts even when queries back off.
    void queryClient.refetchQueries({ type: "active" });
    await api.get("/api/health").catch(() => undefined);
    setRetrying(false);
  };

  return (
    <div role="alert" className="on-dark bg-danger-600 text-white">
      <div className="mx-auto flex w-full max-w-page items-center gap-2 px-4 py-2 sm:gap-3 sm:px-6 lg:px-8">
        <AlertTriangleIcon className="hidden shrink-0 text-lg sm:block" />
        <p className="flex-1 text-[13px] leading-snug font-medium sm:text-sm">{ERROR_MESSAGES.NETWORK}</p>
        <button
          type="button"
          onClick={retry}
          disabled={retrying}
          className="inline-flex h-8 shrink-0 items-center gap-1.5 rounded-control bg-white px-3 text-sm font-bold text-danger-700 hover:bg-danger-50 disabled:opacity-80"
        >
          {retrying ? <Spinner label={null} /> : null}
          Reintentar
        </button>
        <button
          type="button"
          onClick={dismissNetworkError}
          aria-label="Cerrar aviso"
          className="inline-flex size-8 shrink-0 items-center justify-center rounded-control text-lg hover:bg-white/15"
        >
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
