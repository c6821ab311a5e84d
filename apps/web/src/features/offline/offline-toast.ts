import { toast } from "../../components/ui/toast";
import { isOfflineError } from "./offline-error";
import { OFFLINE_TITLE, offlineActionMessage } from "./offline-text";

/**
 * For an action's error handler: when it failed for want of a connection, says so at once with
 * «Reintentar» (`action` is an infinitive: "guardar el favorito") and returns true; else false, and the
 * caller says what the server answered.
 */
export function toastIfOffline(error: unknown, action: string, retry: () => void): boolean {
  if (!isOfflineError(error)) return false;
  toast({
    id: "offline-action",
    title: OFFLINE_TITLE,
    description: offlineActionMessage(action),
    variant: "warning",
    action: { label: "Reintentar", onClick: retry },
  });
  return true;
}
