// A raffle's prize images: an ordered list, the first is the cover. The cover is also kept in
// prize_image/image_alt, which cards, share previews (OG) and receipts read; raffles saved before the
// list existed have only that column, and read as a list of one.

export const MAX_PRIZE_IMAGES = 8;

export interface PrizeImage {
  /** '/api/images/<id>' of a gallery image. */
  url: string;
  alt: string;
}

export interface StoredPrizeImages {
  prizeImage: string | null;
  imageAlt: string | null;
  prizeImages?: readonly PrizeImage[] | null;
}

/** The images to show, in order: the stored list, or the single cover of an older raffle. */
export function prizeImagesOf(row: StoredPrizeImages): PrizeImage[] {
  if (row.prizeImages && row.prizeImages.length > 0) return row.prizeImages.map((i) => ({ ...i }));
  return row.prizeImage ? [{ url: row.prizeImage, alt: row.imageAlt ?? "" }] : [];
}

/** The alt text when the organiser left it blank: the title for the cover, "title, imagen n" after it. */
export function defaultImageAlt(title: string, index: number): string {
  return index === 0 ? title : `${title}, imagen ${index + 1}`;
}
