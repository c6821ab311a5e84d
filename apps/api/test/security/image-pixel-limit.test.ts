// Pixel limit (docs/decisions/0009-payment-references-and-proof-files.md): an image larger than MAX_IMAGE_PIXELS (a 5000 × 5000 PNG, say) is refused with a
// Spanish 422 wherever an image is uploaded (payment proofs, admin gallery), and nothing is stored;
// a real phone screenshot and an image exactly at the limit still go through.
import { ADMIN_MESSAGES, MAX_IMAGE_PIXELS, PROOF_MESSAGES } from "@rifazo/shared";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { signedInUser, type TestApp } from "../helpers";
import { useTestApp } from "./lifecycle";
import { expectSpanishError, type FilePart, tableCounts } from "./support";
import {
  expectTooManyPixels,
  postGalleryImage,
  postGeneralProof,
  storedFiles as storedFilesOf,
} from "./uploads";

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedInUser>>;

useTestApp(async (app) => {
  t = app;
  admin = await signedInUser(t.app, { role: "admin" });
});

/** A flat-colour image: tiny on disk whatever its size in pixels, quick to make. */
function flat(width: number, height: number, format: "png" | "jpeg"): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } });
  return (format === "png" ? image.png({ compressionLevel: 9 }) : image.jpeg({ quality: 50 })).toBuffer();
}

const storedFiles = () => storedFilesOf(t.dataDir);

/** Each upload from a fresh account (the per-account upload limits stay out of the way). */
async function uploadProof(file: FilePart, cookie?: string) {
  const user = cookie ? { cookie } : await signedInUser(t.app);
  return postGeneralProof(t.app, user.cookie, file, `PIX${Math.random().toString(36).slice(2, 10)}`);
}

const uploadImage = (file: FilePart, cookie = admin.cookie) => postGalleryImage(t.app, file, cookie);

describe("image pixel limit", () => {
  it("the limit refuses 5000 × 5000 and lets a 6000 × 4000 photo through", () => {
    expect(5000 * 5000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    expect(6000 * 4000).toBeLessThanOrEqual(MAX_IMAGE_PIXELS);
  });

  it.each(["png", "jpeg"] as const)(
    "a 5000 × 5000 %s proof is refused with 422 and a Spanish message; nothing stored",
    async (format) => {
      const data = await flat(5000, 5000, format);
      const { cookie } = await signedInUser(t.app);
      const before = await tableCounts(t.app);
      const files = storedFiles();
      const response = await uploadProof({ name: `grande.${format}`, type: `image/${format}`, data }, cookie);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().error).toMatchObject({
        code: "IMAGE_TOO_MANY_PIXELS",
        message: PROOF_MESSAGES.imageTooManyPixels,
        fields: { file: PROOF_MESSAGES.imageTooManyPixels },
      });
      expectSpanishError(response, "comprobante de 25 megapíxeles");
      expect(await tableCounts(t.app)).toEqual(before);
      expect(storedFiles()).toEqual(files);
    },
  );

  it("one row of pixels over the limit is refused too (4900 × 4900)", async () => {
    expect(4900 * 4900).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const response = await uploadProof({
      name: "c.png",
      type: "image/png",
      data: await flat(4900, 4900, "png"),
    });
    expect(response.statusCode, response.body).toBe(422);
  });

  it("a phone screenshot (1290 × 2796) and a photo exactly at the limit (6000 × 4000) are accepted", async () => {
    const screenshot = await uploadProof({
      name: "captura.png",
      type: "image/png",
      data: await flat(1290, 2796, "png"),
    });
    expect(screenshot.statusCode, screenshot.body).toBe(201);
    const photo = await uploadProof({
      name: "foto.jpg",
      type: "image/jpeg",
      data: await flat(6000, 4000, "jpeg"),
    });
    expect(photo.statusCode, photo.body).toBe(201);
  });

  it("the admin gallery refuses a 5000 × 5000 image with 422 the same way; nothing stored", async () => {
    const data = await flat(5000, 5000, "png");
    const before = await tableCounts(t.app);
    const files = storedFiles();
    const response = await uploadImage({ name: "premio.png", type: "image/png", data });
    expectTooManyPixels(response, ADMIN_MESSAGES.imageTooManyPixels);
    expect(await tableCounts(t.app)).toEqual(before);
    expect(storedFiles()).toEqual(files);
    // Only an administrator reaches the gallery at all.
    const user = await signedInUser(t.app);
    expect((await uploadImage({ name: "premio.png", type: "image/png", data }, user.cookie)).statusCode).toBe(
      403,
    );
  });

  it("the gallery still takes an image at the limit", async () => {
    const response = await uploadImage({
      name: "foto.jpg",
      type: "image/jpeg",
      data: await flat(6000, 4000, "jpeg"),
    });
    expect(response.statusCode, response.body).toBe(201);
  });
});
