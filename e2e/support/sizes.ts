// The two screen sizes the e2e tests run at. There is one Playwright project (playwright.config.ts): a
// phone test says so in its file with `test.use(PHONE)`, and a test tagged @phone runs at both sizes, one
// after the other in its file's worker, against the file's one server. A second project would start a
// second worker, browser and server (with the demo seed) for the same file, which costs more than the
// phone-size runs themselves.
import { devices, type Page } from "@playwright/test";

// defaultBrowserType is a worker option: test.use() in a file or a describe group cannot set it.
const { defaultBrowserType: _browser, ...pixel7 } = devices["Pixel 7"];

/** A Pixel 7 (touch, mobile viewport, its user agent) narrowed to 390 px, the spec's phone width. */
export const PHONE = {
  ...pixel7,
  viewport: { width: 390, height: 844 },
  screen: { width: 390, height: 844 },
};

/** The desktop of every other test, as the project sets it (playwright.config.ts). */
export const DESKTOP = { viewport: { width: 1280, height: 800 } };

/** The sizes a test tagged @phone runs at: `for (const size of BOTH_SIZES) test.describe(size.name, ...)`. */
export const BOTH_SIZES = [
  { name: "escritorio", use: {} },
  { name: "teléfono", use: PHONE },
] as const;

/** "phone" or "desktop", for screenshot names: which of the two sizes this page has. */
export function sizeName(page: Page): "phone" | "desktop" {
  return (page.viewportSize()?.width ?? DESKTOP.viewport.width) <= PHONE.viewport.width ? "phone" : "desktop";
}
