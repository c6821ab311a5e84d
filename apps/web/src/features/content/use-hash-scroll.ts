import { useEffect } from "react";
import { useLocation } from "react-router";

/** How long after the jump a scroll position restored by the router is undone. */
const GUARD_MS = 1_500;

/**
 * Scrolls to the element named by the URL's #fragment once the page has rendered, and moves focus to its
 * heading. A lazy route paints after the browser's own jump to the anchor, so a link such as
 * /politica-de-privacidad#cookies would otherwise open at the top. On a full page load the router may
 * also restore a scroll position it saved for this history entry a moment later (React Router's
 * ScrollRestoration prefers a saved position over the hash); that one jump is undone, unless the visitor
 * has started scrolling on their own.
 */
export function useHashScroll(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    let id: string;
    try {
      id = decodeURIComponent(hash.slice(1));
    } catch {
      return;
    }
    const target = () => document.getElementById(id);
    const jump = () => target()?.scrollIntoView({ block: "start" });

    let guarding = true;
    const stopGuard = () => {
      guarding = false;
      window.removeEventListener("scroll", onScroll);
      for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stopGuard);
    };
    const onScroll = () => {
      const element = target();
      if (!guarding || !element) return;
      // Our own jump leaves the section near the top; anything that throws it far away is the router.
      const top = element.getBoundingClientRect().top;
      if (top < -window.innerHeight / 2 || top > window.innerHeight / 2) {
        stopGuard();
        jump();
      }
    };

    const frame = window.requestAnimationFrame(() => {
      const element = target();
      if (!element) return stopGuard();
      jump();
      const heading = element.querySelector<HTMLElement>("h2, h3") ?? element;
      if (!heading.hasAttribute("tabindex")) heading.setAttribute("tabindex", "-1");
      heading.focus({ preventScroll: true });
      window.addEventListener("scroll", onScroll, { passive: true });
      for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stopGuard, { passive: true });
    });
    const timer = window.setTimeout(stopGuard, GUARD_MS);
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
      stopGuard();
    };
  }, [hash]);
}

const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "mousedown"] as const;
