import { isApiError } from "../../lib/api-client";
import { isOffline } from "../../lib/use-online";

/**
 * A page failed because there is no connection, not because it is broken: the browser says it is offline
 * (a page's code that was never downloaded fails then), or a request could not reach the server. A failed
 * download while the browser says it is online stays the generic error: after a deploy it is old code,
 * and reloading is the cure.
 */
export function isOfflineError(error: unknown): boolean {
  return isOffline() || (isApiError(error) && error.code === "NETWORK");
}
