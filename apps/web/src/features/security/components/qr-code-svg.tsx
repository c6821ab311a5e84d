import { useMemo } from "react";
import { QUIET_ZONE, qrModules, qrSvgPath } from "../qr-code";

/** A QR code drawn as SVG from the text, entirely in the browser (the secret never leaves the page). */
export function QrCodeSvg({ value, label, className }: { value: string; label: string; className?: string }) {
  const modules = useMemo(() => {
    try {
      return qrModules(value);
    } catch {
      return null;
    }
  }, [value]);
  if (!modules) return null;
  const extent = modules.length + QUIET_ZONE * 2;
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
      <path d={qrSvgPath(modules)} fill="#000000" />
    </svg>
  );
}
