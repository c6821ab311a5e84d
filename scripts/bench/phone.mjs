// What the browser parts of `npm run bench:web` and the API parts of `npm run bench` share: a phone's
// viewport and fresh context, and the session cookie of a sign-in.

export const PHONE = { width: 390, height: 844 };

/**
 * Chromium's flags for every browser the bench starts. Its desktop interface has no place in a phone's
 * figures, and Chromium 156 loads the omnibox's popup even headless (chrome://omnibox-popup.top-chrome,
 * two WebUI renderers): on the 2-core bench machine that took about 0.9 s of CPU during a page's load,
 * competing with the page (docs/benchmarks.md, 2026-12-02).
 */
export const BROWSER_FLAGS = ["--no-sandbox", "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup"];

/** Fresh phone context: no cache, no cookies, the cookie banner already answered (it covers the page). */
export async function phoneContext(browser, options = {}) {
  const context = await browser.newContext({
    viewport: PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: "es-VE",
    ...options,
  });
  await context.addInitScript(() => {
    try {
      window.localStorage.setItem(
        "rifazo_cookie_consent",
        JSON.stringify({
          necessary: true,
          analytics: false,
          marketing: false,
          updatedAt: new Date().toISOString(),
        }),
      );
    } catch {
      // no storage in this frame
    }
  });
  return context;
}

/** The Cookie header a fetch() response's Set-Cookie asks for (cleared cookies left out). */
export function cookieOf(response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}
