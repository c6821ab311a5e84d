import { useEffect, useLayoutEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

// Back and forward return to where the visitor was on that page; any other navigation starts at the top.
// Positions are kept per history entry in sessionStorage, so they survive a reload of the tab. A URL with
// a #fragment is left to the page (useHashScroll), which scrolls once its content has rendered.

const STORAGE_KEY = "rifazo-scroll";
const MAX_ENTRIES = 50;

type Positions = Record<string, number>;

function readPositions(): Positions {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? "{}");
    return parsed && typeof parsed === "object" ? (parsed as Positions) : {};
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number): void {
  try {
    const positions = readPositions();
    delete positions[key];
    positions[key] = y;
    const keys = Object.keys(positions);
    for (const old of keys.slice(0, Math.max(0, keys.length - MAX_ENTRIES))) delete positions[old];
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Private mode or a full storage: back simply starts at the top.
  }
}

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    if ("scrollRestoration" in history) history.scrollRestoration = "manual";
  }, []);

  // Remember where this entry was left, when leaving it and when the tab is hidden or closed.
  useEffect(() => {
    const save = () => savePosition(location.key, window.scrollY);
    window.addEventListener("pagehide", save);
    return () => {
      window.removeEventListener("pagehide", save);
      save();
    };
  }, [location.key]);

  useLayoutEffect(() => {
    if (location.hash) return;
    const saved = navigationType === "POP" ? readPositions()[location.key] : undefined;
    window.scrollTo(0, saved ?? 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
