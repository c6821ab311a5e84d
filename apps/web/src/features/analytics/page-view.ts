import { PAGE_VIEW_PATH_PATTERN } from "@rifazo/shared/domain/page-views";
import type { PageViewInput } from "@rifazo/shared/schemas/analytics";

export const PAGE_VIEW_ENDPOINT = "/api/analytics/page-view";

/**
 * What is counted: the page only. The server keeps a count per day and page (no referrer, IP or
 * account), so nothing else is sent. Null for a path the server would not count (not a site page).
 */
export function buildPageView(path: string): PageViewInput | null {
  return PAGE_VIEW_PATH_PATTERN.test(path) ? { path } : null;
}

type Beacon = (url: string, data: BodyInit) => boolean;

/**
 * Fire-and-forget: a blocked beacon or an old browser must never disturb the visitor, so every failure
 * is swallowed. Returns whether the browser queued the beacon.
 */
export function sendPageView(view: PageViewInput, beacon: Beacon | undefined): boolean {
  if (!beacon) return false;
  try {
    return beacon(PAGE_VIEW_ENDPOINT, new Blob([JSON.stringify(view)], { type: "application/json" }));
  } catch {
    return false;
  }
}
