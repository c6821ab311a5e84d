import { Alert } from "../../components/ui/alert";
import { Button } from "../../components/ui/button";
import { offlineActionMessage } from "./offline-text";

/**
 * Said next to the button at once when its action cannot reach the server, instead of a spinner that
 * waits for the network: announced (role alert, the buyer just tapped) with «Reintentar».
 */
export function OfflineActionAlert({ action, onRetry }: { action: string; onRetry: () => void }) {
  return (
    <Alert
      variant="warning"
      role="alert"
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          Reintentar
        </Button>
      }
    >
      {offlineActionMessage(action)}
    </Alert>
  );
}
