import type { ReactNode } from "react";
import { QueryErrorAlert } from "../../../components/ui/query-error-alert";
import { Skeleton } from "../../../components/ui/skeleton";
import { cn } from "../../../lib/cn";

type LoadingListProps = {
  /** Read by screen readers while loading ("Cargando usuarios..."). */
  label: string;
  /** Classes of the wrapper (spacing). */
  className?: string;
} & (
  | {
      count: number;
      /** Classes of each placeholder (height). */
      itemClassName: string;
    }
  | {
      /** Classes of each placeholder in turn, for placeholders of different heights. */
      itemClassNames: readonly string[];
    }
);

/** Skeleton placeholders shown while an admin list (or screen) loads for the first time. */
export function LoadingList({ label, className, ...items }: LoadingListProps) {
  const classes =
    "itemClassNames" in items
      ? items.itemClassNames
      : Array.from({ length: items.count }, () => items.itemClassName);
  return (
    <div className={className} aria-busy="true">
      <p className="sr-only" role="status">
        {label}
      </p>
      {classes.map((itemClassName, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity but their place.
        <Skeleton key={i} className={itemClassName} />
      ))}
    </div>
  );
}

/** "Error de Carga" (or the screen's own title) with a retry button, for a query that failed before returning any data. */
export function LoadError({
  onRetry,
  title = "Error de Carga",
  children,
}: {
  onRetry: () => void;
  title?: string;
  children: ReactNode;
}) {
  const retry = { refetch: async () => onRetry(), isFetching: false };
  return (
    <QueryErrorAlert query={retry} title={title}>
      {children}
    </QueryErrorAlert>
  );
}

/** Centered muted message for a list with nothing to show. */
export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="py-10 text-center text-sm text-muted">{children}</p>;
}

/** A list fetching again in place (another page or filter): dimmed and marked busy until the new data arrives. */
export function RefetchingList({
  label,
  busy,
  className,
  children,
}: {
  label: string;
  busy: boolean;
  className: string;
  children: ReactNode;
}) {
  return (
    <ul
      aria-label={label}
      aria-busy={busy}
      className={cn(className, busy && "opacity-70 transition-opacity")}
    >
      {children}
    </ul>
  );
}
