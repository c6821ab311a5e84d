// A small QR Code encoder (ISO/IEC 18004, byte mode, versions 1-40), enough to show the otpauth://
// URI of two-factor setup as a scannable code. No QR library ships with the app, and sending the TOTP
// secret to an online QR service would leak it, so the code is drawn here, in the browser.
// The structure follows the standard step by step: data bits, Reed-Solomon blocks, function patterns,
// codeword placement, masking with the lowest penalty, format and version information.

export type ErrorCorrectionLevel = "L" | "M" | "Q" | "H";

const FORMAT_BITS: Record<ErrorCorrectionLevel, number> = { L: 1, M: 0, Q: 3, H: 2 };

// Per version (index 0 unused): error correction codewords per block and number of blocks.
const ECC_CODEWORDS_PER_BLOCK: Record<ErrorCorrectionLevel, readonly number[]> = {
  L: [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30, 30, 26, 28,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
  Q: [
    -1, 13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30, 28, 30, 30, 30, 30,
    28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  H: [
    -1, 17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28, 30, 24, 30, 30, 30,
    30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
};

const ERROR_CORRECTION_BLOCKS: Record<ErrorCorrectionLevel, readonly number[]> = {
  L: [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16,
    17, 18, 19, 19, 20, 21, 22, 24, 25,
  ],
  M: [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23, 25, 26, 28,
    29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
  Q: [
    -1, 1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20, 23, 23, 25, 27, 29, 34, 34, 35,
    38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
  ],
  H: [
    -1, 1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25, 25, 34, 30, 32, 35, 37, 40, 42,
    45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
  ],
};

export interface QrCode {
  version: number;
  size: number;
  mask: number;
  errorCorrection: ErrorCorrectionLevel;
  /** modules[y][x]: true for a dark module. */
  modules: boolean[][];
}

function bitAt(value: number, index: number): boolean {
  return ((value >>> index) & 1) !== 0;
}

/** Modules left for data and error correction once the function patterns are drawn. */
export function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignmentCount = Math.floor(version / 7) + 2;
    result -= (25 * alignmentCount - 10) * alignmentCount - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

export function dataCodewords(version: number, level: ErrorCorrectionLevel): number {
  const perBlock = ECC_CODEWORDS_PER_BLOCK[level][version] ?? 0;
  const blocks = ERROR_CORRECTION_BLOCKS[level][version] ?? 0;
  return Math.floor(rawDataModules(version) / 8) - perBlock * blocks;
}

// --- Reed-Solomon over GF(2^8) with the QR polynomial x^8 + x^4 + x^3 + x^2 + 1 ---

function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

export function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < result.length; j++) {
      result[j] = gfMultiply(result[j] as number, root);
      if (j + 1 < result.length) result[j] = (result[j] as number) ^ (result[j + 1] as number);
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

export function reedSolomonRemainder(data: readonly number[], divisor: readonly number[]): number[] {
  const result = divisor.map(() => 0);
  for (const byte of data) {
    const factor = byte ^ (result.shift() as number);
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] = (result[i] as number) ^ gfMultiply(coefficient, factor);
    });
  }
  return result;
}

// --- Data ---

function utf8Bytes(text: string): number[] {
  return Array.from(new TextEncoder().encode(text));
}

/** Byte-mode bit stream, terminated and padded to the capacity of `version`. */
function encodeData(bytes: readonly number[], version: number, level: ErrorCorrectionLevel): number[] {
  const bits: number[] = [];
  const push = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  push(0b0100, 4);
  push(bytes.length, version <= 9 ? 8 : 16);
  for (const byte of bytes) push(byte, 8);
  const capacityBits = dataCodewords(version, level) * 8;
  push(0, Math.min(4, capacityBits - bits.length));
  push(0, (8 - (bits.length % 8)) % 8);
  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    let byte = 0;
    for (let j = 0; j < 8; j++) byte = (byte << 1) | (bits[i + j] as number);
    codewords.push(byte);
  }
  for (let pad = 0xec; codewords.length < capacityBits / 8; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** Splits the data into blocks, appends each block's error correction, then interleaves them. */
function addErrorCorrection(data: readonly number[], version: number, level: ErrorCorrectionLevel): number[] {
  const blockCount = ERROR_CORRECTION_BLOCKS[level][version] as number;
  const eccLength = ECC_CODEWORDS_PER_BLOCK[level][version] as number;
  const rawCodewords = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (rawCodewords % blockCount);
  const shortBlockLength = Math.floor(rawCodewords / blockCount);
  const divisor = reedSolomonDivisor(eccLength);
  const blocks: number[][] = [];
  for (let i = 0, k = 0; i < blockCount; i++) {
    const block = data.slice(k, k + shortBlockLength - eccLength + (i < shortBlocks ? 0 : 1));
    k += block.length;
    const ecc = reedSolomonRemainder(block, divisor);
    if (i < shortBlocks) block.push(0);
    blocks.push(block.concat(ecc));
  }
  const result: number[] = [];
  const length = blocks[0]?.length ?? 0;
  for (let i = 0; i < length; i++) {
    blocks.forEach((block, j) => {
      // Short blocks have a placeholder where long blocks carry one more data codeword.
      if (i !== shortBlockLength - eccLength || j >= shortBlocks) result.push(block[i] as number);
    });
  }
  return result;
}

// --- Matrix ---

class Matrix {
  readonly modules: boolean[][];
  readonly isFunction: boolean[][];
  constructor(readonly size: number) {
    this.modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
    this.isFunction = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
  }
  setFunction(x: number, y: number, dark: boolean): void {
    (this.modules[y] as boolean[])[x] = dark;
    (this.isFunction[y] as boolean[])[x] = true;
  }
  get(x: number, y: number): boolean {
    return (this.modules[y] as boolean[])[x] as boolean;
  }
}

export function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const size = version * 4 + 17;
  const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
  const result = [6];
  for (let position = size - 7; result.length < count; position -= step) result.splice(1, 0, position);
  return result;
}

function drawFormatBits(matrix: Matrix, level: ErrorCorrectionLevel, mask: number): void {
  const data = (FORMAT_BITS[level] << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  const bits = ((data << 10) | remainder) ^ 0x5412;
  const { size } = matrix;
  for (let i = 0; i <= 5; i++) matrix.setFunction(8, i, bitAt(bits, i));
  matrix.setFunction(8, 7, bitAt(bits, 6));
  matrix.setFunction(8, 8, bitAt(bits, 7));
  matrix.setFunction(7, 8, bitAt(bits, 8));
  for (let i = 9; i < 15; i++) matrix.setFunction(14 - i, 8, bitAt(bits, i));
  for (let i = 0; i < 8; i++) matrix.setFunction(size - 1 - i, 8, bitAt(bits, i));
  for (let i = 8; i < 15; i++) matrix.setFunction(8, size - 15 + i, bitAt(bits, i));
  matrix.setFunction(8, size - 8, true);
}

function drawVersionBits(matrix: Matrix, version: number): void {
  if (version < 7) return;
  let remainder = version;
  for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
  const bits = (version << 12) | remainder;
  for (let i = 0; i < 18; i++) {
    const dark = bitAt(bits, i);
    const a = matrix.size - 11 + (i % 3);
    const b = Math.floor(i / 3);
    matrix.setFunction(a, b, dark);
    matrix.setFunction(b, a, dark);
  }
}

function drawFunctionPatterns(matrix: Matrix, version: number, level: ErrorCorrectionLevel): void {
  const { size } = matrix;
  for (let i = 0; i < size; i++) {
    matrix.setFunction(6, i, i % 2 === 0);
    matrix.setFunction(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [
    [3, 3],
    [size - 4, 3],
    [3, size - 4],
  ] as const) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size)
          matrix.setFunction(x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const positions = alignmentPositions(version);
  const last = positions.length - 1;
  positions.forEach((cx, i) => {
    positions.forEach((cy, j) => {
      // The three corners hold finder patterns.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) {
          matrix.setFunction(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
        }
      }
    });
  });
  drawFormatBits(matrix, level, 0); // reserves the area; redrawn with the chosen mask
  drawVersionBits(matrix, version);
}

function drawCodewords(matrix: Matrix, codewords: readonly number[]): void {
  const { size } = matrix;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5; // skip the vertical timing pattern
    for (let vertical = 0; vertical < size; vertical++) {
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        const upward = ((right + 1) & 2) === 0;
        const y = upward ? size - 1 - vertical : vertical;
        if (!(matrix.isFunction[y] as boolean[])[x] && i < codewords.length * 8) {
          (matrix.modules[y] as boolean[])[x] = bitAt(codewords[i >>> 3] as number, 7 - (i & 7));
          i++;
        }
      }
    }
  }
}

