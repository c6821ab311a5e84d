import type { HTMLAttributes } from "react";
import { Skeleton } from "./skeleton";

interface CardSkeletonProps extends HTMLAttributes<HTMLDivElement> {
  /** The image placeholder's classes (its shape follows the card's layout). */
  mediaClassName: string;
  /** The text column's classes. */
  bodyClassName: string;
  /** One placeholder line per entry, with its size classes. */
  lines: readonly string[];
}

/**
 * A card's outline while it loads: an image placeholder, then lines of text. Each list keeps its own classes,
 * so the grid does not jump when the cards arrive.
 */
export function CardSkeleton({ mediaClassName, bodyClassName, lines, ...props }: CardSkeletonProps) {
  return (
    <div {...props}>
      <Skeleton className={mediaClassName} />
      <div className={bodyClassName}>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder lines that never reorder.
          <Skeleton key={index} className={line} />
        ))}
      </div>
    </div>
  );
}
