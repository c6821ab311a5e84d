import type { ReactNode } from "react";
import type { AdminRaffle } from "../api/admin-api";
import { imageVariant } from "./image-file";

interface PrizeImageProps {
  raffle: Pick<AdminRaffle, "prizeImage" | "imageAlt" | "title">;
  /** The variant's width: the list's thumbnail or the detail's card. */
  width: 320 | 960;
  className: string;
  loading?: "lazy";
  /** Shown instead when the raffle has no image yet. */
  fallback: ReactNode;
}

/** The raffle's prize image (its alt text, else the raffle's title), or the fallback when there is none. */
export function PrizeImage({ raffle, width, className, loading, fallback }: PrizeImageProps) {
  if (!raffle.prizeImage) return fallback;
  return (
    <img
      src={imageVariant(raffle.prizeImage, width)}
      alt={raffle.imageAlt || raffle.title}
      loading={loading}
      className={className}
    />
  );
}
