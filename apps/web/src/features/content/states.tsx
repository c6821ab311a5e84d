import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../components/ui/alert";
import { Button, buttonClasses } from "../../components/ui/button";
import { Card, CardContent } from "../../components/ui/card";
import { paths } from "../../lib/paths";

/** A list that could not load: the spec's message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      variant="danger"
      title={message}
      action={
        <Button variant="outline" size="sm" onClick={onRetry}>
          Reintentar
        </Button>
      }
    >
      Verifica tu conexión e inténtalo de nuevo.
    </Alert>
  );
}

interface EmptyStateProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

/** Nothing to show yet: says so plainly and offers the next step. */
export function EmptyState({ icon, title, children, action }: EmptyStateProps) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-4 py-12! text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
          {icon}
        </span>
        <div className="space-y-1">
          <p className="text-lg font-bold text-ink">{title}</p>
          {children ? <div className="mx-auto max-w-md text-sm text-muted">{children}</div> : null}
        </div>
        {action}
      </CardContent>
    </Card>
  );
}

/** An empty list's way out when it has nothing yet: the raffles on sale now. */
export function ActiveRafflesLink() {
  return (
    <Link to={paths.raffles} className={buttonClasses()}>
      Ver Rifas Activas
    </Link>
  );
}
