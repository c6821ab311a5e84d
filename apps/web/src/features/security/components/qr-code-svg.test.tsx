import jsQR from "jsqr";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QrCodeSvg } from "./qr-code-svg";

// What an authenticator app does with the code on the two-factor setup screen: read the drawn SVG back
// with an independent decoder (jsQR) and get the setup URI, character for character.

const PIXELS_PER_MODULE = 4;

/** The SVG as a grayscale bitmap (RGBA), each unit square of the path painted black on white. */
function rasterize(svg: string): { data: Uint8ClampedArray; width: number; height: number } {
  const extent = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)?.[1]);
  const path = /<path d="([^"]*)"/.exec(svg)?.[1] ?? "";
  const width = extent * PIXELS_PER_MODULE;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y] of path.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < PIXELS_PER_MODULE; dy++) {
      for (let dx = 0; dx < PIXELS_PER_MODULE; dx++) {
        const px = Number(x) * PIXELS_PER_MODULE + dx;
        const py = Number(y) * PIXELS_PER_MODULE + dy;
        data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
      }
    }
  }
  return { data, width, height: width };
}

function scan(value: string): string | undefined {
  const svg = renderToStaticMarkup(<QrCodeSvg value={value} label="Código QR" />);
  const { data, width, height } = rasterize(svg);
  return jsQR(data, width, height, { inversionAttempts: "dontInvert" })?.data;
}

describe("QrCodeSvg", () => {
  it.each([
    "otpauth://totp/Rifazo:ana%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Rifazo",
    "otpauth://totp/Rifazo:maria.perez%40correo.com.ve?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Rifazo&digits=6&period=30",
    // A long address: a larger version, with version information blocks (7 and up).
    `otpauth://totp/Rifazo:${"jose.gregorio.hernandez".repeat(4)}%40correo.com.ve?secret=${"KRSXG5CTMVRXEZLUKN2XAZLSONSWG4TF".repeat(2)}&issuer=Rifazo&digits=6&period=30`,
  ])("draws a code that scans back to the setup URI (%#)", (uri) => {
    expect(scan(uri)).toBe(uri);
  });

  it("scans back text outside ASCII as UTF-8", () => {
    expect(scan("Rifazo: José Núñez")).toBe("Rifazo: José Núñez");
  });

  it("is an accessible image with a white quiet zone of four modules", () => {
    const svg = renderToStaticMarkup(<QrCodeSvg value="Rifazo" label="Código QR de prueba" />);
    expect(svg).toContain('role="img"');
    expect(svg).toContain('aria-label="Código QR de prueba"');
    // Version 1 is 21 modules a side, plus 4 on each side.
    expect(svg).toContain('viewBox="0 0 29 29"');
    expect(svg).toContain('<rect width="29" height="29" fill="#ffffff"></rect>');
  });

  it("draws nothing when the text does not fit in a QR code", () => {
    expect(renderToStaticMarkup(<QrCodeSvg value={"x".repeat(3000)} label="Código QR" />)).toBe("");
  });
});
