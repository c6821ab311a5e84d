// A "phone screenshot" of a payment for the journey part of `npm run bench:web`: a 1080×2400 PNG of about
// 1.5 MB, what a buyer's bank app screenshot weighs. Drawn here and encoded with plain zlib (no image
// library): a white screen with a coloured header, rows of dark glyph-like marks standing for the text,
// and faint sensor-like noise (±3 per channel, as in a photo's flat areas) on a share of the pixels, tuned so
// the file does not deflate away to a few kB.
// Deterministic (seeded), so every run uploads the same bytes.
import { deflateSync } from "node:zlib";

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** Mulberry32: a small seeded generator, so the image is the same on every run. */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The clean screen: header bar, then lines of "words" (dark blocks of glyph height), RGB, row filter 0. */
function drawScreen(width, height) {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height, 0xff);
  for (let y = 0; y < height; y++) raw[y * stride] = 0;
  const fill = (x0, y0, w, h, [r, g, b]) => {
    for (let y = y0; y < Math.min(height, y0 + h); y++) {
      for (let x = x0; x < Math.min(width, x0 + w); x++) {
        const i = y * stride + 1 + x * 3;
        raw[i] = r;
        raw[i + 1] = g;
        raw[i + 2] = b;
      }
    }
  };
  const rand = random(20261129);
  fill(0, 0, width, 260, [0, 82, 155]);
  for (let line = 0, y = 340; y < height - 120; line++, y += line % 6 === 0 ? 110 : 72) {
    const glyph = line % 6 === 0 ? 44 : 30;
    let x = 60;
    while (x < width - 120) {
      const letters = 2 + Math.floor(rand() * 9);
      for (let l = 0; l < letters && x < width - 80; l++, x += glyph * 0.62) {
        const w = Math.max(4, Math.round(glyph * (0.3 + rand() * 0.3)));
        fill(Math.round(x), y + Math.round(rand() * 6), w, glyph - Math.round(rand() * 8), [33, 37, 41]);
      }
      x += glyph;
    }
  }
  return { raw, stride };
}

function withNoise({ raw, stride }, width, height, share) {
  const out = Buffer.from(raw);
  const rand = random(7);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rand() >= share) continue;
      const i = y * stride + 1 + x * 3;
      for (let c = 0; c < 3; c++)
        out[i + c] = Math.max(0, Math.min(255, out[i + c] + Math.round((rand() - 0.5) * 6)));
    }
  }
  return out;
}

function encode(width, height, raw) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  header.writeUInt8(2, 9);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/**
 * The screenshot, within 5 % of `targetBytes`: the noisy share of pixels is searched by bisection
 * (more noise, bigger file).
 */
export function phoneScreenshotPng({ width = 1080, height = 2400, targetBytes = 1_500_000 } = {}) {
  const screen = drawScreen(width, height);
  let low = 0;
  let high = 1;
  let best = encode(width, height, screen.raw);
  for (let step = 0; step < 14 && Math.abs(best.length - targetBytes) > targetBytes * 0.05; step++) {
    const share = (low + high) / 2;
    best = encode(width, height, withNoise(screen, width, height, share));
    if (best.length > targetBytes) high = share;
    else low = share;
  }
  return best;
}
