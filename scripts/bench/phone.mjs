// What the browser parts of `npm run bench:web` and the API parts of `npm run bench` share: a phone's
// viewport and fresh context, and the session cookie of a sign-in.

export const PHONE = { width: 390, height: 844 };

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
