import { useState } from "react";
import { TrophyIcon } from "../../../components/ui/icons";
import { cn } from "../../../lib/cn";
import { IMAGE_HEIGHT, IMAGE_WIDTH, imageSources } from "../lib/raffle-image";

interface RaffleImageProps {
  src: string | null;
  alt: string;
  sizes: string;
  /** The detail page's image and the first cards on screen: fetched at once and with high priority. */
  priority?: boolean;
  className?: string;
}

/**
 * A prize image in a 4:3 box. width/height and the aspect ratio reserve the space before the file arrives
 * (no layout shift); a missing or broken image shows a placeholder of the same size.
 */
export function RaffleImage({ src, alt, sizes, priority = false, className }: RaffleImageProps) {
  const [failed, setFailed] = useState(false);
  const sources = failed ? null : imageSources(src);
  return (
    <div className={cn("relative aspect-[4/3] w-full overflow-hidden bg-brand-100", className)}>
      {sources ? (
        <img
          src={sources.src}
          srcSet={sources.srcSet}
          sizes={sources.srcSet ? sizes : undefined}
          alt={alt}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          loading={priority ? "eager" : "lazy"}
          fetchPriority={priority ? "high" : undefined}
          decoding="async"
          onError={() => setFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <div
          role="img"
          aria-label={alt}
          className="flex size-full items-center justify-center bg-gradient-to-br from-brand-200 to-brand-400 text-5xl text-white"
        >
          <TrophyIcon />
        </div>
      )}
    </div>
  );
}