const MASKS: ReadonlyArray<(x: number, y: number) => boolean> = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** XOR is its own inverse: applying the same mask twice removes it. */
function applyMask(matrix: Matrix, mask: number): void {
  const test = MASKS[mask] as (x: number, y: number) => boolean;
  for (let y = 0; y < matrix.size; y++) {
    for (let x = 0; x < matrix.size; x++) {
      if (!(matrix.isFunction[y] as boolean[])[x] && test(x, y)) {
        (matrix.modules[y] as boolean[])[x] = !matrix.get(x, y);
      }
    }
  }
}

const FINDER_LIKE = [
  [true, false, true, true, true, false, true, false, false, false, false],
  [false, false, false, false, true, false, true, true, true, false, true],
];

/** The standard's four penalty rules (runs, 2×2 blocks, finder-like patterns, dark balance). */
export function penaltyScore(modules: readonly (readonly boolean[])[]): number {
  const size = modules.length;
  const at = (x: number, y: number) => (modules[y] as readonly boolean[])[x] as boolean;
  let penalty = 0;
  let dark = 0;
  for (const horizontal of [true, false]) {
    for (let a = 0; a < size; a++) {
      let run = 1;
      const cell = (b: number) => (horizontal ? at(b, a) : at(a, b));
      for (let b = 1; b <= size; b++) {
        if (b < size && cell(b) === cell(b - 1)) {
          run++;
          continue;
        }
        if (run >= 5) penalty += 3 + (run - 5);
        run = 1;
      }
      for (let b = 0; b + 11 <= size; b++) {
        for (const pattern of FINDER_LIKE) {
          if (pattern.every((value, k) => cell(b + k) === value)) penalty += 40;
        }
      }
    }
  }
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (at(x, y)) dark++;
      if (x + 1 < size && y + 1 < size) {
        const color = at(x, y);
        if (color === at(x + 1, y) && color === at(x, y + 1) && color === at(x + 1, y + 1)) penalty += 3;
      }
    }
  }
  const total = size * size;
  const k = Math.ceil(Math.abs(dark * 20 - total * 10) / total) - 1;
  penalty += Math.max(0, k) * 10;
  return penalty;
}

