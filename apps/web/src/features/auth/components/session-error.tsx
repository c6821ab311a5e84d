import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { errorMessage } from "../../../lib/api-client";

interface SessionErrorProps {
  title: string;
  error: unknown;
  onRetry: () => void;
}

/** The session could not be checked (network, server): say so and let the user try again. */
export function SessionError({ title, error, onRetry }: SessionErrorProps) {
  return (
    <div className="mx-auto w-full max-w-lg px-4 py-16">
      <Alert
        variant="danger"
        title={title}
        action={
          <Button size="sm" variant="danger" onClick={onRetry}>
            Reintentar
          </Button>
        }
      >
        {errorMessage(error, "Hubo un error al verificar tu perfil. Por favor, intenta de nuevo más tarde.")}
      </Alert>
    </div>
  );
}
