import type { FastifyReply } from "fastify";
import { notFound } from "../../lib/errors";
import type { Storage } from "./storage";

export interface PrivateFileOptions {
  storage: Storage;
  key: string;
  /** The type detected from the magic bytes at upload time (kept in the database row). */
  contentType: string;
  /** Name offered to the browser; may contain any Unicode. */
  filename: string;
  disposition: "inline" | "attachment";
}

/** RFC 5987 value-chars: encodeURIComponent leaves a few characters the grammar does not allow. */
function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `inline; filename="ascii fallback"; filename*=UTF-8''percent-encoded` (RFC 6266 / RFC 5987). */
export function contentDisposition(disposition: "inline" | "attachment", filename: string): string {
  const name = filename.replace(/[\r\n\\/]/g, "_").trim() || "archivo";
  const fallback = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["%\\]/g, "_");
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/**
 * The file's own CSP: no scripts, sandboxed, in case it is opened directly. A PDF is previewed in a
 * same-origin frame (the admin inbox, spec 2 §2, and the owner's payment dialog), so it may be framed
 * by this origin; an image never is (pages show it with <img>). Chromium's and Firefox's PDF viewers
 * both render a sandboxed PDF in a frame: nothing else is loosened (e2e/proof-preview.spec.ts).
 */
export function privateFileCsp(contentType: string): string {
  const ancestors = contentType === "application/pdf" ? "'self'" : "'none'";
  return `default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors ${ancestors}; sandbox`;
}

/**
 * Streams a private file (payment proofs) with headers that keep a hostile upload inert: the stored
 * type only (no sniffing), the CSP above in case it is opened directly, and no caching in shared
 * caches. Callers check authorization first.
 */
export async function sendPrivateFile(
  reply: FastifyReply,
  options: PrivateFileOptions,
): Promise<FastifyReply> {
  const file = await options.storage.get(options.key);
  if (!file) throw notFound("NOT_FOUND", "El archivo solicitado no existe.");
  return reply
    .header("content-type", options.contentType)
    .header("content-length", file.size)
    .header("content-disposition", contentDisposition(options.disposition, options.filename))
    .header("x-content-type-options", "nosniff")
    .header("content-security-policy", privateFileCsp(options.contentType))
    .header("x-frame-options", options.contentType === "application/pdf" ? "SAMEORIGIN" : "DENY")
    .header("cache-control", "private, no-store")
    .header("cross-origin-resource-policy", "same-origin")
    .send(file.body);
}
