// Prize images are served by /api/images/{id}?w= as WebP variants of these widths, never enlarged: the API
// writes them for each upload (and for the demo's images), the pages list them in srcset. 720 is what a
// 390 px phone at 2× needs for a full-width card (359 × 2 = 718 px): without it such a phone took the
// 960 px file, about 40 % more bytes on a slow, metered connection for nothing its screen can show
// (docs/decisions/0033-preact-on-both-sides.md).
export const IMAGE_VARIANT_WIDTHS = [320, 640, 720, 960] as const;
export type ImageVariantWidth = (typeof IMAGE_VARIANT_WIDTHS)[number];

/** One of our stored images ('/api/images/<id>', nothing after): it has the width variants. */
export function isVariantImage(url: string): boolean {
  return /^\/api\/images\/[^/?#]+$/.test(url);
}

/** The srcset of one of our images ('/api/images/<id>'): "…?w=320 320w, …?w=960 960w". */
export function variantSrcSet(url: string): string {
  return IMAGE_VARIANT_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(", ");
}
