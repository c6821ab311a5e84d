// Part "ocr" of `npm run bench` (run through tsx by scripts/bench/ocr.mjs, in its own process so its
// peak memory is the OCR's): draws receipts with known values in every style (apps/api/test/
// receipt-images.ts), each style in every degraded variant, reads them with the OCR reader the proof
// analysis uses and scores each field read against the truth.
//   --count=N         receipts (default 70: each of the 5 styles in each of the 7 variants twice)
//   --concurrency=C   reader workers (default 1, the API's default)
//   --seed=S          receipts drawn (default 2026)
//   --out=FILE        JSON result
//   --phone           only phone screenshots, PNG: the receipts drawn 1.5× and 2× as big (1080 and 1440 px
//                     wide), cropped to the receipt or on a whole 1080×2400 / 1440×3200 screen
//   --prepare=L:Q[:S] each image first goes through the browser's preparation before upload (decision
//                     0030): long side at most L px, JPEG quality Q (0–1), the original kept if not smaller
//                     or if at most S bytes (the browser's PROOF_IMAGE.smallBytes; default 0: all redrawn)
import { writeFileSync } from "node:fs";
import { ocrMismatches, type ReceiptFields } from "@rifazo/shared";
import sharp from "sharp";
import { createOcrReader, OCR_ENGINE } from "../../apps/api/src/modules/proof-analysis/ocr";
import {
  expectedFields,
  RECEIPT_VARIANTS,
  type ReceiptVariant,
  receiptSpecs,
  renderReceipt,
} from "../../apps/api/test/receipt-images";

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, ...value] = arg.replace(/^--/, "").split("=");
    return [key, value.join("=")];
  }),
) as Record<string, string | undefined>;
const count = Number(args.count ?? 70);
const concurrency = Number(args.concurrency ?? 1);
const seed = Number(args.seed ?? 2026);

const FIELDS = ["reference", "amount", "date", "bank"] as const;
type Field = (typeof FIELDS)[number];
type Outcome = "right" | "wrong" | "missing";

function outcome(field: Field, read: ReceiptFields, truth: ReceiptFields): Outcome {
  if (read[field] === null) return "missing";
  if (field === "amount") {
    const same =
      Math.abs((read.amount ?? 0) - (truth.amount ?? 0)) < 0.005 && read.currency === truth.currency;
    return same ? "right" : "wrong";
  }
  return read[field] === truth[field] ? "right" : "wrong";
}

/** A phone's screenshot of the receipt, lossless, at two common screen widths. */
const PHONE_VARIANTS: Record<string, ReceiptVariant> = {
  "phone-1080-png": { scale: 1.5 },
  "phone-1440-png": { scale: 2 },
  "phone-1080x2400-png": { scale: 1.5 },
  "phone-1440x3200-png": { scale: 2 },
};
/** Whole-screen variants: the receipt on top of a light screen this tall (the long side the cap meets). */
const SCREEN_HEIGHT: Record<string, number> = { "phone-1080x2400-png": 2400, "phone-1440x3200-png": 3200 };

/** The receipt at the top of a whole screen, the rest of it light grey. */
async function onScreen(image: Buffer, height: number | undefined): Promise<Buffer> {
  const drawn = (await sharp(image).metadata()).height ?? 0;
  if (!height || drawn >= height) return image;
  return sharp(image)
    .extend({ bottom: height - drawn, background: "#f1f1f4" })
    .png()
    .toBuffer();
}
const variants: Record<string, ReceiptVariant> = "phone" in args ? PHONE_VARIANTS : RECEIPT_VARIANTS;
const variantNames = Object.keys(variants);
const [prepareLong, prepareQuality, prepareSmall = 0] = (args.prepare ?? "").split(":").map(Number);

/**
 * What the buyer's browser does before uploading (apps/web/src/features/proofs/prepare-proof-image.ts):
 * upright, on white, scaled so the long side is at most `longSide` (never enlarged), JPEG at `quality`
 * with 4:2:0 chroma as Chromium's canvas encoder; the original when the JPEG is not smaller. Mitchell
 * stands in for the canvas' high-quality smoothing.
 */
