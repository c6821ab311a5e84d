import type { RegisterSWOptions } from "vite-plugin-pwa/types";

/**
 * Registers /sw.js (vite-plugin-pwa's registerSW, on workbox-window) and returns the function that
 * activates a waiting version and reloads. Its own chunk: imported once the page has loaded, never part
 * of the home page's entry.
 */
export async function registerServiceWorker(
  options: RegisterSWOptions,
): Promise<(reloadPage?: boolean) => Promise<void>> {
  const { registerSW } = await import("virtual:pwa-register");
  const updateSW = registerSW(options);
  // The code of this page came before the worker: hand it the list so this page also opens offline.
  void navigator.serviceWorker.ready.then((registration) => {
    const assets = `${window.location.origin}/assets/`;
    const urls = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((url) => url.startsWith(assets));
    registration.active?.postMessage({ type: "CACHE_URLS", urls });
  });
  return updateSW;
}
