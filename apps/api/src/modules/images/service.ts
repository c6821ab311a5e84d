import { isUuid } from "@rifazo/shared";
import type { Db } from "../../db/client";
import { notFound } from "../../lib/errors";
import { acceptedValues } from "../../lib/http-cache";
import type { Storage } from "../files";
import * as repo from "./repository";

export const IMAGE_NOT_FOUND = "Imagen no encontrada.";

/** Originals are only served as a fallback, and only in raster formats a browser cannot run (no SVG). */
const SERVABLE_ORIGINALS = new Set(["image/webp", "image/png", "image/jpeg", "image/gif", "image/avif"]);

/**
 * The stored width closest to the one asked for (a tie goes to the larger, sharper one); without a
 * request, the largest. Null when there are no variants.
 */
export function pickWidth(available: readonly number[], requested: number | undefined): number | null {
  const widths = available.filter((w) => Number.isInteger(w) && w > 0);
  if (widths.length === 0) return null;
  if (requested === undefined) return Math.max(...widths);
  return widths.reduce((best, w) => {
    const distance = Math.abs(w - requested);
    const bestDistance = Math.abs(best - requested);
    return distance < bestDistance || (distance === bestDistance && w > best) ? w : best;
  });
}

export interface ImageFile {
  body: NodeJS.ReadableStream;
  size: number;
  contentType: string;
}

/** Whether an Accept header names AVIF (browsers that decode it say so for every image they ask for). */
export function acceptsAvif(accept: string | undefined): boolean {
  return acceptedValues(accept).has("image/avif");
}

export async function openImage(
  db: Db,
  storage: Storage,
  id: string,
  width?: number,
  avif = false,
): Promise<ImageFile> {
  const missing = () => notFound("NOT_FOUND", IMAGE_NOT_FOUND);
  if (!isUuid(id)) throw missing();
  const image = await repo.findImage(db, id);
  if (!image) throw missing();
  const chosen = pickWidth(image.variantWidths, width);
  if (chosen !== null) {
    // The id comes from the database row (a UUID), never from the URL text, so the key is always valid.
    if (avif && image.avifWidths.includes(chosen)) {
      const file = await storage.get(`images/${image.id}/${chosen}.avif`);
      if (file) return { ...file, contentType: "image/avif" };
    }
    const file = await storage.get(`images/${image.id}/${chosen}.webp`);
    if (file) return { ...file, contentType: "image/webp" };
  }
  if (!SERVABLE_ORIGINALS.has(image.contentType)) throw missing();
  const original = await storage.get(image.storageKey);
  if (!original) throw missing();
  return { ...original, contentType: image.contentType };
}
