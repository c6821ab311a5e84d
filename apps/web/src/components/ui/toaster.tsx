import { TOAST_DURATION_MS } from "@rifazo/shared/constants";
import { useEffect } from "react";
import { Toaster as SonnerToaster } from "sonner";
import { markToasterReady } from "./toast";

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
      toastOptions={{ closeButtonAriaLabel: "Cerrar notificación", className: "font-sans" }}
    />
  );
}
