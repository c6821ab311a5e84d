// The ways a copied receipt comes back (re-encoded, resized, cropped, screenshot of a screenshot), for the
// near-copy check; the receipts themselves are drawn by receipt-images.ts.
import sharp from "sharp";

async function solid(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Cuts `fraction` of the width and height off, split between opposite edges. */
async function cropped(image: Buffer, fraction: number): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const dx = Math.round((width * fraction) / 2);
  const dy = Math.round((height * fraction) / 2);
  return sharp(image)
    .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
    .png()
    .toBuffer();
}

/**
 * A screenshot of the receipt shown in a phone's gallery: shrunk into a taller black canvas with a status
 * bar (clock, battery) and a navigation bar, then saved as JPEG again.
 */
async function screenshotOfScreenshot(image: Buffer): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  const inner = await sharp(image)
    .resize(Math.round(width * 0.9))
    .jpeg({ quality: 80 })
    .toBuffer();
  const innerMeta = await sharp(inner).metadata();
  const canvasWidth = Math.round(width * 1.05);
  const canvasHeight = Math.round(height * 1.15);
  const status = await sharp(await solid(canvasWidth, 64, "#202124"))
    .composite([
      { input: await solid(70, 28, "#ffffff"), top: 18, left: 24 },
      { input: await solid(40, 28, "#ffffff"), top: 18, left: canvasWidth - 64 },
      { input: await solid(28, 28, "#ffffff"), top: 18, left: canvasWidth - 110 },
    ])
    .png()
    .toBuffer();
  const nav = await sharp(await solid(canvasWidth, 90, "#000000"))
    .composite([{ input: await solid(160, 10, "#bbbbbb"), top: 40, left: Math.round(canvasWidth / 2 - 80) }])
    .png()
    .toBuffer();
  return sharp({ create: { width: canvasWidth, height: canvasHeight, channels: 3, background: "#000000" } })
    .composite([
      { input: status, top: 0, left: 0 },
      {
        input: inner,
        top: Math.round((canvasHeight - (innerMeta.height ?? 0)) / 2),
        left: Math.round((canvasWidth - (innerMeta.width ?? 0)) / 2),
      },
      { input: nav, top: canvasHeight - 90, left: 0 },
    ])
    .jpeg({ quality: 75 })
    .toBuffer();
}

export type VariantName =
  | "jpeg_q60"
  | "resized_50"
  | "resized_150"
  | "cropped_4"
  | "cropped_8"
  | "cropped_16"
  | "screenshot_of_screenshot";

/** How a copy of `image` may come back. cropped_N cuts N % of each dimension (N/2 % off each edge). */
export async function copiesOf(image: Buffer): Promise<Record<VariantName, Buffer>> {
  const { width = 0 } = await sharp(image).metadata();
  return {
    jpeg_q60: await sharp(image).jpeg({ quality: 60 }).toBuffer(),
    resized_50: await sharp(image)
      .resize(Math.round(width * 0.5))
      .png()
      .toBuffer(),
    resized_150: await sharp(image)
      .resize(Math.round(width * 1.5))
      .jpeg({ quality: 85 })
      .toBuffer(),
    cropped_4: await cropped(image, 0.04),
    cropped_8: await cropped(image, 0.08),
    cropped_16: await cropped(image, 0.16),
    screenshot_of_screenshot: await screenshotOfScreenshot(image),
  };
}