async function prepareLikeBrowser(input: Buffer, longSide: number, quality: number): Promise<Buffer> {
  if (input.length <= prepareSmall) return input;
  const meta = await sharp(input).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  const factor = Math.min(1, longSide / Math.max(width, height));
  const output = await sharp(input)
    .rotate()
    .flatten({ background: "#ffffff" })
    .resize(Math.max(1, Math.round(width * factor)), Math.max(1, Math.round(height * factor)), {
      kernel: "mitchell",
    })
    .jpeg({ quality: Math.round(quality * 100), chromaSubsampling: "4:2:0" })
    .toBuffer();
  return output.length < input.length ? output : input;
}
const specs = receiptSpecs(count, seed);
// Styles take turns; the variant changes every full turn of styles, so each style meets every variant.
const jobs = specs.map((spec, i) => {
  const variant = variantNames[Math.floor(i / 5) % variantNames.length] ?? "clean";
  return { spec, variant };
});
const images = await Promise.all(
  jobs.map(async (job) => {
    const drawn = await onScreen(
      await renderReceipt(job.spec, variants[job.variant]),
      SCREEN_HEIGHT[job.variant],
    );
    const image =
      prepareLong && prepareQuality ? await prepareLikeBrowser(drawn, prepareLong, prepareQuality) : drawn;
    const meta = await sharp(image).metadata();
    return {
      ...job,
      image,
      bytes: image.length,
      drawnBytes: drawn.length,
      size: `${meta.width}x${meta.height}`,
    };
  }),
);

const rssBefore = process.memoryUsage().rss;
const reader = createOcrReader({ concurrency });
const startedAt = performance.now();
// The first read starts a worker and loads the model: timed apart from the rest.
const first = images[0];
if (!first) throw new Error("sin recibos");
const t0 = performance.now();
const firstOcr = await reader.read(first.image);
const firstMs = performance.now() - t0;
const rssOneWorker = process.memoryUsage().rss;

const results: {
  style: string;
  variant: string;
  ms: number;
  bytes: number;
  drawnBytes: number;
  size: string;
  confidence: number;
  outcomes: Record<Field, Outcome>;
  /** What the inbox would flag if the buyer typed the true values (shared ocrMismatches). */
  flagged: string[];
  read: ReceiptFields;
  truth: ReceiptFields;
}[] = [];
const record = (job: (typeof images)[number], ms: number, ocr: typeof firstOcr) => {
  const truth = expectedFields(job.spec);
  results.push({
    style: job.spec.style,
    variant: job.variant,
    ms,
    bytes: job.bytes,
    drawnBytes: job.drawnBytes,
    size: job.size,
    confidence: ocr.confidence,
    outcomes: Object.fromEntries(FIELDS.map((f) => [f, outcome(f, ocr.fields, truth)])) as Record<
      Field,
      Outcome
    >,
    flagged: ocrMismatches(ocr, {
      transactionRef: truth.reference ?? "",
      amount: truth.amount ?? 0,
      createdAt: new Date(`${truth.date}T15:00:00Z`),
    }),
    read: ocr.fields,
    truth,
  });
};
record(first, firstMs, firstOcr);

let next = 1;
const warmStarted = performance.now();
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);
await Promise.all(
  Array.from({ length: concurrency }, async () => {
    while (next < images.length) {
      const job = images[next++];
      if (!job) break;
      const t = performance.now();
      const ocr = await reader.read(job.image);
      record(job, performance.now() - t, ocr);
    }
  }),
);
clearInterval(sampler);
const warmSeconds = (performance.now() - warmStarted) / 1000;
const totalSeconds = (performance.now() - startedAt) / 1000;
await reader.close();

// Two workers on a few receipts: throughput and the memory a second worker adds.
const pairCount = Math.min(10, images.length);
const pair = createOcrReader({ concurrency: 2 });
let pairPeak = process.memoryUsage().rss;
const pairSampler = setInterval(() => {
  pairPeak = Math.max(pairPeak, process.memoryUsage().rss);
}, 50);
const pairStarted = performance.now();
await Promise.all(images.slice(0, pairCount).map((job) => pair.read(job.image)));
const pairSeconds = (performance.now() - pairStarted) / 1000;
clearInterval(pairSampler);
await pair.close();

const result = {
  engine: OCR_ENGINE,
  count: images.length,
  concurrency,
  seed,
  variants,
  prepare: prepareLong ? { longSide: prepareLong, quality: prepareQuality, smallBytes: prepareSmall } : null,
  firstMs,
  warmSeconds,
  totalSeconds,
  rssBeforeMiB: rssBefore / 2 ** 20,
  rssOneWorkerMiB: rssOneWorker / 2 ** 20,
  peakRssMiB: peakRss / 2 ** 20,
  twoWorkers: { count: pairCount, seconds: pairSeconds, peakRssMiB: pairPeak / 2 ** 20 },
  results,
};
if (!args.out) throw new Error("falta --out");
writeFileSync(args.out, JSON.stringify(result));
