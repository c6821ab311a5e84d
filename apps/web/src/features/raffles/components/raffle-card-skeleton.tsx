import { Skeleton } from "../../../components/ui/skeleton";

/** Same outline as a card, so the grid does not jump when the raffles arrive. */
export function RaffleCardSkeleton() {
  return (
    <div className="flex flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card">
      <Skeleton className="aspect-[4/3] w-full rounded-none!" />
      <div className="flex flex-col gap-3 p-4 sm:p-5">
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-7 w-2/5" />
        <Skeleton className="h-4 w-3/5" />
        <Skeleton className="h-2.5 w-full rounded-pill" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-1 h-11 w-full" />
      </div>
    </div>
  );
}
