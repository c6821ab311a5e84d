import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { endPageToasts } from "./toast";

/**
 * A toast ends with the action that caused it: going to another page dismisses it, unless it was raised
 * as the announcement of that very navigation (toast's `survivesRedirect`). Another query string or hash
 * on the same page (a catalogue filter) is not another page.
 */
export function ToastsEndWithPage(): null {
  const { pathname } = useLocation();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    endPageToasts();
  }, [pathname]);
  return null;
}
