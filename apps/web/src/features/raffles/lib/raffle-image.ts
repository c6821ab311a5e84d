// Prize images are served by /api/images/{id}?w= in WebP variants (IMAGE_VARIANT_WIDTHS, 4:3).
import { isVariantImage, variantSrcSet } from "@rifazo/shared/domain/image-variants";

/** Intrinsic size given to <img> so the browser reserves the box before the file arrives. */
export const IMAGE_WIDTH = 640;
export const IMAGE_HEIGHT = 480;

/** Card grid: one column on phones, two from 640 px, three from 1024 px (page max 76rem). */
export const CARD_IMAGE_SIZES =
  "(min-width: 1216px) 368px, (min-width: 1024px) 31vw, (min-width: 640px) 46vw, 92vw";
/** Detail page: full width on phones, half of the page from 1024 px. */
export const DETAIL_IMAGE_SIZES = "(min-width: 1216px) 584px, (min-width: 1024px) 48vw, 92vw";

export interface ImageSources {
  src: string;
  srcSet?: string;
}

/**
 * src and srcset for a raffle's image. Our own images get the width variants; any other URL is used as it
 * is. Null when the raffle has no image.
 */
export function imageSources(url: string | null | undefined): ImageSources | null {
  const value = url?.trim();
  if (!value) return null;
  if (!isVariantImage(value)) return { src: value };
  return {
    src: `${value}?w=${IMAGE_WIDTH}`,
    srcSet: variantSrcSet(value),
  };
}
