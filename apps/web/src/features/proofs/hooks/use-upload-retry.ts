import { useEffect, useRef } from "react";

// A proof upload cut by the network is sent again by itself (decision 0030): as soon as the browser says
// it is back online, or — when it never noticed it was offline (a dead cell, a reset connection) — after
// a pause that doubles each time, a few times; the «Reintentar» button is always there too. The caller
// reuses the same idempotency key, so the server records the proof once however many tries reach it.

/** First pause before trying again while the browser believes it is online; doubles each time. */
export const AUTO_RETRY_MS = 5_000;
/** Timed tries in a row before waiting for the buyer (or for the browser to come back online). */
export const AUTO_RETRY_LIMIT = 3;

export function useUploadRetry(interrupted: boolean, retry: () => void) {
  const retryRef = useRef(retry);
  retryRef.current = retry;
  const timedTries = useRef(0);

  useEffect(() => {
    if (!interrupted) return;
    const again = () => retryRef.current();
    window.addEventListener("online", again);
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (navigator.onLine && timedTries.current < AUTO_RETRY_LIMIT) {
      const delay = AUTO_RETRY_MS * 2 ** timedTries.current;
      timer = setTimeout(() => {
        timedTries.current += 1;
        again();
      }, delay);
    }
    return () => {
      window.removeEventListener("online", again);
      clearTimeout(timer);
    };
  }, [interrupted]);

  /** A new submission (or a success) starts the count of timed tries again. */
  return { resetTries: () => (timedTries.current = 0) };
}
