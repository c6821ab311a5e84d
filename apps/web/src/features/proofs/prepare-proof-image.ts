// A phone screenshot of a receipt is a 1–2 MB PNG: over Slow 3G that is most of a minute. Before the
// upload the browser redraws it upright, at most PROOF_IMAGE.longSide pixels on its long side, as a JPEG
// of PROOF_IMAGE.quality: what the OCR bench read at least as well as the originals (decision 0030). PDFs,
// files already light, browsers that cannot re-encode and results that are not smaller keep the original.
// Loaded on demand by the file input, so no other page downloads it.

import { SMALL_PROOF_BYTES } from "./file-size";

export const PROOF_IMAGE = {
  /**
   * Long side in pixels: a 1080×2400 screenshot keeps its pixels (only the PNG becomes a JPEG), a
   * 1440×3200 one or a 12 MP photo is brought down to it. 1600 saved more bytes but read a few Zelle
   * codes worse on tall screenshots (720 px wide); see decision 0030.
   */
  longSide: 2400,
  /** JPEG quality (0–1) of the re-encoded proof. */
  quality: 0.8,
  /** Files this small go as they are: re-encoding would only cost sharpness. */
  smallBytes: SMALL_PROOF_BYTES,
} as const;

/** Why the original is sent, or that it was re-encoded. */
export type PreparedReason = "resized" | "pdf" | "small" | "unsupported" | "not-smaller";

export interface PreparedProof {
  file: File;
  reason: PreparedReason;
  /** The chosen file's size, to say how much was saved. */
  originalBytes: number;
}

/** Draws an image as a JPEG at most `longSide` on its long side; null when this browser cannot. */
export type ImageEncoder = (file: File, longSide: number, quality: number) => Promise<Blob | null>;

/** The size to draw at: scaled down (never up) so the long side is at most `longSide`. */
export function scaledSize(
  width: number,
  height: number,
  longSide: number,
): { width: number; height: number } {
  const factor = Math.min(1, longSide / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * factor)), height: Math.max(1, Math.round(height * factor)) };
}

/** "captura.png" → "captura.jpg": the server and the organiser see what the file now is. */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]*$/, "");
  return `${base || "comprobante"}.jpg`;
}

/**
 * createImageBitmap decodes with the EXIF orientation applied ("from-image"), so a sideways photo is
 * sent upright; the canvas is filled white first because JPEG has no transparency.
 */
export const canvasEncoder: ImageEncoder = async (file, longSide, quality) => {
  if (typeof createImageBitmap !== "function") return null;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: "from-image" });
  } catch {
    return null;
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height, longSide);
    if (typeof OffscreenCanvas === "function") {
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext("2d");
      if (!context) return null;
      draw(context, bitmap, width, height);
      return await canvas.convertToBlob({ type: "image/jpeg", quality });
    }
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) return null;
    draw(context, bitmap, width, height);
    return await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", quality));
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
};

function draw(
  context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D,
  bitmap: ImageBitmap,
  width: number,
  height: number,
) {
  context.fillStyle = "#ffffff";
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = "high";
  context.drawImage(bitmap, 0, 0, width, height);
}

/** The file to send for the one the buyer chose (already checked: JPG, PNG or PDF up to 5 MB). */
export async function prepareProofFile(
  file: File,
  encode: ImageEncoder = canvasEncoder,
): Promise<PreparedProof> {
  const keep = (reason: PreparedReason): PreparedProof => ({ file, reason, originalBytes: file.size });
  if (file.type === "application/pdf" || /\.pdf$/i.test(file.name)) return keep("pdf");
  if (!file.type.startsWith("image/") && !/\.(jpe?g|png)$/i.test(file.name)) return keep("unsupported");
  if (file.size <= PROOF_IMAGE.smallBytes) return keep("small");
  let blob: Blob | null;
  try {
    blob = await encode(file, PROOF_IMAGE.longSide, PROOF_IMAGE.quality);
  } catch {
    blob = null;
  }
  // Some browsers answer a PNG when asked for a JPEG they cannot write.
  if (blob?.type !== "image/jpeg" || blob.size === 0) return keep("unsupported");
  if (blob.size >= file.size) return keep("not-smaller");
  const prepared = new File([blob], jpegName(file.name), {
    type: "image/jpeg",
    lastModified: file.lastModified,
  });
  return { file: prepared, reason: "resized", originalBytes: file.size };
}
