import { TOAST_DURATION_MS } from "@rifazo/shared/constants";
import { type CSSProperties, useEffect } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { markToasterReady } from "./toast";

const RICH_TEXT_COLOURS = {
  "--success-text": "var(--color-success-700)",
  "--info-text": "var(--color-info-700)",
  "--warning-text": "var(--color-warning-700)",
  "--error-text": "var(--color-danger-700)",
} as CSSProperties;

/**
 * One toast at a time, 5 s by default (spec 1 §9). This module (with sonner) is its own chunk: the root
 * layout mounts it once the page is idle, or as soon as something calls toast().
 */
export default function Toaster() {
  // Children's effects run first, so sonner is already listening when this says "ready".
  useEffect(() => markToasterReady(), []);
  return (
    <SonnerToaster
      position="top-center"
      visibleToasts={1}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
      // Below the sticky header, so a toast never hides the navigation.
      offset={{ top: 76 }}
      mobileOffset={{ top: 72 }}
      containerAriaLabel="Notificaciones emergentes"
      // sonner's rich colours put 13 px text at 4.25:1 (success) or less (warning) on their tints; the
      // theme's 700 shades keep each hue and reach 4.5:1 (WCAG 1.4.3).
      style={RICH_TEXT_COLOURS}
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación", className: "font-sans" }}
    />
  );
}
