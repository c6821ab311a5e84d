// Prize illustrations drawn for this project (seed/images/*.svg), turned into the same WebP variants an
// uploaded prize image gets, so the public image route serves demo and real images alike.
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { IMAGE_VARIANT_WIDTHS } from "@rifazo/shared/domain/image-variants";
import sharp from "sharp";
import type { PrizeArt } from "./demo-data";

export interface StoredFile {
  key: string;
  body: Buffer;
  contentType: string;
}

export interface RenderedPrizeImage {
  id: string;
  name: string;
  width: number;
  height: number;
  /** The full-size original; its key goes in images.storage_key. */
  original: StoredFile;
  files: StoredFile[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** The SVG folder, from the source tree (tsx, vitest) or from apps/api/dist (bundled server). */
export function prizeArtFolder(): string | undefined {
  const candidates = [path.resolve(here, "images"), path.resolve(here, "../src/seed/images")];
  return candidates.find((dir) => existsSync(path.join(dir, "moto.svg")));
}

export async function renderPrizeImage(folder: string, art: PrizeArt): Promise<RenderedPrizeImage> {
  const svg = await readFile(path.join(folder, `${art}.svg`));
  const id = randomUUID();
  // Rendered once at full size; the variants are downscaled from that bitmap.
  const master = await sharp(svg).raw().toBuffer({ resolveWithObject: true });
  const { width, height, channels } = master.info;
  const fromMaster = () => sharp(master.data, { raw: { width, height, channels } });
  const [originalBody, ...variantBodies] = await Promise.all([
    fromMaster().webp({ quality: 90, effort: 2 }).toBuffer(),
    ...IMAGE_VARIANT_WIDTHS.map((w) =>
      fromMaster().resize({ width: w }).webp({ quality: 82, effort: 2 }).toBuffer(),
    ),
  ]);
  const variants = IMAGE_VARIANT_WIDTHS.map((w, i) => ({
    key: `images/${id}/${w}.webp`,
    body: variantBodies[i] as Buffer,
    contentType: "image/webp",
  }));
  const original = {
    key: `images/${id}/original.webp`,
    body: originalBody as Buffer,
    contentType: "image/webp",
  };
  return { id, name: `${art}.webp`, width, height, original, files: [original, ...variants] };
}
