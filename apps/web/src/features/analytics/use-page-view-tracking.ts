import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { hasAnalyticsConsent, useCookieConsent } from "../cookie-consent";
import { buildPageView, sendPageView } from "./page-view";

/** Records a page view on each route change, and only while analytics cookies are accepted. */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  const allowed = hasAnalyticsConsent(useCookieConsent());
  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    // Accepting analytics while on a page records that page once; re-renders do not resend it.
    if (!allowed || lastSent.current === pathname) return;
    const beacon =
      typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function"
        ? navigator.sendBeacon.bind(navigator)
        : undefined;
    const view = buildPageView(pathname);
    if (view) sendPageView(view, beacon);
    lastSent.current = pathname;
  }, [pathname, allowed]);
}
