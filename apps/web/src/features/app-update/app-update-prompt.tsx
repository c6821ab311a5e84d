import { useEffect, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { registerServiceWorker } from "./register-service-worker";

/** A page left open (an SPA never navigates for real) still hears about a new version. */
const UPDATE_CHECK_MS = 60 * 60_000;

/** Runs `start` once the page has loaded and the main thread is idle, so it never delays the page. */
function afterLoadAndIdle(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let idle: number | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === "function")
      idle = window.requestIdleCallback(start, { timeout: 5000 });
    else timer = setTimeout(start, 1000);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    window.removeEventListener("load", schedule);
    clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback(idle);
  };
}

/**
 * Registers the service worker (decision 0017) and, when a new version of Rifazo is waiting, offers it
 * without interrupting: the page in use is only reloaded when the visitor presses "Actualizar".
 */
export function AppUpdatePrompt() {
  const update = useRef<((reloadPage?: boolean) => Promise<void>) | null>(null);
  const [waiting, setWaiting] = useState(false);
  const [updating, setUpdating] = useState(false);

  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    let cancelled = false;
    let checks: ReturnType<typeof setInterval> | undefined;
    const cancel = afterLoadAndIdle(() => {
      registerServiceWorker({
        onNeedRefresh: () => {
          if (!cancelled) setWaiting(true);
        },
        onRegisteredSW: (_url, registration) => {
          if (!registration || cancelled) return;
          checks = setInterval(() => {
            if (document.visibilityState === "visible" && navigator.onLine) void registration.update();
          }, UPDATE_CHECK_MS);
        },
      }).then(
        (updateSW) => {
          update.current = updateSW;
        },
        // No service worker (a failed download, a browser that refuses it): the site works as before.
        () => undefined,
      );
    });
    return () => {
      cancelled = true;
      cancel();
      clearInterval(checks);
    };
  }, []);

  if (!waiting) return null;
  return (
    <div
      role="status"
      className="fixed inset-x-3 bottom-3 z-[60] mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-card border border-brand-200 bg-surface p-3 pl-4 shadow-pop sm:bottom-5"
    >
      <p className="text-sm font-semibold text-ink">Hay una versión nueva de Rifazo.</p>
      <Button
        size="sm"
        loading={updating}
        onClick={() => {
          setUpdating(true);
          void update.current?.(true);
        }}
      >
        Actualizar
      </Button>
    </div>
  );
}
