import { existsSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  expectedFields,
  RECEIPT_VARIANTS,
  type ReceiptSpec,
  receiptSpecs,
  renderReceipt,
} from "../../../../test/receipt-images";
import { createOcrReader, MAX_INPUT_PIXELS, OCR_ENGINE, prepareImage } from "./reader";

// Real Tesseract on receipts drawn with known values, clean and degraded. A handful of images: each read
// takes about a second of CPU, and the first also starts the worker and loads the Spanish model.

const reader = createOcrReader({ concurrency: 1 });
afterAll(() => reader.close());

const specs = receiptSpecs(5, 17);
const spec = (style: ReceiptSpec["style"]) => {
  const found = specs.find((s) => s.style === style);
  if (!found) throw new Error(style);
  return found;
};

describe("OCR reader", { timeout: 120_000 }, () => {
  it("reads every field of a clean BDV Pago Móvil screenshot", async () => {
    const receipt = spec("pago-movil-bdv");
    const ocr = await reader.read(await renderReceipt(receipt));
    expect(ocr.fields).toEqual(expectedFields(receipt));
    expect(ocr.engine).toBe(OCR_ENGINE);
    expect(ocr.engine).toMatch(/^tesseract\.js \d+\.\d+\.\d+ spa$/);
    expect(ocr.text).toContain("Referencia");
    expect(ocr.confidence).toBeGreaterThan(50);
    expect(ocr.ms).toBeGreaterThan(0);
  });

  it("reads a Banesco receipt saved as a noisy JPEG of quality 50", async () => {
    const receipt = spec("pago-movil-banesco");
    const ocr = await reader.read(await renderReceipt(receipt, RECEIPT_VARIANTS["jpeg-50-noise"]));
    expect(ocr.fields).toEqual(expectedFields(receipt));
  });

  it("reads a dark Binance screenshot at 60 % size, noisy JPEG", async () => {
    const receipt = spec("binance");
    const ocr = await reader.read(await renderReceipt(receipt, RECEIPT_VARIANTS["small-noisy-jpeg"]));
    expect(ocr.fields).toEqual(expectedFields(receipt));
  });

  it("reads a Zelle confirmation enlarged, blurred and saved as JPEG", async () => {
    const receipt = spec("zelle");
    const ocr = await reader.read(await renderReceipt(receipt, RECEIPT_VARIANTS["blur-upscaled"]));
    expect(ocr.fields).toEqual(expectedFields(receipt));
  });

  it("reads two receipts asked at once, each with its own fields", async () => {
    const [a, b] = [spec("transfer-mercantil"), spec("pago-movil-bdv")];
    const [ra, rb] = await Promise.all([
      reader.read(await renderReceipt(a, RECEIPT_VARIANTS["half-size-jpeg"])),
      reader.read(await renderReceipt(b, { jpegQuality: 60 })),
    ]);
    expect(ra.fields).toEqual(expectedFields(a));
    expect(rb.fields).toEqual(expectedFields(b));
  });

  it("returns null fields for an image without a receipt", async () => {
    const blank = await sharp({
      create: { width: 400, height: 300, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    const ocr = await reader.read(blank);
    expect(ocr.fields).toEqual({ reference: null, amount: null, currency: null, date: null, bank: null });
  });

  it("refuses what is not an image, or too many pixels, before any worker sees it", async () => {
    await expect(reader.read(Buffer.from("%PDF-1.7 not an image"))).rejects.toThrow();
    const huge = await sharp({
      create: { width: 8000, height: 6000, channels: 3, background: "#ffffff" },
    })
      .png()
      .toBuffer();
    expect(8000 * 6000).toBeGreaterThan(MAX_INPUT_PIXELS);
    await expect(reader.read(huge)).rejects.toThrow(/pixel/i);
  });
});

describe("prepareImage", () => {
  it("turns the image upright by its EXIF orientation, grey, at most 1600 px wide", async () => {
    const wide = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: "#336699" } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const meta = await sharp(await prepareImage(wide)).metadata();
    // Orientation 6: stored 3000×1000, shown 1000×3000 (enlarged no further than its height allows).
    expect(meta.width).toBeLessThan(meta.height ?? 0);
    expect(meta.channels).toBe(1);
    const large = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    expect((await sharp(await prepareImage(large)).metadata()).width).toBe(1600);
  });

  it("turns a dark theme into dark text on a light background", async () => {
    const dark = await renderReceipt(spec("binance"));
    const { data } = await sharp(await prepareImage(dark))
      .stats()
      .then((s) => ({ data: s.channels[0] }));
    expect(data?.mean).toBeGreaterThan(128);
  });
});

describe("no download, no cache", () => {
  it("reads the model from node_modules and writes no copy of it", () => {
    // The reads above ran with cacheMethod "none": Tesseract's default would have saved spa.traineddata here.
    expect(existsSync(path.join(process.cwd(), "spa.traineddata"))).toBe(false);
    expect(existsSync(path.join(process.cwd(), "apps/api/spa.traineddata"))).toBe(false);
  });
});

describe("a read that takes too long", () => {
  it("fails, is logged, and its worker is replaced by the next read", async () => {
    const warnings: string[] = [];
    const slow = createOcrReader({ timeoutMs: 1, logger: { warn: (_obj, msg) => warnings.push(msg) } });
    try {
      const image = await renderReceipt(spec("binance"));
      await expect(slow.read(image)).rejects.toThrow(/ms/);
      expect(warnings).toHaveLength(1);
      await expect(slow.read(image)).rejects.toThrow(/ms/);
      expect(warnings).toHaveLength(2);
    } finally {
      await slow.close();
    }
  }, 120_000);
});

describe("close", () => {
  it("ends the workers; a closed reader refuses further reads", async () => {
    const own = createOcrReader();
    const ocr = await own.read(await renderReceipt(spec("zelle")));
    expect(ocr.fields.reference).toBe(spec("zelle").reference);
    await own.close();
    await expect(own.read(await renderReceipt(spec("zelle")))).rejects.toThrow(/cerrado/);
  }, 120_000);
});
