// A private upload sent as a form (multipart) beside its fields, and the check every proof-like file gets
// (payment proofs, a settlement's receipt, a winner's cédula, a prize's delivery proof): one place, so a
// new upload cannot forget the magic bytes or the pixel cap.
import { MAX_IMAGE_PIXELS, MAX_PROOF_BYTES } from "@rifazo/shared";
import type { FastifyRequest } from "fastify";
import { AppError, badRequest } from "../../lib/errors";
import { hasUnstorableText, UNSTORABLE_TEXT_MESSAGE } from "../../lib/security";
import { declaredPixels, detectFileKind, type FileKind, PROOF_TYPES, readLimited } from "./file-type";

/** A file as uploaded, before its checks. */
export interface Upload {
  buffer: Buffer;
  filename: string | null;
}

export interface UploadFormMessages {
  /** Over 5 MB (413). */
  tooLarge: string;
  /** More than one file (400). */
  oneFile: string;
  /** Anything else the multipart parser refused (400). */
  invalid: string;
}

/**
 * A form's reader: `read` is the route's preValidation (the listed fields become the body its schema
 * validates; its one file, read up to 5 MB while it streams, waits beside the request; JSON passes
 * through untouched) and `uploadOf` hands the file to the handler.
 */
export function uploadForm(fields: readonly string[], messages: UploadFormMessages) {
  const allowed = new Set(fields);
  const uploads = new WeakMap<FastifyRequest, Upload>();
  async function read(request: FastifyRequest): Promise<void> {
    if (!request.isMultipart()) return;
    const body: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === "file") {
          const buffer = await readLimited(part.file, MAX_PROOF_BYTES, messages.tooLarge);
          if (buffer.length > 0 && !uploads.has(request))
            uploads.set(request, { buffer, filename: part.filename || null });
          continue;
        }
        if (!allowed.has(part.fieldname) || part.fieldname in body) continue;
        const value = typeof part.value === "string" ? part.value : String(part.value ?? "");
        if (hasUnstorableText(value))
          throw badRequest(UNSTORABLE_TEXT_MESSAGE, { [part.fieldname]: UNSTORABLE_TEXT_MESSAGE });
        body[part.fieldname] = value;
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      if (code === "FST_REQ_FILE_TOO_LARGE") throw new AppError("PAYLOAD_TOO_LARGE", messages.tooLarge);
      if (code === "FST_FILES_LIMIT") throw badRequest(messages.oneFile);
      throw badRequest(messages.invalid);
    }
    request.body = body;
  }
  return { read, uploadOf: (request: FastifyRequest): Upload | null => uploads.get(request) ?? null };
}

/**
 * A JPG, PNG or PDF by its magic bytes (never the name or the declared type), and an image within the
 * pixel cap read from its header: whoever opens it decodes it. Nothing is stored.
 */
export async function checkProofFile(
  buffer: Buffer,
  messages: { type: string; pixels: string },
): Promise<FileKind> {
  const kind = await detectFileKind(buffer, PROOF_TYPES);
  if (!kind) throw new AppError("UNSUPPORTED_FILE_TYPE", messages.type, { file: messages.type });
  if (kind.mime !== "application/pdf" && (await declaredPixels(buffer)) > MAX_IMAGE_PIXELS)
    throw new AppError("IMAGE_TOO_MANY_PIXELS", messages.pixels, { file: messages.pixels });
  return kind;
}
