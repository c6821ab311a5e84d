import type { Page } from "@playwright/test";

/**
 * How many CSS pixels the page is wider than the screen. Compared with the layout viewport
 * (documentElement.clientWidth), not window.innerWidth: on an emulated phone (isMobile) Chromium zooms
 * out to fit a too-wide page, so innerWidth grows with it and a sideways scroll would go unnoticed.
 */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}
