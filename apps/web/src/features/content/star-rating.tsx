import { StarIcon } from "../../components/ui/icons";
import { cn } from "../../lib/cn";

const MAX_RATING = 5;

/** Clamps whatever the API sends to a whole 1-5 rating. */
export function clampRating(rating: number): number {
  if (!Number.isFinite(rating)) return MAX_RATING;
  return Math.min(MAX_RATING, Math.max(1, Math.round(rating)));
}

/** 1-5 stars drawn for the eye, read out once as 'Calificación: 4 de 5 estrellas'. */
export function StarRating({ rating, className }: { rating: number; className?: string }) {
  const value = clampRating(rating);
  return (
    <span
      role="img"
      aria-label={`Calificación: ${value} de ${MAX_RATING} estrellas`}
      className={cn("inline-flex gap-0.5 text-lg", className)}
    >
      {Array.from({ length: MAX_RATING }, (_, i) => (
        <StarIcon
          // biome-ignore lint/suspicious/noArrayIndexKey: the five stars are positions, never reordered.
          key={i}
          className={i < value ? "fill-accent-400 text-accent-500" : "text-line"}
        />
      ))}
    </span>
  );
}
