import { MAX_IMAGE_BYTES } from "@rifazo/shared/constants";
import type { ImageVariantWidth } from "@rifazo/shared/domain/image-variants";
import { ADMIN_MESSAGES } from "@rifazo/shared/schemas/admin";

// Checked in the browser before uploading (spec 2 §5); the server checks the real bytes again.

export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/gif";
const TYPES = new Set(IMAGE_ACCEPT.split(","));
const EXTENSIONS = /\.(jpe?g|png|webp|gif)$/i;

export type ImageFileCheck = { ok: true } | { ok: false; title: string; message: string };

export function checkImageFile(file: Pick<File, "type" | "size" | "name">): ImageFileCheck {
  // Some systems report no type for a file; the extension decides then.
  const typeOk = file.type ? TYPES.has(file.type.toLowerCase()) : EXTENSIONS.test(file.name);
  if (!typeOk) return { ok: false, title: "Tipo de archivo no permitido", message: ADMIN_MESSAGES.imageType };
  if (file.size > MAX_IMAGE_BYTES) {
    return { ok: false, title: "Archivo muy grande", message: ADMIN_MESSAGES.imageTooLarge };
  }
  return { ok: true };
}

/** "/api/images/<id>" → a resized variant URL (IMAGE_VARIANT_WIDTHS). Other URLs pass unchanged. */
export function imageVariant(url: string, width: ImageVariantWidth): string {
  return url.startsWith("/api/images/") && !url.includes("?") ? `${url}?w=${width}` : url;
}
