// The prizes' files (docs/decisions/0035-prizes-on-the-record.md): the winner's cédula and the organiser's
// delivery proof, read from a multipart form and checked exactly as a payment proof is (the magic bytes,
// the pixel cap, 5 MB while it streams), stored privately, served only through their guarded routes.
import { createHash } from "node:crypto";
import { PRIZE_MESSAGES, PROOF_MESSAGES } from "@rifazo/shared";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../../context";
import { checkProofFile, newStorageKey, sendPrivateFile, type Upload, uploadForm } from "../files";

export type { Upload } from "../files";

/** A file that passed its checks and was stored. */
export interface StoredFile {
  key: string;
  mime: string;
  size: number;
  sha256: string;
}

const PRIZE_FORM = {
  tooLarge: PRIZE_MESSAGES.fileTooLarge,
  oneFile: PRIZE_MESSAGES.oneFile,
  invalid: PRIZE_MESSAGES.formInvalid,
};

/** POST /api/prizes/{winnerId}/claim as a form: its fields and the cédula. */
export const claimForm = uploadForm(["contactPhone", "payoutDetails", "note"], PRIZE_FORM);

/** POST /api/admin/prizes/{winnerId}/deliveries as a form: its fields and the proof. */
export const deliveryForm = uploadForm(
  ["method", "deliveredOn", "paidCurrency", "paidAmount", "note", "corrects"],
  PRIZE_FORM,
);

/** Checks a file as a payment proof is checked (files' checkProofFile). Nothing is stored yet. */
export function checkFile(file: Upload): Promise<{ mime: string; ext: string }> {
  return checkProofFile(file.buffer, {
    type: PRIZE_MESSAGES.fileType,
    pixels: PROOF_MESSAGES.imageTooManyPixels,
  });
}

/** Stores a checked file privately under a random name; its SHA-256 is what the record publishes. */
export async function storeFile(
  ctx: Pick<AppContext, "storage">,
  prefix: string,
  file: Upload,
  kind: { mime: string; ext: string },
): Promise<StoredFile> {
  const key = newStorageKey(prefix, kind.ext);
  await ctx.storage.put(key, file.buffer, kind.mime);
  return {
    key,
    mime: kind.mime,
    size: file.buffer.length,
    sha256: createHash("sha256").update(file.buffer).digest("hex"),
  };
}

/**
 * Runs `write` with the file stored first; if `write` fails nothing is left behind (the stored file is
 * removed), as a settlement's receipt is handled (decision 0034).
 */
export async function withStoredFile<T>(
  ctx: Pick<AppContext, "storage">,
  stored: StoredFile,
  write: () => Promise<T>,
): Promise<T> {
  try {
    return await write();
  } catch (error) {
    await ctx.storage.delete(stored.key).catch(() => {});
    throw error;
  }
}

/** A private file, inline, with the headers that keep a hostile upload inert. */
export function sendPrizeFile(
  ctx: Pick<AppContext, "storage">,
  reply: FastifyReply,
  file: { key: string; contentType: string; name: string },
): Promise<FastifyReply> {
  const ext = file.key.split(".").pop() ?? "bin";
  return sendPrivateFile(reply, {
    storage: ctx.storage,
    key: file.key,
    contentType: file.contentType,
    filename: `${file.name}.${ext}`,
    disposition: "inline",
  });
}
