import { useMemo } from "react";
import { encodeQr, qrSvgPath } from "../qr-code";

const QUIET_ZONE = 4;

/** A QR code drawn as SVG from the text, entirely in the browser (the secret never leaves the page). */
export function QrCodeSvg({ value, label, className }: { value: string; label: string; className?: string }) {
  const qr = useMemo(() => {
    try {
      return encodeQr(value, { errorCorrection: "M" });
    } catch {
      return null;
    }
  }, [value]);
  if (!qr) return null;
  const extent = qr.size + QUIET_ZONE * 2;
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${extent} ${extent}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      className={className}
    >
      <rect width={extent} height={extent} fill="#ffffff" />
      <path d={qrSvgPath(qr, QUIET_ZONE)} fill="#000000" />
    </svg>
  );
}
