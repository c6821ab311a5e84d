import type { DehydratedState } from "@tanstack/react-query";

// What the server hands to the browser with a server-rendered page: the query cache the HTML was
// rendered from and the clock it used, so hydration renders exactly the same markup.

export const SERVER_STATE_ID = "rifazo-state";

export interface ServerState {
  /** Epoch milliseconds of the render. */
  now: number;
  queries: DehydratedState;
  /** The newest live-update event when the data was read: the browser's event stream resumes after it. */
  lastEventId: number | null;
  /** The dates the HTML shows, as the server wrote them (adoptDateTexts in @rifazo/shared/domain/dates). */
  dates?: Record<string, string>;
  /**
   * The page's address when it was sent at another one: a refused form's answer comes at the form's
   * action (decision 0029); the browser shows the page's own address before hydrating.
   */
  url?: string;
}

/** JSON that is safe inside <script type="application/json">: nothing in it can close the tag. */
export function serializeServerState(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

export function readServerState(doc: Document): ServerState | null {
  const element = doc.getElementById(SERVER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as ServerState;
  } catch {
    return null;
  }
}
