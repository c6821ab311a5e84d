import { useEffect, useState } from "react";
import { useLiveConnection } from "../../lib/live-connection";

/** A blip shorter than this (a server restart, a hand-over between networks) is not worth a word. */
export const RECONNECTING_AFTER_MS = 2_000;
/** How long "Conectado de nuevo" stays once the live data is back. */
export const BACK_FOR_MS = 3_000;

type Shown = "reconnecting" | "back" | null;

/**
 * A discreet line while the live data (raffle sales, notifications) is disconnected, and a short "back"
 * once it reconnects. The region is always there, empty, so screen readers announce what appears in it.
 */
export function LiveConnectionStatus() {
  const connection = useLiveConnection();
  const [shown, setShown] = useState<Shown>(null);

  useEffect(() => {
    if (connection === "reconnecting") {
      const timer = setTimeout(() => setShown("reconnecting"), RECONNECTING_AFTER_MS);
      return () => clearTimeout(timer);
    }
    setShown((current) => (current === "reconnecting" ? "back" : current));
    return undefined;
  }, [connection]);

  useEffect(() => {
    if (shown !== "back") return undefined;
    const timer = setTimeout(() => setShown(null), BACK_FOR_MS);
    return () => clearTimeout(timer);
  }, [shown]);

  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed bottom-4 left-4 z-[60]">
      {shown ? (
        <p className="flex items-center gap-2 rounded-full border border-line bg-surface px-3 py-1.5 text-sm font-medium text-ink shadow-pop">
          <span
            aria-hidden="true"
            className={
              shown === "reconnecting"
                ? "size-2 rounded-full bg-warning-700 motion-safe:animate-pulse"
                : "size-2 rounded-full bg-success-600"
            }
          />
          {shown === "reconnecting" ? "Reconectando…" : "Conectado de nuevo"}
        </p>
      ) : null}
    </div>
  );
}
