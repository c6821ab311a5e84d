import type { ReactNode } from "react";
import { Alert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TicketIcon } from "../../../components/ui/icons";
import { isOfflineError, offlineLoadMessage } from "../../offline";
import type { PublicRaffle } from "../api/raffles-api";
import { RaffleCard } from "./raffle-card";
import { RaffleCardSkeleton } from "./raffle-card-skeleton";

const GRID = "grid gap-5 sm:grid-cols-2 lg:grid-cols-3";

interface RaffleGridProps {
  raffles: PublicRaffle[] | undefined;
  isPending: boolean;
  isError: boolean;
  /** The query's error: one for want of a connection says "Sin conexión" instead of errorText. */
  error?: unknown;
  errorText: string;
  emptyText: string;
  onRetry?: () => void;
  /** How many skeletons to show while loading. */
  skeletons?: number;
  /** How many of the first cards load their image at once (those visible without scrolling). */
  priorityCount?: number;
  emptyAction?: ReactNode;
}

/** A grid of raffle cards with its loading, error and empty states. */
export function RaffleGrid({
  raffles,
  isPending,
  isError,
  error,
  errorText,
  emptyText,
  onRetry,
  skeletons = 3,
  priorityCount = 0,
  emptyAction,
}: RaffleGridProps) {
  if (isPending) {
    return (
      <div className={GRID} role="status" aria-label="Cargando rifas...">
        {Array.from({ length: skeletons }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <RaffleCardSkeleton key={i} />
        ))}
      </div>
    );
  }
  if (isError || !raffles) {
    const offline = isError && isOfflineError(error);
    return (
      <Alert
        variant={offline ? "warning" : "danger"}
        action={
          onRetry ? (
            <Button variant="outline" size="sm" onClick={onRetry}>
              Reintentar
            </Button>
          ) : undefined
        }
      >
        {offline ? offlineLoadMessage("las rifas") : errorText}
      </Alert>
    );
  }
  if (raffles.length === 0) {
    return (
      <div className="flex flex-col items-center gap-4 rounded-card border border-dashed border-brand-200 bg-surface px-6 py-12 text-center">
        <span className="flex size-14 items-center justify-center rounded-full bg-brand-100 text-2xl text-brand-700">
          <TicketIcon />
        </span>
        <p className="max-w-md font-semibold text-ink">{emptyText}</p>
        {emptyAction}
      </div>
    );
  }
  return (
    <ul className={GRID}>
      {raffles.map((raffle, index) => (
        <li key={raffle.id} className="flex">
          <RaffleCard raffle={raffle} priority={index < priorityCount} />
        </li>
      ))}
    </ul>
  );
}
