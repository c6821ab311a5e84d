import type { ReactNode } from "react";
import { Alert } from "./alert";
import { Button } from "./button";

/** What the alert needs of a failed query (TanStack Query's result): a way to ask again, and whether it is. */
export interface RetryableQuery {
  refetch: () => Promise<unknown>;
  isFetching: boolean;
}

/** A query that failed: its message, and «Reintentar», which asks again and spins while it does. */
export function QueryErrorAlert({
  query,
  title,
  children,
}: {
  query: RetryableQuery;
  title?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Alert
      variant="danger"
      title={title}
      action={
        <Button size="sm" variant="outline" onClick={() => void query.refetch()} loading={query.isFetching}>
          Reintentar
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
