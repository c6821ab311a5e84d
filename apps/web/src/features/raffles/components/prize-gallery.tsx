import { IMAGE_VARIANT_WIDTHS, isVariantImage } from "@rifazo/shared/domain/image-variants";
import type { PrizeImage } from "@rifazo/shared/domain/prize-images";
import { type ReactNode, useRef, useState } from "react";
import { cn } from "../../../lib/cn";
import { RaffleImage } from "./raffle-image";

interface PrizeGalleryProps {
  images: readonly PrizeImage[];
  /** Used when the raffle has no image (the placeholder's name). */
  title: string;
  sizes: string;
  /** Drawn over the image box (share and follow buttons). */
  overlay?: ReactNode;
}

/**
 * The prize images of the detail page. One image shows as before; several sit in a strip that scrolls
 * with a swipe and snaps to each image (CSS scroll snap, so it works before any script runs), with named
 * previous/next buttons and thumbnails that jump to an image. The first image is rendered with priority
 * (it is the page's largest paint); the rest load lazily.
 */
export function PrizeGallery({ images, title, sizes, overlay }: PrizeGalleryProps) {
  const strip = useRef<HTMLUListElement>(null);
  const [current, setCurrent] = useState(0);
  const count = images.length;

  if (count <= 1) {
    const [cover] = images;
    return (
      <div className="relative overflow-hidden rounded-card border border-line shadow-card">
        <RaffleImage src={cover?.url ?? null} alt={cover?.alt || title} sizes={sizes} priority />
        {overlay}
      </div>
    );
  }

  const show = (index: number) => {
    const target = Math.max(0, Math.min(count - 1, index));
    const element = strip.current;
    if (element) element.scrollTo({ left: target * element.clientWidth, behavior: "smooth" });
    setCurrent(target);
  };
  const onScroll = () => {
    const element = strip.current;
    if (!element || element.clientWidth === 0) return;
    setCurrent(Math.round(element.scrollLeft / element.clientWidth));
  };

  return (
    <section aria-label="Imágenes del premio" aria-roledescription="galería" className="space-y-2">
      <div className="relative overflow-hidden rounded-card border border-line shadow-card">
        <ul
          ref={strip}
          onScroll={onScroll}
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none]"
        >
          {images.map((image, index) => (
            <li
              key={image.url}
              className="w-full shrink-0 snap-center"
              aria-roledescription="imagen"
              aria-label={`${index + 1} de ${count}`}
            >
              <RaffleImage src={image.url} alt={image.alt || title} sizes={sizes} priority={index === 0} />
            </li>
          ))}
        </ul>
        {overlay}
        <div className="pointer-events-none absolute inset-x-2 top-1/2 flex -translate-y-1/2 justify-between">
          <GalleryArrow label="Imagen anterior" disabled={current === 0} onClick={() => show(current - 1)}>
            ‹
          </GalleryArrow>
          <GalleryArrow
            label="Imagen siguiente"
            disabled={current === count - 1}
            onClick={() => show(current + 1)}
          >
            ›
          </GalleryArrow>
        </div>
        <p
          className="absolute bottom-2 left-2 rounded-full bg-black/60 px-2 py-0.5 text-xs font-semibold text-white"
          aria-live="polite"
        >
          {`Imagen ${current + 1} de ${count}`}
        </p>
      </div>
      <GalleryThumbnails images={images} title={title} current={current} onShow={show} />
    </section>
  );
}

/** The thumbnails under the strip: each jumps to its image; the current one is marked. */
function GalleryThumbnails({
  images,
  title,
  current,
  onShow,
}: {
  images: readonly PrizeImage[];
  title: string;
  current: number;
  onShow: (index: number) => void;
}) {
  const count = images.length;
  return (
    <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Miniaturas">
      {images.map((image, index) => (
        <li key={image.url} className="shrink-0">
          <button
            type="button"
            aria-label={`Ver imagen ${index + 1} de ${count}: ${image.alt || title}`}
            aria-current={index === current ? "true" : undefined}
            onClick={() => onShow(index)}
            className={cn(
              "block size-14 overflow-hidden rounded-control border-2 bg-brand-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              index === current ? "border-brand-600" : "border-transparent opacity-80 hover:opacity-100",
            )}
          >
            <img
              src={thumbnailOf(image.url)}
              alt=""
              loading="lazy"
              decoding="async"
              width={56}
              height={56}
              className="size-full object-cover"
            />
          </button>
        </li>
      ))}
    </ul>
  );
}

/** Our own images have a 320 px variant, plenty for a 56 px thumbnail. */
function thumbnailOf(url: string): string {
  return isVariantImage(url) ? `${url}?w=${IMAGE_VARIANT_WIDTHS[0]}` : url;
}

function GalleryArrow({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      disabled={disabled}
      onClick={onClick}
      className="pointer-events-auto inline-flex size-10 items-center justify-center rounded-full bg-white/95 text-2xl leading-none text-ink shadow-card ring-1 ring-black/5 hover:bg-white disabled:opacity-0 focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}
