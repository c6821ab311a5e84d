// What the service worker (src/service-worker/sw.ts) keeps, here so the app can clear the same caches on
// sign-out and the rules are tested without a worker.
import { urlCarriesSecret } from "@rifazo/shared/secret-urls";

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

export function isCacheablePublicApi(url: URL): boolean {
  const path = url.pathname;
  const under = (prefix: string) =>
    prefix.endsWith("/") ? path.startsWith(prefix) : path === prefix || path.startsWith(`${prefix}/`);
  return PUBLIC_API.some(under) && !PRIVATE_UNDER_PUBLIC.some(under);
}

/**
 * Pages the worker may keep a copy of: never one whose address carries a secret (a password-reset or
 * sign-in link's token, a receipt's private path: @rifazo/shared/secret-urls), which would otherwise stay
 * on the device, readable offline by the next person, after the link was used.
 */
export function isStorablePage(url: URL): boolean {
  return !urlCarriesSecret(url);
}
