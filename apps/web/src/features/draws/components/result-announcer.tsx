import { useEffect, useRef, useState } from "react";
import type { DrawResult } from "../api";
import { resultAnnouncement } from "../lib/result-announcement";

/**
 * A polite live region, in the page from its first render, that says the result once when it arrives
 * while the page is open (the person who pressed the button, or anyone watching live). A page opened on a
 * draw that is already over says nothing: its winners are read as part of the page.
 */
export function ResultAnnouncer({ result }: { result: DrawResult | null }) {
  const [message, setMessage] = useState("");
  const waited = useRef(result === null);
  const said = useRef(false);

  useEffect(() => {
    if (result === null) {
      waited.current = true;
      return;
    }
    if (!waited.current || said.current) return;
    said.current = true;
    setMessage(resultAnnouncement(result));
  }, [result]);

  return (
    <p role="status" aria-atomic="true" className="sr-only">
      {message}
    </p>
  );
}
