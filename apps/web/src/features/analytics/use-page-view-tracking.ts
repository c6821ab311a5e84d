import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { hasAnalyticsConsent, useCookieConsent } from "../cookie-consent";
import { buildPageView, sendPageView } from "./page-view";

/** Records a page view on each route change, and only while analytics cookies are accepted. */
export function usePageViewTracking(): void {
  const { pathname } = useLocation();
  const allowed = hasAnalyticsConsent(useCookieConsent());
  const route = useRef<{ current: string | null; previous: string | null }>({
    current: null,
    previous: null,
  });
  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    if (route.current.current !== pathname)
      route.current = { previous: route.current.current, current: pathname };
    // Accepting analytics while on a page records that page once; re-renders do not resend it.
    if (!allowed || lastSent.current === pathname) return;
    const beacon =
      typeof navigator !== "undefined" && typeof navigator.sendBeacon === "function"
        ? navigator.sendBeacon.bind(navigator)
        : undefined;
    sendPageView(buildPageView(pathname, route.current.previous), beacon);
    lastSent.current = pathname;
  }, [pathname, allowed]);
}