export interface EncodeOptions {
  errorCorrection?: ErrorCorrectionLevel;
  /** Forces a mask (0-7) instead of choosing the one with the lowest penalty. */
  mask?: number;
  minVersion?: number;
}

/** Encodes text (UTF-8, byte mode) in the smallest version that holds it. */
export function encodeQr(text: string, options: EncodeOptions = {}): QrCode {
  const level = options.errorCorrection ?? "M";
  const bytes = utf8Bytes(text);
  let version = Math.max(1, options.minVersion ?? 1);
  for (; ; version++) {
    if (version > 40) throw new RangeError("El texto es demasiado largo para un código QR.");
    const headerBits = 4 + (version <= 9 ? 8 : 16);
    if (headerBits + bytes.length * 8 <= dataCodewords(version, level) * 8) break;
  }
  const codewords = addErrorCorrection(encodeData(bytes, version, level), version, level);
  const matrix = new Matrix(version * 4 + 17);
  drawFunctionPatterns(matrix, version, level);
  drawCodewords(matrix, codewords);

  let mask = options.mask ?? -1;
  if (mask < 0) {
    let best = Number.POSITIVE_INFINITY;
    for (let candidate = 0; candidate < 8; candidate++) {
      applyMask(matrix, candidate);
      drawFormatBits(matrix, level, candidate);
      const score = penaltyScore(matrix.modules);
      if (score < best) {
        best = score;
        mask = candidate;
      }
      applyMask(matrix, candidate);
    }
  }
  applyMask(matrix, mask);
  drawFormatBits(matrix, level, mask);
  return { version, size: matrix.size, mask, errorCorrection: level, modules: matrix.modules };
}

/** One SVG path for every dark module, offset by the quiet zone (4 modules, as the standard asks). */
export function qrSvgPath(qr: QrCode, margin = 4): string {
  const parts: string[] = [];
  qr.modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + margin} ${y + margin}h1v1h-1z`);
    });
  });
  return parts.join("");
}
