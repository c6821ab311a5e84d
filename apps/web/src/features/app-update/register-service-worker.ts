import { CODE_CACHED_COOKIE, INLINE_MODULE_TYPE } from "@rifazo/shared/inline-code";
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
  // The code of this page came before the worker: hand it the list so this page also opens offline. A
  // page that carried its code (@rifazo/shared/inline-code) names those chunks in its body. From now on
  // the worker holds the app's code: the server may send pages that fetch it (decision 0036).
  void navigator.serviceWorker.ready.then((registration) => {
    const assets = `${window.location.origin}/assets/`;
    const carried = [...document.querySelectorAll(`script[type="${INLINE_MODULE_TYPE}"]`)].map(
      (script) => `${window.location.origin}${script.getAttribute("data-src") ?? ""}`,
    );
    const urls = performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .concat(carried)
      .filter((url) => url.startsWith(assets));
    registration.active?.postMessage({ type: "CACHE_URLS", urls });
    const secure = window.location.protocol === "https:" ? "; secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: one flag with no secret; the Cookie Store API is not everywhere.
    document.cookie = `${CODE_CACHED_COOKIE}=1; path=/; max-age=31536000; samesite=lax${secure}`;
  });
  return updateSW;
}
