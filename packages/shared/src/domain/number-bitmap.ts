/**
 * Availability of a raffle's numbers in compact form: one bit per number (bit set = taken: sold or
 * reserved), base64 over the wire. 10 000 numbers are 1 250 bytes, 1 668 characters of base64.
 * Bit order: number n is bit (n % 8) of byte floor(n / 8), least significant first.
 */

export function emptyBitmap(total: number): Uint8Array {
  return new Uint8Array(Math.ceil(Math.max(0, total) / 8));
}

export function setTaken(bitmap: Uint8Array, n: number): void {
  const i = n >> 3;
  if (i < bitmap.length) bitmap[i] = (bitmap[i] ?? 0) | (1 << (n & 7));
}

export function isTaken(bitmap: Uint8Array, n: number): boolean {
  return (((bitmap[n >> 3] ?? 0) >> (n & 7)) & 1) === 1;
}

export function countTaken(bitmap: Uint8Array, total: number): number {
  let count = 0;
  for (let n = 0; n < total; n++) if (isTaken(bitmap, n)) count++;
  return count;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/** Base64 without Buffer or btoa, so the same code runs in Node and in the browser. */
export function bitmapToBase64(bitmap: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bitmap.length; i += 3) {
    const a = bitmap[i] ?? 0;
    const b = bitmap[i + 1] ?? 0;
    const c = bitmap[i + 2] ?? 0;
    const triple = (a << 16) | (b << 8) | c;
    out += B64[(triple >> 18) & 63];
    out += B64[(triple >> 12) & 63];
    out += i + 1 < bitmap.length ? B64[(triple >> 6) & 63] : "=";
    out += i + 2 < bitmap.length ? B64[triple & 63] : "=";
  }
  return out;
}

export function bitmapFromBase64(text: string, total: number): Uint8Array {
  const bitmap = emptyBitmap(total);
  const clean = text.replace(/=+$/, "");
  let byte = 0;
  for (let i = 0; i < clean.length; i += 4) {
    const values = [0, 1, 2, 3].map((k) => {
      const ch = clean[i + k];
      return ch === undefined ? 0 : B64.indexOf(ch);
    });
    if (values.some((v) => v < 0)) throw new Error("bitmap: invalid base64");
    const triple =
      ((values[0] ?? 0) << 18) | ((values[1] ?? 0) << 12) | ((values[2] ?? 0) << 6) | (values[3] ?? 0);
    for (const shift of [16, 8, 0]) {
      if (byte < bitmap.length) bitmap[byte++] = (triple >> shift) & 255;
    }
  }
  return bitmap;
}

export function encodeTaken(total: number, taken: Iterable<number>): string {
  const bitmap = emptyBitmap(total);
  for (const n of taken) if (n >= 0 && n < total) setTaken(bitmap, n);
  return bitmapToBase64(bitmap);
}
