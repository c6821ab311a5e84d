import { encode } from "uqr";

// The otpauth:// URI of two-factor setup shown as a scannable code, drawn in the browser: sending the
// TOTP secret to an online QR service would leak it. The encoding (ISO/IEC 18004: segments,
// Reed-Solomon blocks, masking) is uqr's; this file only chooses the level and draws the modules.

/** Quiet zone around the symbol, in modules: four, as the standard asks. */
export const QUIET_ZONE = 4;

/**
 * The symbol's modules for the text, modules[y][x] true for dark, without the quiet zone. Medium error
 * correction (15%) survives a phone camera on a screen with glare. Throws a RangeError when the text is
 * longer than the largest version holds.
 */
export function qrModules(text: string): boolean[][] {
  return encode(text, { ecc: "M", border: 0 }).data;
}

/** One SVG path with a unit square for every dark module, offset by the quiet zone. */
export function qrSvgPath(modules: readonly (readonly boolean[])[], margin = QUIET_ZONE): string {
  const parts: string[] = [];
  modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + margin} ${y + margin}h1v1h-1z`);
    });
  });
  return parts.join("");
}
