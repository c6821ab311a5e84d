export const PAGE_VIEW_ENDPOINT = "/api/analytics/page-view";

export interface PageView {
  path: string;
  referrer: string | null;
  at: string;
}

export function buildPageView(path: string, previousPath: string | null, now: Date = new Date()): PageView {
  return { path, referrer: previousPath, at: now.toISOString() };
}

type Beacon = (url: string, data: BodyInit) => boolean;

/**
 * Fire-and-forget: a missing endpoint, a blocked beacon or an old browser must never disturb the
 * visitor, so every failure is swallowed. Returns whether the browser queued the beacon.
 */
export function sendPageView(view: PageView, beacon: Beacon | undefined): boolean {
  if (!beacon) return false;
  try {
    return beacon(PAGE_VIEW_ENDPOINT, new Blob([JSON.stringify(view)], { type: "application/json" }));
  } catch {
    return false;
  }
}
