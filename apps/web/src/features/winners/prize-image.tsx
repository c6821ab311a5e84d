import { variantSrcSet } from "@rifazo/shared/domain/image-variants";
import { cn } from "../../lib/cn";

interface PrizeImageProps {
  src: string | null;
  alt: string;
  className?: string;
  /** CSS sizes hint for the responsive variants (the API serves 320, 640 and 960 px wide). */
  sizes?: string;
  imgClassName?: string;
  /** Likely on screen at load (the first card): fetched at once and first, for a faster LCP. */
  eager?: boolean;
}

/** A prize picture (4:3) from /api/images/{id}, lazy and responsive; a soft placeholder without one. */
export function PrizeImage({
  src,
  alt,
  className,
  sizes = "(min-width: 640px) 320px, 100vw",
  imgClassName,
  eager = false,
}: PrizeImageProps) {
  return (
    <div className={cn("relative aspect-[4/3] overflow-hidden bg-brand-100", className)}>
      {src ? (
        <img
          src={`${src}?w=320`}
          srcSet={variantSrcSet(src)}
          sizes={sizes}
          alt={alt}
          width={320}
          height={240}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : undefined}
          decoding="async"
          className={cn("size-full object-cover", imgClassName)}
        />
      ) : null}
    </div>
  );
}
