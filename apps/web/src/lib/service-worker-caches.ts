// What the service worker (src/service-worker/sw.ts) keeps, here so the app can clear the same caches on
// sign-out and the rules are tested without a worker.
import { canonicalPath, pathIsUnder } from "@rifazo/shared/request-path";
import { urlCarriesSecret } from "@rifazo/shared/secret-urls";
import { paths } from "./paths";

export const CACHE_NAMES = {
  pages: "rifazo-pages",
  assets: "rifazo-assets",
  api: "rifazo-api",
} as const;

/** Public reads only: the same answer for every visitor (no session, no personal data). */
const PUBLIC_API = [
  "/api/raffles",
  "/api/draws",
  "/api/winners",
  "/api/settings/public",
  "/api/testimonials",
  "/api/live-broadcasts",
  "/api/club/rewards",
  "/api/images/",
];

/** Per visitor, though under a public prefix. */
const PRIVATE_UNDER_PUBLIC = ["/api/raffles/subscriptions"];

/**
 * The path the worker's rules match on: the URL's pathname (the browser already resolved dot segments and
 * backslashes) when it is in the one spelling the server accepts (packages/shared/src/request-path.ts),
 * else null. Another spelling (`/%61pi/...`, `/RECIBO/...`) could reach what a rule keeps off the device
 * while not looking like it, so such a request is never cached nor answered from a cache.
 */
function rulePath(url: URL): string | null {
  return canonicalPath(url.pathname);
}

export function isCacheablePublicApi(url: URL): boolean {
  const path = rulePath(url);
  if (path === null) return false;
  return (
    PUBLIC_API.some((prefix) => pathIsUnder(path, prefix)) &&
    !PRIVATE_UNDER_PUBLIC.some((prefix) => pathIsUnder(path, prefix))
  );
}

/**
 * What the worker does with a request:
 * - "page": a page, network-first with the copy of a visited page offline;
 * - "private-page": a page behind a private link (a receipt) or whose address carries a secret (a reset or
 *   sign-in link's token: @rifazo/shared/secret-urls), fetched and never kept on the device;
 * - "asset": a hashed chunk (/assets/*), cache-first;
 * - "public-api": a public read, network-first with its last copy;
 * - "network": everything else, to the network untouched.
 */
export type ServiceWorkerRoute = "page" | "private-page" | "asset" | "public-api" | "network";

export function serviceWorkerRoute(
  url: URL,
  request: { method: string; navigation: boolean; sameOrigin: boolean },
): ServiceWorkerRoute {
  if (!request.sameOrigin || request.method !== "GET") return "network";
  const path = rulePath(url);
  if (path === null) return "network";
  if (request.navigation) return isStorablePage(url) ? "page" : "private-page";
  if (pathIsUnder(path, "/assets/")) return "asset";
  if (isCacheablePublicApi(url)) return "public-api";
  return "network";
}

/**
 * Pages the worker may keep a copy of: never one whose address carries a secret (a password-reset or
 * sign-in link's token, a receipt's private path: @rifazo/shared/secret-urls), which would otherwise stay
 * on the device, readable offline by the next person, after the link was used.
 */
export function isStorablePage(url: URL): boolean {
  const path = rulePath(url);
  return path !== null && !pathIsUnder(path, paths.receipt("")) && !urlCarriesSecret(url);
}
