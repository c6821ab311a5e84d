// Perceptual hash of a proof image, to find near-copies of a receipt sent before (decision 0015, "Proof
// analysis"). sharp-phash computes the classic 64-bit DCT hash; what we add is the framing: a
// screenshot of a screenshot puts the receipt inside dark phone bars, which would move every bit, so the
// dark frame and uniform margins are cut away first and only the receipt itself is hashed.
import sharp from "sharp";
import phash from "sharp-phash";

/**
 * Two proofs whose hashes differ in at most this many of the 64 bits are the same picture re-encoded,
 * resized, lightly cropped or re-screenshotted. Measured in phash.test.ts; the table and the reasons are
 * in docs/decisions/0015-the-organisers-day.md.
 */
export const NEAR_DUPLICATE_MAX_DISTANCE = 8;

/** Width of the small copy used to find the frame: enough to see bars, cheap in memory. */
const PROBE_WIDTH = 256;
/**
 * A row or column at the edge whose median grey is below this is phone chrome or letterboxing (the median:
 * the clock and battery icons on a status bar are a minority of its pixels).
 */
const DARK_MEDIAN = 48;
/**
 * An edge row or column whose pixels are nearly all (FLAT_SHARE) this close to its median grey is an empty
 * margin; "nearly all" because resizing blends the pixel or two next to a cut frame.
 */
const FLAT_TOLERANCE = 10;
const FLAT_SHARE = 0.97;

/** Pixel limit for decoding: a proof is at most 5 MB, but a small PNG can claim huge dimensions. */
const MAX_INPUT_PIXELS = 40_000_000;

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

interface LineStats {
  median: number;
  /** Share of the pixels within FLAT_TOLERANCE of the median. */
  flat: number;
}

function lineStats(values: number[]): LineStats {
  const sorted = [...values].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)] as number;
  let near = 0;
  for (const v of values) if (Math.abs(v - median) <= FLAT_TOLERANCE) near += 1;
  return { median, flat: near / values.length };
}

/** The part of a greyscale probe that is the receipt: dark bars, then flat margins, peeled off each edge. */
export function contentBox(data: Uint8Array, width: number, height: number): Box {
  const row = (y: number, x0: number, x1: number) => {
    const out: number[] = [];
    for (let x = x0; x < x1; x++) out.push(data[y * width + x] as number);
    return out;
  };
  const col = (x: number, y0: number, y1: number) => {
    const out: number[] = [];
    for (let y = y0; y < y1; y++) out.push(data[y * width + x] as number);
    return out;
  };
  let top = 0;
  let bottom = height;
  let left = 0;
  let right = width;
  const peel = (isEdge: (stats: LineStats) => boolean) => {
    while (bottom - top > height / 4 && isEdge(lineStats(row(top, left, right)))) top++;
    while (bottom - top > height / 4 && isEdge(lineStats(row(bottom - 1, left, right)))) bottom--;
    while (right - left > width / 4 && isEdge(lineStats(col(left, top, bottom)))) left++;
    while (right - left > width / 4 && isEdge(lineStats(col(right - 1, top, bottom)))) right--;
  };
  // A dark-mode receipt (Binance) is dark all over: there the frame cannot be told from the page, and
  // only flat margins are cut.
  const darkPage = lineStats(Array.from(data)).median < DARK_MEDIAN;
  // Twice: peeling the side bars can make the top rows' median dark, and the other way round.
  for (let pass = 0; pass < 2; pass++) {
    if (!darkPage) peel((s) => s.median < DARK_MEDIAN);
    peel((s) => s.flat >= FLAT_SHARE);
  }
  return { left, top, width: right - left, height: bottom - top };
}

/** Reads the pHash bit string as the signed 64-bit integer stored in payment_proofs.phash. */
export function bitsToBigint(bits: string): bigint {
  return BigInt.asIntN(64, BigInt(`0b${bits}`));
}

/** Hamming distance of two stored hashes (the same as bit_count((a # b)::bit(64)) in SQL). */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x > 0n) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}

/** The 64-bit perceptual hash of an image file (PNG, JPEG, WebP...), as a signed bigint. */
export async function imageHash(image: Buffer): Promise<bigint> {
  // One decode to a bounded greyscale copy; everything after works on it (a phone screenshot is a few MB
  // of pixels at most, the probe 256 px wide).
  const grey = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .greyscale()
    .resize({ width: 1024, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height } = grey.info;
  const probeHeight = Math.max(1, Math.round((height * PROBE_WIDTH) / width));
  const probe = await sharp(grey.data, { raw: { width, height, channels: 1 } })
    .resize(PROBE_WIDTH, probeHeight, { fit: "fill" })
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  const box = contentBox(probe, PROBE_WIDTH, probeHeight);
  const scaleX = width / PROBE_WIDTH;
  const scaleY = height / probeHeight;
  const left = Math.min(width - 1, Math.floor(box.left * scaleX));
  const top = Math.min(height - 1, Math.floor(box.top * scaleY));
  const region = {
    left,
    top,
    width: Math.max(1, Math.min(width - left, Math.round(box.width * scaleX))),
    height: Math.max(1, Math.min(height - top, Math.round(box.height * scaleY))),
  };
  const cropped = await sharp(grey.data, { raw: { width, height, channels: 1 } })
    .extract(region)
    .png()
    .toBuffer();
  return bitsToBigint(await phash(cropped));
}
