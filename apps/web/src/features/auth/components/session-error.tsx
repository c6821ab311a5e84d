import { CLIENT_ERROR_MESSAGES } from "@rifazo/shared/page-errors";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { errorMessage, isApiError } from "../../../lib/api-client";

interface SessionErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** The session could not be checked (network, server): say so and let the user try again. */
export function SessionError({ title, error, onRetry }: SessionErrorProps) {
  const network = isApiError(error) && error.code === "NETWORK";
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <Alert
        variant="danger"
        title={network ? CLIENT_ERROR_MESSAGES.SESSION_CHECK_NETWORK : title}
        action={
          <Button size="sm" variant="danger" onClick={onRetry}>
            Reintentar
          </Button>
        }
      >
        {errorMessage(error, CLIENT_ERROR_MESSAGES.PROFILE_CHECK_FAILED)}
      </Alert>
    </div>
  );
}
