import { randomUUID } from "node:crypto";
import type { Multipart } from "@fastify/multipart";
import {
  ADMIN_GALLERY_LIMIT,
  ADMIN_MESSAGES,
  type AdminImage,
  IMAGE_FOLDERS,
  IMAGE_VARIANT_WIDTHS,
  isUuid,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
} from "@rifazo/shared";
import sharp, { type Metadata } from "sharp";
import type { AppContext } from "../../../context";
import { AppError, badRequest, conflict, notFound } from "../../../lib/errors";
import { recordActorAudit } from "../../audit";
import { detectFileKind, IMAGE_TYPES, readLimited } from "../../files";
import type { Actor } from "../common";
import { kickAvifVariants } from "./avif-variants";
import * as repo from "./repository";

export type GalleryContext = Pick<AppContext, "db" | "log" | "storage" | "jobs" | "config">;
type Folder = (typeof IMAGE_FOLDERS)[number];

const imageNotFound = () => notFound("NOT_FOUND", ADMIN_MESSAGES.imageNotFound);
export const imageUrl = (id: string) => `/api/images/${id}`;

function toAdminImage(row: repo.ImageRow): AdminImage {
  return {
    id: row.id,
    name: row.name,
    url: imageUrl(row.id),
    path: row.storageKey,
    folder: row.folder as Folder,
    width: row.width,
    height: row.height,
    size: row.size,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listImages(ctx: GalleryContext, folder: Folder): Promise<AdminImage[]> {
  return (await repo.listImages(ctx.db, folder, ADMIN_GALLERY_LIMIT)).map(toAdminImage);
}

/** The upload's display name: no path, no control characters, at most 200 characters. */
function displayName(filename: string | undefined, ext: string): string {
  const base = (filename ?? "").split(/[\\/]/).pop() ?? "";
  const clean = [...base]
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f)
    .join("")
    .trim()
    .slice(0, 200);
  return clean || `imagen.${ext}`;
}

interface Upload {
  buffer: Buffer;
  filename: string | undefined;
  folder: string | undefined;
}

/** Reads the multipart body: one file and an optional `folder` field, in any order. */
export async function readUpload(
  parts: AsyncIterableIterator<Multipart>,
  folderFromQuery?: string,
): Promise<Upload> {
  let buffer: Buffer | undefined;
  let filename: string | undefined;
  let folder = folderFromQuery;
  try {
    for await (const part of parts) {
      if (part.type === "file") {
        if (buffer) {
          part.file.resume();
          continue;
        }
        buffer = await readLimited(part.file, MAX_IMAGE_BYTES, ADMIN_MESSAGES.imageTooLarge);
        filename = part.filename;
      } else if (part.fieldname === "folder" && typeof part.value === "string") {
        folder = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "FST_REQ_FILE_TOO_LARGE")
      throw new AppError("PAYLOAD_TOO_LARGE", ADMIN_MESSAGES.imageTooLarge);
    if (error instanceof AppError) throw error;
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) throw error;
    // The multipart parser's own failures (no boundary, a body cut short...): the form is unreadable.
    throw badRequest(ADMIN_MESSAGES.imageMissing, { file: ADMIN_MESSAGES.imageMissing });
  }
  if (!buffer || buffer.length === 0)
    throw badRequest(ADMIN_MESSAGES.imageMissing, { file: ADMIN_MESSAGES.imageMissing });
  return { buffer, filename, folder };
}

interface Rendered {
  width: number;
  height: number;
  files: Array<{ key: string; body: Buffer }>;
  originalKey: string;
  variantWidths: number[];
}

/**
 * Decodes the image (at most MAX_IMAGE_PIXELS, checked from the header before any pixel is decoded, so a
 * tiny file claiming a huge canvas cannot exhaust memory) and writes the same WebP set the demo seed
 * uses: images/<id>/<w>.webp for each of IMAGE_VARIANT_WIDTHS (never enlarged) plus images/<id>/original.webp.
 * Re-encoding also drops EXIF data such as the GPS position of a phone photo.
 */
async function render(id: string, buffer: Buffer): Promise<Rendered> {
  const options = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" as const };
  let meta: Metadata;
  try {
    // Header only (no pixel is decoded here), so the size check below can give its own message;
    // the decoding pipelines further down keep limitInputPixels as a second guard.
    meta = await sharp(buffer, { limitInputPixels: false, failOn: "error" }).metadata();
  } catch {
    throw badRequest(ADMIN_MESSAGES.imageUnreadable, { file: ADMIN_MESSAGES.imageUnreadable });
  }
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  const width0 = meta.width ?? 0;
  if (width0 * frameHeight > MAX_IMAGE_PIXELS) {
    throw new AppError("IMAGE_TOO_MANY_PIXELS", ADMIN_MESSAGES.imageTooManyPixels, {
      file: ADMIN_MESSAGES.imageTooManyPixels,
    });
  }
  try {
    const original = await sharp(buffer, options).rotate().webp({ quality: 90, effort: 3 }).toBuffer({
      resolveWithObject: true,
    });
    const { width, height } = original.info;
    const widths: number[] = IMAGE_VARIANT_WIDTHS.filter((w) => w <= width);
    // Narrower than the smallest variant: one variant at its own width, still never enlarged.
    if (widths.length === 0) widths.push(width);
    const variants = await Promise.all(
      widths.map((w) =>
        sharp(buffer, options)
          .rotate()
          .resize({ width: w, withoutEnlargement: true })
          .webp({ quality: 82, effort: 3 })
          .toBuffer(),
      ),
    );
    const originalKey = `images/${id}/original.webp`;
    return {
      width,
      height,
      originalKey,
      variantWidths: widths,
      files: [
        { key: originalKey, body: original.data },
        ...widths.map((w, i) => ({ key: `images/${id}/${w}.webp`, body: variants[i] as Buffer })),
      ],
    };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw badRequest(ADMIN_MESSAGES.imageUnreadable, { file: ADMIN_MESSAGES.imageUnreadable });
  }
}

export async function uploadImage(ctx: GalleryContext, actor: Actor, upload: Upload): Promise<AdminImage> {
  const folder = upload.folder?.trim() || "gallery";
  if (!(IMAGE_FOLDERS as readonly string[]).includes(folder)) {
    throw badRequest(ADMIN_MESSAGES.imageFolderInvalid, { folder: ADMIN_MESSAGES.imageFolderInvalid });
  }
  // The real type from the bytes; the client's name and MIME type are not trusted.
  const kind = await detectFileKind(upload.buffer, IMAGE_TYPES);
  if (!kind)
    throw new AppError("INVALID_FILE_TYPE", ADMIN_MESSAGES.imageType, {
      file: ADMIN_MESSAGES.imageType,
    });

  const id = randomUUID();
  const rendered = await render(id, upload.buffer);
  const written: string[] = [];
  try {
    for (const file of rendered.files) {
      await ctx.storage.put(file.key, file.body, "image/webp");
      written.push(file.key);
    }
    const row = await ctx.db.transaction(async (tx) => {
      const inserted = await repo.insertImage(tx, {
        id,
        name: displayName(upload.filename, kind.ext),
        folder,
        storageKey: rendered.originalKey,
        contentType: "image/webp",
        size: rendered.files[0]?.body.length ?? 0,
        width: rendered.width,
        height: rendered.height,
        variantWidths: rendered.variantWidths,
        createdBy: actor.id,
      });
      await recordActorAudit(tx, actor, {
        action: "image.upload",
        entity: "image",
        entityId: id,
        after: {
          name: inserted.name,
          folder,
          sourceType: kind.mime,
          sourceBytes: upload.buffer.length,
          width: rendered.width,
          height: rendered.height,
          variantWidths: rendered.variantWidths,
        },
      });
      return inserted;
    });
    // Its AVIF copies, in the background (avif-variants.ts); until then the WebP ones serve everyone.
    kickAvifVariants(ctx);
    return toAdminImage(row);
  } catch (error) {
    // No row, no files: nothing half-saved is left behind.
    await Promise.all(written.map((key) => ctx.storage.delete(key).catch(() => {})));
    throw error;
  }
}

export async function deleteImage(ctx: GalleryContext, actor: Actor, id: string): Promise<void> {
  if (!isUuid(id)) throw imageNotFound();
  const removed = await ctx.db.transaction(async (tx) => {
    const image = await repo.lockImage(tx, id);
    if (!image) throw imageNotFound();
    const users = await repo.rafflesUsing(tx, imageUrl(id));
    if (users.length > 0) throw conflict(ADMIN_MESSAGES.imageInUse, "IMAGE_IN_USE");
    await repo.deleteImage(tx, id);
    await recordActorAudit(tx, actor, {
      action: "image.delete",
      entity: "image",
      entityId: id,
      before: { name: image.name, folder: image.folder, storageKey: image.storageKey },
    });
    return image;
  });
  // After the commit: a failed file delete leaves an orphan file, never a row pointing at nothing.
  const keys = [
    removed.storageKey,
    ...removed.variantWidths.map((w) => `images/${id}/${w}.webp`),
    ...removed.avifWidths.map((w) => `images/${id}/${w}.avif`),
  ];
  for (const key of new Set(keys)) {
    await ctx.storage.delete(key).catch((error: unknown) => {
      ctx.log.warn({ err: error, key }, "galería: no se pudo borrar un archivo de imagen");
    });
  }
}
