import type { HTMLAttributes } from "react";
import { cn } from "../../lib/cn";

/** A placeholder block while content loads; purely visual, so hidden from assistive technology. */
export function Skeleton({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      aria-hidden="true"
      className={cn("animate-pulse rounded-control bg-brand-100/70", className)}
      {...props}
    />
  );
}
