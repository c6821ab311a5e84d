// The service worker (decision 0017), built by vite-plugin-pwa (injectManifest) into dist/sw.js.
// - Precached (revisioned at build time): the shell (index.html, /boot.js, the entry's JS and CSS), the
//   offline page, the manifest and the icons. The app uses the system's fonts: there are none to cache.
// - Other hashed chunks (/assets/*): cache-first once fetched, so a page visited once opens offline, but a
//   phone never downloads code for pages it does not open (the admin area is most of the app's code).
//   The page that installed the worker sends the chunks it had already loaded (CACHE_URLS below).
// - Pages: network-first (they are rendered on the server with fresh data); offline, the copy of a page
//   already visited, else the shell for the areas the browser renders (profile, admin), else offline.html.
// - Public API reads: network-first with a short timeout, then the last copy. Everything private
//   (account, proofs, reservations, notifications, admin), the event stream and non-GET requests go to
//   the network untouched; "Mis boletos" offline is the app's own snapshot, cleared on sign-out.
// - A new version waits until the page asks for it (the "Actualizar" prompt sends SKIP_WAITING).
import { clientsClaim } from "workbox-core";
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst, NetworkFirst } from "workbox-strategies";
import { isProtectedPath } from "../lib/paths";
import { SELLER_QUEUE_CHANGED, SELLER_SALE_SYNC_TAG } from "../lib/seller-sale-queue";
import { sendQueuedSales } from "../lib/seller-sale-queue-db";
import { CACHE_NAMES, serviceWorkerRoute } from "../lib/service-worker-caches";

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

const DAY = 24 * 3600;

const pages = new NetworkFirst({
  cacheName: CACHE_NAMES.pages,
  // A slow page still beats an old copy; past this, the copy already visited is shown.
  networkTimeoutSeconds: 8,
  plugins: [new ExpirationPlugin({ maxEntries: 40, maxAgeSeconds: 14 * DAY, purgeOnQuotaError: true })],
});

async function offlineFallback(pathname: string): Promise<Response> {
  // The profile, the admin and the vendedor areas are rendered in the browser from the shell anyway
  // (decision 0005; docs/decisions/0034-vendedores.md).
  const fallback = isProtectedPath(pathname) ? "/index.html" : "/offline.html";
  return (await matchPrecache(fallback)) ?? Response.error();
}

// Every rule below matches through serviceWorkerRoute (lib/service-worker-caches.ts), on the one spelling of
// a path the server accepts: another spelling goes to the network untouched and is never kept.
const routeOf = (url: URL, method: string, navigation: boolean) =>
  serviceWorkerRoute(url, {
    method,
    navigation,
    sameOrigin: url.origin === self.location.origin,
  });

// Registered before the precache route: "/" must not be answered by the precached shell (directoryIndex).
registerRoute(
  new NavigationRoute(async (options) => {
    const { pathname } = options.url;
    try {
      // A receipt's page is a private link sent no-store, and a path in another spelling is the server's
      // to refuse: neither is kept on the device.
      if (routeOf(options.url, options.request.method, true) !== "page") return await fetch(options.request);
      return await pages.handle(options);
    } catch {
      return offlineFallback(pathname);
    }
  }),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ url, request }) => routeOf(url, request.method, false) === "asset",
  new CacheFirst({
    cacheName: CACHE_NAMES.assets,
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * DAY, purgeOnQuotaError: true })],
  }),
);

registerRoute(
  ({ url, request }) => routeOf(url, request.method, false) === "public-api",
  new NetworkFirst({
    cacheName: CACHE_NAMES.api,
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * DAY, purgeOnQuotaError: true })],
  }),
);

// At install, the home page (the manifest's start_url) and the pages open right now (the one a visitor
// landed on was loaded before this worker existed) are kept, so they open offline like any page visited
// later. Best effort: a page that cannot be fetched now is simply not kept.
self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const urls = new Set(["/"]);
      for (const client of open) {
        const url = new URL(client.url);
        if (routeOf(url, "GET", true) === "page") {
          urls.add(url.pathname + url.search);
        }
      }
      const cache = await caches.open(CACHE_NAMES.pages);
      await Promise.all([...urls].map((url) => cache.add(url).catch(() => undefined)));
    })(),
  );
});

/** The page's code downloaded before this worker existed (features/app-update sends the list). */
async function keepLoadedAssets(urls: unknown[]): Promise<void> {
  const cache = await caches.open(CACHE_NAMES.assets);
  const assets = urls
    .filter((url): url is string => typeof url === "string")
    .map((url) => new URL(url, self.location.href))
    .filter((url) => routeOf(url, "GET", false) === "asset");
  await Promise.all(
    assets.map(async (url) => {
      if (!(await cache.match(url.href))) await cache.add(url.href).catch(() => undefined);
    }),
  );
}

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  if (data?.type === "CACHE_URLS" && Array.isArray(data.urls)) event.waitUntil(keepLoadedAssets(data.urls));
});
// Background Sync (docs/decisions/0034-vendedores.md, "Offline sales"): a vendedor's sales saved without
// signal go when it returns, even with the area closed; a pass that gets no answer throws, and the browser
// tries again later. Open pages are told so they show what changed.
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}
self.addEventListener("sync", (event) => {
  const sync = event as SyncEvent;
  const prefix = `${SELLER_SALE_SYNC_TAG}:`;
  if (!sync.tag.startsWith(prefix)) return;
  sync.waitUntil(
    sendQueuedSales(sync.tag.slice(prefix.length)).then(async ({ changed, later }) => {
      if (changed > 0) {
        for (const client of await self.clients.matchAll({ type: "window" }))
          client.postMessage({ type: SELLER_QUEUE_CHANGED });
      }
      if (later) throw new Error("ventas: sin respuesta del servidor; se reintenta más tarde");
    }),
  );
});

// The first install takes the open page at once (it used no cache yet, nothing changes under it); a later
// version only activates when the visitor asks for it (above), and the page then reloads.
clientsClaim();
