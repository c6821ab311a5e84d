// Uploads the security suites send again and again: a general payment proof (no raffle chosen), a gallery
// image, and what they leave on disk.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect } from "vitest";
import { type FilePart, multipartBody } from "./support";

/** POST /api/proofs: a general payment of 10 USD for one ticket, with `transactionRef`, sent by `cookie`. */
export function postGeneralProof(
  app: FastifyInstance,
  cookie: string,
  file: FilePart,
  transactionRef: string,
  paymentMethod = "zelle",
) {
  const body = multipartBody(
    { raffleId: "general", paymentMethod, transactionRef, amount: "10.00", currency: "USD", quantity: 1 },
    file,
  );
  return app.inject({
    method: "POST",
    url: "/api/proofs",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

/** POST /api/admin/images into the gallery folder, sent by `cookie`. */
export function postGalleryImage(app: FastifyInstance, file: FilePart, cookie: string) {
  const body = multipartBody({ folder: "gallery" }, file);
  return app.inject({
    method: "POST",
    url: "/api/admin/images",
    payload: body.payload,
    headers: { ...body.headers, cookie },
  });
}

/** Every file under the app's storage, relative and sorted (empty before the first upload). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "files");
  try {
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

/** The 422 an image gets for the pixels its header declares, with the upload kind's own message. */
export function expectTooManyPixels(response: LightMyRequestResponse, message: string): void {
  expect(response.statusCode, response.body).toBe(422);
  expect(response.json().error).toMatchObject({ code: "IMAGE_TOO_MANY_PIXELS", message });
}
