import { randomUUID } from "node:crypto";
import { PROOF_MIME_TYPES } from "@rifazo/shared";
import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "../../lib/errors";

/** Payment proofs: the shared rule (spec 1: JPG, PNG or PDF), checked here by the magic bytes. */
export const PROOF_TYPES = PROOF_MIME_TYPES;
/** Prize and gallery images (spec 2: JPG, PNG, WEBP or GIF). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;

export interface FileKind {
  mime: string;
  ext: string;
}

/**
 * The file's real type from its magic bytes, or null when it is not one of `allowed`.
 * The client's file name and MIME type are never consulted: both are whatever the sender wants.
 */
export async function detectFileKind(
  buffer: Uint8Array,
  allowed: readonly string[],
): Promise<FileKind | null> {
  if (buffer.length === 0) return null;
  const detected = await fileTypeFromBuffer(buffer);
  if (!detected || !allowed.includes(detected.mime)) return null;
  return { mime: detected.mime, ext: detected.ext };
}

/**
 * Width × height an image's header declares, read without decoding a single pixel (0 when the header
 * cannot be read). A few hundred bytes can declare a 30000 × 30000 canvas that would exhaust memory
 * wherever it is decoded: the server's image pipeline or a reviewer's browser.
 */
export async function declaredPixels(buffer: Uint8Array): Promise<number> {
  try {
    const meta = await sharp(buffer, { limitInputPixels: false }).metadata();
    return (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  } catch {
    return 0;
  }
}

type ByteStream = AsyncIterable<Buffer | Uint8Array | string> & { truncated?: boolean };

/**
 * Reads an upload stream into memory, failing with 413 as soon as more than `maxBytes` arrive,
 * so an oversized upload is never buffered whole. A stream the multipart parser already cut at its
 * own limit (`truncated`) fails the same way.
 */
export async function readLimited(stream: ByteStream, maxBytes: number, message: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    total += buffer.length;
    if (total > maxBytes) {
      // Leaving the loop early destroys the stream; the multipart parser then skips the rest.
      throw new AppError("PAYLOAD_TOO_LARGE", message);
    }
    chunks.push(buffer);
  }
  if (stream.truncated) throw new AppError("PAYLOAD_TOO_LARGE", message);
  return Buffer.concat(chunks, total);
}

/** A random internal name such as `proofs/2026/11/<uuid>.png`; user file names never reach the disk. */
export function newStorageKey(prefix: string, ext: string, now: Date = new Date()): string {
  const cleanPrefix = prefix.replace(/^\/+|\/+$/g, "");
  if (!/^[a-z0-9_-]+(\/[a-z0-9_-]+)*$/.test(cleanPrefix)) throw new Error(`Prefijo inválido: ${prefix}`);
  if (!/^[a-z0-9]{1,10}$/.test(ext)) throw new Error(`Extensión inválida: ${ext}`);
  const year = now.getUTCFullYear();
  const month = String(now.getUTCMonth() + 1).padStart(2, "0");
  return `${cleanPrefix}/${year}/${month}/${randomUUID()}.${ext}`;
}
